"""The tool's Linux-only calls each have a Darwin path, and that path at least parses.

The project is built and tested on Linux only: the Darwin branches (`#elseif canImport(Darwin)`,
`#else` after `#if os(Linux)`) cannot be compiled or run here. Swift's parser reads every branch of
an `#if`, active or not, so `swiftc -parse` catches a Darwin branch that is not valid Swift; it
cannot catch a wrong type or a missing function, which only a build on macOS does (the `macos` job
of .github/workflows/ci.yml). This suite checks:

- every file that imports Glibc imports Darwin in the other branch;
- every use of Linux-only interfaces (/proc, statx, sendfile, mallopt, st_mtim, Glibc.) sits in a
  branch that only Linux compiles;
- every such file parses with `swiftc -parse`, Darwin branches included.
"""

import re
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SOURCES = sorted((ROOT / "Sources").rglob("*.swift"))
LINUX_ONLY = re.compile(r"/proc/|\bstatx\b|\bsendfile\b|\bmallopt\b|\bst_mtim\b|\bGlibc\.|\bmalloc_trim\b|\bepoll_|\binotify_")
PLATFORM = re.compile(r"canImport\((Glibc|Darwin)\)|os\(Linux\)|/proc/")


def platform_files():
    return [p for p in SOURCES if PLATFORM.search(p.read_text())]


def linux_only_lines(text):
    """Lines of code (comments aside) that use a Linux-only interface outside a Linux-only branch."""
    stack = []  # one [is this branch Linux-only?, was an earlier branch Darwin's?] per open #if
    found = []
    for number, line in enumerate(text.splitlines(), 1):
        code = line.split("//", 1)[0].strip()
        linux = "canImport(Glibc)" in code or "os(Linux)" in code
        darwin = "canImport(Darwin)" in code or "os(macOS)" in code
        if code.startswith("#if "):
            stack.append([linux, darwin])
        elif code.startswith("#elseif"):
            stack[-1] = [linux, stack[-1][1] or darwin]
        elif code == "#else":
            stack[-1] = [stack[-1][1], True]  # after a Darwin branch, `#else` is the other systems'
        elif code == "#endif":
            stack.pop()
        elif LINUX_ONLY.search(code) and not any(branch[0] for branch in stack):
            found.append(f"{number}: {line.strip()}")
    return found


def test_there_are_platform_files():
    assert len(platform_files()) >= 10, [str(p) for p in platform_files()]


@pytest.mark.parametrize("path", platform_files(), ids=lambda p: str(p.relative_to(ROOT)))
def test_glibc_import_has_a_darwin_branch(path):
    text = path.read_text()
    if "import Glibc" in text:
        assert re.search(r"#elseif canImport\(Darwin\)\s*\n\s*import Darwin", text), (
            f"{path.relative_to(ROOT)} imports Glibc with no `#elseif canImport(Darwin)` / `import Darwin` branch"
        )


@pytest.mark.parametrize("path", platform_files(), ids=lambda p: str(p.relative_to(ROOT)))
def test_linux_only_calls_are_in_linux_branches(path):
    assert linux_only_lines(path.read_text()) == []


def test_the_checker_finds_an_unguarded_call():
    assert linux_only_lines('let p = "/proc/self/exe"\n') == ['1: let p = "/proc/self/exe"']
    guarded = '#if os(Linux)\nlet p = "/proc/self/exe"\n#else\nlet p = ""\n#endif\n'
    assert linux_only_lines(guarded) == []
    darwin_branch = '#if canImport(Darwin)\nlet p = "/proc/self/exe"\n#endif\n'
    assert linux_only_lines(darwin_branch) != []
    after_darwin = "#if canImport(Darwin)\nlet m = info.st_mtimespec\n#else\nlet m = info.st_mtim\n#endif\n"
    assert linux_only_lines(after_darwin) == []


@pytest.mark.skipif(shutil.which("swiftc") is None, reason="no swiftc")
@pytest.mark.parametrize("path", platform_files(), ids=lambda p: str(p.relative_to(ROOT)))
def test_every_branch_parses(path):
    run = subprocess.run(["swiftc", "-parse", str(path)], capture_output=True, text=True)
    assert run.returncode == 0, run.stderr


@pytest.mark.skipif(shutil.which("swiftc") is None, reason="no swiftc")
def test_parse_reads_inactive_darwin_branches(tmp_path):
    broken = tmp_path / "broken.swift"
    broken.write_text("#if canImport(Darwin)\nlet x = (\n#endif\n")
    assert subprocess.run(["swiftc", "-parse", str(broken)], capture_output=True).returncode != 0
