"""Another local user cannot make a build write through the work folder (issue #51).

The attack, with two real users (``setpriv``) and a sticky, world-writable parent such as /tmp:
the output folder is ``<parent>/site``, so the build's work folder is ``<parent>/.trampoline/site``.
The attacker creates that folder first, world-writable, with a ``staging`` (and ``fresh``) folder
holding symbolic links named as the build names its staging files, each pointing at a file of the
victim's. Before the fix the victim's build reused the folder, could not remove the links, and
``open(..., O_TRUNC)`` followed them: the victim's file became page HTML.

Now the build refuses a work folder that is not a real folder of its own, writable by no one
else, and creates staging files with O_CREAT|O_EXCL|O_NOFOLLOW relative to the folder it holds
open. Needs root (to switch users); CI runs as root, elsewhere it skips.
"""
from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
BIN = Path(os.environ.get("TRAMPOLINE_BIN", REPO / ".build" / "debug" / "trampoline")).resolve()
VICTIM, ATTACKER = 47001, 47002

pytestmark = pytest.mark.skipif(
    os.geteuid() != 0 or shutil.which("setpriv") is None,
    reason="switching between two real users needs root and setpriv (util-linux)")


def as_user(uid: int, *args: str, cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run(
        ["setpriv", f"--reuid={uid}", f"--regid={uid}", "--clear-groups", "--reset-env", *args],
        cwd=cwd, capture_output=True, text=True, timeout=120)


@pytest.fixture
def shared():
    """A sticky, world-writable parent (as /tmp is), the victim's project and precious file."""
    # Not pytest's tmp_path: /tmp/pytest-of-root is private to root, out of the users' reach.
    tmp_path = Path(tempfile.mkdtemp(prefix="trampoline-cross-user-"))
    try:
        yield from _shared(tmp_path)
    finally:
        shutil.rmtree(tmp_path, ignore_errors=True)


def _shared(tmp_path: Path):
    os.chmod(tmp_path, 0o755)
    # A copy the unprivileged users can reach (the templates are inside the binary).
    (tmp_path / "bin").mkdir()
    binary = Path(shutil.copy2(BIN, tmp_path / "bin" / "trampoline"))
    os.chmod(binary, 0o755)
    for folder in tmp_path.parents:
        if not folder.stat().st_mode & 0o001:
            pytest.skip(f"{folder} is not reachable by other users")
    parent = tmp_path / "shared"
    parent.mkdir()
    os.chmod(parent, 0o1777)
    home = tmp_path / "victim"
    home.mkdir()
    precious = home / "precious.txt"
    precious.write_text("the victim's own file\n")
    project = home / "project"
    project.mkdir()
    subprocess.run(["chown", "-R", f"{VICTIM}:{VICTIM}", str(home)], check=True)
    r = as_user(VICTIM, str(binary), "init", str(project), cwd=home)
    assert r.returncode == 0, r.stderr
    yield parent, project, precious, binary


def plant(parent: Path, precious: Path) -> list[Path]:
    """The attacker's work folder, made before the victim builds: links where staging files go."""
    script = f"""
set -e
umask 000
mkdir -p {parent}/.trampoline/site/staging {parent}/.trampoline/site/fresh
chmod 1777 {parent}/.trampoline {parent}/.trampoline/site {parent}/.trampoline/site/staging {parent}/.trampoline/site/fresh
for name in index.html 404.html loadCookie.html manifest manifest-intent _headers .nojekyll apple-app-site-association; do
  ln -s {precious} {parent}/.trampoline/site/staging/$name
done
ln -s {precious} {parent}/.trampoline/site/fresh/index.html
ln -s {precious} {parent}/.trampoline/site/stamps
ln -s {precious} {parent}/.trampoline/site/claims
"""
    r = as_user(ATTACKER, "sh", "-c", script, cwd=parent)
    assert r.returncode == 0, r.stderr
    return [parent / ".trampoline", parent / ".trampoline" / "site"]


def test_a_work_folder_planted_by_another_user_is_refused_and_nothing_is_written_through_it(shared):
    parent, project, precious, binary = shared
    plant(parent, precious)
    before = precious.read_bytes()
    r = as_user(VICTIM, str(binary), "build", "--config", str(project / "site-config.yml"),
                "--output", str(parent / "site"), cwd=project)
    assert r.returncode == 1, r.stdout + r.stderr
    assert "belongs to another user" in r.stderr, r.stderr
    assert precious.read_bytes() == before
    assert not (parent / "site").exists()


def test_a_rebuild_into_an_existing_site_is_refused_too(shared):
    parent, project, precious, binary = shared
    # The victim's first build makes the site; then the attacker swaps in a work folder of theirs
    # (possible when the victim's own was removed, as `make clean` or a CI cache restore does).
    r = as_user(VICTIM, str(binary), "build", "--config", str(project / "site-config.yml"),
                "--output", str(parent / "site"), cwd=project)
    assert r.returncode == 0, r.stderr
    assert (parent / ".trampoline").stat().st_mode & 0o077 == 0, "the work folder is private"
    shutil.rmtree(parent / ".trampoline")
    plant(parent, precious)
    before = precious.read_bytes()
    (project / "site-config.yml").write_text((project / "site-config.yml").read_text().replace(
        "title: Spring offer", "title: Spring offer, changed"))
    r = as_user(VICTIM, str(binary), "build", "--config", str(project / "site-config.yml"),
                "--output", str(parent / "site"), cwd=project)
    assert r.returncode == 1, r.stdout + r.stderr
    assert "belongs to another user" in r.stderr, r.stderr
    assert precious.read_bytes() == before


def test_the_victims_own_build_in_a_shared_parent_works_and_is_private(shared):
    parent, project, precious, binary = shared
    r = as_user(VICTIM, str(binary), "build", "--config", str(project / "site-config.yml"),
                "--output", str(parent / "site"), cwd=project)
    assert r.returncode == 0, r.stderr
    for folder in (parent / ".trampoline", parent / ".trampoline" / "site"):
        st = folder.stat()
        assert st.st_uid == VICTIM and st.st_mode & 0o077 == 0, (folder, oct(st.st_mode))
    # The attacker can now plant nothing: the folder is the victim's and private.
    r = as_user(ATTACKER, "sh", "-c", f"ln -s {precious} {parent}/.trampoline/site/staging", cwd=parent)
    assert r.returncode != 0
