"""Self-navigation stays on the site (issue #51): every URL a page script navigates to on its own
site is absolute, made from ``location.origin``, never from ``location.pathname`` alone.

The case that mattered: LINE's in-app browser is sent back to the same URL with
``openExternalBrowser=1``. A visit to ``//evil.example/..%2ftopic/1/`` on a host that serves that
path (one that decodes ``%2f`` and resolves ``..``, or merges slashes) has a ``location.pathname``
starting with ``//``: a path made into a URL on its own names the host ``evil.example``.

Modelled: such a host. The test server collapses a leading ``//`` (Python's http.server does,
since gh-87389) and its file lookup decodes ``%2f`` and resolves ``..`` through a folder named
``evil.example`` added to this test's own copy of the site, so ``/topic/1/``'s page answers. Both
engines run with a LINE agent from Tests/Fixtures/in-app-agents.json: Chromium over HTTP, WebKit
over HTTPS (neither resolves any host but 127.0.0.1, so a navigation away fails visibly).
"""
from __future__ import annotations

import urllib.parse

import pytest

from support import IPHONE, Recorder, SiteServer, build_site, make_driver, make_webkit, wait_until

# LINE on an iPhone (in-app-agents.json; WebKitGTK accepts this agent's syntax).
LINE_UA = ("Mozilla/5.0 (iPhone; CPU iPhone OS 10_2_1 like Mac OS X) AppleWebKit/602.4.6 "
           "(KHTML, like Gecko) Mobile/14D27 Safari Line/7.3.2")
HOSTILE_PATH = "//evil.example/..%2ftopic/1/"


@pytest.fixture(scope="module")
def slash_sites(tmp_path_factory, tls_context):
    """The main catalog on HTTP (Chromium) and HTTPS (WebKit), each served so that
    HOSTILE_PATH answers with /topic/1/'s page."""
    recorder = Recorder()
    servers = {"http": SiteServer(recorder), "https": SiteServer(recorder, tls=tls_context)}
    try:
        sites = {}
        for scheme, server in servers.items():
            site = build_site("main", server, tmp_path_factory.mktemp(f"slash-{scheme}"), label=f"main-slash-{scheme}")
            (site.root / "evil.example").mkdir()
            sites[scheme] = site
        yield sites, recorder
    finally:
        for server in servers.values():
            server.stop()


def assert_line_reload_stays(b, site, recorder):
    b.get(site.origin + HOSTILE_PATH)
    # The server saw the path with one leading slash (WebKit sends %2F, Chromium %2f); the page
    # sees it as the browser keeps it, "//" and all.
    asked = lambda: [r for r in recorder.select(browser=b.id) if r.path.lower() == "/evil.example/..%2ftopic/1/"]
    assert wait_until(asked, 5), [r.path for r in recorder.select(browser=b.id)]
    # LINE is sent to the same URL with openExternalBrowser=1 (the old page went to evil.example).
    assert wait_until(lambda: "openExternalBrowser=1" in b.driver.current_url, 5), b.driver.current_url
    url = urllib.parse.urlsplit(b.driver.current_url)
    assert f"{url.scheme}://{url.netloc}" == site.origin, f"the page left the site for {b.driver.current_url}"
    assert url.path.lower() == HOSTILE_PATH, b.driver.current_url
    assert b.js("return location.pathname").lower() == HOSTILE_PATH
    assert [r for r in recorder.select(browser=b.id) if r.params.get("openExternalBrowser") == ["1"]], \
        "the reload never reached the site"
    # The reloaded page shows the way out of LINE's browser, and goes nowhere else.
    assert wait_until(lambda: b.js("var s = document.getElementById('trampoline-in-app');"
                                   "return s && s.getAttribute('data-app')"), 5) == "LINE"
    assert urllib.parse.urlsplit(b.driver.current_url).netloc == url.netloc


def test_line_reload_of_a_double_slash_path_stays_on_the_site_chromium(slash_sites):
    sites, recorder = slash_sites
    site = sites["http"]
    b = make_driver(IPHONE, [site.origin], user_agent=LINE_UA)
    try:
        assert_line_reload_stays(b, site, recorder)
    finally:
        b.quit()


def test_line_reload_of_a_double_slash_path_stays_on_the_site_webkit(slash_sites, webkit_display, tmp_path_factory):
    sites, recorder = slash_sites
    site = sites["https"]
    b = make_webkit(webkit_display, tmp_path_factory.mktemp("webkit-slash"), user_agent=LINE_UA)
    try:
        assert b.js("return navigator.userAgent").endswith(LINE_UA), "WebKitGTK refused the LINE agent"
        assert_line_reload_stays(b, site, recorder)
    finally:
        b.quit()
