"""One iPhone screenshot per template, kept in artifacts/screenshots/ (git-ignored).

Set TRAMPOLINE_UPDATE_DOCS_SCREENSHOT=1 to also refresh docs/screenshot-interstitial.png.
"""
import os
import shutil
import struct

from conftest import REPO, SCREENSHOTS


def _png_size(path):
    with open(path, "rb") as f:
        head = f.read(24)
    assert head[:8] == b"\x89PNG\r\n\x1a\n", path
    return struct.unpack(">II", head[16:24])


def test_screenshot_interstitial(site, iphone):
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    iphone.get(site.url("/topic/1"))
    iphone.js("return document.fonts.ready.then(() => true)")
    iphone.js("""return Promise.all(Array.from(document.images).map(i => i.complete ? 1 :
                 new Promise(r => { i.onload = i.onerror = r; })))""")
    broken = iphone.js("return Array.from(document.images).filter(i => !i.naturalWidth).map(i => i.src)")
    assert broken == [], f"images did not load: {broken}"
    out = SCREENSHOTS / "iphone-interstitial.png"
    assert iphone.driver.save_screenshot(str(out))
    w, h = _png_size(out)
    assert w >= 390 and h >= 600, (w, h)
    if os.environ.get("TRAMPOLINE_UPDATE_DOCS_SCREENSHOT") == "1":
        (REPO / "docs").mkdir(exist_ok=True)
        shutil.copyfile(out, REPO / "docs" / "screenshot-interstitial.png")


def test_screenshot_redirect(site, iphone):
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    iphone.get(site.url("/go/redirect"))  # taken before the fallback delay runs out
    assert iphone.driver.current_url.startswith(site.url("/go/redirect"))
    out = SCREENSHOTS / "iphone-redirect.png"
    assert iphone.driver.save_screenshot(str(out))
    w, h = _png_size(out)
    assert w >= 390 and h >= 600, (w, h)
