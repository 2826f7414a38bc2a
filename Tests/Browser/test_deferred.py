"""Deferred-link composition at run time: campaign + visited query, hostile values stay data.
Both flows run in Chromium and in WebKit (the ``phone`` fixture)."""
import urllib.parse

from selenium.webdriver.common.by import By

from support import encode_uri_component, expected_deferred, split_link, strip_marker

XSS = '"><script>alert(1)</script>'
JS_URL = "javascript:alert(1)"
# promo: new key; utm_source: overrides the campaign; id: in the deep link's own query, must
# NOT be overridden; x/y: hostile values that must stay inert, percent-encoded data; tl_t: the
# marker's name, never forwarded (the page writes its own).
VISITED = urllib.parse.urlencode([("promo", "beach"), ("utm_source", "visited"), ("id", "999"),
                                  ("x", XSS), ("y", JS_URL), ("tl_t", "1")])


def assert_composed(link, site, path):
    base, params = split_link(link)
    exp_base, exp_params = expected_deferred(site, path, VISITED)
    assert base == exp_base, link
    keys = [k for k, _ in params]
    assert len(keys) == len(set(keys)), f"duplicate keys: {link}"
    assert dict(params) == exp_params, link
    # hostile values are percent-encoded inside the link, never raw
    for raw in ('"', "<", ">", " "):
        assert raw not in link, f"raw {raw!r} in {link}"
    assert JS_URL not in link and "javascript%3Aalert%281%29" in link, link
    return dict(params)


def assert_inert(b):
    assert b.alert_text() is None, f"an alert is open: {b.alert_text()!r}"
    scripts = b.js("return Array.from(document.scripts).map(s => [s.type, s.id, s.src])")
    assert len(scripts) <= 2, scripts
    errors = b.severe_console()
    assert not errors, errors


def test_composition_interstitial_tap(phone, recorder):
    site = phone.site
    b = phone.new()
    path = "/topic/1"
    eff = site.link(path)
    b.get(site.url(path, VISITED))
    assert_inert(b)
    b.tap(b.driver.find_element(By.ID, "trampoline-open"))
    store = recorder.wait_for(5, browser=b.id, path="/store")
    assert store is not None
    assert b.alert_text() is None
    copied = b.read_clipboard()
    params = assert_composed(strip_marker(copied, b), site, path)
    assert params["promo"] == "beach" and params["utm_campaign"] == "spring"
    assert params["utm_source"] == "visited" and params["id"] == "1"
    assert params["x"] == XSS and params["y"] == JS_URL
    assert store.cookies().get(eff["cookie_name"]) == encode_uri_component(copied)
    assert urllib.parse.unquote(b.driver.get_cookie(eff["cookie_name"])["value"]) == copied


def test_composition_redirect_scheme_and_cookie(phone, recorder):
    site = phone.site
    b = phone.new()
    path = "/go/redirect"
    eff = site.link(path)
    b.get(site.url(path, VISITED))
    urls = b.wait_scheme_navigation(timeout=2)
    assert urls, "no navigation to marry:// was attempted"
    assert len(urls) == 1, urls
    params = assert_composed(urls[0], site, path)
    assert params["utm_medium"] == "poster" and params["promo"] == "beach"
    assert_inert(b)
    store = recorder.wait_for((eff["fallback_delay_ms"] + 3000) / 1000, browser=b.id, path="/store")
    assert store is not None
    assert strip_marker(urllib.parse.unquote(store.cookies().get(eff["cookie_name"], "")), b) == urls[0]
    assert "tl_t" not in urls[0], "the scheme attempt carries no marker"
    assert b.non_http_navigations() == urls, "navigated to something else than the deferred link"


# A visit query of 6 KB: the deferred link with it would be longer than the 4096 bytes the app
# libraries accept (LinkConfiguration.maximumLength), so the page drops the visited query.
LONG_QUERY = urllib.parse.urlencode([("promo", "beach"), ("pad", "x" * 6000)])
MAXIMUM_LENGTH = 4096


def assert_plain(link, site, path):
    """`link` (without its marker) is the catalog's deep link with its campaign: no visited key."""
    base, params = split_link(link)
    exp_base, exp_params = expected_deferred(site, path)
    assert (base, dict(params)) == (exp_base, exp_params), link[:200]


def test_a_long_visit_query_is_dropped_from_clipboard_and_cookie(phone, recorder):
    site = phone.site
    b = phone.new()
    path = "/topic/1"
    eff = site.link(path)
    b.get(site.url(path, LONG_QUERY))
    plain = b.page_data()["deferredLink"]
    b.tap(b.driver.find_element(By.ID, "trampoline-open"))
    store = recorder.wait_for(5, browser=b.id, path="/store")
    assert store is not None
    copied = b.read_clipboard()
    assert len(copied.encode("utf-8")) <= MAXIMUM_LENGTH, len(copied)
    assert strip_marker(copied, b) == plain
    assert_plain(plain, site, path)
    cookie = urllib.parse.unquote(store.cookies().get(eff["cookie_name"], ""))
    assert cookie == copied, cookie[:200]


def test_a_long_visit_query_is_dropped_from_the_scheme_attempt_and_cookie(phone, recorder):
    site = phone.site
    b = phone.new()
    path = "/go/redirect"
    eff = site.link(path)
    b.get(site.url(path, LONG_QUERY))
    urls = b.wait_scheme_navigation(timeout=2)
    assert len(urls) == 1, [u[:200] for u in urls]
    assert_plain(urls[0], site, path)
    store = recorder.wait_for((eff["fallback_delay_ms"] + 3000) / 1000, browser=b.id, path="/store")
    assert store is not None
    cookie = urllib.parse.unquote(store.cookies().get(eff["cookie_name"], ""))
    assert len(cookie.encode("utf-8")) <= MAXIMUM_LENGTH, len(cookie)
    assert strip_marker(cookie, b) == urls[0]
