"""Names, paths and settings the whole browser harness shares: where the repository, the test
catalogs and the artifacts are, the custom scheme and the deferred-link marker the pages use, the
request header and user-agent token that tell the test browsers apart, the engine and device
profile names, where the WebKit test browser and the Python that runs it are, and the iPhone's
user agent, viewport and scale."""
from __future__ import annotations

import os
import re
from pathlib import Path

HERE = Path(__file__).resolve().parents[1]  # Tests/Browser
REPO = HERE.parents[1]
CATALOGS = HERE / "catalogs"
ARTIFACTS = HERE / "artifacts"
SCREENSHOTS = ARTIFACTS / "screenshots"
SCHEME = "marry"
MARKER = "tl_t"  # the deferred-link marker (TrampolineLink's DeferredLink.marker)
TEST_HEADER = "X-Trampoline-Test-Browser"
# The WebKit browser cannot add a request header: this token starts its user agent (the pages
# read how an iPhone agent ends).
UA_TOKEN = re.compile(r"\bTrampolineTest/(b\d+)\b")

# The engines the iPhone flows run in (see the ``phone`` fixture).
CHROMIUM_IPHONE = "chromium_iphone"
WEBKIT_IPHONE = "webkit_iphone"
ENGINES = (CHROMIUM_IPHONE, WEBKIT_IPHONE)

WEBKIT_BROWSER = HERE / "webkit" / "iphone_browser.py"
# Debian's python3 with python3-gi and gir1.2-webkit2-4.1 runs the WebKit browser.
GI_PYTHON = os.environ.get("TRAMPOLINE_GI_PYTHON", "/usr/bin/python3")
MINIBROWSER_DIR = "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1"
# Safari on iOS 18.5 (iPhone), as Safari sends it.
IPHONE_SAFARI_UA = ("Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 "
                    "(KHTML, like Gecko) Version/18.5 Mobile/15E148 Safari/604.1")
# iPhone 15 Pro: 393x852 CSS pixels at 3 device pixels each (the same as Chromium's emulation).
IPHONE_VIEWPORT = (393, 852)
IPHONE_SCALE = 3

# The device profiles of the test browsers (``make_driver``'s ``profile``).
IPHONE = "iphone"
DESKTOP = "desktop"
ANDROID = "android"
PIXEL_UA = ("Mozilla/5.0 (Linux; Android 15; Pixel 9) AppleWebKit/537.36 (KHTML, like Gecko) "
            "Chrome/131.0.0.0 Mobile Safari/537.36")
