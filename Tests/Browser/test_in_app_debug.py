"""In-app browsers, the debug view (?debug=1) and confirm_store, in real Chromium (iPhone and
Pixel profiles) and, for the iPhone flows that matter most, WebKit.

Modelled, and why:
- An in-app browser is modelled by its user agent (Chromium's `Emulation.setUserAgentOverride`,
  WebKit's `--user-agent`): the page can only know where it runs from the user agent. What the
  host app then does with a custom scheme, a universal link or an intent (often: nothing) cannot
  run here; the tests show what the page does, which is all the README claims.
- The sample user agents are real-shaped strings as these apps sent them in 2024-2025 (the
  tokens the page keys on are the ones the README cites).
- LINE's reopening in the phone's browser (`openExternalBrowser=1`) is LINE's job; here the
  reload with that parameter is observed on the server, and the page under a LINE agent that
  already carries it (LINE did not honour it) shows the way out instead of looping.
- Chrome on Android goes to `S.browser_fallback_url` when the app is missing; desktop Chromium
  never does, so with confirm_store the test sets the `#store<n>` hash itself, as Chrome would.
"""
from __future__ import annotations

import time
import urllib.parse

import pytest

from support import (ANDROID, IPHONE, IPHONE_SAFARI_UA, PIXEL_UA, ChromiumBrowser, make_driver, make_webkit,
                     recorded_site, strip_marker, wait_until)

IOS_BASE = "Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148"
ANDROID_BASE = ("Mozilla/5.0 (Linux; Android 15; Pixel 9 Build/AP4A.250105.002; wv) AppleWebKit/537.36 "
                "(KHTML, like Gecko) Version/4.0 Chrome/131.0.6778.135 Mobile Safari/537.36")
# (name the page shows, platform, user agent)
IN_APP_AGENTS = [
    ("Instagram", "ios", IOS_BASE + " Instagram 361.0.0.35.82 (iPhone16,1; iOS 18_5; en_US; en-US; scale=3.00; 1179x2556; 679214520)"),
    ("Instagram", "android", ANDROID_BASE + " Instagram 361.0.0.46.88 Android (35/15; 420dpi; 1080x2424; Google/google; Pixel 9; tokay; tokay; en_US; 680224532)"),
    ("Facebook", "ios", IOS_BASE + " [FBAN/FBIOS;FBAV/495.0.0.45.201;FBBV/681223449;FBDV/iPhone16,1;FBMD/iPhone;FBSN/iOS;FBSV/18.5;FBSS/3;FBCR/;FBID/phone;FBLC/en_US;FBOP/80]"),
    ("Facebook", "android", ANDROID_BASE + " [FB_IAB/FB4A;FBAV/495.0.0.45.68;IABMV/1;]"),
    ("Messenger", "ios", IOS_BASE + " [FBAN/MessengerForiOS;FBAV/485.0.0.33.109;FBBV/672834451;FBDV/iPhone16,1;FBMD/iPhone;FBSN/iOS;FBSV/18.5;FBSS/3;FBCR/;FBID/phone;FBLC/en_US;FBOP/5]"),
    ("Messenger", "android", ANDROID_BASE + " [FB_IAB/Orca-Android;FBAV/485.0.0.47.109;]"),
    ("LINE", "ios", IOS_BASE + " Safari Line/14.19.1"),
    ("TikTok", "ios", IOS_BASE + " musical_ly_38.6.0 JsSdk/2.0 NetType/WIFI Channel/App Store ByteLocale/en Region/US"),
    ("TikTok", "android", ANDROID_BASE + " trill_380604 JsSdk/1.0 NetType/WIFI Channel/googleplay AppName/musical_ly app_version/38.6.4 ByteLocale/en BytedanceWebview/d8a21c6"),
    ("X", "ios", IOS_BASE + " Twitter for iPhone/10.92"),
    ("WeChat", "ios", IOS_BASE + " MicroMessenger/8.0.54(0x1800362c) NetType/WIFI Language/en"),
    ("Snapchat", "ios", IOS_BASE + " Snapchat/13.30.0.38 (like Safari/8620.2.4.10.8, panda)"),
    ("LinkedIn", "ios", IOS_BASE + " [LinkedInApp]/9.31.2471"),
]
CONFIRM = "Install Marry from the store?"


@pytest.fixture(scope="module")
def extras(tmp_path_factory):
    with recorded_site("extras", tmp_path_factory) as found:
        yield found


def browser_with(profile: str, site, user_agent: str | None = None) -> ChromiumBrowser:
    b = make_driver(profile, [site.origin], user_agent=user_agent)
    if user_agent:
        assert b.js("return navigator.userAgent") == user_agent
    return b


def intents(b: ChromiumBrowser) -> list[str]:
    b.pump()
    return [m["params"]["url"] for m in b.perf
            if m.get("method") == "Page.frameRequestedNavigation" and m["params"].get("url", "").startswith("intent:")]


def step_text(b) -> str | None:
    return b.js("var s = document.getElementById('trampoline-in-app'); return s ? s.textContent : null")


# --- in-app browsers -------------------------------------------------------------------------

@pytest.mark.parametrize("name,platform,agent", [a for a in IN_APP_AGENTS if a[0] != "LINE"],
                         ids=[f"{a[0]}-{a[1]}" for a in IN_APP_AGENTS if a[0] != "LINE"])
def test_every_listed_in_app_browser_is_recognised(extras, browsers, name, platform, agent):
    """Each app's agent: the page shows the way out, names the app, and makes no attempt on the
    redirect page (LINE reloads first: its own test)."""
    site, recorder = extras
    b = browser_with(IPHONE if platform == "ios" else ANDROID, site, agent)
    browsers.append(b)
    b.get(site.url("/x/redirect"))
    text = wait_until(lambda: step_text(b), 3)
    assert text and "Marry can't open inside this app's browser" in text, text
    assert b.js("return document.getElementById('trampoline-in-app').getAttribute('data-app')") == name
    time.sleep(1.3)  # past fallback_delay_ms (1000)
    assert not b.scheme_navigations() and not intents(b), "an in-app browser got an app attempt"
    assert not recorder.select(browser=b.id, path="/store") and not recorder.select(browser=b.id, path="/__test/play")


def test_instagram_on_iphone_shows_the_way_out_and_copies_the_link(extras, browsers):
    site, recorder = extras
    b = browser_with(IPHONE, site, IN_APP_AGENTS[0][2])
    browsers.append(b)
    b.get(site.url("/x/redirect", "promo=beach"))
    assert wait_until(lambda: step_text(b), 3)
    # iOS cannot hand the page to Safari for the person: no "open in your browser" link, just the copy.
    links = b.js("return Array.from(document.querySelectorAll('#trampoline-in-app a')).map(a => a.getAttribute('href'))")
    assert links == ["#trampoline-copy"], links
    b.tap(b.driver.find_element("css selector", "#trampoline-in-app a"))
    copied = wait_until(lambda: b.read_clipboard() if b.js("return document.querySelector('#trampoline-in-app a').className") == "copied" else None, 3)
    assert copied == site.url("/x/redirect", "promo=beach"), copied
    time.sleep(1.5)
    assert not b.scheme_navigations(), "no scheme attempt from inside Instagram"
    assert not recorder.select(browser=b.id, path="/store"), "no automatic trip to the store"
    # The page's own button still works: a tap saves the deferred link and goes to the App Store.
    b.tap(b.driver.find_element("id", "trampoline-open"))
    assert recorder.wait_for(3, browser=b.id, path="/store") is not None


def test_facebook_on_android_offers_the_default_browser(extras, browsers):
    site, recorder = extras
    b = browser_with(ANDROID, site, IN_APP_AGENTS[3][2])
    browsers.append(b)
    b.get(site.url("/x/interstitial", "promo=beach"))
    assert wait_until(lambda: step_text(b), 3)
    href = b.js("return document.querySelector('#trampoline-in-app a[href^=\"intent:\"]').getAttribute('href')")
    port = site.server.port
    assert href == f"intent://127.0.0.1:{port}/x/interstitial/?promo=beach#Intent;scheme=http;action=android.intent.action.VIEW;end", href
    assert not intents(b)
    b.tap(b.driver.find_element("css selector", "#trampoline-in-app a[href^='intent:']"))
    assert wait_until(lambda: href in intents(b), 3), intents(b)
    # No package in it: Android picks the default browser, never this app's own intent.
    assert all("package=" not in url for url in intents(b))


def test_line_reopens_in_the_browser_once(extras, browsers):
    site, recorder = extras
    b = browser_with(IPHONE, site, IN_APP_AGENTS[6][2])
    browsers.append(b)
    b.get(site.url("/x/redirect", "promo=beach"))
    again = wait_until(lambda: [r for r in recorder.select(browser=b.id, path="/x/redirect/")
                                if r.params.get("openExternalBrowser") == ["1"]], 3)
    again = again[0] if again else None
    assert again is not None, "LINE was not asked to reopen the page outside"
    assert again.params.get("promo") == ["beach"], again.query
    # Still in LINE (it did not honour the parameter): the way out is shown, and no loop.
    assert wait_until(lambda: step_text(b), 3)
    time.sleep(1.5)
    assert len(recorder.select(browser=b.id, path="/x/redirect/")) == 2
    assert not b.scheme_navigations()
    # openExternalBrowser is the page's own key: it never reaches the app.
    b.tap(b.driver.find_element("id", "trampoline-open"))
    cookie = wait_until(lambda: b.driver.get_cookie("__Host-deferredDeepLink"), 3)
    link = strip_marker(urllib.parse.unquote(cookie["value"]), b)
    assert "openExternalBrowser" not in link and "promo=beach" in link, link


def test_in_app_browsers_ignore_behaves_as_any_browser(extras, browsers):
    site, recorder = extras
    b = browser_with(IPHONE, site, IN_APP_AGENTS[0][2])
    browsers.append(b)
    b.get(site.url("/x/ignore"))
    assert b.wait_scheme_navigation(3) == ["marry://plan?id=43"]
    assert step_text(b) is None
    assert recorder.wait_for(3, browser=b.id, path="/store") is not None


def test_in_app_step_in_webkit(extras, tls_sites, webkit_display, tmp_path_factory):
    """The same way out in WebKit (Safari's engine) under Instagram's iPhone agent: the lazily loaded
    script runs under the page's Content-Security-Policy ('strict-dynamic')."""
    site = tls_sites["main"]
    b = make_webkit(webkit_display, tmp_path_factory.mktemp("webkit-in-app"),
                    user_agent=IN_APP_AGENTS[0][2].replace(IOS_BASE, IPHONE_SAFARI_UA))
    try:
        b.get(site.url("/topic/1"))
        text = wait_until(lambda: step_text(b), 5)
        assert text and "can't open inside this app's browser" in text, text
        assert b.js("return document.getElementById('trampoline-in-app').getAttribute('data-app')") == "Instagram"
        assert not b.severe_console()
    finally:
        b.quit()


# --- the debug view ---------------------------------------------------------------------------

def debug_rows(b) -> dict[str, str]:
    return b.js("""var out = {}, dts = document.querySelectorAll('#trampoline-debug dt');
        dts.forEach(function (dt) { out[dt.textContent] = dt.nextElementSibling.textContent; }); return out""")


@pytest.mark.parametrize("profile", [IPHONE, ANDROID])
def test_debug_view_shows_the_flow_and_does_nothing(extras, browsers, profile):
    site, recorder = extras
    b = browser_with(profile, site)
    browsers.append(b)
    b.get(site.url("/x/redirect", "promo=beach&debug=1"))
    rows = wait_until(lambda: debug_rows(b), 3)
    assert rows, "no debug view"
    assert rows["Deferred link"].startswith("marry://plan?id=42&utm_source=qr&promo=beach&tl_t="), rows["Deferred link"]
    assert "debug" not in rows["Deferred link"].split(" ")[0]
    assert "ABCDE12345.com.example.marry" in rows["AASA for this URL"]
    assert "tries marry://plan?id=42&utm_source=qr&promo=beach at once" in rows["iPhone without the app"]
    assert "after 1 s goes to " + site.store in rows["iPhone without the app"]
    assert "intent://plan?id=42&utm_source=qr&promo=beach#Intent;scheme=marry;package=com.example.marry;" in rows["Android"]
    assert ("platform " + ("ios" if profile == IPHONE else "android")) in rows["This visit"]
    # The button does nothing either.
    b.tap(b.driver.find_element("id", "trampoline-open"))
    time.sleep(1.6)
    assert not b.scheme_navigations() and not intents(b)
    assert not recorder.select(browser=b.id, path="/store") and not recorder.select(browser=b.id, path="/__test/play")
    assert b.driver.get_cookie("__Host-deferredDeepLink") is None
    assert b.driver.current_url == site.url("/x/redirect", "promo=beach&debug=1")
    assert b.alert_text() is None


def test_debug_view_in_both_engines(phone):
    """In Chromium and WebKit: the view appears (the lazily loaded script passes the CSP), no
    scheme attempt, no cookie, no clipboard write, no navigation."""
    b = phone.new()
    b.get(phone.site.server.blank)  # a page of the same origin, to prime the clipboard from
    b.write_clipboard("untouched")
    url = phone.site.url("/topic/1", "debug=1")
    b.get(url)
    rows = wait_until(lambda: debug_rows(b), 5)
    assert rows and "Deferred link" in rows, rows
    assert rows["Deferred link"].startswith("marry://topic?id=1"), rows["Deferred link"]
    button = b.driver.find_element("id", "trampoline-open")
    b.js("arguments[0].scrollIntoView({block: 'center'})", button)  # below the debug view
    b.tap(button)
    time.sleep(2.0)
    assert not b.scheme_navigations()
    assert b.driver.get_cookie("__Host-deferredDeepLink") is None
    assert b.read_clipboard() == "untouched"
    assert b.driver.current_url == url
    assert not b.severe_console()


# --- confirm before the store ------------------------------------------------------------------

def test_confirm_dismissed_keeps_the_page_and_the_deferred_link(extras, browsers):
    site, recorder = extras
    b = browser_with(IPHONE, site)
    browsers.append(b)
    b.get(site.url("/x/confirm"))
    b.tap(b.driver.find_element("id", "trampoline-open"))
    assert wait_until(lambda: b.alert_text(), 3) == CONFIRM
    b.driver.switch_to.alert.dismiss()
    time.sleep(1.0)
    assert not recorder.select(browser=b.id, path="/store"), "cancel still went to the store"
    assert b.driver.current_url == site.url("/x/confirm")
    # Nothing lost: the cookie and the clipboard carry the deferred link already.
    cookie = b.driver.get_cookie("__Host-deferredDeepLink")
    assert cookie and strip_marker(urllib.parse.unquote(cookie["value"]), b) == "marry://topic/8"
    assert strip_marker(b.read_clipboard(), b) == "marry://topic/8"
    # The button is still there and asks again; accepting goes to the store.
    b.tap(b.driver.find_element("id", "trampoline-open"))
    assert wait_until(lambda: b.alert_text(), 3) == CONFIRM
    b.driver.switch_to.alert.accept()
    assert recorder.wait_for(3, browser=b.id, path="/store") is not None


def test_confirm_on_the_redirect_timer(extras, browsers):
    site, recorder = extras
    b = browser_with(IPHONE, site)
    browsers.append(b)
    b.get(site.url("/x/confirm-redirect"))
    assert b.wait_scheme_navigation(3) == ["marry://topic/9"]
    assert wait_until(lambda: b.alert_text(), 3) == CONFIRM
    b.driver.switch_to.alert.accept()
    assert recorder.wait_for(3, browser=b.id, path="/store") is not None


def test_confirm_on_android_asks_once_for_chrome_fallback_and_timer(extras, browsers):
    site, recorder = extras
    b = browser_with(ANDROID, site)
    browsers.append(b)
    url = site.url("/x/confirm-redirect")
    b.get(url)
    urls = wait_until(lambda: intents(b), 3)
    assert urls, "no intent"
    fallback = urllib.parse.unquote(urls[0].split("S.browser_fallback_url=")[1].split(";")[0])
    assert fallback == url + "#store1", fallback
    # What Chrome does when the app is missing: go to the fallback (here: this page, #store1).
    b.js("location.hash = 'store1'")
    assert wait_until(lambda: b.alert_text(), 3) == CONFIRM
    b.driver.switch_to.alert.dismiss()
    time.sleep(1.5)  # the timer (1 s) must not ask a second time
    assert b.alert_text() is None
    assert not recorder.select(browser=b.id, path="/__test/play")
    # The button starts a new attempt, which asks again; accepting reaches Google Play.
    b.tap(b.driver.find_element("id", "trampoline-open"))
    assert wait_until(lambda: b.alert_text(), 3) == CONFIRM
    b.driver.switch_to.alert.accept()
    play = recorder.wait_for(3, browser=b.id, path="/__test/play")
    assert play is not None
    assert "deep_link=marry%3A%2F%2Ftopic%2F9" in play.params["referrer"][0]
