"""Shared fixtures for the release, install, action and release-workflow tests.

These tests use what ``make dist`` built (the Makefile's ``install-test`` target builds it first,
once): the staged release ``dist/current``, its tarball and ``.sha256``. They never rebuild it.
Everything runs for real on this machine; the few things that only exist on GitHub (the
runner's expression engine, actions/cache, the releases host, ``gh``) are modelled, and each
test says where.
"""
from __future__ import annotations

import os
import subprocess
from dataclasses import dataclass
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
DEBUG_BIN = REPO / ".build" / "debug" / "trampoline"


@dataclass(frozen=True)
class Release:
    stage: Path      # dist/trampoline-<version>-linux-<arch>/
    tarball: Path
    checksum: Path
    version: str
    arch: str

    @property
    def binary(self) -> Path:
        return self.stage / "bin" / "trampoline"


@pytest.fixture(scope="session")
def release() -> Release:
    current = REPO / "dist" / "current"
    if not current.is_symlink():
        pytest.fail("dist/current is missing: run `make dist` (make install-test does) first")
    stage = current.resolve()
    name = stage.name
    prefix = "trampoline-"
    assert name.startswith(prefix) and "-linux-" in name, name
    version, arch = name[len(prefix):].rsplit("-linux-", 1)
    tarball = stage.parent / f"{name}.tar.gz"
    checksum = stage.parent / f"{name}.tar.gz.sha256"
    assert tarball.is_file() and checksum.is_file()
    return Release(stage, tarball, checksum, version, arch)


@pytest.fixture(scope="session")
def debug_binary() -> Path:
    if not DEBUG_BIN.is_file():
        pytest.fail(f"{DEBUG_BIN} is missing: run `make build` first")
    return DEBUG_BIN


def run(args, *, check=True, env=None, cwd=None, input=None, timeout=300) -> subprocess.CompletedProcess:
    """Runs a command, capturing text output; on an unexpected status shows both streams."""
    full_env = None
    if env is not None:
        full_env = {**os.environ, **env}
    proc = subprocess.run([str(a) for a in args], capture_output=True, text=True, env=full_env,
                          cwd=cwd, input=input, timeout=timeout)
    if check and proc.returncode != 0:
        raise AssertionError(f"{args} exited {proc.returncode}\nstdout:\n{proc.stdout}\nstderr:\n{proc.stderr}")
    return proc
