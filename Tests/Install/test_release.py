"""The scripts .github/workflows/release.yml runs, run locally.

scripts/release/build.sh is the build job: it is run here for real for this machine's
architecture (x86_64), with a tag, into a separate dist folder. The arm64 job is the same script
on an arm64 runner; it cannot run here. scripts/release/publish.sh is the publish job: it runs for
real except for `gh`, GitHub's CLI, which is modelled by a stand-in on PATH that records how it
was called (and answers "no such release" to `gh release view`).
"""
from __future__ import annotations

import hashlib
import os
import shutil
import tarfile
from pathlib import Path

import pytest
import yaml

from conftest import REPO, run

FAKE_GH = """#!/bin/sh
echo "$*" >>"$GH_LOG"
[ "$1 $2" = "release view" ] && exit 1
exit 0
"""


def test_release_workflow_runs_only_scripts_of_the_repository():
    workflow = yaml.safe_load((REPO / ".github/workflows/release.yml").read_text())
    assert workflow[True]["push"]["tags"] == ["v*"]  # PyYAML reads the key `on` as True
    runs = [step["run"] for job in workflow["jobs"].values() for step in job["steps"] if "run" in step]
    assert runs and all(r.startswith("scripts/release/") for r in runs), runs
    for r in runs:
        script = REPO / r.split()[0]
        assert script.is_file() and os.access(script, os.X_OK), script
    matrix = workflow["jobs"]["build"]["strategy"]["matrix"]["include"]
    assert {m["arch"] for m in matrix} == {"x86_64", "arm64"}
    # The universal macOS binary and the DocC site: jobs of their own, both needed by publish.
    assert workflow["jobs"]["build-macos"]["runs-on"].startswith("macos-")
    assert set(workflow["jobs"]["publish"]["needs"]) == {"build", "build-macos", "docs"}


def fake_release(
    folder: Path, version: str, release, parts=("linux-x86_64", "linux-arm64", "macos-universal", "docs")
) -> None:
    """The artifacts the build, macOS and docs jobs upload. Here every tarball is a renamed copy of
    the x86_64 one: publish.sh only names, checks and attaches files."""
    folder.mkdir(parents=True, exist_ok=True)
    for part in parts:
        name = f"trampoline-{version}-{part}.tar.gz"
        shutil.copy2(release.tarball, folder / name)
        digest = hashlib.sha256((folder / name).read_bytes()).hexdigest()
        (folder / f"{name}.sha256").write_text(f"{digest}  {name}\n")


@pytest.fixture
def gh(tmp_path):
    tool = tmp_path / "bin" / "gh"
    tool.parent.mkdir()
    tool.write_text(FAKE_GH)
    tool.chmod(0o755)
    log = tmp_path / "gh.log"
    log.write_text("")
    return {"GH_LOG": str(log), "PATH": f"{tool.parent}:{os.environ['PATH']}"}, log


def test_publish_checks_and_attaches_every_tarball_and_sha256sums(release, tmp_path, gh):
    env, log = gh
    folder = tmp_path / "release"
    fake_release(folder, "1.2.0", release)
    out = run([REPO / "scripts/release/publish.sh", "v1.2.0", folder], env=env).stdout
    assert "released v1.2.0 with 9 files" in out
    calls = log.read_text().splitlines()
    assert calls[0] == "release view v1.2.0"
    create = calls[1]
    assert create.startswith("release create v1.2.0 ") and "--verify-tag" in create
    for name in (
        "trampoline-1.2.0-linux-x86_64.tar.gz",
        "trampoline-1.2.0-linux-arm64.tar.gz.sha256",
        "trampoline-1.2.0-macos-universal.tar.gz",
        "trampoline-1.2.0-docs.tar.gz",
        "SHA256SUMS",
    ):
        assert f"{folder}/{name}" in create
    # SHA256SUMS verifies every tarball, as the release notes tell users to run it.
    assert "OK" in run(["sha256sum", "-c", "SHA256SUMS"], cwd=folder).stdout
    assert len((folder / "SHA256SUMS").read_text().splitlines()) == 4


def test_publish_refuses_a_corrupt_or_missing_tarball(release, tmp_path, gh):
    env, log = gh
    corrupt = tmp_path / "corrupt"
    fake_release(corrupt, "1.2.0", release)
    with open(corrupt / "trampoline-1.2.0-linux-arm64.tar.gz", "ab") as f:
        f.write(b"x")
    proc = run([REPO / "scripts/release/publish.sh", "v1.2.0", corrupt], env=env, check=False)
    assert proc.returncode == 1 and "does not match" in proc.stderr and "nothing was published" in proc.stderr
    missing = tmp_path / "missing"
    fake_release(missing, "1.2.0", release, parts=("linux-x86_64",))
    proc = run([REPO / "scripts/release/publish.sh", "v1.2.0", missing], env=env, check=False)
    assert proc.returncode == 1 and "linux-arm64.tar.gz is missing" in proc.stderr
    no_mac = tmp_path / "no-mac"
    fake_release(no_mac, "1.2.0", release, parts=("linux-x86_64", "linux-arm64", "docs"))
    proc = run([REPO / "scripts/release/publish.sh", "v1.2.0", no_mac], env=env, check=False)
    assert proc.returncode == 1 and "macos-universal.tar.gz is missing" in proc.stderr
    proc = run([REPO / "scripts/release/publish.sh", "main", missing], env=env, check=False)
    assert proc.returncode == 2
    assert log.read_text() == ""  # gh was never called


def test_release_build_job_makes_the_tagged_static_release(release, tmp_path):
    """The build job for real: the tag becomes the version inside the binary and in the names.
    It reuses .build-dist (only the version file changes, so it recompiles one module and
    relinks) and writes into its own dist folder; the committed Version.swift comes back."""
    out = tmp_path / "dist"
    proc = run([REPO / "scripts/release/build.sh", "v0.0.1-test.1", release.arch], env={"DIST_DIR": str(out)}, timeout=3000)
    name = f"trampoline-0.0.1-test.1-linux-{release.arch}"
    assert f"release build: {out}/{name}.tar.gz ready" in proc.stdout, proc.stdout
    run(["sha256sum", "-c", f"{name}.tar.gz.sha256"], cwd=out)
    with tarfile.open(out / f"{name}.tar.gz") as tar:
        tar.extractall(tmp_path / "unpacked", filter="data")
    binary = tmp_path / "unpacked" / name / "bin" / "trampoline"
    assert run([binary, "--version"]).stdout.strip() == "0.0.1-test.1"
    assert run(["git", "diff", "--quiet", "--", "Sources/trampoline/Version.swift"], cwd=REPO, check=False).returncode == 0
    bad = run([REPO / "scripts/release/build.sh", "latest", "x86_64"], check=False)
    assert bad.returncode == 2 and "not a release tag" in bad.stderr
