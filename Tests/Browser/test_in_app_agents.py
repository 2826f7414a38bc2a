"""Every case of `Tests/Fixtures/in-app-agents.json` (user agents from public detection libraries'
fixtures; `Tests/Fixtures/SOURCES.md`), in real Chromium and WebKit: an in-app agent gets the way
out naming its app (docs/in-app-browsers.md says why each app gets it), an ordinary browser never
gets it.

Modelled: the app around the web view. The page can only know where it runs from the user agent,
so each engine runs with the case's agent (Chromium: its device emulation's agent; WebKit:
`--user-agent`, to which the harness appends its own ` TrampolineTest/<id>` token). The interstitial
page is used: it makes no automatic attempt, so a browser case stays on the page to be looked at.
"""
from __future__ import annotations

import json
import time
from pathlib import Path

import pytest

from conftest import ANDROID, DESKTOP, IPHONE, Recorder, SiteServer, build_site, make_driver, make_webkit, wait_until

TABLE = Path(__file__).resolve().parents[1] / "Fixtures" / "in-app-agents.json"
CASES = json.loads(TABLE.read_text(encoding="utf-8"))["cases"]
PROFILE = {"ios": IPHONE, "android": ANDROID, "desktop": DESKTOP}


def case_id(i: int, case: dict) -> str:
    return f"{i}-{case['app'] or 'browser:' + str(case['label'])}-{case['platform']}"


IDS = [case_id(i, c) for i, c in enumerate(CASES)]


@pytest.fixture(scope="module")
def extras(tmp_path_factory):
    server = SiteServer(Recorder())
    try:
        yield build_site("extras", server, tmp_path_factory.mktemp("extras"))
    finally:
        server.stop()


def outcome(b) -> tuple[str, str | None]:
    """What the page did: ("notice", the app it names) or ("browser", None) once the page script
    ran without loading the in-app step (window.trampoline is set only for it or the debug view)."""
    def seen():
        state = b.js("var s = document.getElementById('trampoline-in-app');"
                     "return [document.readyState, s ? s.getAttribute('data-app') : null, window.trampoline === undefined]")
        if state[1] is not None:
            return ("notice", state[1])
        return None if state[0] != "complete" else False
    found = wait_until(lambda: seen() or None, 1.5)
    if found:
        return found
    time.sleep(0.3)
    return seen() or ("browser", None)


def expected(case: dict) -> tuple[str, str | None]:
    return ("notice", case["app"]) if case["app"] else ("browser", None)


@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_chromium_agent(extras, case):
    # A session per agent: ChromeDriver's device emulation pins the agent it starts with.
    b = make_driver(PROFILE[case["platform"]], [extras.origin], user_agent=case["ua"])
    try:
        if case["platform"] == "desktop":  # no device emulation: the agent is set over CDP
            b.driver.execute_cdp_cmd("Emulation.setUserAgentOverride", {"userAgent": case["ua"]})
        b.get(extras.url("/x/interstitial"))
        assert b.js("return navigator.userAgent") == case["ua"]
        assert outcome(b) == expected(case), f"{case['ua']} ({case['source']} {case['where']})"
        # An Android phone runs the page script twice (again once trampoline-more.js has loaded
        # the intent): the notice is still shown once.
        assert b.js("return document.querySelectorAll('#trampoline-in-app').length") <= 1
    finally:
        b.quit()


@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_webkit_agent(extras, webkit_display, tmp_path_factory, case):
    b = make_webkit(webkit_display, tmp_path_factory.mktemp("webkit-agent"), user_agent=case["ua"])
    try:
        b.get(extras.url("/x/interstitial"))
        if not b.js("return navigator.userAgent").startswith(case["ua"]):
            # WebKitGTK keeps only agents in RFC 9110's product/comment syntax (webkit_settings_
            # set_user_agent validates it); many apps' agents are not: [FBAN/…], Line/7.4.0/IAB,
            # Version/15.6,2. The page decides on the string alone, and Chromium runs every case.
            pytest.skip("WebKitGTK refuses this agent string; test_chromium_agent runs it")
        assert outcome(b) == expected(case), f"{case['ua']} ({case['source']} {case['where']})"
    finally:
        b.quit()
