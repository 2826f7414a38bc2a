"""Long links on the site's own domain (issue #48): Firebase Dynamic Links'
``https://go.example.com/?link=<https URL>&ifl=..&afl=..&ofl=..&st=..&sd=..&utm_source=..``, which
the site serves when its catalog has ``site.long_links.allow``. The rules are the shared table's,
``Tests/Fixtures/long-links.json`` (``long_links.py`` reads it in Python); the page runs them in
``Templates/trampoline-long-link.js``.

Three parts, each in Chromium (iPhone profile) and WebKit (iPhone Safari agent):

* the table: every case through ``window.trampolineLongLink.resolve``, the script as written, on a
  harness page served here (no generator involved);
* the page part, on a long-link page made here to the contract the generator writes to (the data
  element with ``route``, ``fill: "long-link"`` and ``long: {scheme, allow, refused, home}``, an
  h1, the button ``#trampoline-open``, the script loaded after them): the visited URL goes back
  in the address bar, the page data gets the deep link and the fallbacks, st and sd are shown as
  text only, a refused target leaves only the notice and the way home, anything else goes home;
* end to end on ``catalogs/long-links.yml`` built by the real binary and served over HTTPS (the
  targets must be https, so the allowlist names the test server's own ``/web/`` pages): the
  home page hands ``/?link=…`` to ``/_long-link/``, the address bar shows the visited URL again,
  the page attempts exactly the deep link the table's rules give, then falls back to the store
  (or ifl) with the cookie and the clipboard carrying that link; every target outside the
  allowlist gets the notice and nothing happens; a desktop goes to ofl, else to link. These
  tests skip, saying why, while the binary rejects ``site.long_links``.
"""
from __future__ import annotations

import json
import re
import subprocess
import sys
import time
import urllib.parse

import pytest
from jsmin import jsmin

from support import (ANDROID, CHROMIUM_IPHONE, DESKTOP, ENGINES, IPHONE, REPO, ChromiumBrowser, Recorder,
                     SiteServer, build_site, catalog_text, encode_uri_component as enc, make_driver, make_webkit,
                     strip_marker, trampoline_binary, wait_until)

FIXTURES = REPO / "Tests" / "Fixtures"
sys.path.insert(0, str(FIXTURES))
import long_links  # noqa: E402

TABLE = json.loads((FIXTURES / "long-links.json").read_text(encoding="utf-8"))
SCRIPT = REPO / "Templates" / "trampoline-long-link.js"
SCHEME = "marry"
DATA = re.compile(r'<script type="application/json" id="trampoline-data">(.*?)</script>', re.S)
# Markup, quotes and an event handler: shown as text, never as HTML.
TITLE = 'Spring <b>sale</b> & "more" <img src=x onerror=alert(1)>'
DESCRIPTION = "Line one & <i>two</i>\\three"


def text_of(b, selector: str):
    return b.js("var e = document.querySelector(arguments[0]); return e && e.textContent", selector)


def navigations(b) -> list[str]:
    """Every navigation the page asked for since the last reset_logs (either engine)."""
    if isinstance(b, ChromiumBrowser):
        b.pump()
        return [m["params"].get("url", "") for m in b.perf if m.get("method") == "Page.frameRequestedNavigation"]
    return [e["url"] for e in b._events() if e["event"] == "navigation"]


def new_engine_browser(engine: str, origins: list[str], request, tmp_path_factory):
    """A fresh iPhone browser of ``engine`` for a server of this module."""
    if engine == CHROMIUM_IPHONE:
        return make_driver(IPHONE, origins)
    return make_webkit(request.getfixturevalue("webkit_display"), tmp_path_factory.mktemp("webkit-long-links"))


# --------------------------------------------------------------------------------------
# The table and the page part: a harness served here, no generator
# --------------------------------------------------------------------------------------

HARNESS = """<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>harness</title>
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; script-src 'self'">
<script src="/trampoline-long-link.js"></script></head><body><p>harness</p></body></html>
"""
# What the generator's long-link page holds (its layout, trimmed): the data, the h1 and the
# button, then the script (trampoline.js loads it there). No trampoline.js here: this checks what
# the script leaves for its second run, not that run.
LONG_PAGE = """<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Opening Marry</title>
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; script-src 'self'">
</head><body><main><div class="card"><h1>Opening Marry</h1>
<p><a id="trampoline-open" class="button" href="/store">Open in Marry</a></p></div></main>
<script type="application/json" id="trampoline-data">{data}</script>
<script src="/trampoline-long-link.js"></script></body></html>
"""
NOTICE = "This link cannot be opened here."
HOME = "Go to the home page"


def page_base(origin: str) -> dict:
    """The link-page data of the hand-made long-link page, before the script."""
    return {"behaviour": "redirect", "deferredLink": SCHEME + "://", "fixed": [], "store": origin + "/store",
            "web": None, "fallback": "store", "delay": 1500, "deferred": ["clipboard", "cookie"],
            "cookieName": "__Host-deferredDeepLink", "cookieDays": 1, "forwardQuery": True, "android": "store"}


def harness_allow(origin: str) -> list[str]:
    return [origin + "/web/", "example.com", "*.example.org"]


def page_after(origin: str, **changes) -> dict:
    """What the script leaves in the hand-made page's data for an opened long link: no route,
    fill or long; forwardQuery off; "web" only when a fallback page was given."""
    data = dict(page_base(origin), forwardQuery=False)
    del data["web"]
    data.update(changes)
    return data


@pytest.fixture(scope="module")
def harness(tls_context, tmp_path_factory):
    """HTTPS on 127.0.0.1: ``/`` the table harness, ``/_long-link/`` the hand-made long-link
    page (allowlist: this server's /web/, example.com, *.example.org),
    ``/trampoline-long-link.js`` the template as written."""
    root = tmp_path_factory.mktemp("long-link-harness")
    server = SiteServer(Recorder(), tls=tls_context)
    try:
        (root / "trampoline-long-link.js").write_bytes(SCRIPT.read_bytes())
        (root / "index.html").write_text(HARNESS, encoding="utf-8")
        data = dict(page_base(server.origin), route=1, fill="long-link",
                    long={"scheme": SCHEME, "allow": harness_allow(server.origin),
                          "refused": NOTICE, "home": HOME})
        (root / "_long-link").mkdir()
        (root / "_long-link" / "index.html").write_text(LONG_PAGE.format(data=json.dumps(data)), encoding="utf-8")
        server.httpd.site_root = str(root)
        yield server
    finally:
        server.stop()


@pytest.fixture(scope="module", params=ENGINES)
def harness_phone(request, harness, tmp_path_factory):
    """One iPhone browser per engine for the harness (nothing here keeps state between tests)."""
    b = new_engine_browser(request.param, [harness.origin], request, tmp_path_factory)
    yield b
    b.quit()


def test_resolve_agrees_with_the_shared_table(harness, harness_phone):
    """Every case of Tests/Fixtures/long-links.json through the page's resolve, compared exactly."""
    b = harness_phone
    b.get(harness.origin + "/")
    assert wait_until(lambda: b.js("return typeof window.trampolineLongLink") == "object", 5)
    cases = TABLE["cases"]
    assert len(cases) >= 50, "the shared table looks truncated"
    got = b.js("return arguments[0].map(function (c) { return window.trampolineLongLink.resolve(c[0], c[1], c[2]); })",
               [[c["visit"], c.get("allow", TABLE["allow"]), TABLE["scheme"]] for c in cases])
    assert len(got) == len(cases)
    wrong = [(c["name"], c["visit"], c["expected"], g) for c, g in zip(cases, got) if g != c["expected"]]
    assert not wrong, "\n".join(f"{n}: {v!r}\n  expected {e!r}\n  got      {g!r}" for n, v, e, g in wrong)
    # Every kind of answer is in the table: a script that answers null to everything cannot pass.
    kinds = {"none" if c["expected"] is None else c["expected"].get("refused", "opened") for c in cases}
    assert {"none", "opened", "link", "ifl", "afl", "ofl"} <= kinds, kinds


# Beyond the table: visits where only one rule decides, checked against the Python reading
# (long_links.resolve_visit), with an allowlist of the kinds the table's lacks.
EXTRA_ALLOW = ["https://root.example", "HTTPS://Up.Example:8443/a/", "*.example.org", "kelvin.example"]
EXTRA_VISITS = [
    "/?link=" + enc("https://\u212aelvin.example/x"),  # the Kelvin sign is not a "k"
    "/?link=" + enc("https://KELVIN.example/x"),
    "/?link=" + enc("https://root.example"),  # a URL prefix without a path: "" is "/"
    "/?link=" + enc("https://root.example?q=1"),
    "/?link=" + enc("https://root.example/"),
    "/?link=" + enc("https://up.example:8443/a/b?utm_source=own") + "&utm_source=x&utm_medium=y",
    "/?link=" + enc("https://up.example:8443/A/b"),
    "/?link=" + enc("https://up.example/a/b"),
    "/?link=" + enc("https://a.example.org:8443/"),  # a host pattern takes no port
    "/?link=" + enc("https://a.example.org/") + "&ifl=" + enc("https://example.org/"),
    "/?__proto__=1&constructor=2&link=" + enc("https://a.example.org/p?x=1&") + "&utm_term=%F0%9F%98%80+%2A~",
    "/?link=" + enc("https://a.example.org/p?%zz=1&utm_term=1") + "&utm_term=2",
]


def test_resolve_agrees_with_the_reference_beyond_the_table(harness, harness_phone):
    b = harness_phone
    b.get(harness.origin + "/")
    assert wait_until(lambda: b.js("return typeof window.trampolineLongLink") == "object", 5)
    got = b.js("var a = arguments[1]; return arguments[0].map(function (v) {"
               " return window.trampolineLongLink.resolve(v, a, 'marry'); })", EXTRA_VISITS, EXTRA_ALLOW)
    expected = [long_links.resolve_visit(v, SCHEME, EXTRA_ALLOW) for v in EXTRA_VISITS]
    assert {"refused" if e and "refused" in e else "none" if e is None else "opened" for e in expected} == \
        {"refused", "opened"}
    wrong = [(v, e, g) for v, e, g in zip(EXTRA_VISITS, expected, got) if e != g]
    assert not wrong, "\n".join(f"{v!r}\n  expected {e!r}\n  got      {g!r}" for v, e, g in wrong)


def long_page_url(origin: str, visit: str) -> str:
    """The long-link page as the home page hands a visit over (trampoline-route.js's go())."""
    return origin + "/_long-link/?tl_p=" + enc(visit)


def test_an_opened_long_link_fills_the_page_data_in(harness, harness_phone):
    b = harness_phone
    o = harness.origin
    link = o + "/web/item/42?color=red#top"
    visit = ("/?link=" + enc(link) + "&ifl=" + enc(o + "/web/ios") + "&st=" + enc(TITLE) + "&sd=" + enc(DESCRIPTION)
             + "&utm_source=x&apn=com.evil&si=" + enc("https://evil.example/i.png"))
    b.get(long_page_url(o, visit))
    # The visited URL is back in the address bar.
    assert wait_until(lambda: b.driver.current_url == o + visit, 5), b.driver.current_url
    assert b.page_data() == page_after(o, deferredLink="marry://web/item/42?color=red&utm_source=x",
                                       fixed=["color", "utm_source"], fallback="web", web=o + "/web/ios", desktop=link)
    # st and sd as text: the markup is characters, no element, no handler.
    assert text_of(b, "h1") == TITLE == b.driver.title
    assert text_of(b, "h1 + p") == DESCRIPTION
    assert b.js("return document.querySelectorAll('h1 *, h1 + p *, img[src=x], [onerror]').length") == 0
    assert b.alert_text() is None
    assert not b.js("return document.getElementById('trampoline-open').parentNode.hidden")
    # Without the hand-over (the page visited with the long link's own query): the same reading.
    b.get(o + "/_long-link/?link=" + enc(o + "/web/a") + "&afl=" + enc(o + "/web/android"))
    assert b.page_data() == page_after(o, deferredLink="marry://web/a", android="web", desktop=o + "/web/a")
    assert text_of(b, "h1") == "Opening Marry"


@pytest.mark.parametrize("query", [
    "link=https%3A%2F%2Fevil.example%2Fweb%2F",
    "link=javascript%3Aalert(document.domain)%2F%2Fexample.com",
    "link=%2F%2Fevil.example%2Fweb%2F",
    "link=https%3A%2F%2Fexample.com%40evil.example%2F",
    # Where only the rule "no '@' in the authority" refuses: the subdomain pattern would take it.
    "link=https%3A%2F%2Fevil%40a.example.org%2F",
    "link=https%3A%2F%2Fexample.com%2Fa&ofl=https%3A%2F%2Fevil.example%2F",
    "link=https%3A%2F%2Fexample.com%2Fa%2F..%2Fevil",
], ids=["another-host", "javascript", "scheme-relative", "userinfo", "userinfo-subdomain", "ofl", "dot-segment"])
def test_a_refused_long_link_leaves_only_the_notice(harness, harness_phone, query):
    b = harness_phone
    o = harness.origin
    visit = "/?" + query + "&st=" + enc("EVIL title") + "&sd=EVIL"
    assert "refused" in long_links.resolve_visit(visit, SCHEME, harness_allow(o))
    b.reset_logs()
    b.get(long_page_url(o, visit))
    assert wait_until(lambda: text_of(b, "h1") == NOTICE, 5), text_of(b, "h1")
    assert b.driver.current_url == o + visit
    # trampoline.js, run again, would find no data: the page does nothing.
    assert b.js("return document.getElementById('trampoline-data')") is None
    assert b.js("return document.getElementById('trampoline-open').parentNode.hidden") is True
    assert b.js("return [].map.call(document.querySelectorAll('a:not(#trampoline-open)'),"
                " function (a) { return [a.getAttribute('href'), a.textContent]; })") == [["/", HOME]]
    # Nothing from the visited URL is in the page.
    body = b.js("return document.body.textContent + document.title")
    assert "evil" not in body.lower() and "javascript" not in body, body
    assert b.alert_text() is None
    assert all(u.startswith(o + "/") for u in navigations(b)), navigations(b)


@pytest.mark.parametrize("visit", ["/?link=", "/?link=%zz", "/?ifl=" + enc("https://example.com/"), "/",
                                   "/x?link=" + enc("https://example.com/")])
def test_what_is_not_a_long_link_goes_home(harness, harness_phone, visit):
    b = harness_phone
    b.get(long_page_url(harness.origin, visit))
    assert wait_until(lambda: b.driver.current_url == harness.origin + "/", 5), b.driver.current_url


def test_a_hand_over_that_is_not_a_long_link_is_not_put_in_the_address_bar(harness, harness_phone):
    """tl_p is taken only when it starts with "/?": anything else names no long link (the page's
    own query has none), and the page goes home."""
    b = harness_phone
    b.get(harness.origin + "/_long-link/?tl_p=" + enc("//evil.example/?link=" + enc("https://example.com/")))
    assert wait_until(lambda: b.driver.current_url == harness.origin + "/", 5), b.driver.current_url


def test_an_android_phone_gets_afl_as_its_web_fallback(harness):
    """The page data an Android phone gets (Chromium, Pixel profile): afl is its web page, and the
    Android app's fallback becomes that page."""
    b = make_driver(ANDROID, [harness.origin])
    try:
        o = harness.origin
        link = o + "/web/item/1"
        visit = "/?link=" + enc(link) + "&ifl=" + enc(o + "/web/ios") + "&afl=" + enc(o + "/web/android")
        b.get(long_page_url(o, visit))
        assert b.page_data() == page_after(o, deferredLink="marry://web/item/1", fallback="web", android="web",
                                           web=o + "/web/android", desktop=link)
    finally:
        b.quit()


# --------------------------------------------------------------------------------------
# End to end: catalogs/long-links.yml built by the real binary
# --------------------------------------------------------------------------------------

def _code_only(script: str) -> str:
    return re.sub(r"\s+", "", script)


@pytest.fixture(scope="module")
def long_site(tls_context, tmp_path_factory):
    """catalogs/long-links.yml built and served over HTTPS: (site, recorder). Skips while the
    binary rejects ``site.long_links``."""
    recorder = Recorder()
    server = SiteServer(recorder, tls=tls_context)
    out = tmp_path_factory.mktemp("long-link-site")
    try:
        binary = trampoline_binary()
        if binary.is_file():
            probe = out / "probe.yml"
            probe.write_text(catalog_text("long-links", server), encoding="utf-8")
            proc = subprocess.run([str(binary), "build", "--config", str(probe), "--output", str(out / "probe")],
                                  capture_output=True, text=True, timeout=120)
            if proc.returncode != 0 and "long_links" in proc.stderr:
                pytest.skip(f"{binary} does not know site.long_links yet: "
                            + next(l for l in proc.stderr.splitlines() if "long_links" in l))
        yield build_site("long-links", server, out), recorder
    finally:
        server.stop()


@pytest.fixture
def long_page(long_site) -> dict:
    """The long-link page's data as built (what the script starts from)."""
    site, _ = long_site
    page = site.root / "_long-link" / "index.html"
    assert page.is_file(), "the build made no /_long-link/index.html"
    return json.loads(DATA.search(page.read_text(encoding="utf-8")).group(1))


@pytest.fixture(params=ENGINES)
def long_phone(request, long_site, browsers, tmp_path_factory):
    """A factory of fresh iPhone browsers (each engine) for the long-link site."""
    site, _ = long_site

    def new():
        b = new_engine_browser(request.param, [site.origin], request, tmp_path_factory)
        browsers.append(b)
        return b
    if request.param != CHROMIUM_IPHONE:
        request.getfixturevalue("webkit_display")
    return new


def test_the_long_link_page_is_built_to_the_contract(long_site, long_page):
    """What the script and the tests below rely on, said once so a mismatch is named here."""
    site, _ = long_site
    html = (site.root / "_long-link" / "index.html").read_text(encoding="utf-8")
    assert re.search(r"<h1>[^<]*</h1>", html) and 'id="trampoline-open"' in html, "an h1 and the button"
    assert long_page["route"] and long_page["fill"] == "long-link"
    assert long_page["long"]["scheme"] == SCHEME
    assert long_page["long"]["allow"] == site.catalog["site"]["long_links"]["allow"] == [site.origin + "/web/"]
    assert long_page["long"]["refused"] and long_page["long"]["home"]
    # Opening the app at once, as Firebase's long links did (an interstitial would only act on a tap).
    assert long_page["behaviour"] == "redirect"
    assert long_page["store"] == site.store
    assert long_page["cookieName"] == "__Host-deferredDeepLink" and "cookie" in long_page["deferred"]
    # The script is this template, minified like the others.
    served = site.root / "trampoline-long-link.js"
    assert served.is_file(), "no /trampoline-long-link.js in the site"
    assert _code_only(served.read_text(encoding="utf-8")) == _code_only(jsmin(SCRIPT.read_text(encoding="utf-8")))


def _wait_long_page(recorder, b, site, visit: str):
    assert recorder.wait_for(8, browser=b.id, path="/_long-link/") is not None, "no hand-over to /_long-link/"
    assert wait_until(lambda: b.driver.current_url == site.origin + visit, 8), \
        f"the address bar shows {b.driver.current_url}, not the visited long link"


def _expected(site, visit: str) -> dict:
    return long_links.resolve_visit(visit, SCHEME, site.catalog["site"]["long_links"]["allow"])


@pytest.mark.parametrize("ifl", [False, True], ids=["store", "ifl"])
def test_an_iphone_attempts_the_long_links_deep_link_then_falls_back(long_site, long_page, long_phone, ifl):
    site, recorder = long_site
    o = site.origin
    visit = "/?link=" + enc(o + "/web/item/42?color=red") + "&st=" + enc(TITLE) + "&utm_source=x"
    if ifl:
        visit += "&ifl=" + enc(o + "/web/ios?from=ifl")
    deep = "marry://web/item/42?color=red&utm_source=x"
    assert _expected(site, visit)["deep_link"] == deep
    b = long_phone()
    b.get(o + visit)
    _wait_long_page(recorder, b, site, visit)
    assert wait_until(lambda: text_of(b, "h1") == TITLE, 5), text_of(b, "h1")
    assert b.driver.title == TITLE
    assert b.js("return document.querySelectorAll('h1 *, img[src=x], [onerror]').length") == 0
    assert b.wait_scheme_navigation(5) == [deep]
    to = recorder.wait_for(long_page["delay"] / 1000 + 3, browser=b.id, prefix="/web/ios" if ifl else "/store")
    assert to is not None, "no fallback to " + ("ifl" if ifl else "the store")
    if ifl:
        assert to.query == "from=ifl" and not recorder.select(browser=b.id, path="/store")
    # The cookie travelled with the fallback request, carrying the deep link.
    cookie = to.cookies().get(long_page["cookieName"])
    assert cookie and strip_marker(urllib.parse.unquote(cookie), b) == deep
    assert b.scheme_navigations() == [deep]
    assert b.alert_text() is None
    assert not b.severe_console(), b.severe_console()


def test_a_tap_copies_the_long_links_deep_link(long_site, long_page, long_phone):
    site, recorder = long_site
    o = site.origin
    visit = "/?link=" + enc(o + "/web/item/7") + "&st=Tap&utm_campaign=" + enc("spring sale")
    deep = "marry://web/item/7?utm_campaign=spring+sale"
    assert _expected(site, visit)["deep_link"] == deep
    b = long_phone()
    b.get(o + visit)
    _wait_long_page(recorder, b, site, visit)
    assert wait_until(lambda: text_of(b, "h1") == "Tap", 5)
    b.tap(b.driver.find_element("id", "trampoline-open"))
    assert recorder.wait_for(5, browser=b.id, path="/store") is not None
    assert strip_marker(b.read_clipboard(), b) == deep
    cookie = b.driver.get_cookie(long_page["cookieName"])
    assert cookie and strip_marker(urllib.parse.unquote(cookie["value"]), b) == deep


def refused_visits(o: str) -> list[tuple[str, str, str]]:
    """(what, query, the parameter refused) for targets outside the allowlist [o + "/web/"]."""
    port = o.rsplit(":", 1)[1]
    ok = enc(o + "/web/item/1")
    return [
        ("another host", "link=" + enc("https://evil.example/web/x"), "link"),
        ("another port", "link=" + enc("https://127.0.0.1:1/web/x"), "link"),
        ("plain http", "link=" + enc(f"http://127.0.0.1:{port}/web/x"), "link"),
        ("javascript:", "link=" + enc("javascript:alert(document.domain)//" + o + "/web/"), "link"),
        ("scheme-relative", "link=" + enc("//evil.example/web/x"), "link"),
        ("userinfo before the host", "link=" + enc(f"https://evil.example@127.0.0.1:{port}/web/x"), "link"),
        ("the host as userinfo", "link=" + enc(f"https://127.0.0.1:{port}@evil.example/web/x"), "link"),
        ("a backslash", "link=" + enc(f"https://127.0.0.1:{port}\\@evil.example/web/x"), "link"),
        ("a bidi control", "link=" + enc(o + "/web/\u202exe.evil"), "link"),
        ("outside /web/", "link=" + enc(o + "/store"), "link"),
        ("a dot segment", "link=" + enc(o + "/web/../store"), "link"),
        ("a dot segment spelled %2e%2e", "link=" + enc(o + "/web/%2e%2E/store"), "link"),
        ("ifl elsewhere", "link=" + ok + "&ifl=" + enc("https://evil.example/"), "ifl"),
        ("afl javascript:", "link=" + ok + "&afl=" + enc("javascript:alert(1)"), "afl"),
        ("ofl elsewhere", "link=" + ok + "&ofl=" + enc("https://evil.example/"), "ofl"),
    ]


def test_a_target_outside_the_allowlist_gets_the_notice_and_nothing_happens(long_site, long_page, long_phone):
    site, recorder = long_site
    o = site.origin
    notice, home = long_page["long"]["refused"], long_page["long"]["home"]
    b = long_phone()
    for what, query, name in refused_visits(o):
        visit = "/?" + query + "&st=" + enc("EVIL title") + "&utm_source=evil"
        assert _expected(site, visit) == {"refused": name}, what
        b.reset_logs()
        seen = len(recorder.select(browser=b.id))
        b.get(o + visit)
        _wait_long_page(recorder, b, site, visit)
        assert wait_until(lambda: text_of(b, "h1") == notice, 5), (what, text_of(b, "h1"))
        assert b.js("return document.getElementById('trampoline-open').parentNode.hidden") is True, what
        assert b.js("var h = arguments[0]; return [].some.call(document.querySelectorAll('a[href=\"/\"]'),"
                    " function (a) { return a.textContent === h; })", home), what
        body = b.js("return document.body.textContent + document.title")
        assert "evil" not in body.lower() and "javascript" not in body, (what, body)
        # Long enough for an attempt (made at once on a run) to show; none is made, so no timer.
        time.sleep(0.7)
        assert not b.scheme_navigations(), what
        assert all(u.startswith(o + "/") for u in navigations(b)), (what, navigations(b))
        assert b.driver.current_url == o + visit, what
        elsewhere = [r.path for r in recorder.select(browser=b.id)[seen:]
                     if r.path == "/store" or r.path.startswith(("/web/", "/__test/"))]
        assert not elsewhere, (what, elsewhere)
        assert b.alert_text() is None, what
    # And later still, nothing.
    time.sleep(long_page["delay"] / 1000 + 0.5)
    assert not b.scheme_navigations() and b.driver.current_url.startswith(o + "/?")
    assert not b.severe_console(), b.severe_console()


def test_what_is_not_a_long_link_stays_home(long_site, long_phone):
    """The home page as it is, and a ?link= that names no long link: the home page again (handed
    over and sent back to "/", or kept), once, with nothing attempted."""
    site, recorder = long_site
    o, home = site.origin, site.catalog["site"]["title"]
    b = long_phone()
    b.get(o + "/?utm_source=x")
    time.sleep(0.5)
    assert b.driver.current_url == o + "/?utm_source=x" and text_of(b, "h1") == home
    assert not recorder.select(browser=b.id, path="/_long-link/")
    for visit in ("/?link=", "/?link=%zz&st=x"):
        seen = len(recorder.select(browser=b.id, path="/_long-link/"))
        b.get(o + visit)
        time.sleep(1.5)
        assert b.driver.current_url in (o + "/", o + visit), (visit, b.driver.current_url)
        assert text_of(b, "h1") == home, visit
        assert len(recorder.select(browser=b.id, path="/_long-link/")) - seen <= 1, f"{visit}: handed over again and again"
    assert not b.scheme_navigations()


def test_a_plain_link_beside_the_long_links_keeps_its_page(long_site, long_phone):
    site, recorder = long_site
    b = long_phone()
    b.get(site.origin + "/topic/1/")
    assert b.wait_scheme_navigation(5) == ["marry://topic?id=1"]
    assert not recorder.select(browser=b.id, path="/_long-link/")


def test_a_desktop_goes_to_ofl_or_else_to_link(long_site):
    site, recorder = long_site
    o = site.origin
    b = make_driver(DESKTOP, [o])
    try:
        link = o + "/web/item/42?color=red"
        b.get(o + "/?link=" + enc(link) + "&ofl=" + enc(o + "/web/desktop?from=ofl") + "&utm_source=x")
        to = recorder.wait_for(8, browser=b.id, prefix="/web/")
        assert to is not None and (to.path, to.query) == ("/web/desktop", "from=ofl"), to
        b.get(o + "/?link=" + enc(link) + "&utm_source=x")
        assert wait_until(lambda: b.driver.current_url == link, 8), b.driver.current_url
        assert not b.scheme_navigations()
    finally:
        b.quit()
