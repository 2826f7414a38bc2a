"""loadCookie.html: hands the cookie's deferred link to the app once, then forgets it.

Every flow runs in Chromium and in WebKit (the ``phone`` fixture). In WebKit the navigation to
the app's scheme is recorded and refused by the test browser (iOS would hand it to the app);
the page's own reading and deleting of the cookie is real in both engines."""
import time

from selenium.webdriver.common.by import By

from support import encode_uri_component, strip_marker


def _tap_and_leave(b, site, recorder, path):
    b.get(site.url(path, "promo=beach"))
    b.tap(b.driver.find_element(By.ID, "trampoline-open"))
    assert recorder.wait_for(5, browser=b.id, path="/store") is not None
    return b.read_clipboard()


def _load_cookie_page(b, site):
    b.reset_logs()
    b.get(site.origin + "/loadCookie.html")


def test_loadcookie_navigates_to_the_cookie_link_and_deletes_it(phone, recorder):
    site = phone.site
    b = phone.new()
    name = site.link("/topic/1")["cookie_name"]
    link = _tap_and_leave(b, site, recorder, "/topic/1")
    assert b.driver.get_cookie(name)["value"] == encode_uri_component(link)

    _load_cookie_page(b, site)
    urls = b.wait_scheme_navigation(timeout=3)
    assert urls == [link], f"expected a navigation to {link!r}, saw {urls!r}"
    assert b.non_http_navigations() == [link]
    assert b.driver.get_cookie(name) is None, "the cookie survived loadCookie.html"
    assert "promo=beach" in urls[0]
    strip_marker(urls[0], b)  # the app gets the marked link, which TrampolineLink requires

    # a second visit has nothing left to hand over
    _load_cookie_page(b, site)
    time.sleep(0.8)
    assert b.non_http_navigations() == []


def test_loadcookie_reads_a_link_specific_cookie_name(phone, recorder):
    site = phone.site
    b = phone.new()
    link = _tap_and_leave(b, site, recorder, "/share/noforward")
    assert b.driver.get_cookie("__Host-altDeferred") is not None
    _load_cookie_page(b, site)
    urls = b.wait_scheme_navigation(timeout=3)
    assert urls == [link], urls
    assert b.driver.get_cookie("__Host-altDeferred") is None


def test_loadcookie_without_cookie_does_nothing(phone, recorder):
    site = phone.site
    b = phone.new()
    _load_cookie_page(b, site)
    time.sleep(1.0)
    assert b.non_http_navigations() == []
    assert b.driver.current_url == site.origin + "/loadCookie.html"
    assert b.alert_text() is None
    assert not b.severe_console(), b.severe_console()
    reqs = [r.path for r in recorder.select(browser=b.id) if r.path != "/favicon.ico"]
    assert reqs == ["/loadCookie.html"], f"unexpected requests: {reqs}"


def test_loadcookie_ignores_values_outside_the_app_scheme(phone, recorder):
    site = phone.site
    b = phone.new()
    b.get(site.server.blank)
    for value in ("javascript:alert(1)", "https://evil.example/", "marryx://topic"):
        b.driver.delete_all_cookies()
        b.driver.add_cookie({"name": "deferredDeepLink", "value": encode_uri_component(value), "path": "/"})
        _load_cookie_page(b, site)
        time.sleep(0.6)
        assert b.alert_text() is None, value
        assert b.non_http_navigations() == [], value
        assert b.driver.current_url == site.origin + "/loadCookie.html", value
