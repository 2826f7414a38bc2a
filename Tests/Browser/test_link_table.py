"""The link table (docs/link-table.md): what the page attempts is what the app receives.

The shared composition cases (Tests/Fixtures/deep-link-composition.json: plain links, case
pairs, campaigns, forward_query with a visit's query, routes) are built into one site with the
redirect template, served as Netlify serves it, and visited in Chromium (iPhone profile) and in
WebKit (iPhone agent, over HTTPS). For each visit the scheme URL the page attempts must equal
the case's expected deep link and what `trampoline match --format json` says TrampolineLink
delivers for the same universal link (the library's resolver on the table the build makes).
"""
from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest

from support import IPHONE, REPO, Recorder, SiteServer, make_driver, make_webkit, trampoline_binary

CASES = json.loads((REPO / "Tests" / "Fixtures" / "deep-link-composition.json").read_text(encoding="utf-8"))["cases"]
VISITS = [(c["name"], v["url"], v["expected"]) for c in CASES for v in c["visits"]]


def catalog(port: int) -> str:
    lines = [
        "site: {url: \"https://go.example.com\", host: netlify}",
        "app:",
        "  name: Marry",
        "  ios: {team_id: ABCDE12345, bundle_id: com.example.marry, app_store_id: \"1356057329\", scheme: marry,",
        f"        app_store_url: \"http://127.0.0.1:{port}/store\"}}",
        "defaults: {template: redirect, fallback: store, fallback_delay_ms: 1500}",
        "links:",
    ]
    for c in CASES:
        link = c["link"]
        if not link:
            continue
        item = (f"  - {{path: {json.dumps(link['path'])}, deep_link: {json.dumps(link['deep_link'])}, "
                f"title: {json.dumps(c['name'])}, forward_query: {str(link.get('forward_query', False)).lower()}")
        if link.get("campaign"):
            item += ", campaign: {" + ", ".join(f"{json.dumps(k)}: {json.dumps(v)}" for k, v in link["campaign"]) + "}"
        lines.append(item + "}")
    return "\n".join(lines) + "\n"


def build(folder: Path, server: SiteServer) -> Path:
    config = folder / "site-config.yml"
    config.write_text(catalog(server.port), encoding="utf-8")
    site = folder / "_site"
    proc = subprocess.run([str(trampoline_binary()), "build", "--config", str(config), "--output", str(site)],
                          capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr + proc.stdout
    server.httpd.site_root = str(site)
    return config


@pytest.fixture(scope="module")
def served(tmp_path_factory, tls_context):
    """The composition site on HTTP (Chromium) and on HTTPS (WebKit), with its catalog."""
    recorder = Recorder()
    plain, secure = SiteServer(recorder, host="netlify"), SiteServer(recorder, tls=tls_context, host="netlify")
    try:
        configs = {"http": build(tmp_path_factory.mktemp("table-http"), plain),
                   "https": build(tmp_path_factory.mktemp("table-https"), secure)}
        yield {"http": plain, "https": secure}, configs
    finally:
        plain.stop()
        secure.stop()


def app_receives(config: Path) -> dict[str, str | None]:
    urls = ["https://go.example.com" + url for _, url, _ in VISITS]
    proc = subprocess.run([str(trampoline_binary()), "match", "--config", str(config), "--format", "json", *urls],
                          capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    answers = [json.loads(line) for line in proc.stdout.splitlines()]
    assert len(answers) == len(urls)
    return {a["url"]: a["app_receives"] for a in answers}


def test_match_says_the_app_receives_each_cases_deep_link(served):
    _, configs = served
    receives = app_receives(configs["http"])
    for name, url, expected in VISITS:
        assert receives["https://go.example.com" + url] == expected, (name, url)


def attempts(browser, origin: str) -> list[tuple[str, str, str | None, list[str]]]:
    seen = []
    for name, url, expected in VISITS:
        if expected is None:
            continue
        browser.reset_logs()
        browser.get(origin + url)
        seen.append((name, url, expected, browser.wait_scheme_navigation(6)))
        browser.driver.get("about:blank")
    return seen


def test_chromium_attempts_what_the_app_receives(served):
    servers, configs = served
    receives = app_receives(configs["http"])
    browser = make_driver(IPHONE, [servers["http"].origin])
    try:
        for name, url, expected, urls in attempts(browser, servers["http"].origin):
            assert urls[:1] == [expected], (name, url, urls)
            assert receives["https://go.example.com" + url] == urls[0], (name, url)
    finally:
        browser.quit()


def test_webkit_attempts_what_the_app_receives(served, webkit_display, tmp_path_factory):
    servers, configs = served
    receives = app_receives(configs["https"])
    browser = make_webkit(webkit_display, tmp_path_factory.mktemp("webkit-table"))
    try:
        for name, url, expected, urls in attempts(browser, servers["https"].origin):
            assert urls[:1] == [expected], (name, url, urls)
            assert receives["https://go.example.com" + url] == urls[0], (name, url)
    finally:
        browser.quit()
