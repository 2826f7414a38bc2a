"""redirect template: scheme attempt, timed fallback, cancellation when the app opens, desktop.

The iPhone flows run in both engines (the ``phone`` fixture): Chromium observes the scheme
attempt in its performance log, WebKit in its browser's decide-policy record. In WebKit, what
happens *after* the attempt is modelled on iOS, not observed: WebKitGTK would replace the page
with an error for an unknown scheme, iOS Safari keeps it. The test browser refuses the
navigation (the page stays, timers run: Safari without the app) or also hides its window (the
app came to the front; WebKit itself then fires the page's visibilitychange). The desktop and
iPad/Mac tests are Chromium only (they need Chrome's user-agent, platform and touch overrides).
"""
import time
import urllib.parse

from support import DESKTOP, encode_uri_component, expected_deferred, split_link, strip_marker

# The fallback timer starts when the page's script runs, which is after the server received
# the page request: so (store request time - page request time) >= delay. Neither engine's
# timers fire early; 5 ms covers the two monotonic clock reads. The upper bound allows
# page load + timer scheduling on a busy 2-core machine.
EARLY_TOLERANCE_MS = 5
LATE_TOLERANCE_MS = 1000


def _page_request(recorder, browser, path):
    req = recorder.wait_for(5, browser=browser.id, path=path + "/")
    assert req is not None, f"the page {path}/ was never requested"
    return req


def _assert_deferred(url, site, path, query=""):
    base, params = split_link(url)
    exp_base, exp_params = expected_deferred(site, path, query)
    assert base == exp_base, url
    keys = [k for k, _ in params]
    assert len(keys) == len(set(keys)), f"duplicate query keys in {url}"
    assert dict(params) == exp_params, url


def test_app_missing_scheme_then_store_after_delay(phone, recorder):
    site = phone.site
    b = phone.new()
    path = "/go/redirect"
    eff = site.link(path)
    delay = eff["fallback_delay_ms"]
    data_deferred = None

    b.get(site.url(path))
    page_req = _page_request(recorder, b, path)
    data_deferred = b.page_data()["deferredLink"]

    # 1. the custom-scheme navigation is really attempted, with the deferred link
    urls = b.wait_scheme_navigation(timeout=2)
    assert urls, "no navigation to marry:// was attempted"
    assert urls[0] == data_deferred, (urls, data_deferred)
    _assert_deferred(urls[0], site, path)

    # 2. then the store, after the delay
    store = recorder.wait_for((delay + 3000) / 1000, browser=b.id, path="/store")
    assert store is not None, "the store fallback never happened"
    elapsed_ms = (store.t - page_req.t) * 1000
    assert delay - EARLY_TOLERANCE_MS <= elapsed_ms <= delay + LATE_TOLERANCE_MS, (
        f"store request {elapsed_ms:.0f} ms after the page request; expected "
        f"[{delay}, {delay + LATE_TOLERANCE_MS}] ms")
    assert not recorder.select(browser=b.id, prefix="/web/")

    # 3. the cookie was set before leaving, and travels with the store request
    cookies = store.cookies()
    name = eff["cookie_name"]
    assert name in cookies, f"no {name} cookie in the store request: {store.cookie!r}"
    assert strip_marker(urllib.parse.unquote(cookies[name]), b) == data_deferred == urls[0]
    assert cookies[name] == encode_uri_component(urllib.parse.unquote(cookies[name]))

    # 4. the browser really is on the store page now
    assert b.driver.current_url == site.store


def test_app_present_page_hidden_cancels_fallback(phone, recorder):
    site = phone.site
    b = phone.new(app_installed=True)
    path = "/go/redirect"
    delay = site.link(path)["fallback_delay_ms"]

    b.get(site.url(path))
    page_req = _page_request(recorder, b, path)
    assert b.wait_scheme_navigation(timeout=2), "no navigation to marry:// was attempted"
    # the app "opens": the page goes to the background well before the delay.
    # Chromium: the test minimises the window. WebKit (modelled on iOS): the browser hid its
    # window at the attempt. Either way the engine itself fires visibilitychange.
    b.app_opens()
    hidden_after_ms = (time.monotonic() - page_req.t) * 1000
    assert hidden_after_ms < delay - 300, f"test too slow to hide the page ({hidden_after_ms:.0f} ms)"
    assert b.js("return document.visibilityState") == "hidden"

    time.sleep((delay + 1500) / 1000)
    assert not recorder.select(browser=b.id, path="/store"), "store fallback fired while the page was hidden"

    # the user comes back: the fallback must have been cancelled, not merely postponed
    b.user_returns()
    assert b.js("return document.visibilityState") == "visible"
    time.sleep((delay + 500) / 1000)
    assert not recorder.select(browser=b.id, path="/store"), "store fallback fired after the page came back"
    assert not recorder.select(browser=b.id, prefix="/web/")
    assert b.driver.current_url.startswith(site.url(path))


def test_web_fallback_on_iphone(phone, recorder):
    site = phone.site
    b = phone.new()
    path = "/go/redirect-web"
    eff = site.link(path)
    delay = eff["fallback_delay_ms"]
    b.get(site.url(path))
    page_req = _page_request(recorder, b, path)
    urls = b.wait_scheme_navigation(timeout=2)
    assert urls, "no navigation to marry:// was attempted"
    _assert_deferred(urls[0], site, path)
    web_path = urllib.parse.urlsplit(eff["web_url"]).path
    web = recorder.wait_for((delay + 3000) / 1000, browser=b.id, path=web_path)
    assert web is not None, "the web fallback never happened"
    elapsed_ms = (web.t - page_req.t) * 1000
    assert delay - EARLY_TOLERANCE_MS <= elapsed_ms <= delay + LATE_TOLERANCE_MS, elapsed_ms
    time.sleep(0.3)
    assert not recorder.select(browser=b.id, path="/store"), "went to the store despite fallback: web"


def test_no_cookie_when_not_in_deferred(phone, recorder):
    site = phone.site
    b = phone.new()
    path = "/go/nocookie"
    eff = site.link(path)
    b.get(site.url(path))
    assert b.wait_scheme_navigation(timeout=2), "no navigation to marry:// was attempted"
    store = recorder.wait_for((eff["fallback_delay_ms"] + 3000) / 1000, browser=b.id, path="/store")
    assert store is not None
    assert eff["cookie_name"] not in store.cookies(), store.cookie
    assert b.driver.get_cookie(eff["cookie_name"]) is None


def test_desktop_goes_to_store_at_once_without_scheme(site, recorder, new_browser):
    b = new_browser(DESKTOP)
    path = "/go/redirect"
    delay = site.link(path)["fallback_delay_ms"]
    b.get(site.url(path))
    page_req = _page_request(recorder, b, path)
    store = recorder.wait_for(3, browser=b.id, path="/store")
    assert store is not None, "desktop never went to the store"
    elapsed_ms = (store.t - page_req.t) * 1000
    assert elapsed_ms < min(700, delay / 2), f"desktop waited {elapsed_ms:.0f} ms instead of going at once"
    assert b.scheme_navigations() == [], "desktop must not attempt the custom scheme"
    assert b.non_http_navigations() == []


def test_desktop_goes_to_web_url_at_once(site, recorder, new_browser):
    b = new_browser(DESKTOP)
    path = "/go/redirect-web"
    web_path = urllib.parse.urlsplit(site.link(path)["web_url"]).path
    b.get(site.url(path))
    page_req = _page_request(recorder, b, path)
    web = recorder.wait_for(3, browser=b.id, path=web_path)
    assert web is not None, "desktop never went to the web_url"
    assert (web.t - page_req.t) * 1000 < 700
    time.sleep(0.3)
    assert not recorder.select(browser=b.id, path="/store")
    assert b.scheme_navigations() == []


MAC_SAFARI_UA = ("Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 "
                 "(KHTML, like Gecko) Version/18.5 Safari/605.1.15")


def test_ipad_desktop_mode_is_ios(site, recorder, new_browser):
    """iPadOS Safari claims to be a Mac: MacIntel + touch points must count as iOS."""
    b = new_browser(DESKTOP, extra_cdp=[
        ("Emulation.setUserAgentOverride", {"userAgent": MAC_SAFARI_UA, "platform": "MacIntel"}),
        ("Emulation.setTouchEmulationEnabled", {"enabled": True, "maxTouchPoints": 5}),
    ])
    b.get(site.url("/go/redirect"))
    assert b.js("return [navigator.platform, navigator.maxTouchPoints]") == ["MacIntel", 5]
    assert b.wait_scheme_navigation(timeout=2), "iPad (MacIntel + touch) was not treated as iOS"


def test_mac_without_touch_is_desktop(site, recorder, new_browser):
    b = new_browser(DESKTOP, extra_cdp=[
        ("Emulation.setUserAgentOverride", {"userAgent": MAC_SAFARI_UA, "platform": "MacIntel"}),
    ])
    b.get(site.url("/go/redirect"))
    assert recorder.wait_for(3, browser=b.id, path="/store") is not None
    assert b.scheme_navigations() == [], "a Mac without touch must not attempt the scheme"
