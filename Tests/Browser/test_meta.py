"""Head metadata, page data and visible content, as the DOM of the real browser sees them."""
import json
import re

import pytest
from selenium.webdriver.common.by import By

META_JS = """
const out = {};
for (const m of document.querySelectorAll('meta')) {
  const k = m.getAttribute('property') || m.getAttribute('name');
  if (k) out[k] = m.getAttribute('content');
}
out['html:lang'] = document.documentElement.getAttribute('lang');
return out;
"""

LINK_PATHS = ["/topic/1", "/go/redirect", "/go/redirect-web", "/go/nocookie",
              "/share/webfallback", "/share/noforward"]


def test_catalog_covers_every_path(site):
    assert sorted(l["path"] for l in site.catalog["links"]) == sorted(LINK_PATHS)


@pytest.mark.parametrize("path", LINK_PATHS)
def test_head_meta(site, iphone, path):
    eff = site.link(path)
    ios = site.catalog["app"]["ios"]
    public_url = site.catalog["site"]["url"] + path
    iphone.get(site.url(path))
    meta = iphone.js(META_JS)

    assert meta["html:lang"] == site.catalog["site"]["language"]
    assert "width=device-width" in (meta.get("viewport") or "")
    banner = [p.strip() for p in (meta.get("apple-itunes-app") or "").split(",")]
    assert banner == [f"app-id={ios['app_store_id']}", f"app-argument={public_url}"], meta.get("apple-itunes-app")

    assert meta.get("og:title") == eff["title"]
    assert meta.get("og:image") == eff["image"]
    assert meta.get("og:url") == public_url
    assert meta.get("og:type")
    # X reads og:title, og:description and og:image when its own tags are absent; only the
    # card type has no og: equivalent.
    assert meta.get("twitter:card") == ("summary_large_image" if eff["image"] else "summary")
    assert "twitter:title" not in meta and "twitter:image" not in meta
    # description is Markdown in the catalog; the meta carries it as plain text (or verbatim)
    plain = re.sub(r"[*_`]", "", eff["description"])
    assert meta.get("og:description") in (plain, eff["description"]), meta.get("og:description")
    assert iphone.js("return document.title").strip(), "empty <title>"


@pytest.mark.parametrize("path", LINK_PATHS)
def test_page_data(site, iphone, path):
    eff = site.link(path)
    iphone.get(site.url(path))
    blocks = iphone.js("return Array.from(document.querySelectorAll('#trampoline-data'))"
                       ".map(s => [s.tagName, s.type])")
    assert blocks == [["SCRIPT", "application/json"]]
    data = iphone.page_data()
    deep = eff.get("deep_link") or "marry://" + path.lstrip("/")
    # The script reads neither the template's name nor the bare deep link (the deferred link
    # starts with it): every byte is in every page.
    assert "template" not in data and "deepLink" not in data
    assert data["behaviour"] == eff["template"]  # the catalog's templates are the built-in ones
    assert data["deferredLink"].split("?")[0] == deep.split("?")[0]
    assert data["store"] == site.store
    assert data["web"] == eff.get("web_url")
    assert data["fallback"] == eff["fallback"]
    assert data["delay"] == eff["fallback_delay_ms"]
    assert data["deferred"] == eff["deferred"]
    assert data["cookieName"] == eff["cookie_name"]
    assert data["cookieDays"] == eff["cookie_days"]
    assert data["forwardQuery"] == eff["forward_query"]
    from support import expected_deferred, split_link
    base, params = split_link(data["deferredLink"])
    assert (base, dict(params)) == expected_deferred(site, path)
    assert len(params) == len(expected_deferred(site, path)[1])


def test_interstitial_content(site, iphone):
    eff = site.link("/topic/1")
    iphone.get(site.url("/topic/1"))
    d = iphone.driver
    assert d.find_element(By.TAG_NAME, "h1").text == eff["title"]
    strong = d.find_elements(By.XPATH, "//strong[normalize-space()='big day']")
    assert strong, "Markdown **big day** was not rendered as <strong>"
    assert "Everything for the" in d.find_element(By.TAG_NAME, "body").text
    assert "**" not in d.find_element(By.TAG_NAME, "body").text
    imgs = [i.get_attribute("src") for i in d.find_elements(By.TAG_NAME, "img")]
    assert eff["image"] in imgs, imgs
    btn = d.find_element(By.ID, "trampoline-open")
    assert btn.tag_name == "a"
    assert btn.text.strip() == f"Open in {site.catalog['app']['name']}"
    assert btn.is_displayed()
    assert btn.get_attribute("href"), "the button needs an href (works without JavaScript)"


def test_well_known_files(site):
    a = (site.root / ".well-known" / "apple-app-site-association").read_bytes()
    b = (site.root / "apple-app-site-association").read_bytes()
    assert a == b
    doc = json.loads(a)
    ios = site.catalog["app"]["ios"]
    assert f"{ios['team_id']}.{ios['bundle_id']}" in json.dumps(doc)
    for name in (".nojekyll", "_headers", "index.html", "404.html", "loadCookie.html"):
        assert (site.root / name).is_file(), name
    for link in site.catalog["links"]:
        assert (site.root / link["path"].strip("/") / "index.html").is_file(), link["path"]


@pytest.mark.parametrize("page", ["/index.html", "/404.html", "/does/not/exist"])
def test_other_pages_load_cleanly(site, recorder, iphone, page):
    iphone.get(site.origin + page)
    assert iphone.alert_text() is None
    assert iphone.non_http_navigations() == []
    errors = [e for e in iphone.severe_console()
              if not (page == "/does/not/exist" and "404" in e["message"])]
    assert not errors, errors
    assert iphone.js("return document.documentElement.lang") == site.catalog["site"]["language"]
