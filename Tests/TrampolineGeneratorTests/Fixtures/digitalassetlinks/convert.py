#!/usr/bin/env python3
"""Convert Google's Digital Asset Links compatibility tests (text-format
protobuf) into the JSON fixture used by DALTests.

Usage:
    python3 convert.py [REPO_GIT_DIR] > Tests/DALTests/Fixtures/dal-compatibility.json

REPO_GIT_DIR defaults to /work/.mirror/google+digitalassetlinks/repo (a bare
git directory; files are read with `git show HEAD:PATH`).

Only test groups that parse a statement list served by a web site are kept:
every group of 2000-web-statement-list-parsing/*.pb, plus the smoke-test
groups that serve only a web statement list without include directives.
Queries whose source is not the site serving the list (e.g. a 404 probe) are
dropped, because they say nothing about parsing that list.

The text-format parser below is deliberately tiny: it handles exactly the
syntax these files use (messages, scalar fields, repeated fields written as
`name: [a, b]`, adjacent string literal concatenation and `#` comments).
"""

import json
import re
import subprocess
import sys
from urllib.parse import urlsplit

DEFAULT_REPO = "/work/.mirror/google+digitalassetlinks/repo"
SUITE_DIR = "compatibility-tests/v1/2000-web-statement-list-parsing"
SUITE_FILES = [
    f"{SUITE_DIR}/2000-general.pb",
    f"{SUITE_DIR}/2100-relations.pb",
    f"{SUITE_DIR}/2200-web-targets.pb",
    f"{SUITE_DIR}/2300-android-targets.pb",
]
SMOKE_FILE = "compatibility-tests/v1/smoketests.pb"

# Cases this component cannot support, with the reason (kept in the fixture,
# skipped explicitly by the Swift tests).
SKIPS = {}


# --- tiny text-format protobuf parser ---------------------------------------

TOKEN_RE = re.compile(
    r"""
    (?P<ws>\s+|\#[^\n]*)
  | (?P<str>'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*")
  | (?P<punct>[{}\[\]:,;<>])
  | (?P<word>[A-Za-z_][A-Za-z0-9_.]*|-?[0-9][0-9.eE+-]*)
    """,
    re.VERBOSE,
)

ESCAPES = {"n": "\n", "t": "\t", "r": "\r", "'": "'", '"': '"', "\\": "\\",
           "a": "\a", "b": "\b", "f": "\f", "v": "\v"}


def unescape(literal):
    body, out, i = literal[1:-1], [], 0
    while i < len(body):
        c = body[i]
        if c != "\\":
            out.append(c)
            i += 1
            continue
        n = body[i + 1]
        if n in ESCAPES:
            out.append(ESCAPES[n])
            i += 2
        elif n in "01234567":  # octal escape, up to 3 digits
            m = re.match(r"[0-7]{1,3}", body[i + 1:])
            out.append(chr(int(m.group(0), 8)))
            i += 1 + len(m.group(0))
        elif n in "xX":
            m = re.match(r"[0-9a-fA-F]{1,2}", body[i + 2:])
            out.append(chr(int(m.group(0), 16)))
            i += 2 + len(m.group(0))
        else:
            raise ValueError(f"unsupported escape \\{n} in {literal!r}")
    return "".join(out)


def tokenize(text):
    pos, tokens = 0, []
    while pos < len(text):
        m = TOKEN_RE.match(text, pos)
        if not m:
            raise ValueError(f"cannot tokenize at {text[pos:pos + 40]!r}")
        pos = m.end()
        kind = m.lastgroup
        if kind == "ws":
            continue
        if kind == "str":
            # Adjacent string literals concatenate, as in C.
            value = unescape(m.group(0))
            if tokens and tokens[-1][0] == "str":
                tokens[-1] = ("str", tokens[-1][1] + value)
            else:
                tokens.append(("str", value))
        else:
            tokens.append((kind, m.group(0)))
    return tokens


class Parser:
    def __init__(self, tokens):
        self.tokens, self.i = tokens, 0

    def peek(self):
        return self.tokens[self.i] if self.i < len(self.tokens) else (None, None)

    def take(self, value=None):
        tok = self.peek()
        if value is not None and tok[1] != value:
            raise ValueError(f"expected {value!r}, got {tok!r}")
        self.i += 1
        return tok

    def message(self, closer=None):
        """Parse fields until `closer`; every field becomes a list (repeated-safe)."""
        fields = {}
        while True:
            kind, value = self.peek()
            if kind is None or value == closer:
                if closer:
                    self.take(closer)
                return fields
            if value in (",", ";"):
                self.take()
                continue
            name = self.take()[1]
            if self.peek()[1] == ":":
                self.take(":")
            fields.setdefault(name, []).extend(self.value())

    def value(self):
        kind, value = self.peek()
        if value in ("{", "<"):
            self.take()
            return [self.message("}" if value == "{" else ">")]
        if value == "[":
            self.take()
            items = []
            while self.peek()[1] != "]":
                if self.peek()[1] == ",":
                    self.take()
                    continue
                items.extend(self.value())
            self.take("]")
            return items
        self.take()
        if kind == "str":
            return [value]
        if value in ("true", "false"):
            return [value == "true"]
        return [value]  # enum identifier or number, kept as text


def parse_textproto(text):
    return Parser(tokenize(text)).message()


# --- conversion ----------------------------------------------------------------

def one(fields, name, default=None):
    values = fields.get(name, [])
    if len(values) > 1:
        raise ValueError(f"field {name} is repeated: {values!r}")
    return values[0] if values else default


def convert_asset(asset):
    if asset is None:
        return None
    if "web" in asset:
        return {"web": {"site": one(one(asset, "web"), "site", "")}}
    if "android_app" in asset:
        app = one(asset, "android_app")
        cert = one(app, "certificate", {})
        return {"android_app": {"package_name": one(app, "package_name", ""),
                                "sha256_fingerprint": one(cert, "sha256_fingerprint", "")}}
    raise ValueError(f"unknown asset {asset!r}")


def origin(site):
    """Canonical (scheme, host, port) used only to match query sources."""
    parts = urlsplit(site)
    scheme = parts.scheme.lower()
    port = parts.port or {"http": 80, "https": 443}[scheme]
    return scheme, parts.hostname.rstrip("."), port


def convert_group(group, path):
    name = one(group, "name")
    case_id = name.split(":", 1)[0].strip()
    if group.get("android_content"):
        return None, f"{case_id}: serves an Android APK statement list"
    lists = [w for w in group.get("web_content", [])
             if one(w, "url").endswith("/.well-known/assetlinks.json")]
    if len(lists) != 1:
        return None, f"{case_id}: expected exactly one assetlinks.json"
    root = lists[0]
    root_url = one(root, "url")
    site = root_url[: -len("/.well-known/assetlinks.json")]
    hosted = [{"url": one(w, "url"), "body": one(w, "body")}
              for w in group.get("web_content", []) if w is not root]
    body = one(root, "body")
    if path == SMOKE_FILE and '"include"' in body:
        return None, f"{case_id}: needs include-file fetching (out of scope)"

    dropped = []

    def relevant(query):
        source = convert_asset(one(one(query, "request"), "source"))
        if source and "web" in source and origin(source["web"]["site"]) == origin(site):
            return True
        dropped.append(f"{case_id}: query '{one(query, 'name')}' (other source)")
        return False

    def common(query):
        return {
            "name": one(query, "name") or "(unnamed query)",
            "outcome": one(query, "outcome", "TEST_OUTCOME_UNSPECIFIED"),
            "error_message_regex": one(query, "error_message_regex"),
            "error_codes": query.get("error_code", []),
        }

    checks = []
    for q in group.get("check_statements_tests", []):
        if not relevant(q):
            continue
        request = one(q, "request")
        entry = common(q)
        entry.update({
            "relation": one(request, "relation", ""),
            "target": convert_asset(one(request, "target")),
            # proto2 optional bool: absent means "not linked".
            "linked": bool(one(q, "response", False)),
        })
        checks.append(entry)

    list_queries = []
    for q in group.get("list_statements_tests", []):
        if not relevant(q):
            continue
        request = one(q, "request")
        entry = common(q)
        entry.update({
            "relation": one(request, "relation"),
            "statements": [{"relation": one(s, "relation"),
                            "target": convert_asset(one(s, "target"))}
                           for s in q.get("response", [])],
        })
        list_queries.append(entry)

    outcomes = {q["outcome"] for q in checks + list_queries}
    if len(outcomes) != 1:
        raise ValueError(f"{case_id}: mixed outcomes {outcomes}")
    case = {
        "id": case_id,
        "name": name,
        "file": path,
        "site": site,
        "statement_list": body,
        "hosted": hosted,
        "expected_outcome": outcomes.pop(),
        "check_queries": checks,
        "list_queries": list_queries,
    }
    if case_id in SKIPS:
        case["skip_reason"] = SKIPS[case_id]
    return case, dropped


def git_show(repo, path):
    return subprocess.run(["git", "-C", repo, "show", f"HEAD:{path}"],
                          check=True, capture_output=True, text=True).stdout


def main():
    repo = sys.argv[1] if len(sys.argv) > 1 else DEFAULT_REPO
    commit = subprocess.run(["git", "-C", repo, "rev-parse", "HEAD"], check=True,
                            capture_output=True, text=True).stdout.strip()
    cases, notes = [], []
    for path in SUITE_FILES + [SMOKE_FILE]:
        suite = parse_textproto(git_show(repo, path))
        for group in suite.get("test_group", []):
            case, info = convert_group(group, path)
            if case is None:
                notes.append(info)
            else:
                cases.append(case)
                notes.extend(info)
    fixture = {
        "source": {
            "repository": "https://github.com/google/digitalassetlinks",
            "commit": commit,
            "license": "Apache-2.0",
            "files": SUITE_FILES + [SMOKE_FILE],
        },
        "excluded": notes,
        "cases": cases,
    }
    json.dump(fixture, sys.stdout, indent=2, ensure_ascii=False)
    sys.stdout.write("\n")
    print(f"converted {len(cases)} cases; {len(notes)} exclusions", file=sys.stderr)


if __name__ == "__main__":
    main()
