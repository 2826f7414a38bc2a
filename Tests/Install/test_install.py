"""`make install PREFIX=…` and `make uninstall`: the binary, the man page and the completions land
where `man`, bash-completion, zsh and fish look; an unwritable PREFIX installs nothing."""
from __future__ import annotations

import os
import re
import shutil
import subprocess
import tempfile
from pathlib import Path

import pytest

from conftest import REPO, run
from test_dist import LAYOUT


def files_under(root: Path) -> set[str]:
    return {str(p.relative_to(root)) for p in root.rglob("*") if p.is_file() or p.is_symlink()}


def shell_env(prefix: Path, home: Path) -> dict[str, str]:
    """A user who put PREFIX/bin on PATH and nothing else: no MANPATH, no XDG_DATA_DIRS tweaks."""
    home.mkdir(exist_ok=True)
    env = {k: v for k, v in os.environ.items() if k not in ("MANPATH", "XDG_DATA_DIRS", "BASH_COMPLETION_USER_DIR")}
    env.update(PATH=f"{prefix}/bin:/usr/local/bin:/usr/bin:/bin", HOME=str(home), MANPAGER="cat", PAGER="cat",
               MANWIDTH="100", TERM="dumb")
    return env


@pytest.fixture(scope="module")
def installed(tmp_path_factory, release) -> Path:
    """One `make install` into a fresh PREFIX (the Makefile's dist step finds the release built)."""
    prefix = tmp_path_factory.mktemp("prefix") / "usr"
    result = run(["make", "-C", REPO, "install", f"PREFIX={prefix}"], timeout=1800)
    assert f"Installed trampoline {release.version} into {prefix}." in result.stdout
    # make install's dist step reuses the release make dist built: same inputs, no second SwiftPM run.
    assert "is up to date (same sources, version and Swift as its build); not rebuilt" in result.stderr, result.stderr
    return prefix


def test_make_install_puts_the_release_under_prefix(installed, release):
    assert files_under(installed) == LAYOUT
    for name in LAYOUT:
        assert (installed / name).read_bytes() == (release.stage / name).read_bytes(), name
    assert os.access(installed / "bin/trampoline", os.X_OK)
    assert (installed / "share/man/man1/trampoline.1").stat().st_mode & 0o777 == 0o644


def test_installed_binary_runs_from_path(installed, release, tmp_path):
    env = shell_env(installed, tmp_path / "home")
    proc = run(["sh", "-c", "command -v trampoline && trampoline --version"], env=env)
    assert proc.stdout.split() == [str(installed / "bin/trampoline"), release.version]


def test_man_finds_and_renders_the_page(installed, tmp_path):
    env = shell_env(installed, tmp_path / "home")
    # man-db maps each PATH entry DIR/bin to DIR/share/man: PATH alone is enough.
    found = run(["man", "-w", "trampoline"], env=env).stdout.strip()
    assert found == str(installed / "share/man/man1/trampoline.1")
    assert run(["man", "-w", "trampoline"], env={**env, "PATH": "/usr/bin:/bin", "MANPATH": f"{installed}/share/man"}).stdout.strip() == found
    page = run(["man", "trampoline"], env=env).stdout
    # The page is generated from the argument parser: the abstract --help shows, every subcommand
    # and an option.
    overview = run([installed / "bin/trampoline", "--help"]).stdout.splitlines()[0]
    assert overview.startswith("OVERVIEW: ")
    assert overview.removeprefix("OVERVIEW: ") in " ".join(page.split())
    for subcommand in ("build", "check", "match", "serve", "init", "intent-filter", "import", "qr"):
        assert subcommand in page
    assert "--config" in page and "--strict" in page
    # groff reads it without complaint.
    rendered = run(["man", "--warnings", "-l", found], env=env)
    assert rendered.stderr.strip() == "", rendered.stderr


BASH_COMPLETE = r"""
        source /usr/share/bash-completion/bash_completion
        __load_completion trampoline || { echo "not found"; exit 3; }
        complete -p trampoline
        fn=$(complete -p trampoline | sed -E 's/.*-F ([^ ]+).*/\1/')
        COMP_WORDS=(trampoline ch); COMP_CWORD=1; COMP_LINE="trampoline ch"; COMP_POINT=${#COMP_LINE}
        "$fn" trampoline ch trampoline
        printf 'reply:%s\n' "${COMPREPLY[@]}"
"""


def assert_bash_completes(env):
    # bash-completion loads a command's completion on first use (__load_completion is that loader)
    # from ~/.local/share/bash-completion/completions and each $XDG_DATA_DIRS/bash-completion/completions.
    proc = run(["bash", "--norc", "--noprofile", "-c", BASH_COMPLETE], env=env)
    assert re.fullmatch(r"complete .*-F _trampoline trampoline", proc.stdout.splitlines()[0]), proc.stdout
    assert "reply:check" in proc.stdout.splitlines(), proc.stdout


def test_bash_completion_loads_on_demand_and_completes_subcommands(installed, tmp_path):
    env = shell_env(installed, tmp_path / "home")
    env["XDG_DATA_DIRS"] = f"{installed}/share:/usr/local/share:/usr/share"
    assert_bash_completes(env)


def test_zsh_finds_the_completion_on_fpath(installed, tmp_path):
    env = shell_env(installed, tmp_path / "home")
    script = f"""
        fpath=({installed}/share/zsh/site-functions $fpath)
        autoload -Uz compinit && compinit -u -d {tmp_path}/zcompdump
        print -r -- "comp:${{_comps[trampoline]}}"
        autoload +X _trampoline && print -r -- loaded
    """
    proc = run(["zsh", "-f", "-c", script], env=env)
    assert "comp:_trampoline" in proc.stdout.splitlines(), proc.stdout + proc.stderr
    assert "loaded" in proc.stdout.splitlines()


def test_fish_finds_the_completion_in_vendor_completions(installed, tmp_path):
    env = shell_env(installed, tmp_path / "home")
    # fish looks in $XDG_DATA_DIRS/fish/vendor_completions.d; a PREFIX other than /usr/local or
    # /usr needs PREFIX/share there (the README says so).
    env["XDG_DATA_DIRS"] = f"{installed}/share:/usr/local/share:/usr/share"
    proc = run(["fish", "-c", "complete --do-complete 'trampoline '"], env=env)
    offered = {line.split("\t")[0] for line in proc.stdout.splitlines()}
    assert {"build", "check", "match", "serve", "init", "import"} <= offered, proc.stdout + proc.stderr


def test_bash_and_fish_find_a_home_local_install_without_configuration(release, tmp_path):
    home = tmp_path / "home"
    prefix = home / ".local"
    run([REPO / "scripts/install.sh", "install", "--prefix", prefix, "--from", release.stage])
    env = shell_env(prefix, home)
    assert_bash_completes(env)
    proc = run(["fish", "-c", "complete --do-complete 'trampoline '"], env=env)
    assert "build" in {line.split("\t")[0] for line in proc.stdout.splitlines()}, proc.stdout + proc.stderr
    # Unset, it would be found only in the folders above.
    proc = run(["bash", "--norc", "--noprofile", "-c", BASH_COMPLETE], env={**env, "HOME": str(tmp_path)}, check=False)
    assert "reply:check" not in proc.stdout


def test_make_uninstall_removes_every_installed_file(release, tmp_path):
    prefix = tmp_path / "prefix"
    # The same script `make install` runs after its dist step (that step is covered by `installed`).
    run([REPO / "scripts/install.sh", "install", "--prefix", prefix, "--from", release.stage])
    (prefix / "bin" / "other-tool").write_text("not ours")
    out = run(["make", "-C", REPO, "uninstall", f"PREFIX={prefix}"]).stdout
    assert "Uninstalled 6 files" in out
    assert files_under(prefix) == {"bin/other-tool"}
    assert "Uninstalled 0 files" in run(["make", "-C", REPO, "uninstall", f"PREFIX={prefix}"]).stdout


def test_install_with_destdir_and_over_an_older_install(release, tmp_path):
    stage_root = tmp_path / "pkg"
    run([REPO / "scripts/install.sh", "install", "--prefix", "/usr", "--destdir", stage_root, "--from", release.stage])
    assert files_under(stage_root / "usr") == LAYOUT
    # An upgrade replaces every file in place and leaves no temporary file behind.
    (stage_root / "usr/bin/trampoline").write_text("old")
    run([REPO / "scripts/install.sh", "install", "--prefix", "/usr", "--destdir", stage_root, "--from", release.stage])
    assert (stage_root / "usr/bin/trampoline").read_bytes() == release.binary.read_bytes()
    assert files_under(stage_root / "usr") == LAYOUT


def in_private_mounts(script: str) -> subprocess.CompletedProcess:
    """Runs SCRIPT (sh) in a private mount namespace, so the read-only mounts it makes vanish with it."""
    return run(["unshare", "--mount", "--propagation", "private", "sh", "-ec", script], check=False, timeout=1800)


def test_make_install_into_a_read_only_prefix_fails_and_installs_nothing(release, tmp_path):
    assert os.geteuid() == 0, "mounting needs root (CI runs as root)"
    prefix = tmp_path / "ro"
    prefix.mkdir()
    # Root can write anywhere except on a read-only file system: make PREFIX one.
    proc = in_private_mounts(f"mount --bind {prefix} {prefix}; mount -o remount,bind,ro {prefix}; "
                             f"exec make -C {REPO} install PREFIX={prefix}")
    assert proc.returncode != 0
    assert f"cannot install into PREFIX={prefix}" in proc.stderr
    assert f"cannot write to {prefix} (read-only file system)" in proc.stderr
    assert "Nothing was installed" in proc.stderr
    assert files_under(prefix) == set()


def test_install_is_all_or_nothing_when_only_part_of_prefix_is_writable(release, tmp_path):
    """bin/ is writable, share/ is read-only: not even the binary may be installed."""
    prefix = tmp_path / "half"
    (prefix / "share").mkdir(parents=True)
    proc = in_private_mounts(
        f"mount --bind {prefix}/share {prefix}/share; mount -o remount,bind,ro {prefix}/share; "
        f"exec {REPO}/scripts/install.sh install --prefix {prefix} --from {release.stage}")
    assert proc.returncode == 1
    assert f"cannot write to {prefix}/share (read-only file system)" in proc.stderr
    assert "Nothing was installed" in proc.stderr
    assert sorted(p.name for p in prefix.iterdir()) == ["share"]
    assert files_under(prefix) == set()


def test_install_as_a_user_without_permission_fails_and_installs_nothing(release):
    # pytest's tmp_path is private to root; nobody needs a folder it can reach and read.
    base = Path(tempfile.mkdtemp(prefix="trampoline-install-"))
    try:
        base.chmod(0o755)
        stage = base / "stage"
        shutil.copytree(release.stage, stage)
        prefix = base / "system"
        prefix.mkdir()
        # As `nobody`, through the script `make install` calls (make's dist step would need to
        # write the build folder, which nobody cannot either).
        proc = run(["setpriv", "--reuid=nobody", "--regid=nogroup", "--clear-groups",
                    REPO / "scripts/install.sh", "install", "--prefix", prefix, "--from", stage], check=False)
        assert proc.returncode == 1, proc.stdout + proc.stderr
        assert f"cannot write to {prefix} (no permission)" in proc.stderr
        assert "make install PREFIX=$HOME/.local" in proc.stderr
        assert files_under(prefix) == set()
    finally:
        shutil.rmtree(base)


def test_install_rejects_a_relative_prefix_and_a_missing_release(release, tmp_path):
    proc = run([REPO / "scripts/install.sh", "install", "--prefix", "relative/dir", "--from", release.stage], check=False)
    assert proc.returncode == 1 and "PREFIX must be an absolute path" in proc.stderr
    proc = run([REPO / "scripts/install.sh", "install", "--prefix", tmp_path / "p", "--from", tmp_path / "nothing"], check=False)
    assert proc.returncode == 1 and "run 'make dist' first" in proc.stderr
    assert not (tmp_path / "p").exists()
