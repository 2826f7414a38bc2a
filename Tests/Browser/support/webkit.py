"""WebKit, Safari's engine: WebKitGTK driven by WebKitWebDriver under Xvfb, running the test browser
``webkit/iphone_browser.py``. ``xvfb_display`` starts the X display, ``make_webkit`` a browser on it
with an iPhone Safari agent, and ``WebKitBrowser`` observes it through the files that browser
writes (navigation log, console output), the X clipboard (xclip) and signals (hide, show, new
user agent)."""
from __future__ import annotations

import contextlib
import json
import os
import re
import select
import shutil
import signal
import subprocess
import time
from pathlib import Path

import pytest

from .browser import HIDE_CLIPBOARD_JS, BaseBrowser, new_browser_id
from .constants import (GI_PYTHON, IPHONE, IPHONE_SAFARI_UA, IPHONE_SCALE, IPHONE_VIEWPORT, SCHEME, WEBKIT_BROWSER,
                        WEBKIT_IPHONE)
from .helpers import wait_until


class WebKitBrowser(BaseBrowser):
    """WebKit (WebKitGTK) driven by WebKitWebDriver, running ``webkit/iphone_browser.py``.

    It observes through what that browser writes: one JSON line per navigation the page
    requests (``decide-policy``), per refused custom-scheme attempt and per hide/show, and the
    pages' console messages in its output file. The clipboard is the X clipboard of the Xvfb
    display, read and written with xclip."""

    engine = WEBKIT_IPHONE

    def __init__(self, driver, browser_id: str, folder: Path, display: str, app_installed: bool):
        super().__init__(driver, IPHONE, browser_id)
        self.folder = folder
        self.nav_log = folder / "navigations.jsonl"
        self.output = folder / "output.log"
        self.display = display
        self.app_installed = app_installed
        self._nav_offset = 0
        self._out_offset = 0
        start = wait_until(lambda: next((e for e in self._events(0) if e["event"] == "start"), None), 5)
        assert start, f"the WebKit test browser did not start (see {folder})"
        self.pid = start["pid"]

    # --- logs -------------------------------------------------------------------------
    def _events(self, offset: int | None = None) -> list[dict]:
        try:
            with open(self.nav_log, "rb") as f:
                f.seek(self._nav_offset if offset is None else offset)
                data = f.read()
        except FileNotFoundError:
            return []
        # Only whole lines: the browser may be writing one now (a flush can end mid-line, even
        # mid-character), and the next read sees it complete.
        data = data[: data.rfind(b"\n") + 1]
        return [json.loads(line) for line in data.decode("utf-8").splitlines() if line.strip()]

    def reset_logs(self):
        # After the last whole line: a line being written now belongs to what comes next.
        self._nav_offset = self.nav_log.read_bytes().rfind(b"\n") + 1 if self.nav_log.exists() else 0
        self._out_offset = self.output.stat().st_size if self.output.exists() else 0

    def scheme_navigations(self, scheme: str = SCHEME) -> list[str]:
        """URLs with the custom scheme that the page asked WebKit to navigate to (each one was
        refused by the browser, so the page stayed, as in iOS Safari without the app)."""
        urls = []
        for e in self._events():
            url = e.get("url", "")
            if e["event"] == "scheme-attempt" and url.lower().startswith(scheme + ":") and url not in urls:
                urls.append(url)
        return urls

    def non_http_navigations(self) -> list[str]:
        return [e["url"] for e in self._events() if e["event"] == "navigation"
                and not e["url"].startswith(("http:", "https:", "about:", "data:"))]

    def severe_console(self) -> list[dict]:
        """Console errors (WebKit writes ``URL:LINE:COL: CONSOLE [<SOURCE>] ERROR <text>``), except
        failed loads of off-machine resources (the browser's proxy refuses every host but
        127.0.0.1) and the favicon."""
        try:
            with open(self.output, "rb") as f:
                f.seek(self._out_offset)
                lines = f.read().decode("utf-8", "replace").splitlines()
        except FileNotFoundError:
            return []
        out = []
        for line in lines:
            m = re.search(r"CONSOLE (?:(\w+) )?ERROR (.*)$", line)
            if not m or "favicon.ico" in line:
                continue
            source, text = m.group(1) or "CONSOLE-API", m.group(2)
            if source == "NETWORK" and "127.0.0.1" not in text:
                continue
            out.append({"level": "SEVERE", "source": source.lower(), "message": line})
        return out

    # --- clipboard and window ----------------------------------------------------------
    def read_clipboard(self) -> str:
        """The X clipboard the browser wrote into (the one a native app would read)."""
        proc = subprocess.run(["xclip", "-selection", "clipboard", "-o"], capture_output=True, timeout=10,
                              env={**os.environ, "DISPLAY": self.display})
        return proc.stdout.decode("utf-8", "replace")

    def write_clipboard(self, text: str):
        # xclip stays in the background to own the selection until someone else takes it: its
        # output must not be a pipe we wait on.
        subprocess.run(["xclip", "-selection", "clipboard", "-i"], input=text.encode(), timeout=10,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                       env={**os.environ, "DISPLAY": self.display})
        # It takes the selection once forked: wait for it.
        assert wait_until(lambda: self.read_clipboard() == text, 3), "could not prime the X clipboard"

    def app_opens(self):
        # Modelled on iOS: the browser hid its window when the page attempted the scheme
        # (started with app_installed), which unmaps the view; WebKit then fires a real
        # visibilitychange to hidden in the page.
        assert self.app_installed, "start the browser with phone.new(app_installed=True)"
        assert wait_until(lambda: any(e["event"] == "hidden" for e in self._events()), 3), \
            "the WebKit browser did not hide the page after the scheme attempt"

    def user_returns(self):
        os.kill(self.pid, signal.SIGUSR1)  # the browser shows its window again
        wait_until(lambda: self.js("return document.visibilityState") == "visible", 3)

    def set_user_agent(self, user_agent: str) -> str | None:
        """The agent of the next pages, as they will see it (without the harness's token): the
        browser's views take it at once. None if WebKitGTK refused it (it keeps only agents in RFC
        9110's product/comment syntax) and went back to its default."""
        (self.folder / "user-agent").write_text(user_agent, encoding="utf-8")
        seen = len(self._events(0))
        os.kill(self.pid, signal.SIGHUP)
        event = wait_until(lambda: next((e for e in self._events(0)[seen:] if e["event"] == "user-agent"), None), 5)
        assert event, "the WebKit test browser did not take the user agent"
        return user_agent if event["taken"] == user_agent else None


def make_webkit(display: str, workdir: Path, app_installed: bool = False, hide_clipboard: bool = False,
                init_scripts: list[str] = (), user_agent: str = IPHONE_SAFARI_UA,
                viewport: tuple[int, int] = IPHONE_VIEWPORT, scale: int = IPHONE_SCALE) -> WebKitBrowser:
    from selenium import webdriver
    from selenium.webdriver.webkitgtk.options import Options
    from selenium.webdriver.webkitgtk.service import Service

    browser_id = new_browser_id()
    folder = workdir / browser_id
    folder.mkdir(parents=True)
    launcher = workdir / "iphone-browser"
    if not launcher.exists():
        # Run by Debian's python3 (PyGObject), whatever python runs pytest and whatever the
        # file mode of the checkout.
        launcher.write_text(f"#!/bin/sh\nexec {GI_PYTHON} {WEBKIT_BROWSER} \"$@\"\n", encoding="utf-8")
        launcher.chmod(0o755)
    opts = Options()
    opts.binary_location = str(launcher)
    width, height = viewport
    # The token first: the pages read how an iPhone agent ends (Safari's ends in Safari/<build>).
    args = ["--automation", f"--user-agent=TrampolineTest/{browser_id} {user_agent}",
            f"--user-agent-file={folder / 'user-agent'}", f"--log={folder / 'navigations.jsonl'}",
            f"--output={folder / 'output.log'}",
            f"--data-dir={folder / 'data'}", f"--scheme={SCHEME}", f"--window-size={width}x{height}",
            f"--app={'installed' if app_installed else 'missing'}", "--loopback-only"]
    scripts = list(init_scripts) + ([HIDE_CLIPBOARD_JS] if hide_clipboard else [])
    for i, source in enumerate(scripts):
        path = folder / f"user-script-{i}.js"
        path.write_text(source, encoding="utf-8")
        args.append(f"--user-script={path}")
    for arg in args:
        opts.add_argument(arg)
    opts.set_capability("browserName", "TrampolineIPhoneBrowser")
    opts.set_capability("acceptInsecureCerts", True)  # the throwaway certificate of the test servers
    opts.set_capability("unhandledPromptBehavior", "ignore")  # an alert stays open: we look for it
    env = {**os.environ, "DISPLAY": display, "GDK_SCALE": str(scale), "NO_AT_BRIDGE": "1"}
    service = Service(executable_path=shutil.which("WebKitWebDriver"), env=env,
                      log_output=str(folder / "webkitwebdriver.log"))
    driver = webdriver.WebKitGTK(options=opts, service=service)
    driver.set_page_load_timeout(20)
    driver.set_script_timeout(10)
    return WebKitBrowser(driver, browser_id, folder, display, app_installed)


@contextlib.contextmanager
def xvfb_display(folder: Path):
    """An Xvfb display for WebKitGTK, on a free display number, large enough for a 393x852
    window at scale 3; its log goes to ``folder``."""
    log = folder / "xvfb.log"
    read_fd, write_fd = os.pipe()
    with open(log, "wb") as err:
        proc = subprocess.Popen(["Xvfb", "-displayfd", str(write_fd), "-screen", "0", "1280x2600x24",
                                 "-nolisten", "tcp"], pass_fds=(write_fd,), stdout=subprocess.DEVNULL, stderr=err)
    os.close(write_fd)
    number = b""
    deadline = time.monotonic() + 15
    while not number.endswith(b"\n") and time.monotonic() < deadline:
        ready, _, _ = select.select([read_fd], [], [], 0.2)
        if ready:
            chunk = os.read(read_fd, 16)
            if not chunk:
                break
            number += chunk
    os.close(read_fd)
    if not number.strip().isdigit():
        proc.kill()
        pytest.fail(f"Xvfb did not start: {log.read_text(errors='replace')}", pytrace=False)
    yield ":" + number.strip().decode()
    proc.terminate()
    try:
        proc.wait(5)
    except subprocess.TimeoutExpired:
        proc.kill()
