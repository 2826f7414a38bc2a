"""A hostile catalog: markup, script breakers, quotes and U+2028 stay inert text/data.
The pages are loaded in Chromium and in WebKit (the ``phone`` fixture); the build checks need
no browser."""
import time

import pytest
from selenium.webdriver.common.by import By

from support import strip_marker

SCRIPTS_JS = """
return Array.from(document.scripts).map(s => ({
  type: s.getAttribute('type'), id: s.id, src: s.getAttribute('src'), text: s.text.length}));
"""

HANDLERS_JS = """
const bad = [];
for (const el of document.querySelectorAll('*')) {
  for (const a of el.attributes) {
    if (/^on/i.test(a.name)) bad.push(el.tagName + ' ' + a.name + '=' + a.value);
    if (/^\\s*javascript:/i.test(a.value) && /^(href|src|action|formaction)$/i.test(a.name))
      bad.push(el.tagName + ' ' + a.name + '=' + a.value);
  }
}
return bad;
"""


def assert_only_tool_scripts(b, needs_data: bool):
    scripts = b.js(SCRIPTS_JS)
    data = [s for s in scripts if s["id"] == "trampoline-data"]
    others = [s for s in scripts if s["id"] != "trampoline-data"]
    if needs_data:
        assert len(data) == 1 and data[0]["type"] == "application/json", scripts
    else:
        assert len(data) <= 1, scripts
    # at most one tool script, inline (no src), classic or module
    assert len(others) <= 1, f"extra script elements: {scripts}"
    for s in others:
        assert s["src"] is None, scripts
        assert s["type"] in (None, "", "text/javascript", "module"), scripts


def assert_clean(b, site, recorder):
    assert b.alert_text() is None, f"injected code ran: alert {b.alert_text()!r}"
    assert b.js(HANDLERS_JS) == []
    assert not b.severe_console(), b.severe_console()
    # <img src=x onerror=...> as markup would have requested ./x
    assert not [r for r in recorder.select(browser=b.id) if r.path.endswith("/x")]


@pytest.mark.parametrize("path", ["/evil/interstitial", "/evil/redirect"])
def test_hostile_link_pages_are_inert(phone, recorder, path):
    hostile = phone.hostile
    b = phone.new()
    eff = hostile.link(path)
    b.get(hostile.url(path))
    time.sleep(0.3)
    assert_clean(b, hostile, recorder)
    assert_only_tool_scripts(b, needs_data=True)
    # the text survived as text
    meta = b.js("return document.querySelector('meta[property=\"og:title\"]').getAttribute('content')")
    assert meta == eff["title"]
    assert b.js("return document.querySelector('meta[property=\"og:image\"]').getAttribute('content')") == eff["image"]
    if eff["template"] == "interstitial":
        h1 = b.driver.find_element(By.TAG_NAME, "h1")
        assert b.js("return arguments[0].textContent", h1) == eff["title"]
        desc = b.js("return document.body.textContent")
        assert "<script>alert(1)</script>" in desc or "raw HTML omitted" in b.driver.page_source
    data = b.page_data()
    for raw in ("<", ">", '"', "\u2028"):
        assert raw not in data["deferredLink"], data["deferredLink"]
    if eff["template"] == "redirect":
        urls = b.wait_scheme_navigation(timeout=2)
        assert urls == [data["deferredLink"]], urls
    else:
        # the tap copies the hostile campaign as data and still reaches the store
        b.tap(b.driver.find_element(By.ID, "trampoline-open"))
        assert recorder.wait_for(5, browser=b.id, path="/store") is not None
        assert b.alert_text() is None
        assert strip_marker(b.read_clipboard(), b) == data["deferredLink"]


@pytest.mark.parametrize("page", ["/index.html", "/404.html", "/loadCookie.html"])
def test_hostile_site_pages_are_inert(phone, recorder, page):
    hostile = phone.hostile
    iphone = phone.shared()
    iphone.get(hostile.origin + page)
    time.sleep(0.2)
    assert_clean(iphone, hostile, recorder)
    assert_only_tool_scripts(iphone, needs_data=False)
    assert iphone.non_http_navigations() == []


def test_hostile_build_output_has_no_raw_breakers(hostile):
    """Belt and braces: no generated file contains the raw payloads as markup."""
    for f in hostile.html_files():
        text = f.read_text(encoding="utf-8")
        for payload in ("<script>alert(", "<img src=x", "<svg"):
            assert payload not in text, f"{f.relative_to(hostile.root)} contains raw {payload!r}"


def test_build_rejects_raw_markup_in_urls(hostile, tmp_path):
    """`"`, `<`, `>` cannot appear raw in a URL: the build refuses them with a located error."""
    import re
    import subprocess

    from support import CATALOGS, trampoline_binary
    text = (CATALOGS / "hostile.yml").read_text(encoding="utf-8").replace("@PORT@", str(hostile.server.port))
    lines = text.splitlines()
    idx = next(i for i, l in enumerate(lines) if l.strip().startswith("image: \"https://example.com/og.png?a="))
    lines[idx] = '    image: "https://example.com/og.png?a=\\"><script>alert(1)</script>"'
    cfg = tmp_path / "bad.yml"
    cfg.write_text("\n".join(lines) + "\n", encoding="utf-8")
    out = tmp_path / "out"
    proc = subprocess.run([str(trampoline_binary()), "build", "--config", str(cfg), "--output", str(out)],
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode != 0
    assert re.search(rf"{re.escape(str(cfg))}:{idx + 1}:\d+: error: .*image", proc.stderr), proc.stderr
    assert not (out / "evil" / "interstitial" / "index.html").exists()
