"""interstitial template: a real tap copies the deferred link, sets the cookie, then leaves.

The iPhone flows run in both engines (the ``phone`` fixture). Where they differ:

* the clipboard: Chromium (headless) has its own clipboard, read back with
  ``navigator.clipboard.readText()``; WebKit writes the X clipboard of its display, read back
  with xclip, the way another app would read it;
* the tap: a WebDriver touch action in both. Chromium's iPhone emulation delivers touch
  events; WebKitGTK has no touch screen here and delivers the action as a mouse click, which
  is still a user gesture for the clipboard.

The desktop tests are Chromium only.
"""
import time
import urllib.parse

import pytest
from selenium.webdriver.common.by import By

from support import DESKTOP, encode_uri_component, expected_deferred, split_link, strip_marker

SENTINEL = "clipboard-sentinel-before-tap"


def prime_clipboard(b, site):
    """Put a known value on the real clipboard (from a page that has navigator.clipboard)."""
    b.get(site.server.blank)
    b.write_clipboard(SENTINEL)
    assert b.read_clipboard() == SENTINEL


def assert_cookie(b, name, value, days):
    c = b.driver.get_cookie(name)
    assert c is not None, f"cookie {name} not set"
    assert c["value"] == encode_uri_component(value), c
    assert urllib.parse.unquote(c["value"]) == value
    assert c["path"] == "/", c
    assert c.get("sameSite") == "Lax", c
    assert c.get("secure") is True, c
    assert "expiry" in c, f"session cookie, expected max-age: {c}"
    expected = time.time() + days * 86400
    assert abs(c["expiry"] - expected) < 60, f"expiry {c['expiry']} vs expected ~{expected:.0f}"


@pytest.mark.parametrize("clipboard_api", [True, False], ids=["navigator.clipboard", "execCommand"])
def test_tap_copies_sets_cookie_and_goes_to_store(phone, recorder, clipboard_api):
    site = phone.site
    b = phone.new(hide_clipboard=not clipboard_api)
    path = "/topic/1"
    eff = site.link(path)
    prime_clipboard(b, site)

    b.get(site.url(path))
    assert b.js("return 'clipboard' in navigator") is clipboard_api
    data = b.page_data()
    button = b.driver.find_element(By.ID, "trampoline-open")
    assert button.tag_name == "a"
    assert b.driver.get_cookie(eff["cookie_name"]) is None, "cookie set before the tap"
    assert not recorder.select(browser=b.id, path="/store")

    b.tap(button)
    store = recorder.wait_for(5, browser=b.id, path="/store")
    assert store is not None, "the tap did not lead to the store"
    assert not recorder.select(browser=b.id, prefix="/web/")
    assert b.driver.current_url == site.store

    # exactly the deferred link is on the clipboard
    copied = b.read_clipboard()
    assert strip_marker(copied, b) == data["deferredLink"], (copied, data["deferredLink"])
    base, params = split_link(strip_marker(copied, b))
    exp_base, exp_params = expected_deferred(site, path)
    assert base == exp_base and dict(params) == exp_params and len(params) == len(exp_params)

    # the cookie was set before leaving, with the contract's attributes
    assert store.cookies().get(eff["cookie_name"]) == encode_uri_component(copied), store.cookie
    assert_cookie(b, eff["cookie_name"], copied, eff["cookie_days"])


def test_web_fallback_on_iphone(phone, recorder):
    site = phone.site
    b = phone.new()
    path = "/share/webfallback"
    eff = site.link(path)
    b.get(site.url(path))
    data = b.page_data()
    b.tap(b.driver.find_element(By.ID, "trampoline-open"))
    web_path = urllib.parse.urlsplit(eff["web_url"]).path
    assert recorder.wait_for(5, browser=b.id, path=web_path) is not None, "tap did not go to web_url"
    time.sleep(0.3)
    assert not recorder.select(browser=b.id, path="/store")
    assert strip_marker(b.read_clipboard(), b) == data["deferredLink"]


def test_desktop_goes_to_web_url_at_once(site, recorder, new_browser):
    """desktop: web, the default with a web_url (issue 38): a desktop has no app, so it goes to the
    web page at once, with no button to press, no cookie and no scheme attempt."""
    b = new_browser(DESKTOP)
    path = "/share/webfallback"
    web_path = urllib.parse.urlsplit(site.link(path)["web_url"]).path
    b.get(site.url(path))
    assert recorder.wait_for(5, browser=b.id, path=web_path) is not None, "desktop did not go to web_url"
    assert urllib.parse.urlsplit(b.driver.current_url).path == web_path
    time.sleep(0.3)
    assert not recorder.select(browser=b.id, path="/store")
    assert b.scheme_navigations() == []
    assert b.driver.get_cookies() == []


def test_desktop_with_a_web_url_and_desktop_qr_shows_both_and_stays(site, recorder, new_browser):
    b = new_browser(DESKTOP)
    b.get(site.url("/topic/1"))
    assert b.js("return document.querySelector('.qr').hidden") is False
    assert b.js("return document.getElementById('trampoline-open').offsetParent") is None
    assert b.js("return document.querySelector('.web a').textContent") == "Continue on the web"
    time.sleep(2)  # past the fallback delay
    assert not recorder.select(browser=b.id, prefix="/web/")
    assert not recorder.select(browser=b.id, path="/store")


def test_desktop_without_web_url_shows_the_qr_code_and_stays(site, recorder, new_browser):
    """desktop: qr, the default without web_url (issue 38): no button, no store, no scheme; the
    QR code itself is decoded in test_page_design.py."""
    b = new_browser(DESKTOP)
    path = "/share/noforward"  # no web_url
    b.get(site.url(path))
    assert b.js("return document.getElementById('trampoline-open').offsetParent") is None
    assert b.js("return document.querySelector('.qr').hidden") is False
    assert recorder.wait_for(2, browser=b.id, path="/store") is None
    assert not recorder.select(browser=b.id, prefix="/web/")
    assert b.scheme_navigations() == []


def test_no_forward_query_and_custom_cookie(phone, recorder):
    """forward_query: false ignores the visited query; cookie_name/cookie_days overrides apply."""
    site = phone.site
    b = phone.new()
    path = "/share/noforward"
    eff = site.link(path)
    b.get(site.url(path, "promo=beach&utm_source=visited"))
    data = b.page_data()
    b.tap(b.driver.find_element(By.ID, "trampoline-open"))
    store = recorder.wait_for(5, browser=b.id, path="/store")
    assert store is not None
    copied = b.read_clipboard()
    assert strip_marker(copied, b) == data["deferredLink"]
    base, params = split_link(strip_marker(copied, b))
    assert (base, dict(params)) == expected_deferred(site, path)  # no promo, campaign utm_source kept
    assert "promo" not in copied
    assert_cookie(b, "__Host-altDeferred", copied, 7)
    assert b.driver.get_cookie("__Host-deferredDeepLink") is None
