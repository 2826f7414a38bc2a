#!/usr/bin/env python3
"""Makes `in-app-agents.json`: the cases already in it (the curated ones, from in-app detection
libraries' fixtures, kept as they are) and a sample of every phone and tablet agent in four
public user-agent parsers' test fixtures, each labelled as its source labels it (SOURCES.md).

    python3 Tests/Fixtures/in_app_corpus.py \\
        --git uap-core=DIR --git ua-parser-js=DIR --git whichbrowser=DIR --git browscap=DIR
    python3 Tests/Fixtures/in_app_corpus.py --apps   # after a change of in-app-rules.json

DIR is a git directory (a clone or a bare mirror) of each repository; the commit read is the one
SOURCES.md names (ua-parser-js: its 1.0.x branch, MIT; 2.x is AGPL-3.0 and never read). Only the
fixtures' agents and labels are read, never code. The sample: per source, family and platform,
up to SAMPLE agents, the most different shapes first (by the marks web views and browsers
differ by: Version/4.0, Chrome/, '; wv)', Mobile/, how the agent ends), so that browscap's
15,000 agents do not drown the other sources. `app` (the name the notice shows, null: the page takes it for a browser) is what in-app-rules.json decides; `inapp`
is the source's verdict, what the test's shares are measured against.
"""
from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import in_app_rules  # noqa: E402

HERE = Path(__file__).resolve().parent
CORPUS = HERE / "in-app-agents.json"
SAMPLE = 4

SOURCES = {
    "uap-core": ("ua-parser/uap-core", "e3c5e634bee0b14f1a129c991483910739ad9f6c", "Apache-2.0, (c) 2009 Google Inc."),
    "ua-parser-js": ("faisalman/ua-parser-js", "90017c98d341788570435b7587ce1f0725022c7a",
                     "MIT, (c) 2012-2025 Faisal Salman"),
    "whichbrowser": ("WhichBrowser/Parser-PHP", "581d614d686bfbec3529ad60562a5213ac5d8d72", "MIT, (c) 2010-2017 Niels Leenheer"),
    "browscap": ("browscap/browscap", "6c0c9208f9314f062c5ac45d933c1a419e05f421",
                 "MIT, (c) 1998-2017 Browser Capabilities Project"),
}

APP, BROWSER = True, False
# Source label -> the app whose web view it is (a name the sources spell several ways is merged).
# "WebView": an app's web view that names no app.
APPS = {
    "1Password": "1Password", "AliApp": "Alibaba apps", "Alipay": "Alipay", "AliPay": "Alipay", "AliTrip": "Alibaba apps",
    "AOL App": "AOL", "Apple News": "Apple News", "B-Line": "B-Line", "Baidu Box App": "Baidu app",
    "Bilibili App": "Bilibili", "Bing iPad": "Bing", "Bing Search": "Bing", "Bing Search App": "Bing",
    "Camera 360": "Camera360", "Crosswalk": "WebView", "Crosswalk App": "WebView", "using Crosswalk WebView": "WebView",
    "Daum": "Daum", "Facebook": "Facebook", "Facebook App": "Facebook", "Facebook Groups": "Facebook",
    "Facebook Pages Admin": "Facebook", "Facebook Messenger": "Messenger", "Flipboard": "Flipboard",
    "Flipboard App": "Flipboard", "Flipboard-Briefing": "Flipboard", "Google": "Google app", "Google App": "Google app",
    "GSA": "Google app", "Google Search": "Google app", "Google+ App": "Google+", "Instagram": "Instagram",
    "Instagram App": "Instagram", "Kamelio App": "Kamelio", "KakaoTalk": "KakaoTalk", "KAKAOTALK": "KakaoTalk",
    "KAKAOSTORY": "KakaoStory", "Klarna": "Klarna", "LINE": "LINE", "Line": "LINE", "Line App": "LINE",
    "LinkedIn": "LinkedIn", "Listia App": "Listia", "Matome": "Matome", "Naver": "NAVER", "NAVER": "NAVER",
    "Netease Music": "NetEase Music", "NetVibes App": "Netvibes", "Okta Mobile App": "Okta", "OktaMobile": "Okta",
    "Onefootball": "OneFootball", "Outlook-iOS-Android": "Outlook", "Pandora": "Pandora", "Phantom": "Phantom",
    "Pinterest": "Pinterest", "Pinterest App": "Pinterest", "RDDocuments App": "Documents",
    "Relax Melodies": "Relax Melodies", "Roblox App": "Roblox", "Schoolwires App": "Schoolwires", "Snapchat": "Snapchat",
    "SohuNews App": "Sohu News", "Sogou Search": "Sogou app", "Tanso Download Manager": "Tanso", "Telegram": "Telegram",
    "Tieba App": "Baidu Tieba", "TikTok": "TikTok", "TopBuzz": "TopBuzz", "TWC SportsNet": "TWC SportsNet",
    "Twitter": "X", "Twitter App": "X", "Viber": "Viber", "WeChat": "WeChat", "WeChat App": "WeChat", "Weibo": "Weibo",
    "weibo": "Weibo", "WIRE": "Wire", "Wire": "Wire", "YaApp": "Yandex app", "Yahoo! App": "Yahoo", "Yammer": "Yammer",
    "Yandex Search": "Yandex app", "Zalo": "Zalo", "using Amazon WebView": "WebView", "using Chromium WebView": "WebView",
    "Android WebView": "WebView", "Chrome Mobile WebView": "WebView", "Chrome WebView": "WebView",
    "Mobile Safari UI/WKWebView": "WebView", "Mobile Safari UIWebView": "WebView", "Adobe AIR": "WebView",
    "AdobeAIR": "WebView",
}
# Source label -> browser family (spellings merged); any other label is a browser of that name.
BROWSERS = {
    "2345 Browser": "2345", "360": "360 Browser", "360 Secure Browser": "360 Browser", "Qihoo 360 Browser": "360 Browser",
    "Amazon Silk": "Silk", "Kindle Fire": "Silk", "Android": "Android Browser", "Baidu Explorer": "Baidu Browser",
    "Baidu Browser HD": "Baidu Browser", "Baidu Browser Mini": "Baidu Browser", "Chrome Mobile": "Chrome",
    "Coast by Opera": "Opera Coast", "Opera Coast": "Opera Coast", "Dolfin": "Dolphin", "DuckDuckGo Browser": "DuckDuckGo",
    "DuckDuckGo Mobile": "DuckDuckGo", "Ecosia Android": "Ecosia", "Ecosia iOS": "Ecosia", "Ecosia Browser": "Ecosia",
    "Edge Mobile": "Edge", "Firefox for iOS": "Firefox", "Firefox iOS": "Firefox", "Firefox Mobile": "Firefox",
    "Fennec": "Firefox", "Klar": "Firefox Focus", "HeyTapBrowser": "HeyTap Browser", "HuaweiBrowser": "Huawei Browser",
    "IEMobile": "IE Mobile", "Mobile Internet Explorer": "IE Mobile", "Iron Mobile": "Iron", "Kiwi Browser": "Kiwi",
    "Liebao Fast": "LieBaoFast", "Mercury Browser": "Mercury", "Miui Browser": "MIUI Browser",
    "MiuiBrowser": "MIUI Browser", "Mobile Safari": "Safari", "Opera Mobi": "Opera Mobile", "Opera Tablet": "Opera Mobile",
    "QQ Browser Mobile": "QQ Browser", "QQBrowser": "QQ Browser", "Quark Browser": "Quark",
    "Samsung Browser": "Samsung Internet", "Samsung CrossApp": "Samsung Internet", "Seznam prohlížeč": "Seznam Browser",
    "UCBrowser": "UC Browser", "VivoBrowser": "Vivo Browser", "Whale Browser": "Whale", "Wolvic Browser": "Wolvic",
}
# Not agents a link page meets in a phone's browser or an app's web view: mail clients, media
# players, a TV, a test shell, HTTP clients that render nothing, and labels no source gives.
SKIP = {"Apple Mail", "Mail Master", "Outlook", "ESPN Radio", "VLC Media Player", "Default Browser",
        "using Chrome Content Shell", "NetCast", "Owncloud", None}
SKIP_TYPES = {"Bot", "Email Client", "Multimedia Player", "unknown"}
ROBOT = re.compile(r"bot\b|Bot$|spider|Slurp|Preview|Lighthouse|PageSpeed|Monitor|Fetcher|WebPageTest|Inspection|"
                   r"HTTP-Java|Grader|Checkup|scan|SBooksNet|Nutch|Adbeat|Crawler", re.I)
# Where the sources disagree, or a label does not say what the agent is: the label used, and why.
OVERRIDE = {
    "Coast": (BROWSER, "Opera Coast", "browscap types Opera Coast an Application; uap-core, ua-parser-js and WhichBrowser a browser"),
    "Cool Market": (APP, "CoolApk", "WhichBrowser types CoolApk (Cool Market), an app store, a browser: the agent is its web view's"),
    "Weibo": (APP, "Weibo", "browscap types Weibo a Browser; uap-core and ua-parser-js name the Weibo app"),
    "QQ-App": (APP, "QQ", "browscap types the QQ app a Browser (its own label says App)"),
}
# An app's own token in an agent its source labels as a browser (or as a web view of no app).
APP_TOKENS = [("baiduboxapp", "Baidu app"), (r" QQ/\d", "QQ"), ("YaApp", "Yandex app"),
              (r"FBAN/Messenger|FB_IAB/(MESSENGER|Orca)", "Messenger"), (r"FBAN/|FBAV/|FB_IAB/", "Facebook"),
              ("Instagram", "Instagram"), ("MicroMessenger", "WeChat"), (r"GSA/", "Google app"), ("Pinterest", "Pinterest")]
# A browser's own name in an agent its source labels as a web view of no app.
BROWSER_TOKENS = [(r"OPR/", "Opera Mobile"), ("AlohaBrowser", "Aloha Browser"), ("HuohouBrowser", "Huohou Browser"),
                  ("ManagedBrowser", "Intune Managed Browser"), (r"Quark/", "Quark")]
# Agents no browser sends as they are written in the fixture.
DROPPED = {
    "Mozilla/5.0 (iPhone; U; CPU like Mac OS X; en) AppleWebKit/420+":
        "cut short: iPhone OS 1's Safari sent '… (KHTML, like Gecko) Version/3.0 Mobile/1A543a Safari/419.3'",
    "Mozilla/5.0 (iPad; U; CPU like Mac OS X; en) AppleWebKit/420+": "cut short, like the iPhone one",
    "Mozilla/5.0 (iPhone; CPU iPhone OS 12_1_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/16D57/Safari/anaapl":
        "altered: Safari sends Version/ and Safari/<build>, never '/Safari/anaapl'",
    "Mozilla/5.0 (iPad; CPU OS 8_1_2 like Mac OS X) AppleWebKit/600.1.4 (KHTML, like Gecko) Version/8.0 Mobile/12B440 Safari/600.1.4,gzip(gfe)":
        "altered by a Google front end (',gzip(gfe)'): the page's navigator.userAgent never has it",
}


ABOUT = ("In-app browser detection cases, run by Tests/Browser/test_in_app_agents.py in Chromium and WebKit "
         "and by test_in_app_rules.py in Python. Each user agent is copied verbatim from a permissively licensed public "
         "fixture (source, where, licence; SOURCES.md) or, where none holds an app's agent, constructed from one "
         "(source: constructed). 'inapp': the source's verdict (an app's web view, or a browser), what the shares are "
         "measured against; 'family': the app or browser, its spellings merged; 'label': the source's own; 'note': why "
         "the verdict is not the source's label. 'app': what the page does under Tests/Fixtures/in-app-rules.json, the "
         "name its notice gives, or null: it takes the agent for a browser. 'curated': from in-app detection libraries' "
         "fixtures (kept as they are); the others are Tests/Fixtures/in_app_corpus.py's sample of four user-agent "
         "parsers' fixtures.")


def platform(ua: str) -> str | None:
    """As the page decides (trampoline.js: iPhone, iPad or iPod is iOS; else Android)."""
    if re.search(r"iPhone|iPad|iPod", ua):
        return "ios"
    if re.search(r"Android", ua, re.I):
        return "android"
    return None


class Reader:
    def __init__(self, dirs: dict[str, str]):
        self.dirs = dirs

    def git(self, key: str, *args: str) -> str:
        return subprocess.run(["git", "--git-dir", self.dirs[key], *args], capture_output=True, check=True).stdout.decode()

    def show(self, key: str, path: str) -> str:
        return self.git(key, "show", f"{SOURCES[key][1]}:{path}")

    def ls(self, key: str, path: str) -> list[str]:
        return self.git(key, "ls-tree", "-r", "--name-only", SOURCES[key][1], path).split()


def read_pool(reader: Reader) -> list[dict]:
    import yaml  # PyYAML: in Tests/Browser/requirements.txt

    pool = []

    def add(key, path, where, ua, label, kind=None):
        p = platform(ua)
        if not p or not re.match(r"Mozilla/5\.0 |Opera/", ua):
            return
        repo, commit, licence = SOURCES[key]
        pool.append(dict(ua=ua, platform=p, label=label, hint=kind, source=f"{repo}:{path}@{commit}", where=where,
                         licence=licence))

    path = "tests/test_ua.yaml"
    for i, t in enumerate(yaml.safe_load(reader.show("uap-core", path))["test_cases"]):
        add("uap-core", path, f"test_cases[{i}]", t["user_agent_string"], t["family"])
    path = "test/browser-test.json"
    for i, t in enumerate(json.loads(reader.show("ua-parser-js", path))):
        add("ua-parser-js", path, f"[{i}] {t['desc']}", t["ua"], t["expect"]["name"])
    for path in reader.ls("whichbrowser", "tests/data"):
        if not re.match(r"tests/data/(mobile|tablet)/", path):
            continue
        for i, t in enumerate(yaml.safe_load(reader.show("whichbrowser", path)) or []):
            h = t.get("headers")
            if not isinstance(h, str) or not h.startswith("User-Agent: ") or "\n" in h:
                continue
            b = t["result"].get("browser", {}) or {}
            using = b.get("using")
            using = using.get("name") if isinstance(using, dict) else using
            add("whichbrowser", path, f"[{i}]", h[len("User-Agent: "):], b.get("name") or (using and "using " + using),
                b.get("type"))
    entry = re.compile(r"'((?:[^'\\]|\\.)*)' => \[\s*'ua' => '((?:[^'\\]|\\.)*)',\s*'properties' => \[(.*?)\n        \],", re.S)
    for path in reader.ls("browscap", "tests/issues"):
        for m in entry.finditer(reader.show("browscap", path)):
            props = dict(re.findall(r"'(\w+)' => '((?:[^'\\]|\\.)*)'", m.group(3)))
            if "Browser" in props:
                add("browscap", path, m.group(1), re.sub(r"\\(.)", r"\1", m.group(2)), props["Browser"],
                    props.get("Browser_Type"))
    return pool


def classify(x: dict) -> tuple[bool, str, str | None] | None:
    """(in-app?, family, why the label is not the source's own) or None: not a case."""
    ua, label, hint = x["ua"], x["label"], x["hint"]
    if label in SKIP or hint in SKIP_TYPES or ROBOT.search(str(label)) or ua in DROPPED:
        return None
    if not re.search(r"AppleWebKit|Gecko|Presto|Trident", ua, re.I):
        return None  # an app's HTTP client: it renders no page
    # ua-parser-js 1.x gives Baidu's and Yandex's apps and browsers one name each.
    if label == "Baidu":
        return (APP, "Baidu app", None) if "baiduboxapp" in ua else (BROWSER, "Baidu Browser", None)
    if label == "Yandex":
        return (APP, "Yandex app", None) if "YaApp" in ua else (BROWSER, "Yandex Browser", None)
    if label in OVERRIDE:
        return OVERRIDE[label]
    generic = label not in APPS or APPS[label] == "WebView"
    for pattern, app in APP_TOKENS:
        if generic and re.search(pattern, ua):
            return APP, app, f"labelled {label!r} by its source, but carries {app}'s own token"
    if APPS.get(label) == "WebView":
        for pattern, name in BROWSER_TOKENS:
            if re.search(pattern, ua):
                return BROWSER, name, f"labelled {label!r} by its source, but names {name}"
    if label in APPS:
        return APP, APPS[label], None
    if hint and (hint.startswith("app") or hint == "Application"):
        return APP, label, None
    if x["platform"] == "android" and "; wv)" in ua and BROWSERS.get(label, label) == "Android Browser":
        # Android's Compatibility Definition: '; wv)' is the WebView's own marker.
        return APP, "WebView", f"labelled {label!r} by its source, but carries the WebView's '; wv)' and no browser's name"
    return BROWSER, BROWSERS.get(label, label), None


def shape(ua: str) -> tuple:
    """The marks the shapes of web views and browsers differ by (never the rules' own patterns:
    the sample must not follow the rules it tests); the sample takes different ones first."""
    return ("; wv)" in ua, "Version/4.0" in ua, "Chrome/" in ua, bool(re.search(r"Chrome/\d+\.0\.0\.0", ua)),
            "Mobile/" in ua, bool(re.search(r"Safari/[\d.]+$", ua)), ua[-1:] in ")]")


def sample(cases: list[dict]) -> list[dict]:
    groups = defaultdict(list)
    for c in cases:
        groups[(c["source"].split(":")[0], c["family"], c["platform"])].append(c)
    out = []
    for key in sorted(groups):
        items = sorted(groups[key], key=lambda c: c["ua"])
        chosen, seen = [], set()
        for c in items:
            s = shape(c["ua"])
            if s not in seen and len(chosen) < SAMPLE:
                seen.add(s)
                chosen.append(c)
        rest = [c for c in items if c not in chosen]
        while len(chosen) < SAMPLE and rest:
            chosen.append(rest.pop(len(rest) // 2))
        out += sorted(chosen, key=lambda c: items.index(c))
    return out


def write(table: dict) -> None:
    """One case a line."""
    cases = ",\n".join("  " + json.dumps(c, ensure_ascii=False) for c in table["cases"])
    CORPUS.write_text(f'{{\n "about": {json.dumps(table["about"], ensure_ascii=False)},\n "cases": [\n{cases}\n ]\n}}\n',
                      encoding="utf-8")


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--git", action="append", default=[], metavar="NAME=DIR", help=", ".join(SOURCES))
    ap.add_argument("--apps", action="store_true",
                    help="only decide each case's 'app' again from in-app-rules.json (after a change of the rules)")
    args = ap.parse_args(argv)
    rules = in_app_rules.Rules()
    table = json.loads(CORPUS.read_text(encoding="utf-8"))
    if args.apps:
        for c in table["cases"]:
            c["app"] = rules.decide(c["ua"], c["platform"])
        write(table)
        return 0
    dirs = dict(a.split("=", 1) for a in args.git)
    if set(dirs) != set(SOURCES):
        ap.error("give --git NAME=DIR for each of " + ", ".join(SOURCES))
    for c in table["cases"]:
        if "inapp" not in c:  # the cases from before this script: in-app detection libraries' fixtures
            c.update(curated=True, inapp=c["app"] is not None, family=c["app"] or c["label"])
    curated = [c for c in table["cases"] if c.get("curated")]
    known = {c["ua"] for c in curated}
    pool = []
    for x in read_pool(Reader(dirs)):
        c = classify(x)
        if not c or x["ua"] in known:
            continue
        known.add(x["ua"])
        inapp, family, note = c
        case = dict(ua=x["ua"], platform=x["platform"], inapp=inapp, family=family, label=x["label"],
                    source=x["source"], where=x["where"], licence=x["licence"])
        if note:
            case["note"] = note
        pool.append(case)
    cases = curated + sample(pool)
    order = ["ua", "platform", "inapp", "app", "family", "label", "source", "where", "licence", "note", "curated"]
    for i, c in enumerate(cases):
        c["app"] = rules.decide(c["ua"], c["platform"])
        cases[i] = {k: c[k] for k in order if k in c}
    table = {"about": ABOUT, "cases": cases}
    write(table)
    print(f"{len(cases)} cases ({len(curated)} curated, {len(cases) - len(curated)} sampled from {len(pool)})")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
