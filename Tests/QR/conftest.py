import os
import pathlib
import shutil
import subprocess

import pytest

REPO = pathlib.Path(__file__).resolve().parents[2]


@pytest.fixture(scope="session")
def trampoline():
    """The built binary: TRAMPOLINE_BIN, or the debug build `make build` leaves."""
    binary = pathlib.Path(os.environ.get("TRAMPOLINE_BIN", REPO / ".build/debug/trampoline"))
    if not binary.exists():
        pytest.fail(f"{binary} does not exist: run `make build` (or set TRAMPOLINE_BIN)")
    return binary


def qr(trampoline, text, *args):
    """`trampoline qr TEXT ARGS...`'s standard output; fails the test on a non-zero exit."""
    proc = subprocess.run([trampoline, "qr", *args, "--", text], capture_output=True)
    assert proc.returncode == 0, proc.stderr.decode()
    return proc.stdout.decode()


@pytest.fixture(scope="session")
def tools():
    for tool in ("rsvg-convert", "zbarimg"):
        if shutil.which(tool) is None:
            pytest.fail(f"{tool} is missing: `make test-deps` installs librsvg2-bin and zbar-tools")
