#!/usr/bin/env python3
"""Long links on the site's own domain (issue #48): the reference reading of `long-links.json`.

Firebase Dynamic Links' long links, `https://go.example.com/?link=<https URL>&ifl=..&st=..`, on the
site's own host: with `site.long_links.allow` in the catalog, the site serves them and the app
libraries resolve them locally. This module is the contract written out in Python, independent of
the Swift, JavaScript and Kotlin implementations, which run the same table:

    python3 Tests/Fixtures/long_links.py --check   # exit 1 if a case's expected value is not this reading's
    python3 Tests/Fixtures/long_links.py --write   # rewrite every expected value from this reading

`resolve_visit(visit, scheme, allow)` takes a visit as path+query (`/?link=…`) and gives None (not
a long link: the home page stays as it is), `{"refused": NAME}` or the result
`{"deep_link", "fallbacks": {"ios", "android", "desktop"}, "title", "description"}`.
`resolve_url(url, host, scheme, allow)` is the app libraries' reading of a whole URL: https on
`host` (no port, no user), then the same steps; it gives None, a refusal or `{"deep_link": …}`.
"""
from __future__ import annotations

import json
import sys
from pathlib import Path

TABLE = Path(__file__).resolve().parent / "long-links.json"

# The names whose values are URLs the visitor is sent to, in the order they are checked.
TARGETS = ("link", "ifl", "afl", "ofl")
# The campaign names copied onto the deep link, in this order.
CAMPAIGN = ("utm_source", "utm_medium", "utm_campaign", "utm_term", "utm_content")
MAX_TARGET_BYTES = 2048
MAX_RESULT_BYTES = 4096
MAX_TITLE = 300
MAX_DESCRIPTION = 1000
BIDI = {0x061C, 0x200E, 0x200F, *range(0x202A, 0x202F), *range(0x2066, 0x206A)}
FORM_KEPT = set(b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789*-._")
HEX = b"0123456789abcdefABCDEF"


def ascii_lower(text: str) -> str:
    return "".join(chr(ord(c) + 32) if "A" <= c <= "Z" else c for c in text)


def form_decode(text: str) -> str | None:
    """application/x-www-form-urlencoded: '+' is a space, then %XX as UTF-8; None if broken."""
    raw = text.encode("utf-8", "surrogatepass")
    out = bytearray()
    i = 0
    while i < len(raw):
        b = raw[i]
        if b == 0x25:  # '%'
            pair = raw[i + 1:i + 3]
            if len(pair) != 2 or pair[0] not in HEX or pair[1] not in HEX:
                return None
            out.append(int(pair, 16))
            i += 3
        else:
            out.append(0x20 if b == 0x2B else b)
            i += 1
    try:
        return out.decode("utf-8", "strict")
    except UnicodeDecodeError:
        return None


def form_encode(text: str) -> str:
    """What URLSearchParams writes: space as '+', A-Z a-z 0-9 * - . _ kept, other bytes %XX (upper case)."""
    out = []
    for b in text.encode("utf-8"):
        if b in FORM_KEPT:
            out.append(chr(b))
        elif b == 0x20:
            out.append("+")
        else:
            out.append("%%%02X" % b)
    return "".join(out)


def parse_query(query: str) -> dict[str, str] | None:
    """Step 2: the first value of each name, decoded; None when any name or value fails to decode."""
    first: dict[str, str] = {}
    for piece in query.split("&"):
        name, sep, value = piece.partition("=")
        dname = form_decode(name)
        dvalue = form_decode(value)
        if dname is None or dvalue is None:
            return None
        if dname not in first:
            first[dname] = dvalue
    return first


def authority_and_rest(url: str) -> tuple[str, str]:
    """After "https://": the authority (up to the first '/', '?', '#' or the end) and the remainder."""
    rest = url[len("https://"):]
    end = len(rest)
    for i, c in enumerate(rest):
        if c in "/?#":
            end = i
            break
    return rest[:end], rest[end:]


def bad_character(c: str, space_allowed: bool) -> bool:
    p = ord(c)
    if p < 0x20 or 0x7F <= p <= 0x9F or p in BIDI:
        return True
    if space_allowed:
        return False
    return p == 0x20 or c == "\\"


def has_dot_segment(target: str) -> bool:
    """4f: a segment of the path (up to the first '?' or '#') that is "." or "..", spelled with %2e or not."""
    _, rest = authority_and_rest(target)
    for i, c in enumerate(rest):
        if c in "?#":
            rest = rest[:i]
            break
    return any(ascii_lower(segment).replace("%2e", ".") in (".", "..") for segment in rest.split("/"))


def allowed_by(target: str, entry: str) -> bool:
    authority, rest = authority_and_rest(target)
    host = ascii_lower(authority)
    if ascii_lower(entry[:8]) == "https://":
        e_authority, e_rest = authority_and_rest(entry)
        # A remainder that is empty or starts with '?' or '#' is the root's: "/" + it, as browsers read it.
        if not rest.startswith("/"):
            rest = "/" + rest
        return ascii_lower(e_authority) == host and rest.startswith(e_rest or "/")
    if entry.startswith("*."):
        suffix = ascii_lower(entry[1:])
        return ":" not in host and host.endswith(suffix) and len(host) > len(suffix)
    return host == ascii_lower(entry)


def acceptable(target: str, allow: list[str]) -> bool:
    if len(target.encode("utf-8")) > MAX_TARGET_BYTES:
        return False
    if any(bad_character(c, space_allowed=False) for c in target):
        return False
    if ascii_lower(target[:8]) != "https://":
        return False
    authority, _ = authority_and_rest(target)
    if not authority or "@" in authority:
        return False
    if has_dot_segment(target):
        return False
    return any(allowed_by(target, entry) for entry in allow)


def shown(text: str | None, limit: int) -> str | None:
    """Step 9: a title or description shown as text, or None."""
    if not text or len(text) > limit or any(bad_character(c, space_allowed=True) for c in text):
        return None
    return text


def deep_query_names(query: str) -> set[str]:
    names = set()
    for piece in query.split("&"):
        name = piece.partition("=")[0]
        decoded = form_decode(name)
        names.add(name if decoded is None else decoded)
    return names


def resolve_visit(visit: str, scheme: str, allow: list[str]) -> dict | None:
    visit = visit.split("#", 1)[0]
    path, question, query = visit.partition("?")
    if path != "/":
        return None
    params = parse_query(query)
    if params is None:
        return None
    link = params.get("link", "")
    if not link:
        return None
    for name in TARGETS:
        value = params.get(name, "")
        if value and not acceptable(value, allow):
            return {"refused": name}
    _, rest = authority_and_rest(link)
    rest = rest.split("#", 1)[0]
    link_path, _, link_query = rest.partition("?")
    deep = scheme + "://" + link_path.lstrip("/") + ("?" + link_query if link_query else "")
    own = deep_query_names(link_query) if link_query else set()
    appended = 0
    for name in CAMPAIGN:
        value = params.get(name, "")
        if not value or name in own:
            continue
        if appended:
            sep = "&"
        elif "?" not in deep:
            sep = "?"
        elif deep.endswith("?") or deep.endswith("&"):
            sep = ""
        else:
            sep = "&"
        deep += sep + form_encode(name) + "=" + form_encode(value)
        appended += 1
    if len(deep.encode("utf-8")) > MAX_RESULT_BYTES:
        return {"refused": "link"}
    return {
        "deep_link": deep,
        "fallbacks": {
            "ios": params.get("ifl") or "store",
            "android": params.get("afl") or "store",
            "desktop": params.get("ofl") or link,
        },
        "title": shown(params.get("st"), MAX_TITLE),
        "description": shown(params.get("sd"), MAX_DESCRIPTION),
    }


def resolve_url(url: str, host: str, scheme: str, allow: list[str]) -> dict | None:
    if ascii_lower(url[:8]) != "https://":
        return None
    authority, rest = authority_and_rest(url)
    if ascii_lower(authority) != ascii_lower(host):
        return None
    # A URL with no path is the root: "https://H?link=…" is the page "/" (as browsers read it).
    if rest == "" or rest[0] in "?#":
        rest = "/" + rest
    result = resolve_visit(rest, scheme, allow)
    if result is None or "refused" in result:
        return result
    return {"deep_link": result["deep_link"]}


def load() -> dict:
    return json.loads(TABLE.read_text(encoding="utf-8"))


def dump(table: dict) -> str:
    return json.dumps(table, indent=1, ensure_ascii=False) + "\n"


def computed(table: dict, case: dict, url: bool) -> dict | None:
    allow = case.get("allow", table["allow"])
    if url:
        return resolve_url(case["url"], table["host"], table["scheme"], allow)
    return resolve_visit(case["visit"], table["scheme"], allow)


def main(argv: list[str]) -> int:
    table = load()
    if argv == ["--write"]:
        for case in table["cases"]:
            case["expected"] = computed(table, case, url=False)
        for case in table["urls"]:
            case["expected"] = computed(table, case, url=True)
        TABLE.write_text(dump(table), encoding="utf-8")
        return 0
    if argv != ["--check"]:
        print(__doc__)
        return 2
    wrong = 0
    names = set()
    for kind, url in (("cases", False), ("urls", True)):
        for case in table[kind]:
            got = computed(table, case, url)
            key = case["url"] if url else case["name"]
            if got != case["expected"]:
                wrong += 1
                print(f"{kind}: {key!r}: expected {case['expected']!r}, the reference gives {got!r}")
            if key in names:
                wrong += 1
                print(f"{kind}: {key!r}: a second case of this name")
            names.add(key)
    if TABLE.read_text(encoding="utf-8") != dump(table):
        wrong += 1
        print(f"{TABLE.name} is not written as json.dumps(indent=1, ensure_ascii=False) writes it")
    print(f"{len(table['cases'])} cases, {len(table['urls'])} urls: {'ok' if not wrong else f'{wrong} wrong'}")
    return 1 if wrong else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
