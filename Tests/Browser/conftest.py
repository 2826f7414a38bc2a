"""Real-browser test harness for the pages that `trampoline build` generates.

Two engines run the iPhone flows:

* ``chromium_iphone``: headless Chromium with Chrome's "iPhone 15 Pro" emulation, over plain
  HTTP on 127.0.0.1 (Chromium treats loopback as a secure context);
* ``webkit_iphone``: WebKit, the engine of Safari (WebKitGTK 2.50 driven by WebKitWebDriver
  under Xvfb), with an iPhone Safari user agent and a 393x852 window at device pixel ratio 3,
  over HTTPS on 127.0.0.1 with a throwaway certificate (WebKit refuses ``Secure`` cookies over
  plain HTTP). Its browser is ``webkit/iphone_browser.py``, which models iOS where WebKitGTK on
  Linux differs: a custom-scheme navigation is recorded and refused (the page stays, as in
  Safari without the app), or with ``app_installed`` the window is also hidden (as when the app
  comes to the front).

What the fixtures provide:

* ``recorder``: every HTTP request that reaches the local test server(s) (path, query,
  Cookie header, monotonic time, which test browser sent it).
* ``sites``: the test catalogs in ``catalogs/`` (their ``http://127.0.0.1:@PORT@`` URLs pointed
  at the server), built with the real ``trampoline`` binary into a temporary folder, each served
  on its own 127.0.0.1 port. ``/store`` and ``/web/...`` answer a small 200 page (they stand for
  the App Store and the link's web page) and are only recorded. ``tls_sites``: the same catalogs
  built again for HTTPS servers (WebKit's).
* ``phone``: parametrised over ``chromium_iphone`` and ``webkit_iphone``. A flow written once
  against ``phone`` runs in both engines: ``phone.site`` / ``phone.hostile`` are that engine's
  sites, ``phone.new()`` a fresh browser, ``phone.shared()`` the engine's shared session for
  read-only checks. Both kinds of browser answer the same methods (``scheme_navigations``,
  ``read_clipboard``, ``app_opens``, ``severe_console``, ...), each observing its own engine.
* ``new_browser``: fresh headless Chromium sessions (``iphone`` or ``desktop`` profile) for the
  Chromium-only tests; ``iphone`` is the shared Chromium iPhone session.

Nothing is stubbed inside the pages: flows are observed from outside, through the server's
request log, the browsers' own records of navigations (Chromium's performance log; the
decide-policy log of the WebKit browser), cookies and the real clipboard.

Environment:

* ``TRAMPOLINE_BIN``: the binary to test (default ``<repo>/.build/debug/trampoline``).
* ``TRAMPOLINE_SITE_HOOK``: optional shell command run once per built site before it is
  served, with ``$SITE`` set to the site folder and ``$SITE_NAME`` to the catalog name (``main``,
  ``hostile``; the HTTPS builds are ``main-tls`` and ``hostile-tls``). Used to prove the suite can
  fail (e.g. ``sed -i 's/path=\\//path=\\/x/' "$SITE"/topic/1/index.html``). Never set it in CI.

The harness itself (servers, site builds, browsers, engines, helpers) is in ``support/``; this file
holds the pytest hooks and fixtures.
"""
from __future__ import annotations

import ssl

import pytest

from support.chromium import ChromiumBrowser, make_driver
from support.constants import CHROMIUM_IPHONE, ENGINES, IPHONE, WEBKIT_IPHONE
from support.engines import Engine, Phone
from support.environment import missing_requirements
from support.server import Recorder, SiteServer, make_tls_context
from support.sites import Site, build_site
from support.webkit import make_webkit, xvfb_display


def pytest_configure(config):
    # Selenium's own WebKitGTK driver class still uses a deprecated way to make its connection.
    config.addinivalue_line("filterwarnings", "ignore:setting remote_server_addr:DeprecationWarning")
    problems = missing_requirements()
    if problems:
        raise pytest.UsageError("Browser test suite cannot run:\n  - " + "\n  - ".join(problems))


# --------------------------------------------------------------------------------------
# Recording servers and the sites built from the test catalogs
# --------------------------------------------------------------------------------------

@pytest.fixture(scope="session")
def recorder():
    return Recorder()


@pytest.fixture(scope="session")
def sites(recorder, tmp_path_factory):
    out_root = tmp_path_factory.mktemp("trampoline-sites")
    servers, built = [], {}
    try:
        for name in ("main", "hostile"):
            server = SiteServer(recorder)
            servers.append(server)
            built[name] = build_site(name, server, out_root)
        yield built
    finally:
        for s in servers:
            s.stop()


@pytest.fixture(scope="session")
def tls_context(tmp_path_factory) -> ssl.SSLContext:
    """A throwaway self-signed certificate for 127.0.0.1 (browsers accept it via
    ``acceptInsecureCerts``)."""
    return make_tls_context(tmp_path_factory.mktemp("tls"))


@pytest.fixture(scope="session")
def tls_sites(recorder, tls_context, tmp_path_factory):
    """The test catalogs built again for HTTPS servers: the WebKit engine's sites."""
    out_root = tmp_path_factory.mktemp("trampoline-tls-sites")
    servers, built = [], {}
    try:
        for name in ("main", "hostile"):
            server = SiteServer(recorder, tls=tls_context)
            servers.append(server)
            built[name] = build_site(name, server, out_root, label=f"{name}-tls")
        yield built
    finally:
        for s in servers:
            s.stop()


@pytest.fixture(scope="session")
def site(sites) -> Site:
    return sites["main"]


@pytest.fixture(scope="session")
def hostile(sites) -> Site:
    return sites["hostile"]


# --------------------------------------------------------------------------------------
# Browsers
# --------------------------------------------------------------------------------------

@pytest.fixture(scope="session")
def webkit_display(tmp_path_factory):
    """An Xvfb display for WebKitGTK, on a free display number, large enough for a 393x852
    window at scale 3."""
    with xvfb_display(tmp_path_factory.mktemp("xvfb")) as display:
        yield display


@pytest.fixture
def new_browser(sites):
    """Factory for fresh Chromium browsers (for tests where cookies, clipboard or window state
    matter)."""
    made: list[ChromiumBrowser] = []
    origins = [s.origin for s in sites.values()]

    def factory(profile: str = IPHONE, **kw) -> ChromiumBrowser:
        b = make_driver(profile, origins, **kw)
        made.append(b)
        return b

    yield factory
    for b in made:
        b.quit()


@pytest.fixture
def browsers():
    """Browsers a test makes for a site of its own (``new_browser`` serves the shared sites):
    appended here, quit after the test."""
    made: list = []
    yield made
    for b in made:
        b.quit()


# --------------------------------------------------------------------------------------
# The two iPhone engines
# --------------------------------------------------------------------------------------

@pytest.fixture(scope="session")
def chromium_iphone(sites):
    origins = [s.origin for s in sites.values()]
    engine = Engine(CHROMIUM_IPHONE, sites, lambda **kw: make_driver(IPHONE, origins, **kw))
    yield engine
    engine.close()


@pytest.fixture(scope="session")
def webkit_iphone(tls_sites, webkit_display, tmp_path_factory):
    workdir = tmp_path_factory.mktemp("webkit")
    engine = Engine(WEBKIT_IPHONE, tls_sites, lambda **kw: make_webkit(webkit_display, workdir, **kw))
    yield engine
    engine.close()


@pytest.fixture(params=ENGINES)
def phone(request) -> Phone:
    """The iPhone profile in each engine: a flow written against it runs in Chromium and WebKit.
    (Android flows, once there are any, belong to Chromium alone: WebKit is here for iOS.)"""
    p = Phone(request.getfixturevalue(request.param))
    yield p
    p.close()


@pytest.fixture
def iphone(chromium_iphone):
    """Shared Chromium iPhone session for read-only page checks; reset around each test."""
    p = Phone(chromium_iphone)
    yield p.shared()
    p.close()
