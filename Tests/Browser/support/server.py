"""The recording test server: serves a built site on 127.0.0.1 over HTTP or HTTPS (with a
throwaway self-signed certificate), answers the ``/store``, ``/web/...`` and ``/__test/...`` stand-in
pages, applies a site's generated ``_redirects`` as Netlify or Cloudflare Pages would, and records
every request (path, query, Cookie header, arrival time, which test browser sent it) in a
``Recorder`` the tests read."""
from __future__ import annotations

import http.server
import ssl
import subprocess
import threading
import time
import urllib.parse
from dataclasses import dataclass
from pathlib import Path

import pytest

from .constants import TEST_HEADER, UA_TOKEN


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


def make_tls_context(folder: Path) -> ssl.SSLContext:
    """A throwaway self-signed certificate for 127.0.0.1 (browsers accept it via
    ``acceptInsecureCerts``)."""
    key, cert = folder / "key.pem", folder / "cert.pem"
    proc = subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", str(key),
                           "-out", str(cert), "-days", "2", "-subj", "/CN=127.0.0.1",
                           "-addext", "subjectAltName=IP:127.0.0.1"], capture_output=True, text=True, timeout=60)
    if proc.returncode != 0:
        pytest.fail(f"openssl could not make a test certificate:\n{proc.stderr}", pytrace=False)
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(cert, key)
    return context
