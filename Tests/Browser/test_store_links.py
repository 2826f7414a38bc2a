"""The store links of the pages, in real Chromium (iPhone and Pixel profiles) and WebKit:
- the home and 404 pages send an Android phone to Google Play, never to the App Store (an iPhone
  still gets the App Store);
- Google Play's `referrer` carries the deep link in the Android app's scheme (`marryapp://`, the
  scheme the intent opens), with the link's utm_* keys;
- Meta's App Links tags carry the deep link the page opens, per platform, escaped.

Modelled: Google Play and the App Store are local stand-ins (/__test/play, /store) on the
recording server; an Android phone is Chromium's Pixel emulation (docs/android.md says why).
"""
from __future__ import annotations

import urllib.parse

import pytest

from support import ANDROID, IPHONE, make_driver, make_webkit, recorded_site, strip_marker, wait_until

NAME = 'Marry & "Co" <b>'


@pytest.fixture(scope="module")
def store_site(tmp_path_factory):
    with recorded_site("store-links", tmp_path_factory) as found:
        yield found


def button(b) -> tuple[str, str]:
    return tuple(b.js("var a = document.getElementById('trampoline-open'); return [a.getAttribute('href'), a.textContent]"))


@pytest.mark.parametrize("path", ["/", "/no/such/link"])
def test_home_and_404_send_android_to_google_play_and_iphone_to_the_app_store(store_site, browsers, path):
    site, _ = store_site
    pixel = make_driver(ANDROID, [site.origin])
    iphone = make_driver(IPHONE, [site.origin])
    browsers += [pixel, iphone]
    pixel.get(site.url(path))
    play = f"http://127.0.0.1:{site.server.port}/__test/play?id=com.example.marry&hl=en"
    assert wait_until(lambda: button(pixel) == (play, f"Get {NAME} on Google Play"), 3), button(pixel)
    # The 404 page's own status is logged as a network error; nothing else may be (a CSP refusal).
    assert not [m for m in pixel.severe_console() if m.get("source") != "network"]
    iphone.get(site.url(path))
    href, text = button(iphone)
    assert href == f"http://127.0.0.1:{site.server.port}/store" and "App Store" in text, (href, text)


@pytest.mark.parametrize("path", ["/", "/no/such/link"])
def test_webkit_iphone_keeps_the_app_store_on_home_and_404(store_site, webkit_display, tmp_path_factory, path):
    site, _ = store_site
    b = make_webkit(webkit_display, tmp_path_factory.mktemp("webkit-store"))
    try:
        b.get(site.url(path))
        assert button(b)[0] == f"http://127.0.0.1:{site.server.port}/store"
        assert not [m for m in b.severe_console() if m.get("source") != "network"]
    finally:
        b.quit()


def _play_referrer(site, recorder, browsers, path):
    """An Android phone visits ``path``; the Play referrer it reached, parsed (the phone too)."""
    pixel = make_driver(ANDROID, [site.origin])
    browsers.append(pixel)
    pixel.get(site.url(path))
    play = recorder.wait_for(6, browser=pixel.id, path="/__test/play")
    assert play is not None, "Play was never reached"
    return pixel, urllib.parse.parse_qs(play.params["referrer"][0], keep_blank_values=True)


def test_play_referrer_carries_the_android_scheme(store_site, browsers):
    site, recorder = store_site
    pixel, referrer = _play_referrer(site, recorder, browsers, "/s/redirect")
    links = [strip_marker(link, pixel) for link in referrer.pop("deep_link")]
    assert links == ["marryapp://plan?id=42&x=%3Ca%3E&utm_source=qr&utm_campaign=spring+sale"], links
    assert referrer == {"utm_source": ["qr"], "utm_campaign": ["spring sale"]}


def meta_tags(b) -> dict[str, str]:
    return b.js("var o = {}; document.querySelectorAll('meta[property^=\"al:\"]').forEach(function (m) {"
                " o[m.getAttribute('property')] = m.getAttribute('content'); }); return o")


def test_app_links_tags_carry_the_pages_deep_link(store_site, browsers):
    site, _ = store_site
    b = make_driver(IPHONE, [site.origin])
    browsers.append(b)
    b.get(site.url("/s/redirect", "debug=1"))  # the debug view never leaves the page
    deferred = b.js("return JSON.parse(document.getElementById('trampoline-data').textContent).deferredLink")
    assert meta_tags(b) == {
        "al:ios:url": deferred, "al:ios:app_store_id": "1356057329", "al:ios:app_name": NAME,
        "al:android:url": "marryapp://" + deferred[len("marry://"):], "al:android:package": "com.example.marry",
        "al:android:app_name": NAME, "al:web:should_fallback": "true",
    }
    b.get(site.url("/s/web"))
    tags = meta_tags(b)
    assert tags["al:web:url"] == 'https://example.com/topic/7?a=1&b=2' and "al:web:should_fallback" not in tags
    assert tags["al:ios:url"] == "marry://topic/7" and tags["al:android:url"] == "marryapp://topic/7"
    # The home page is no link: no App Links tags.
    b.get(site.url("/"))
    assert meta_tags(b) == {}


@pytest.fixture(scope="module")
def campaign_site(tmp_path_factory):
    with recorded_site("store-campaign", tmp_path_factory) as found:
        yield found


CAMPAIGNS = {"/c/spring": "spring sale", "/c/own": "été/2026"}


@pytest.mark.parametrize("engine", ["chromium", "webkit"])
@pytest.mark.parametrize("path", sorted(CAMPAIGNS))
def test_app_store_urls_carry_app_store_connects_campaign(campaign_site, browsers, webkit_display, tmp_path_factory,
                                                          engine, path):
    """An iPhone without the app reaches the App Store with pt, the link's ct and mt=8, as App
    Store Connect's campaign generator writes them (docs/catalog.md#store-campaign-counts)."""
    site, recorder = campaign_site
    if engine == "chromium":
        b = make_driver(IPHONE, [site.origin])
    else:
        b = make_webkit(webkit_display, tmp_path_factory.mktemp("webkit-campaign"))
    browsers.append(b)
    b.get(site.url(path))
    store = recorder.wait_for(6, browser=b.id, path="/store")
    assert store is not None, "the App Store was never reached"
    assert store.params == {"pt": ["118000"], "ct": [CAMPAIGNS[path]], "mt": ["8"]}, store.params


def test_google_play_keeps_the_utm_referrer_beside_the_campaign(campaign_site, browsers):
    site, recorder = campaign_site
    pixel, referrer = _play_referrer(site, recorder, browsers, "/c/own")
    assert referrer["utm_campaign"] == ["spring sale"] and referrer["utm_source"] == ["mail"], referrer
    assert not recorder.select(browser=pixel.id, path="/store"), "an Android phone went to the App Store"
