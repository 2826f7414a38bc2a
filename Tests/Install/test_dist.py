"""`make dist`: the static binary, its tarball and checksum, its version, and a run of it in a
clean root file system that holds no Swift and no libcmark."""
from __future__ import annotations

import hashlib
import os
import re
import shutil
import statistics
import subprocess
import tarfile
import time
from pathlib import Path

from conftest import REPO, run

LAYOUT = {
    "bin/trampoline",
    "share/man/man1/trampoline.1",
    "share/bash-completion/completions/trampoline",
    "share/zsh/site-functions/_trampoline",
    "share/fish/vendor_completions.d/trampoline.fish",
    "share/doc/trampoline/LICENSE",
}
# What a glibc system always has; anything else in the binary's NEEDED list would have to be
# installed on the user's machine.
ALLOWED_NEEDED = re.compile(r"^(libc|libm|libdl|libpthread|librt|libutil|libstdc\+\+|libgcc_s|ld-linux[-\w.]*)\.so")


def ldd_paths(binary: Path) -> list[Path]:
    """The files the dynamic loader maps for BINARY, as ldd names them (the loader included)."""
    paths = []
    for line in run(["ldd", binary]).stdout.splitlines():
        match = re.search(r"(/\S+) \(0x", line)
        if match:
            paths.append(Path(match.group(1)))
    return paths


def test_tarball_holds_the_release_layout_and_its_checksum_verifies(release):
    with tarfile.open(release.tarball) as tar:
        members = tar.getmembers()
    top = f"trampoline-{release.version}-linux-{release.arch}"
    files = {m.name[len(top) + 1:] for m in members if m.isfile()}
    assert files == LAYOUT
    assert all(m.name == top or m.name.startswith(top + "/") for m in members)
    assert all(m.uid == 0 and m.gid == 0 for m in members)
    modes = {m.name[len(top) + 1:]: m.mode & 0o777 for m in members if m.isfile()}
    assert modes["bin/trampoline"] == 0o755 and modes["share/man/man1/trampoline.1"] == 0o644

    expected, name = release.checksum.read_text().split()
    assert name == release.tarball.name
    assert expected == hashlib.sha256(release.tarball.read_bytes()).hexdigest()
    # The form `sha256sum -c` reads, as the README tells users to run it.
    run(["sha256sum", "-c", release.checksum.name], cwd=release.checksum.parent)


def test_binary_needs_no_swift_foundation_or_cmark_library(release):
    ldd = run(["ldd", release.binary]).stdout
    assert not re.search(r"swift|foundation|dispatch|blocksruntime|icu|cmark|not found", ldd, re.I), ldd
    needed = re.findall(r"\(NEEDED\).*\[(.+)\]", run(["readelf", "-d", release.binary]).stdout)
    assert needed, "readelf found no NEEDED entries"
    assert all(ALLOWED_NEEDED.match(lib) for lib in needed), needed


def test_version_is_the_checkout_baked_in_and_the_committed_file_is_restored(release, debug_binary):
    described = run([REPO / "scripts/version.sh"]).stdout.strip()
    assert release.version == described
    assert run([release.binary, "--version"]).stdout.strip() == described
    fallback = re.search(r'static let current = "(.*)"', (REPO / "Sources/trampoline/Version.swift").read_text()).group(1)
    if (REPO / ".git").exists() and not os.environ.get("TRAMPOLINE_VERSION"):
        # A checkout always adds the tag distance or the commit; a bare fallback means nothing was baked.
        assert described != fallback
    # dist.sh put the committed fallback back; a plain `swift build` prints it.
    assert run([debug_binary, "--version"]).stdout.strip() == fallback
    assert run(["git", "diff", "--quiet", "--", "Sources/trampoline/Version.swift"], cwd=REPO, check=False).returncode == 0


def test_version_script_follows_tags(tmp_path):
    """scripts/version.sh in a throwaway clone: on a tag, after it, with an override, without git."""
    clone = tmp_path / "clone"
    run(["git", "clone", "-q", REPO, clone])
    git = ["git", "-C", clone, "-c", "user.name=t", "-c", "user.email=t@example.com"]
    script = clone / "scripts/version.sh"
    head = run(git + ["rev-parse", "--short=7", "HEAD"]).stdout.strip()
    assert run([script]).stdout.strip().endswith(f"-dev+{head}")
    run(git + ["tag", "-a", "v9.8.7", "-m", "release"])
    assert run([script]).stdout.strip() == "9.8.7"
    run(git + ["commit", "-q", "--allow-empty", "-m", "next"])
    after = run([script]).stdout.strip()
    assert re.fullmatch(r"9\.8\.7-1-g[0-9a-f]{7,}", after), after
    assert run([script], env={"TRAMPOLINE_VERSION": "v2.0.0"}).stdout.strip() == "2.0.0"
    bad = run([script], env={"TRAMPOLINE_VERSION": '1.0"; evil'}, check=False)
    assert bad.returncode != 0 and "refusing" in bad.stderr
    shutil.rmtree(clone / ".git")
    fallback = re.search(r'static let current = "(.*)"', (clone / "Sources/trampoline/Version.swift").read_text()).group(1)
    assert run([script]).stdout.strip() == fallback


def make_clean_root(root: Path, binary: Path) -> set[str]:
    """A root file system with the binary and exactly the files ldd names (glibc, libstdc++, libgcc
    and the loader), copied as plain files under the same paths. Returns the paths it holds."""
    (root / "bin").mkdir(parents=True)
    shutil.copy2(binary, root / "bin" / "trampoline")
    held = {"bin/trampoline"}
    for lib in ldd_paths(binary):
        target = root / lib.relative_to("/")
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(lib.resolve(), target)
        held.add(str(lib.relative_to("/")))
    return held


def files_under(root: Path) -> set[str]:
    return {str(p.relative_to(root)) for p in root.rglob("*") if p.is_file() or p.is_symlink()}


def copy_catalog(dest: Path) -> Path:
    dest.mkdir(parents=True)
    shutil.copy2(REPO / "site-config.yml", dest / "site-config.yml")
    shutil.copytree(REPO / "Templates", dest / "Templates")
    return dest / "site-config.yml"


def test_static_binary_builds_the_catalog_in_a_clean_root_byte_for_byte(release, debug_binary, tmp_path):
    """chroot into a root that holds the binary and the libraries ldd names, nothing else (no
    Swift, no libcmark, no /usr, no /etc), plus the kernel's /proc. Build the repository's catalog
    there and compare it with the debug build's output of the same catalog."""
    assert os.geteuid() == 0, "chroot needs root (CI runs as root)"
    root = tmp_path / "root"
    # The binary as a user gets it: unpacked from the tarball.
    unpacked = tmp_path / "unpacked"
    with tarfile.open(release.tarball) as tar:
        tar.extractall(unpacked, filter="data")
    binary = unpacked / release.stage.name / "bin" / "trampoline"
    held = make_clean_root(root, binary)

    # The proof that the environment is clean: exactly the binary and the ldd-named libraries.
    assert files_under(root) == held
    assert not [p for p in held if re.search(r"swift|cmark|foundation|icu", p, re.I)], held
    assert len(held) <= 8, held

    copy_catalog(root / "site")
    (root / "proc").mkdir()

    def in_clean_root(*args: str) -> subprocess.CompletedProcess:
        # /proc is mounted, as on every Linux system and container: the Swift runtime reads the
        # command line from /proc/self/cmdline (without it the arguments are silently lost).
        # A fresh PID namespace, so it shows only this process; a private mount namespace, so the
        # mount ends with it. Around the chroot, an empty environment (no LD_LIBRARY_PATH, no locale).
        chroot = shutil.which("chroot") or "/usr/sbin/chroot"
        command = " ".join(["exec", "env", "-i", "PATH=/bin", chroot, str(root), "/bin/trampoline", *args])
        return subprocess.run(["unshare", "--mount", "--pid", "--fork", "--propagation", "private", "sh", "-ec",
                                f"mount -t proc proc {root}/proc; {command}"],
                              capture_output=True, text=True, timeout=120)

    result = in_clean_root("build", "--config", "/site/site-config.yml", "--output", "/site/_site")
    assert result.returncode == 0, result.stderr
    assert "Built 5 links into /site/_site" in result.stdout, result.stdout
    check = in_clean_root("check", "--config", "/site/site-config.yml", "--output", "/site/_site")
    assert check.returncode == 0, check.stdout + check.stderr
    assert "compared with /site/_site: 0 errors" in check.stderr, check.stderr
    assert files_under(root / "proc") == set()  # unmounted again

    host_config = copy_catalog(tmp_path / "host")
    run([debug_binary, "build", "--config", host_config, "--output", tmp_path / "host" / "_site"])

    # Every file of the site, the manifest included (it lists paths only). The writer's work
    # folder, .trampoline/ beside the output, is not part of the site and is not compared.
    diff = run(["diff", "-r", tmp_path / "host" / "_site", root / "site" / "_site"], check=False)
    assert diff.returncode == 0, diff.stdout + diff.stderr
    site_files = files_under(root / "site" / "_site")
    assert ".trampoline-manifest.json" in site_files
    assert {"index.html", "loadCookie.html", "apple-app-site-association", "topic/1/index.html"} <= site_files
    # The catalog's Markdown went through the libcmark linked into the binary.
    assert "<strong>big day</strong>" in (root / "site" / "_site" / "topic" / "1" / "index.html").read_text()


def test_start_up_time_and_size(release):
    """A sanity bound, not a benchmark (the README's figures come from hyperfine): the static
    binary answers --version quickly and stays a reasonable download."""
    times = []
    for _ in range(15):
        start = time.perf_counter()
        run([release.binary, "--version"])
        times.append(time.perf_counter() - start)
    median = statistics.median(times)
    size = release.binary.stat().st_size
    print(f"static binary: {size / 1e6:.1f} MB, --version median {median * 1000:.1f} ms, "
          f"tarball {release.tarball.stat().st_size / 1e6:.1f} MB")
    assert median < 0.5, f"--version took {median:.3f} s (median of 15)"
    assert size < 150 * 1024 * 1024


def test_dist_in_a_fresh_clone_without_package_resolved_reaches_the_build(tmp_path):
    """A fresh clone has no Tool/Package.resolved (it is not in git) until SwiftPM writes one.
    dist.sh hashes its inputs before building; with that path missing it used to end at once,
    exit 1 and no word, under `set -o pipefail` (seen on a new machine running `make dist` before
    any other build). Here the copy has no Package.resolved and no git, and SWIFT is a stand-in
    that answers `--version` and fails the build: the script must get to the build and say that
    the build failed (what a real failure prints), not stop silently before it."""
    copy = tmp_path / "clone"
    for part in ("Sources", "Templates", "schema", "scripts"):
        shutil.copytree(REPO / part, copy / part, symlinks=True)
    (copy / "Tool").mkdir()
    shutil.copy(REPO / "Tool" / "Package.swift", copy / "Tool" / "Package.swift")
    assert not (copy / "Tool" / "Package.resolved").exists()
    swift = tmp_path / "swift"
    swift.write_text('#!/bin/sh\n[ "$1" = --version ] && { echo "Swift version 0.0 (stand-in)"; exit 0; }\nexit 3\n')
    swift.chmod(0o755)
    env = {**os.environ, "SWIFT": str(swift), "DIST_SCRATCH": str(tmp_path / "scratch"), "DIST_DIR": str(tmp_path / "dist")}
    result = subprocess.run(["scripts/dist.sh"], cwd=copy, env=env, capture_output=True, text=True)
    assert result.returncode != 0
    assert "dist: building trampoline" in result.stderr, result.stderr
    assert "generate-manual failed (exit 3)" in result.stderr, result.stderr
    # The committed Version.swift is put back after the failed build.
    assert (copy / "Sources/trampoline/Version.swift").read_bytes() == (REPO / "Sources/trampoline/Version.swift").read_bytes()
