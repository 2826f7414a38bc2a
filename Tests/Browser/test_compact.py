"""The compact layout (`site.layout: compact`) in real Chromium (iPhone and Pixel profiles): a
20,000-link site for Cloudflare Pages' free plan, served as Cloudflare Pages serves it (rules
before files; a path with no file and no rule gets `404.html` with status 404). test_routes.py
runs the compact layout with routes on Netlify's and GitHub Pages' models too. Sampled links behave as their own pages would, from one shard of the link table
that the page finds from the path alone; a path that is no link stays the not-found page.

The shard a path lives in, and its sealed entry, are computed here independently (with the
reference link_table_v2.py, Python's hashlib: docs/link-table.md, "Sealed entries"), and the page
must fetch exactly that file and nothing else; no shard names a path or a deep link.
"""
from __future__ import annotations

import json
import pathlib
import sys
import time
import urllib.parse

import pytest

from support import (ANDROID, IPHONE, Recorder, SiteServer, make_driver, strip_marker, trampoline_binary,
                     wait_until)

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1] / "Fixtures"))
import link_table_v2  # noqa: E402

LINKS = 20_000
SHARD_LIMIT = 64 * 1024
HOST = "go.example.com"


def shard(path: str, shards: int) -> int:
    return link_table_v2.shard(HOST, path, shards)


def catalog(port: int) -> str:
    head = f"""\
site:
  url: https://go.example.com
  layout: compact
  host: cloudflare-pages-free
app:
  name: Marry
  ios: {{team_id: ABCDE12345, bundle_id: com.example.marry, app_store_id: "1356057329", scheme: marry,
        app_store_url: "http://127.0.0.1:{port}/store"}}
  android:
    package: com.example.marry
    sha256_cert_fingerprints: ["146de983c5730650d8eeb9952f34fc6416a08342e61dbea88a0496b23fcf44e5"]
    play_store_url: "http://127.0.0.1:{port}/__test/play?id=com.example.marry"
defaults:
  fallback_delay_ms: 1000
links:
"""
    rows = []
    for i in range(1, LINKS + 1):
        rows.append(f"  - path: /p/{i}\n    deep_link: marry://item/{i}?ref=c\n    title: \"Item {i} — café\"\n"
                    f"    description: \"The **{i}th** item.\"\n    campaign: {{utm_source: s{i % 7}}}\n"
                    + ("    template: redirect\n" if i % 2 == 0 else ""))
    return head + "".join(rows)


@pytest.fixture(scope="module")
def compact(tmp_path_factory):
    import subprocess
    recorder = Recorder()
    server = SiteServer(recorder, host="cloudflare")
    folder = tmp_path_factory.mktemp("compact")
    (folder / "site-config.yml").write_text(catalog(server.port), encoding="utf-8")
    proc = subprocess.run([str(trampoline_binary()), "build"], cwd=folder, capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr + proc.stdout
    site = folder / "_site"
    server.httpd.site_root = str(site)
    try:
        yield site, server, recorder, proc.stdout
    finally:
        server.stop()


def shards_of(site) -> int:
    page = (site / "404.html").read_text(encoding="utf-8")
    start = page.index('id="trampoline-data">') + len('id="trampoline-data">')
    return json.loads(page[start:page.index("</script>", start)])["shards"]


def test_a_few_hundred_files_each_shard_small_and_every_link_where_its_hash_says(compact):
    site, _, _, stdout = compact
    files = [p for p in site.rglob("*") if p.is_file()]
    assert len(files) < 300, len(files)
    assert f"; {len(files)} files (compact layout)" in stdout, stdout
    assert not list(site.glob("p/*")), "no folder per link"
    # Cloudflare Pages follows rules before files: a catch-all would hide the shards and scripts,
    # so there is none, and the host's own 404.html answers every path without a file.
    assert not (site / "_redirects").exists()
    shards = shards_of(site)
    seen = 0
    for k in range(shards):
        data = (site / "_links" / f"{k}.json").read_bytes()
        assert len(data) <= SHARD_LIMIT, (k, len(data))
        # Base64 has no colon or space; ids are hex.
        assert b"marry:" not in data and b"Item " not in data, "the shard names no link"
        table = json.loads(data)
        assert all(len(name) == 32 for name in table), k
        seen += len(table)
    assert seen == LINKS
    # Each link where its id says, its entry sealed for its path alone.
    for i in (1, 4486, LINKS):
        path = f"/p/{i}"
        table = json.loads((site / "_links" / f"{shard(path, shards)}.json").read_bytes())
        entry = json.loads(link_table_v2.unseal(HOST, path, table[link_table_v2.link_id(HOST, path)]))
        assert entry["title"] == f"Item {i} — café", entry
        assert entry["deferredLink"] == f"marry://item/{i}?ref=c&utm_source=s{i % 7}", entry


@pytest.mark.parametrize("i", [2, 4486, 19_998])
def test_a_sampled_redirect_link_attempts_its_own_deep_link_then_falls_back_with_the_cookie(compact, i):
    site, server, recorder, _ = compact
    b = make_driver(IPHONE, [server.origin])
    try:
        path = f"/p/{i}"
        b.get(f"{server.origin}{path}?promo=beach")
        expected = f"marry://item/{i}?ref=c&utm_source=s{i % 7}&promo=beach"
        assert b.wait_scheme_navigation(5) == [expected]
        assert recorder.wait_for(4, browser=b.id, path="/store") is not None, "no fallback to the store"
        cookie = b.driver.get_cookie("__Host-deferredDeepLink")
        assert cookie and strip_marker(urllib.parse.unquote(cookie["value"]), b) == expected
        # One same-origin request for the table: the shard the path hashes to.
        tables = [r.path for r in recorder.select(browser=b.id) if r.path.startswith("/_links/")]
        assert tables == [f"/_links/{shard(path, shards_of(site))}.json"], tables
    finally:
        b.quit()


@pytest.mark.parametrize("i", [1, 777, 19_999])
def test_a_sampled_interstitial_shows_its_title_and_copies_its_link(compact, i):
    site, server, recorder, _ = compact
    b = make_driver(IPHONE, [server.origin])
    try:
        b.get(f"{server.origin}/p/{i}")
        title = f"Item {i} — café"
        assert wait_until(lambda: b.js("return document.querySelector('main h1').textContent") == title, 5)
        assert b.js("return document.title") == title
        assert b.js("return document.querySelector('main h1').nextElementSibling.textContent") == f"The {i}th item."
        time.sleep(0.3)
        assert not b.scheme_navigations(), "an interstitial waits for the tap"
        b.tap(b.driver.find_element("id", "trampoline-open"))
        assert recorder.wait_for(4, browser=b.id, path="/store") is not None
        assert strip_marker(b.read_clipboard(), b) == f"marry://item/{i}?ref=c&utm_source=s{i % 7}"
    finally:
        b.quit()


def test_android_gets_the_links_intent(compact):
    _, server, recorder, _ = compact
    b = make_driver(ANDROID, [server.origin])
    try:
        b.get(f"{server.origin}/p/10")
        urls = wait_until(lambda: [m["params"]["url"] for m in (b.pump() or b.perf)
                                   if m.get("method") == "Page.frameRequestedNavigation"
                                   and m["params"].get("url", "").startswith("intent:")], 5)
        assert urls and urls[0].startswith("intent://item/10?ref=c&utm_source=s3#Intent;scheme=marry;package=com.example.marry;"), urls
        play = recorder.wait_for(4, browser=b.id, path="/__test/play")
        assert play is not None
        referrer = urllib.parse.parse_qs(play.params["referrer"][0])
        assert strip_marker(referrer["deep_link"][0], b) == "marry://item/10?ref=c&utm_source=s3"
        assert referrer["utm_source"] == ["s3"]
    finally:
        b.quit()


def test_a_path_that_is_no_link_stays_the_not_found_page(compact):
    _, server, recorder, _ = compact
    b = make_driver(IPHONE, [server.origin])
    try:
        for path in ("/p/20001", "/p/1/extra", "/__proto__", "/p/1%22%3E%3Cscript%3E"):
            b.get(server.origin + path)
            time.sleep(0.8)
            assert b.js("return document.querySelector('main h1').textContent") == "Link not found", path
            assert not b.scheme_navigations(), path
            assert b.alert_text() is None
        assert not recorder.select(browser=b.id, path="/store")
    finally:
        b.quit()
