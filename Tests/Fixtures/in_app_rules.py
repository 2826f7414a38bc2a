#!/usr/bin/env python3
"""The in-app browser rules (`in-app-rules.json`) compiled, and run.

The table is the one place the rules live. This module compiles it into what the pages run and
what the docs show, and evaluates it in Python for the tests:

- `Templates/trampoline.js`, the line `inApp = …` (every page: the apps' inline tokens and the
  platforms' web-view shapes; a yes there loads trampoline-more.js before anything is done);
- `Templates/trampoline-more.js`, between `BEGIN in-app rules` and `END in-app rules` (the apps'
  names in order, and the browsers' names);
- `docs/in-app-browsers.md`, between `<!-- BEGIN in-app rules -->` and `<!-- END in-app rules -->`;
- `Sources/TrampolineStats/InAppRules.swift`, whole (what `trampoline stats` counts as in-app).

    python3 Tests/Fixtures/in_app_rules.py           # exit 1 if a file is not the table's
    python3 Tests/Fixtures/in_app_rules.py --write   # rewrite the three places from the table

The patterns are JavaScript regular expressions that Python's `re` reads the same way (no
lookbehind, no named groups, no flags but `i`); `decide` is the pages' decision, in Python.
"""
from __future__ import annotations

import json
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
TABLE = Path(__file__).resolve().parent / "in-app-rules.json"
SCRIPT = ROOT / "Templates" / "trampoline.js"
MORE = ROOT / "Templates" / "trampoline-more.js"
DOCS = ROOT / "docs" / "in-app-browsers.md"
SWIFT = ROOT / "Sources" / "TrampolineStats" / "InAppRules.swift"


def load(path: Path = TABLE) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


def _join(patterns: list[str]) -> str:
    return "|".join(patterns)


def _shapes(table: dict, platform: str) -> str:
    return _join([s["pattern"] for s in table["shapes"] if s["platform"] == platform])


def inline_tokens(table: dict) -> str:
    return _join([a["inline"] for a in table["apps"] if a.get("inline")])


def browsers(table: dict) -> str:
    return _join([b["pattern"] for b in table["browsers"]])


def _py(pattern: str, flags: int = 0) -> re.Pattern:
    # JavaScript's "\/" is "/" to Python too; nothing else differs in these patterns.
    return re.compile(pattern, flags)


class Rules:
    """The table, compiled once: `decide(ua, platform)` is what a link page does."""

    def __init__(self, table: dict | None = None):
        self.table = table or load()
        t = self.table
        self.inline = _py(inline_tokens(t))
        self.ios_browser = _py(_shapes(t, "ios"))
        self.android_webview = _py(_shapes(t, "android"))
        self.apps = [(a["name"], _py(a["pattern"])) for a in t["apps"]]
        self.browsers = _py(browsers(t), re.I)

    def maybe(self, ua: str, platform: str) -> bool:
        """trampoline.js: an app's inline token, or a web view's shape for the platform."""
        if self.inline.search(ua):
            return True
        if platform == "ios":
            return not self.ios_browser.search(ua)
        if platform == "android":
            return bool(self.android_webview.search(ua))
        return False

    def app(self, ua: str) -> str | None:
        """trampoline-more.js's T.app: the app's name, None for a browser, else "an app"."""
        for name, pattern in self.apps:
            if pattern.search(ua):
                return name
        return None if self.browsers.search(ua) else "an app"

    def decide(self, ua: str, platform: str) -> str | None:
        """The name the notice gives, or None: the page takes the agent for a browser.
        `platform` is what the page works out: "ios" (iPhone, iPad, iPod), "android", else
        "desktop"."""
        return self.app(ua) if self.maybe(ua, platform) else None


# --- the three compiled places ------------------------------------------------------------

SCRIPT_LINE = re.compile(r"^( *)inApp = .*$", re.M)
MORE_BLOCK = re.compile(r"// BEGIN in-app rules[^\n]*\n(.*?)^ *// END in-app rules", re.S | re.M)
DOCS_BLOCK = re.compile(r"<!-- BEGIN in-app rules[^\n]*-->\n(.*?)^<!-- END in-app rules -->", re.S | re.M)


def script_line(table: dict) -> str:
    return (f"inApp = /{inline_tokens(table)}/.test(ua) || (ios ? !/{_shapes(table, 'ios')}/.test(ua) : "
            f"android && /{_shapes(table, 'android')}/.test(ua)),")


def more_block(table: dict, indent: str = "  ") -> str:
    apps = f",\n{indent}  ".join(f"[{json.dumps(a['name'])}, /{a['pattern']}/]" for a in table["apps"])
    return (f"{indent}var APPS = [{apps}],\n"
            f"{indent}  BROWSERS = /{browsers(table)}/i;\n")


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def docs_block(table: dict) -> str:
    rows = ["| rule | matches | source | errs toward |", "| --- | --- | --- | --- |"]
    for s in table["shapes"]:
        what = "a browser" if s["means"] == "browser" else "a web view"
        rows.append(f"| {s['platform']}: {what} by its shape | `{_cell(s['pattern'])}` | {_cell(s['source'])} | "
                    f"{_cell(s['errs'])} |")
    for a in table["apps"]:
        token = f"`{_cell(a['pattern'])}`" + (f" (inline: `{_cell(a['inline'])}`)" if a.get("inline") else "")
        rows.append(f"| app: {_cell(a['name'])} | {token} | {_cell(a['source'])} | the notice (above) |")
    for b in table["browsers"]:
        rows.append(f"| browser: {_cell(b['name'])} | `{_cell(b['pattern'])}` (any case) | {_cell(b['source'])} | "
                    f"the browser (above) |")
    return "\n".join(rows) + "\n"


def _raw(pattern: str) -> str:
    assert '"#' not in pattern, pattern
    return '#"' + pattern + '"#'


def swift_file(table: dict) -> str:
    def array(patterns: list[str]) -> str:
        # As swift-format writes it: a trailing comma only after more than one item.
        items = ",\n".join(f"        {_raw(x)}" for x in patterns)
        return "[\n" + items + ("," if len(patterns) > 1 else "") + "\n    ]"
    inline = [a["inline"] for a in table["apps"] if a.get("inline")]
    ios = [x["pattern"] for x in table["shapes"] if x["platform"] == "ios"]
    android = [x["pattern"] for x in table["shapes"] if x["platform"] == "android"]
    return f"""// Generated from Tests/Fixtures/in-app-rules.json by Tests/Fixtures/in_app_rules.py --write: edit the
// table, not this file.

/// The pages' in-app browser rules (docs/in-app-browsers.md), as `trampoline stats` applies them
/// to a log's user agents (``AgentClassifier``): the same decision as the page's. Each list is
/// one regular expression, its items joined by `|`.
enum InAppRules {{
    /// The apps' inline tokens (trampoline.js).
    static let inlineTokens = {array(inline)}
    /// iOS: a browser's shape (an agent without it is a web view's).
    static let iosBrowserShape = {array(ios)}
    /// Android: a web view's shape.
    static let androidWebViewShape = {array(android)}
    /// The apps' patterns, in order (trampoline-more.js).
    static let apps = {array([x["pattern"] for x in table["apps"]])}
    /// The browsers' names, matched in any case.
    static let browsers = {array([x["pattern"] for x in table["browsers"]])}
}}
"""


def compiled(table: dict) -> dict[Path, str]:
    """Each file as the table makes it (from the file as it is on disk)."""
    out = {}
    text = SCRIPT.read_text(encoding="utf-8")
    assert len(SCRIPT_LINE.findall(text)) == 1, f"{SCRIPT}: no single 'inApp = ' line"
    out[SCRIPT] = SCRIPT_LINE.sub(lambda m: m.group(1) + script_line(table), text)
    text = MORE.read_text(encoding="utf-8")
    m = MORE_BLOCK.search(text)
    assert m, f"{MORE}: no BEGIN/END in-app rules block"
    indent = re.match(r" *", text[text.rfind("\n", 0, m.start()) + 1:]).group(0)
    out[MORE] = text[:m.start(1)] + more_block(table, indent) + text[m.end(1):]
    text = DOCS.read_text(encoding="utf-8")
    m = DOCS_BLOCK.search(text)
    assert m, f"{DOCS}: no BEGIN/END in-app rules block"
    out[DOCS] = text[:m.start(1)] + docs_block(table) + text[m.end(1):]
    out[SWIFT] = swift_file(table)
    return out


def stale(table: dict | None = None) -> list[Path]:
    """The files that are not the table's compiled form."""
    return [path for path, text in compiled(table or load()).items()
            if not path.exists() or path.read_text(encoding="utf-8") != text]


def main(argv: list[str]) -> int:
    table = load()
    if argv == ["--write"]:
        for path, text in compiled(table).items():
            if not path.exists() or path.read_text(encoding="utf-8") != text:
                path.write_text(text, encoding="utf-8")
                print(f"wrote {path.relative_to(ROOT)}")
        return 0
    if argv:
        print(__doc__)
        return 2
    old = stale(table)
    for path in old:
        print(f"{path.relative_to(ROOT)} is not in-app-rules.json's: run {Path(__file__).relative_to(ROOT)} --write")
    return 1 if old else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
