"""Items files (issue #48, "each item's own preview"): a route in the catalog may name an items
file, and every item in it gets a page of its own, with its own ``og:``/``twitter:`` tags and Smart
App Banner argument and every other behaviour of the route. Any other URL the route takes gets the
route's one page (``_routes/…``, through the host's rewrite rules), whose tags say what the catalog
wrote (``Recipe :id``: crawlers run no script) and whose visible texts the page's script
(Templates/trampoline-route.js) fills in for people, as text.

``catalogs/items.yml`` with ``catalogs/recipes.csv`` beside it, built by the real binary and served
as Netlify serves a site (``support.server.SiteServer``: a file that exists as is, then the generated
``_redirects`` 200 rules). An item's image must be ``https:``, so the site is built for an HTTPS
test server and both engines visit it over HTTPS (Chromium with ``acceptInsecureCerts``, like
WebKit). The recipe pages use a template of this test, ``recipe`` (the built-in redirect page plus
the link's image and description, which the built-in one does not show), written into
``Templates/`` beside the built catalog.

* a crawler's view, over real HTTP with urllib and the agents of Facebook, X, WhatsApp, Slack and
  LINE: each item's own title, description and image, the route's texts with ``:id`` filled for an
  item without texts, the route's texts as written for an id not in the file, and every og:image
  served;
* Chromium (iPhone profile) and WebKit (iPhone Safari agent): an item's page attempts exactly its
  deep link and falls back to the store with the cookie carrying it; the route's page shows the
  visited id in the h1, the title and the description while its og:title stays as written; no
  console error, no CSP violation;
* a hostile parameter value is shown as text on the route's page: no element, no handler.
"""
from __future__ import annotations

import html.parser
import ssl
import time
import urllib.error
import urllib.parse
import urllib.request

import pytest

from support import (CATALOGS, CHROMIUM_IPHONE, ENGINES, IPHONE, Recorder, SiteServer, build_site, make_driver,
                     make_webkit, strip_marker, wait_until)

CRAWLERS = {
    "facebook": "facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)",
    "x": "Twitterbot/1.0",
    "whatsapp": "WhatsApp/2.23.20.0",
    "slack": "Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)",
    "line": "facebookexternalhit/1.1;line-poker/1.0",
}
SITE_URL = "https://go.example.com"
COOKIE = "__Host-deferredDeepLink"

# The built-in redirect page (Templates/redirect.md) plus the image and description of the
# interstitial one, so that the route page's filled-in description can be seen on a page that
# attempts the app at once.
RECIPE_TEMPLATE = """---
# The built-in redirect page, with the link's image and description (test_items.py).
behaviour: redirect
button: "{{open_app}}"
---
{{#image}}
![{{title}}]({{image}})
{{/image}}

# {{title}}

{{{description}}}

{{opening}}
"""

# Records every CSP violation before any page script runs (as test_csp.py does).
RECORD_VIOLATIONS = """
window.__violations = [];
document.addEventListener('securitypolicyviolation', function (e) {
  window.__violations.push({directive: e.effectiveDirective, blocked: e.blockedURI, sample: e.sample});
});
"""


# --------------------------------------------------------------------------------------
# The site
# --------------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def items_site(tls_context, tmp_path_factory):
    """catalogs/items.yml with recipes.csv (its local URLs pointed at the server, as build_site
    does for the catalog) and the recipe template beside it, built and served over HTTPS as
    Netlify serves a site: (site, recorder)."""
    recorder = Recorder()
    server = SiteServer(recorder, tls=tls_context, host="netlify")
    out = tmp_path_factory.mktemp("items-site")
    try:
        csv = (CATALOGS / "recipes.csv").read_text(encoding="utf-8")
        (out / "recipes.csv").write_text(csv.replace("http://127.0.0.1:@PORT@", server.origin), encoding="utf-8")
        (out / "Templates").mkdir()
        (out / "Templates" / "recipe.md").write_text(RECIPE_TEMPLATE, encoding="utf-8")
        site = build_site("items", server, out, label="items-tls")
        yield site, recorder
    finally:
        server.stop()


def image_url(site, name: str) -> str:
    return f"{site.origin}/__test/{name}.png"


def test_the_build_writes_a_page_for_each_item_and_one_for_the_route(items_site):
    """What the other tests rely on, said once so that a missing page is named here."""
    site, _ = items_site
    for page in ("recipe/12345/index.html", "recipe/777/index.html", "_routes/recipe/_id/index.html",
                 "_routes/tag/_name/index.html"):
        assert (site.root / page).is_file(), f"the build wrote no {page}"
    assert not (site.root / "recipe" / "99").exists()
    rules = (site.root / "_redirects").read_text(encoding="utf-8")
    assert "/recipe/:id /_routes/recipe/_id/ 200" in rules, rules
    # The build says that crawlers see the route's own page's texts as written.
    assert "crawlers run no script" in site.build_stderr, site.build_stderr


# --------------------------------------------------------------------------------------
# A crawler's view: no script, the tags as served
# --------------------------------------------------------------------------------------

class _Meta(html.parser.HTMLParser):
    """The og:/twitter:/al: tags (property or name -> content), the Smart App Banner and the
    <title> of a page, as a crawler reads them."""

    def __init__(self):
        super().__init__()
        self.tags: dict[str, list[str]] = {}
        self.title = ""
        self._in_title = False

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "meta":
            key = a.get("property") or a.get("name")
            if key and "content" in a:
                self.tags.setdefault(key, []).append(a["content"])
        self._in_title = tag == "title"

    def handle_endtag(self, tag):
        self._in_title = False

    def handle_data(self, data):
        if self._in_title:
            self.title += data

    def one(self, key: str) -> str | None:
        values = self.tags.get(key, [])
        assert len(values) <= 1, f"{key} given {len(values)} times: {values}"
        return values[0] if values else None


def _client() -> ssl.SSLContext:
    # The test server's throwaway certificate (a crawler would verify a real one).
    context = ssl.create_default_context()
    context.check_hostname = False
    context.verify_mode = ssl.CERT_NONE
    return context


def crawl(url: str, agent: str):
    """GET as a crawler: (status, final URL, headers (case-insensitive), body), following
    redirects as crawlers do."""
    request = urllib.request.Request(url, headers={"User-Agent": agent, "Accept": "*/*"})
    try:
        with urllib.request.urlopen(request, context=_client(), timeout=10) as response:
            return response.status, response.geturl(), response.headers, response.read()
    except urllib.error.HTTPError as e:
        return e.code, url, e.headers, e.read()


def expected_previews(site) -> dict[str, dict[str, str | None]]:
    """The tags a crawler must read at each visited URL, from the catalog and the items file."""
    route = {"title": "Recipe :id", "description": "Recipe number :id from the team.",
             "image": image_url(site, "recipe")}
    return {
        # An item with its own texts and image; its description's Markdown is plain text here.
        "/recipe/12345": {"og:title": "Lemon tart", "og:description": "Sharp, sweet, easy.",
                          "og:image": image_url(site, "tart"), "og:url": SITE_URL + "/recipe/12345",
                          "al:ios:url": "marry://recipe/12345",
                          "apple-itunes-app": f"app-id=1356057329, app-argument={SITE_URL}/recipe/12345",
                          "title": "Lemon tart"},
        # An item with empty cells: the route's texts and image, :id filled in.
        "/recipe/777": {"og:title": "Recipe 777", "og:description": "Recipe number 777 from the team.",
                        "og:image": route["image"], "og:url": SITE_URL + "/recipe/777",
                        "al:ios:url": "marry://recipe/777",
                        "apple-itunes-app": f"app-id=1356057329, app-argument={SITE_URL}/recipe/777",
                        "title": "Recipe 777"},
        # Not in the file: the route's one page, its texts as written (no script runs here). It
        # cannot name the visited URL, so it has no og:url, no al:ios:url and no app-argument.
        "/recipe/99": {"og:title": route["title"], "og:description": route["description"],
                       "og:image": route["image"], "og:url": None, "al:ios:url": None,
                       "apple-itunes-app": "app-id=1356057329", "title": route["title"]},
    }


@pytest.mark.parametrize("crawler", list(CRAWLERS))
def test_a_crawler_reads_each_items_own_preview(items_site, crawler):
    site, recorder = items_site
    agent = CRAWLERS[crawler]
    images = set()
    for path, want in expected_previews(site).items():
        status, final, headers, body = crawl(site.origin + path, agent)
        assert status == 200, (path, status)
        assert (headers.get("Content-Type") or "").startswith("text/html"), (path, dict(headers))
        page = _Meta()
        page.feed(body.decode("utf-8"))
        got = {key: page.one(key) for key in want if key != "title"}
        got["title"] = page.title
        assert got == want, (path, final)
        assert page.one("og:type") == "website" and page.one("og:site_name") == "Example links", path
        assert page.one("twitter:card") == "summary_large_image", path
        images.add(got["og:image"])
    # Each image a preview names is there for the crawler to fetch.
    assert images == {image_url(site, "tart"), image_url(site, "recipe")}
    for url in sorted(images):
        status, _, headers, body = crawl(url, agent)
        assert status == 200, (url, status)
        assert headers.get("Content-Type") == "image/png" and body.startswith(b"\x89PNG\r\n\x1a\n"), url


def test_an_id_the_file_does_not_name_is_the_routes_page(items_site):
    """/recipe/99 is served the route's page by the rewrite (the address stays); /recipe/12345
    is its own file, never the route's page."""
    site, _ = items_site
    route_page = (site.root / "_routes" / "recipe" / "_id" / "index.html").read_bytes()
    item_page = (site.root / "recipe" / "12345" / "index.html").read_bytes()
    assert crawl(site.origin + "/recipe/99", CRAWLERS["x"])[3] == route_page
    assert crawl(site.origin + "/recipe/12345/", CRAWLERS["x"])[3] == item_page != route_page


# --------------------------------------------------------------------------------------
# People's view: both engines
# --------------------------------------------------------------------------------------

@pytest.fixture(params=ENGINES)
def items_phone(request, items_site, browsers, tmp_path_factory):
    """A factory of fresh iPhone browsers of each engine for the items site, recording CSP
    violations; quit after the test."""
    site, _ = items_site
    if request.param == CHROMIUM_IPHONE:
        make = lambda: make_driver(IPHONE, [site.origin], init_scripts=[RECORD_VIOLATIONS])  # noqa: E731
    else:
        display = request.getfixturevalue("webkit_display")
        make = lambda: make_webkit(display, tmp_path_factory.mktemp("webkit-items"),  # noqa: E731
                                   init_scripts=[RECORD_VIOLATIONS])

    def new():
        b = make()
        browsers.append(b)
        return b
    return new


def text_of(b, selector: str):
    return b.js("var e = document.querySelector(arguments[0]); return e && e.textContent", selector)


def og(b, key: str):
    return b.js("var m = document.querySelector('meta[property=\"' + arguments[0] + '\"]');"
                " return m && m.getAttribute('content')", key)


def violations(b) -> list:
    return b.js("return window.__violations")


def assert_attempts_then_store(b, site, recorder, expected: str, delay_ms: int):
    """The page attempted exactly ``expected`` once, then went to the store after the route's
    delay with the cookie carrying that link (plus the dated marker)."""
    assert b.wait_scheme_navigation(5) == [expected]
    store = recorder.wait_for(delay_ms / 1000 + 5, browser=b.id, path="/store")
    assert store is not None, "no App Store fallback"
    cookie = store.cookies().get(COOKIE)
    assert cookie and strip_marker(urllib.parse.unquote(cookie), b) == expected, store.cookie
    assert b.scheme_navigations() == [expected]


def test_an_items_page_opens_its_own_deep_link(items_site, items_phone):
    site, recorder = items_site
    delay = site.link("/recipe/:id(digits)")["fallback_delay_ms"]
    b = items_phone()
    b.get(site.origin + "/recipe/12345")
    # Read before the fallback (3 s) leaves the page.
    assert text_of(b, "h1") == "Lemon tart" == b.driver.title
    assert text_of(b, "h1 + p") == "Sharp, sweet, easy."
    assert og(b, "og:title") == "Lemon tart"
    assert b.js("return document.querySelector('.card img').naturalWidth") == 1200, "the item's image"
    assert violations(b) == []
    assert b.page_data()["deferredLink"] == "marry://recipe/12345"
    assert_attempts_then_store(b, site, recorder, "marry://recipe/12345", delay)
    assert not b.severe_console(), b.severe_console()
    assert b.alert_text() is None


def test_the_routes_page_fills_the_visited_id_in_for_people(items_site, items_phone):
    site, recorder = items_site
    delay = site.link("/recipe/:id(digits)")["fallback_delay_ms"]
    b = items_phone()
    b.get(site.origin + "/recipe/99?x=1")
    assert wait_until(lambda: text_of(b, "h1") == "Recipe 99", 3), text_of(b, "h1")
    assert b.driver.title == "Recipe 99"
    assert text_of(b, "h1 + p") == "Recipe number 99 from the team."
    assert "Recipe number 99 from the team." in b.js("return document.body.innerText")
    assert ":id" not in b.js("return document.body.innerText")
    # The image's alternative text (the template's ![{{title}}]) too, for screen readers.
    alts = b.js("return Array.from(document.images, function (i) { return i.alt; })")
    assert "Recipe 99" in alts, alts
    assert not any(":id" in alt for alt in alts), alts
    # For crawlers (no script), the tags stay as the catalog wrote them.
    assert og(b, "og:title") == "Recipe :id"
    assert og(b, "og:description") == "Recipe number :id from the team."
    # The route's page, the address unchanged (Netlify's 200 rewrite).
    assert b.driver.current_url == site.origin + "/recipe/99?x=1"
    assert recorder.select(browser=b.id, path="/recipe/99")
    assert violations(b) == []
    assert_attempts_then_store(b, site, recorder, "marry://recipe/99?x=1", delay)
    assert not b.severe_console(), b.severe_console()
    assert b.alert_text() is None


HANDLERS_JS = """
var bad = [];
document.querySelectorAll('*').forEach(function (el) {
  [].forEach.call(el.attributes, function (a) { if (/^on/i.test(a.name)) bad.push(el.tagName + ' ' + a.name); });
});
return bad;
"""


@pytest.mark.parametrize("segment, value", [
    ("%3Cb%3Ex", "<b>x"),
    ("%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E", "<img src=x onerror=alert(1)>"),
    ("%26lt%3Bb%26gt%3B%20%26amp%3B", "&lt;b&gt; &amp;"),
    ("%3Aname", ":name"),
], ids=["open-tag", "img-onerror", "entities", "placeholder"])
def test_a_hostile_value_is_text_on_the_routes_page(items_site, items_phone, segment, value):
    site, recorder = items_site
    b = items_phone()
    b.get(site.origin + "/tag/" + segment)
    assert wait_until(lambda: text_of(b, "h1") == "Tag " + value, 3), text_of(b, "h1")
    assert b.driver.title == "Tag " + value
    assert text_of(b, "h1 + p") == f"Everything tagged {value}."
    assert b.js("return document.querySelectorAll('h1 *, h1 + p *, b, img[src=x]').length") == 0
    assert b.js(HANDLERS_JS) == []
    assert og(b, "og:title") == "Tag :name"
    time.sleep(0.3)
    assert b.alert_text() is None
    assert not [r for r in recorder.select(browser=b.id) if r.path.endswith("/x")]
    assert violations(b) == []
    assert not b.severe_console(), b.severe_console()


def test_a_value_with_an_encoded_slash_is_no_parameter(items_site, items_phone):
    """``<b>x</b>`` cannot be one segment: its "/" is "%2F", and a parameter never takes a decoded
    "/" (trampoline-route.js, the shared table). The rewrite serves /tag/:name's page, whose
    script hands the visit to the 404 page: nothing of the value becomes markup, and the address
    bar keeps the visited URL."""
    site, recorder = items_site
    b = items_phone()
    visited = site.origin + "/tag/%3Cb%3Ex%3C%2Fb%3E"
    b.get(visited)
    assert wait_until(lambda: b.driver.title.startswith("Link not found"), 5), b.driver.title
    assert recorder.select(browser=b.id, path="/404.html")
    assert wait_until(lambda: b.driver.current_url == visited, 3), b.driver.current_url
    assert b.js("return document.querySelectorAll('b, h1 *').length") == 0
    assert "Tag" not in b.js("return document.body.textContent")
    assert b.alert_text() is None
    assert violations(b) == []
    assert not b.scheme_navigations()
