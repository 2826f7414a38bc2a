"""scripts/with-test-tmp.sh: the folder the suites' TMPDIR points at, and each case in which it
keeps TMPDIR as it was. Each case runs the script for real, with `sh -c 'echo $TMPDIR'` as the
command; the folders are under pytest's own temporary folder, so nothing here touches /dev/shm's
default folder."""
from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "scripts" / "with-test-tmp.sh"
MARKER = ".made-by-with-test-tmp"
KEPT = "/kept-as-it-was"


def tmpdir_seen(test_tmpdir: str | None, *args: str) -> str:
    env = {k: v for k, v in os.environ.items() if k != "TEST_TMPDIR"}
    env["TMPDIR"] = KEPT
    if test_tmpdir is not None:
        env["TEST_TMPDIR"] = test_tmpdir
    result = subprocess.run([SCRIPT, *(args or ("sh", "-c", 'printf %s "$TMPDIR"'))], env=env,
                            capture_output=True, text=True, check=True)
    return result.stdout


def test_a_new_folder_is_made_private_marked_and_used(tmp_path):
    folder = tmp_path / "tests"
    assert tmpdir_seen(str(folder)) == str(folder)
    assert folder.stat().st_mode & 0o777 == 0o700
    assert (folder / MARKER).is_file()
    assert not (folder / ".exec-check").exists()


def test_an_existing_folder_of_ours_is_used_and_not_marked(tmp_path):
    folder = tmp_path / "mine"
    folder.mkdir()
    assert tmpdir_seen(str(folder)) == str(folder)
    assert not (folder / MARKER).exists()


def test_an_empty_value_keeps_tmpdir(tmp_path):
    assert tmpdir_seen("") == KEPT


def test_a_missing_parent_keeps_tmpdir(tmp_path):
    assert tmpdir_seen(str(tmp_path / "no" / "such")) == KEPT
    assert not (tmp_path / "no").exists()


def test_a_symbolic_link_is_not_followed(tmp_path):
    target = tmp_path / "elsewhere"
    target.mkdir()
    (tmp_path / "link").symlink_to(target)
    assert tmpdir_seen(str(tmp_path / "link")) == KEPT


def test_a_file_in_the_folders_place_keeps_tmpdir(tmp_path):
    (tmp_path / "file").write_text("not a folder")
    assert tmpdir_seen(str(tmp_path / "file")) == KEPT


@pytest.mark.skipif(os.geteuid() != 0, reason="needs root to give a folder to another user")
def test_a_folder_another_user_made_first_keeps_tmpdir(tmp_path):
    folder = tmp_path / "planted"
    folder.mkdir(mode=0o777)
    os.chown(folder, 65534, 65534)  # nobody
    assert tmpdir_seen(str(folder)) == KEPT


@pytest.mark.skipif(os.geteuid() != 0 or shutil.which("mount") is None, reason="needs root to mount a noexec tmpfs")
def test_a_folder_that_cannot_run_programs_keeps_tmpdir(tmp_path):
    mount = tmp_path / "noexec"
    mount.mkdir()
    if subprocess.run(["mount", "-t", "tmpfs", "-o", "noexec,size=4m", "tmpfs", mount]).returncode != 0:
        pytest.skip("this sandbox does not let root mount a tmpfs")
    try:
        assert tmpdir_seen(str(mount / "tests")) == KEPT
        assert not (mount / "tests" / ".exec-check").exists()
    finally:
        subprocess.run(["umount", mount], check=True)


def test_remove_deletes_a_folder_it_made_and_nothing_else(tmp_path):
    made = tmp_path / "made"
    tmpdir_seen(str(made))
    (made / "left-by-a-test").write_text("x")
    tmpdir_seen(str(made), "--remove")
    assert not made.exists()

    theirs = tmp_path / "theirs"
    theirs.mkdir()
    (theirs / "precious").write_text("x")
    tmpdir_seen(str(theirs))  # used, but not made here
    result = subprocess.run([SCRIPT, "--remove"], env={**os.environ, "TEST_TMPDIR": str(theirs)},
                            capture_output=True, text=True, check=True)
    assert (theirs / "precious").is_file()
    assert "did not make it" in result.stderr

    target = tmp_path / "target"
    target.mkdir()
    (target / MARKER).write_text("")
    (tmp_path / "alias").symlink_to(target)
    tmpdir_seen(str(tmp_path / "alias"), "--remove")
    assert target.is_dir() and (tmp_path / "alias").is_symlink()
