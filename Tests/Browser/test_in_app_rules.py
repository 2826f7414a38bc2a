"""The in-app browser rules without a browser: `Tests/Fixtures/in-app-rules.json` is the one place
they live, and the page script (Templates/trampoline.js's `inApp` line, trampoline-more.js's
names) and docs/in-app-browsers.md's table are its compiled form (`in_app_rules.py --write`). Run
in Python over the corpus, the table meets issue #53's goal, and each case's `app` is what it
decides (`in_app_corpus.py --apps` after a change). `test_in_app_agents.py` runs the same cases in
Chromium and WebKit, which must agree.
"""
from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import pytest

FIXTURES = Path(__file__).resolve().parents[1] / "Fixtures"
sys.path.insert(0, str(FIXTURES))
import in_app_rules  # noqa: E402

RULES = in_app_rules.Rules()
CASES = json.loads((FIXTURES / "in-app-agents.json").read_text(encoding="utf-8"))["cases"]


def test_the_scripts_and_the_docs_are_the_tables():
    assert in_app_rules.stale() == [], "run python3 Tests/Fixtures/in_app_rules.py --write"


def test_every_case_is_what_the_table_decides():
    stale = [c["ua"] for c in CASES if RULES.decide(c["ua"], c["platform"]) != c["app"]]
    assert not stale, f"run python3 Tests/Fixtures/in_app_corpus.py --apps: {stale[:5]}"


def test_the_goal_in_each_direction():
    in_app = [c for c in CASES if c["inapp"]]
    browsers = [c for c in CASES if not c["inapp"]]
    assert sum(1 for c in in_app if c["app"]) / len(in_app) >= 0.97
    assert sum(1 for c in browsers if not c["app"]) / len(browsers) >= 0.99
    # No browser that names itself gets the notice: the only ones that may are the table's
    # unnamed_browsers (an agent identical to a web view's).
    unnamed = RULES.table["unnamed_browsers"]
    flagged = [c for c in browsers if c["app"] and not any(
        u["family"] == c["family"] and u["platform"] == c["platform"] and re.search(u["pattern"], c["ua"])
        for u in unnamed)]
    assert not flagged, flagged


def test_the_table_is_whole():
    t = RULES.table
    for row in t["shapes"] + t["apps"] + t["browsers"]:
        assert row.get("source"), row
        re.compile(row["pattern"])
    for row in t["shapes"]:
        assert row["platform"] in ("ios", "android") and row.get("errs"), row
    assert t.get("apps_errs") and t.get("browsers_errs")
    names = [a["name"] for a in t["apps"]]
    assert len(names) == len(set(names)), "an app named twice"
    # Each inline token is one of its app's agents' marks: every corpus agent the token finds is
    # an app's web view.
    for a in t["apps"]:
        if a.get("inline"):
            found = [c for c in CASES if re.search(a["inline"], c["ua"])]
            assert found and all(c["inapp"] for c in found), (a["name"], [c["ua"] for c in found if not c["inapp"]])


@pytest.mark.parametrize("ua,platform,app", [
    # iOS: Safari's shape is a browser's; WebKit's default (Mobile/<build>) or a token glued on is not.
    ("Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) "
     "Version/18.5 Mobile/15E148 Safari/604.1", "ios", None),
    ("Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) "
     "Mobile/15E148", "ios", "an app"),
    ("Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) "
     "Mobile/15E148 Safari/604.1 Line/14.19.1", "ios", "LINE"),
    # The Google app ends as Safari: its token alone tells.
    ("Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) "
     "GSA/360.0.737408208 Mobile/15E148 Safari/604.1", "ios", "Google app"),
    # Opera Touch's shape is a web view's, but it names itself.
    ("Mozilla/5.0 (iPhone; CPU iPhone OS 12_3 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) OPT/4 "
     "Mobile/15E148", "ios", None),
    # Android: the WebView's '; wv)', unless a browser names itself; an app's token outranks a browser's.
    ("Mozilla/5.0 (Linux; Android 15; Pixel 9; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 "
     "Chrome/131.0.6778.135 Mobile Safari/537.36", "android", "an app"),
    ("Mozilla/5.0 (Linux; Android 11; vivo 1904; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 "
     "Chrome/87.0.4280.141 Mobile Safari/537.36 VivoBrowser/9.7.12.1", "android", None),
    ("Mozilla/5.0 (Linux; Android 5.1.1; MX4 Pro Build/LMY48Y) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 "
     "Chrome/39.0.0.0 Mobile MQQBrowser/6.2 TBS/036558 Safari/537.36 V1_AND_SQ_6.2.0 QQ/6.2.0.2655", "android", "QQ"),
    # Android 4.4's WebView: Version/4.0 and Chrome/NN.0.0.0; Chrome itself never sends either.
    ("Mozilla/5.0 (Linux; Android 4.4; Nexus 5 Build/KRT16M) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 "
     "Chrome/30.0.0.0 Mobile Safari/537.36", "android", "an app"),
    ("Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile "
     "Safari/537.36", "android", None),
    # A desktop: only an app's token.
    ("Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko)", "desktop", None),
])
def test_examples(ua, platform, app):
    assert RULES.decide(ua, platform) == app
