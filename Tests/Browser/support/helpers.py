"""Small helpers the tests share: JavaScript's ``encodeURIComponent``, polling until a condition
holds, splitting a deep link into base and query pairs, the deferred link a page must produce
(computed from the catalog independently of the tool), and checking and removing the ``tl_t``
marker the pages append to it."""
from __future__ import annotations

import time
import urllib.parse

from .browser import BaseBrowser
from .constants import MARKER
from .sites import Site


def encode_uri_component(s: str) -> str:
    """JavaScript's encodeURIComponent."""
    return urllib.parse.quote(s, safe="-_.!~*'()")


def wait_until(predicate, timeout: float, interval: float = 0.05):
    deadline = time.monotonic() + timeout
    while True:
        value = predicate()
        if value or time.monotonic() > deadline:
            return value
        time.sleep(interval)


def split_link(link: str) -> tuple[str, list[tuple[str, str]]]:
    """'marry://topic?id=1&a=b' -> ('marry://topic', [('id','1'), ('a','b')])."""
    base, _, query = link.partition("?")
    return base, urllib.parse.parse_qsl(query, keep_blank_values=True)


def expected_deferred(site: Site, path: str, visited_query: str = "") -> tuple[str, dict[str, str]]:
    """Independent computation of the run-time deferred link (base, params) from the catalog."""
    eff = site.link(path)
    deep = eff.get("deep_link") or f"{site.catalog['app']['ios']['scheme']}://{path.lstrip('/')}"
    base, own = split_link(deep)
    params = dict(own)
    own_keys = set(params)
    for k, v in (eff.get("campaign") or {}).items():
        params.setdefault(k, str(v))
    if eff.get("forward_query", True) and visited_query:
        for k, v in urllib.parse.parse_qsl(visited_query, keep_blank_values=True):
            if k not in own_keys and k != MARKER:  # a visitor's tl_t is never forwarded
                params[k] = v
    return base, params


def strip_marker(link: str, b: BaseBrowser) -> str:
    """A deferred link from the clipboard or the cookie, without the marker the pages append for
    the app library: asserts that ``tl_t=<Unix seconds>`` is there once, last in the query, and
    dated while browser ``b`` has been running; returns the link as it was before the marker."""
    base, sep, fragment = link.partition("#")
    head, _, query = base.partition("?")
    pairs = query.split("&") if query else []
    assert pairs and pairs[-1].startswith(MARKER + "="), f"no {MARKER}= marker last in {link!r}"
    assert [p.split("=")[0] for p in pairs].count(MARKER) == 1, f"{MARKER} repeated in {link!r}"
    stamp = pairs[-1][len(MARKER) + 1:]
    assert stamp.isdigit() and int(b.started) <= int(stamp) <= time.time() + 1, (
        f"marker {stamp!r} outside the test's window [{b.started:.0f}, {time.time():.0f}]")
    rest = "&".join(pairs[:-1])
    return head + ("?" + rest if rest else "") + sep + fragment
