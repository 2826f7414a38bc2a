"""One iPhone screenshot per template and engine, kept in artifacts/screenshots/ (git-ignored):
``chromium_iphone-<template>.png`` (Chromium's iPhone 15 Pro emulation) beside
``webkit_iphone-<template>.png`` (WebKit, Safari's engine, 393x852 at scale 3: the closer of the
two to what an iPhone shows).

Set TRAMPOLINE_UPDATE_DOCS_SCREENSHOT=1 to also refresh the docs' copies of the interstitial:
docs/screenshots/<engine>_iphone-interstitial.png and, from WebKit's, docs/screenshot-interstitial.png
(test_page_design.py refreshes the Android and desktop ones).
"""
import os
import shutil
import struct

import pytest

from support import REPO, SCREENSHOTS, WEBKIT_IPHONE

# template -> the page that shows it (index, 404 and loadCookie are the site's own pages)
PAGES = {
    "interstitial": "/topic/1/",
    "redirect": "/go/redirect/",
    "index": "/index.html",
    "404": "/no/such/page",
    "loadCookie": "/loadCookie.html",
}


def _png_size(path):
    with open(path, "rb") as f:
        head = f.read(24)
    assert head[:8] == b"\x89PNG\r\n\x1a\n", path
    return struct.unpack(">II", head[16:24])


@pytest.mark.parametrize("template", list(PAGES))
def test_screenshot(phone, template):
    site = phone.site
    iphone = phone.shared()
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    iphone.get(site.origin + PAGES[template])
    # taken before a redirect page's fallback delay runs out
    assert iphone.driver.current_url.startswith(site.origin + PAGES[template]), iphone.driver.current_url
    # (WebKit leaves document.fonts.ready pending on a page whose scheme navigation the test
    # browser refused, although the fonts are loaded: ask the status first.)
    iphone.js("return document.fonts.status === 'loaded' || document.fonts.ready.then(() => true)")
    iphone.js("""return Promise.all(Array.from(document.images).map(i => i.complete ? 1 :
                 new Promise(r => { i.onload = i.onerror = r; })))""")
    broken = iphone.js("return Array.from(document.images).filter(i => !i.naturalWidth).map(i => i.src)")
    assert broken == [], f"images did not load: {broken}"
    # decoded and painted (WebKit can take the snapshot before a loaded image is painted)
    iphone.js("""return Promise.all(Array.from(document.images).map(i => i.decode().catch(() => 0)))
                 .then(() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(() => r(true)))))""")
    # the stylesheet applied (a page without it would keep the default 8px body margin)
    assert iphone.js("return getComputedStyle(document.body).marginTop") == "0px"
    out = SCREENSHOTS / f"{phone.name}-{template}.png"
    assert iphone.driver.save_screenshot(str(out))
    w, h = _png_size(out)
    # both engines render the 393x852 viewport at 3 device pixels per CSS pixel
    assert (w, h) == (393 * 3, 852 * 3), (w, h)
    if template == "interstitial" and os.environ.get("TRAMPOLINE_UPDATE_DOCS_SCREENSHOT") == "1":
        # docs/templates.md shows each engine's; the README the WebKit one.
        (REPO / "docs" / "screenshots").mkdir(parents=True, exist_ok=True)
        shutil.copyfile(out, REPO / "docs" / "screenshots" / f"{phone.name}-interstitial.png")
        if phone.name == WEBKIT_IPHONE:
            shutil.copyfile(out, REPO / "docs" / "screenshot-interstitial.png")
