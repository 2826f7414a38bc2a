#!/usr/bin/env python3
"""A real HTTP server on loopback for TrampolineLink's link-table tests (LinkResolverHTTPTests).

Serves a site folder the tool built, under a first path segment that picks how it answers:
  /ok/...         the file, with a strong ETag; 304 when If-None-Match matches
  /redirect/...   302 to the same path under /ok/ (the resolver must not follow it)
  /elsewhere/...  302 to another host (never followed either)
  /slow/...       the file after 5 seconds (the resolver's timeout is shorter)
  /big/...        2 MiB of JSON-looking bytes (over the 1 MiB cap)
  /malformed/...  200 with text that is not JSON
  /missing/...    404
  /_stats         JSON: every request so far as [mode, path, status, if-none-match]
Prints the port on its first line of standard output, then serves until killed.
"""
import hashlib
import http.server
import json
import pathlib
import sys
import threading
import time

ROOT = pathlib.Path(sys.argv[1]).resolve()
LOG = []
LOCK = threading.Lock()


class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def answer(self, status, body=b"", headers=None, mode="", path=""):
        with LOCK:
            LOG.append([mode, path, status, self.headers.get("If-None-Match")])
        self.send_response(status)
        for key, value in (headers or {}).items():
            self.send_header(key, value)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        if body:
            self.wfile.write(body)

    def do_GET(self):
        if self.path == "/_stats":
            with LOCK:
                body = json.dumps(LOG).encode()
            self.send_response(200)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)
            return
        _, mode, rest = self.path.split("/", 2) if self.path.count("/") >= 2 else ("", "", "")
        path = "/" + rest
        if mode == "redirect":
            return self.answer(302, headers={"Location": "/ok" + path}, mode=mode, path=path)
        if mode == "elsewhere":
            return self.answer(302, headers={"Location": "http://example.invalid" + path}, mode=mode, path=path)
        if mode == "missing":
            return self.answer(404, b"not here", mode=mode, path=path)
        if mode == "malformed":
            return self.answer(200, b"{this is not json", {"Content-Type": "application/json"}, mode, path)
        if mode == "big":
            return self.answer(200, b'{"x":"' + b"a" * (2 << 20) + b'"}', {"Content-Type": "application/json"}, mode, path)
        file = (ROOT / rest).resolve()
        if mode not in ("ok", "slow") or ROOT not in file.parents or not file.is_file():
            return self.answer(404, b"not here", mode=mode, path=path)
        if mode == "slow":
            time.sleep(5)
        body = file.read_bytes()
        etag = '"' + hashlib.sha256(body).hexdigest()[:16] + '"'
        if self.headers.get("If-None-Match") == etag:
            return self.answer(304, headers={"ETag": etag}, mode=mode, path=path)
        return self.answer(200, body, {"Content-Type": "application/json", "ETag": etag}, mode, path)


server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
server.daemon_threads = True
print(server.server_address[1], flush=True)
server.serve_forever()
