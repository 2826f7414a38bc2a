"""The real-browser test harness, split by concern (``conftest.py`` keeps only the pytest hooks
and fixtures): ``constants`` (paths, scheme, engine and profile names), ``environment`` (the
binaries and the requirements check), ``server`` (the recording HTTP(S) server and the test
certificate), ``sites`` (catalogs built with the real binary), ``browser`` (what every test
browser offers), ``chromium`` and ``webkit`` (the two engines' browsers and Xvfb), ``engines``
(the ``phone`` fixture's engines) and ``helpers`` (expected deferred links, the marker, waiting).
This package re-exports the names the tests use, so a test imports them with
``from support import ...``."""
from .browser import HIDE_CLIPBOARD_JS, BaseBrowser
from .chromium import ChromiumBrowser, make_driver
from .constants import (ANDROID, ARTIFACTS, CATALOGS, CHROMIUM_IPHONE, DESKTOP, ENGINES, IPHONE, IPHONE_SAFARI_UA,
                        MARKER, PIXEL_UA, REPO, SCHEME, SCREENSHOTS, WEBKIT_IPHONE)
from .engines import Engine, Phone
from .environment import trampoline_binary
from .helpers import encode_uri_component, expected_deferred, split_link, strip_marker, wait_until
from .server import Recorder, Request, SiteServer
from .sites import Site, build_site, catalog_text, recorded_site
from .webkit import WebKitBrowser, make_webkit

__all__ = [
    "ANDROID", "ARTIFACTS", "CATALOGS", "CHROMIUM_IPHONE", "DESKTOP", "ENGINES", "IPHONE", "IPHONE_SAFARI_UA",
    "MARKER", "PIXEL_UA", "REPO", "SCHEME", "SCREENSHOTS", "WEBKIT_IPHONE",
    "HIDE_CLIPBOARD_JS", "BaseBrowser", "ChromiumBrowser", "WebKitBrowser", "make_driver", "make_webkit",
    "Engine", "Phone", "trampoline_binary", "Recorder", "Request", "SiteServer",
    "Site", "build_site", "catalog_text", "recorded_site",
    "encode_uri_component", "expected_deferred", "split_link", "strip_marker", "wait_until",
]
