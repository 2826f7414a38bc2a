"""Counts from the host's own log (docs/counts.md): a built site served by Debian's nginx, visited
by Chromium (iPhone, Android, desktop, Instagram's in-app browser) and WebKit (an iPhone with the
app), fetched by link-preview crawlers; then `trampoline stats` over nginx's combined access log
must count exactly those visits and what each page did.

Modelled, as in the rest of the suite: the app store and the web pages are off the machine (their
requests fail; the count request goes first), and WebKit's "app installed" is the test browser
hiding its window on the scheme attempt (webkit/iphone_browser.py), as iOS does when the app opens.
"""
import http.server
import json
import os
import shutil
import socket
import subprocess
import threading
import time
import urllib.request
from pathlib import Path

import pytest

from support import ANDROID, DESKTOP, IPHONE, make_driver, make_webkit, trampoline_binary

NGINX = shutil.which("nginx") or "/usr/sbin/nginx"
INSTAGRAM = ("Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) "
             "Mobile/15E148 Instagram 339.0.3.12.91 (iPhone14,5; iOS 17_5; en_US; en; scale=3.00; 1170x2532; 618757497)")
CRAWLERS = ["WhatsApp/2.23.20.0 A", "Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)",
            "facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)"]

CATALOG = """\
site:
  url: https://go.example.com
  title: Marry links
app:
  name: Marry
  ios:
    team_id: ABCDE12345
    bundle_id: com.example.marry
    app_store_id: "1356057329"
    scheme: marry
defaults:
  template: redirect
  fallback_delay_ms: 400
links:
  - path: /spring-sale
    title: Spring sale
    deep_link: marry://promo/spring
    web_url: https://shop.example.com/spring
  - path: /poster
    title: The poster
    deep_link: marry://poster
    desktop: qr
"""

def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_nginx(root: Path, site: Path) -> tuple[str, Path, subprocess.Popen]:
    """nginx serving `site` on a free loopback port, its combined log in `root`."""
    if not Path(NGINX).exists():
        pytest.fail("nginx is missing: make test-deps installs Debian's nginx-light", pytrace=False)
    port = free_port()
    log = root / "access.log"
    conf = root / "nginx.conf"
    # As root (CI), the workers would switch to an unprivileged user that cannot read pytest's
    # folders: they stay root.
    user = "user root;" if os.geteuid() == 0 else ""
    conf.write_text(f"""
{user}
daemon off;
worker_processes 1;
pid {root}/nginx.pid;
error_log {root}/error.log;
events {{}}
http {{
  include /etc/nginx/mime.types;
  access_log {log} combined;
  client_body_temp_path {root}/tmp; proxy_temp_path {root}/tmp; fastcgi_temp_path {root}/tmp;
  uwsgi_temp_path {root}/tmp; scgi_temp_path {root}/tmp;
  server {{
    listen 127.0.0.1:{port};
    root {site};
    location / {{ try_files $uri $uri/index.html =404; }}
    location /_count/ {{ add_header Cache-Control no-store; }}
    error_page 404 /404.html;
  }}
}}
""")
    (root / "tmp").mkdir(exist_ok=True)
    process = subprocess.Popen([NGINX, "-c", str(conf)], stderr=subprocess.PIPE)
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.2):
                break
        except OSError:
            if process.poll() is not None:
                raise AssertionError("nginx did not start: " + process.stderr.read().decode())
            time.sleep(0.05)
    return f"http://127.0.0.1:{port}", log, process


def build(root: Path, catalog: str) -> Path:
    (root / "site-config.yml").write_text(catalog)
    subprocess.run([trampoline_binary(), "build", "-c", str(root / "site-config.yml"), "-o", str(root / "_site")],
                   check=True, capture_output=True)
    return root / "_site"


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    """The catalog built with the real binary and served by nginx, logging in `combined`."""
    root = tmp_path_factory.mktemp("counts")
    origin, log, process = start_nginx(root, build(root, CATALOG))
    yield root, origin, log
    process.terminate()
    process.wait(5)


def stats(root: Path, log: Path, *extra: str) -> dict:
    proc = subprocess.run([trampoline_binary(), "stats", "-c", str(root / "site-config.yml"), str(log),
                           "--format", "json", *extra], capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
    return json.loads(proc.stdout)


def wait_for_log(log: Path, needle: str, count: int, timeout: float = 10):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if log.exists() and log.read_text().count(needle) >= count:
            return
        time.sleep(0.1)
    raise AssertionError(f"{count}× {needle!r} never reached the log:\n{log.read_text()}")


def test_stats_counts_what_real_browsers_did_on_pages_nginx_served(served, webkit_display, tmp_path):
    root, origin, log = served
    made = []
    try:
        # An iPhone without the app: the scheme attempt, then the App Store.
        phone = make_driver(IPHONE, [origin])
        made.append(phone)
        phone.get(origin + "/spring-sale")
        wait_for_log(log, "/_count/store.txt", 1)
        # An iPhone with the app (WebKit): the attempt, and the page hidden before its fallback.
        webkit = make_webkit(webkit_display, tmp_path, app_installed=True)
        made.append(webkit)
        webkit.get(origin + "/spring-sale")
        wait_for_log(log, "/_count/app.txt", 1)
        # Android through the link's QR code (the catalog has no Android app): the web page.
        android = make_driver(ANDROID, [origin])
        made.append(android)
        android.get(origin + "/spring-sale?tl_qr=1")
        wait_for_log(log, "/_count/web.txt", 1)
        # A desktop on a `desktop: qr` link: the QR code is shown.
        desktop = make_driver(DESKTOP, [origin])
        made.append(desktop)
        desktop.get(origin + "/poster")
        wait_for_log(log, "/_count/desktop-qr.txt", 1)
        # Instagram's in-app browser: the way out is shown, nothing attempted.
        instagram = make_driver(IPHONE, [origin], user_agent=INSTAGRAM)
        made.append(instagram)
        instagram.get(origin + "/spring-sale")
        wait_for_log(log, "/_count/in-app.txt", 1)
        # The debug view and loadCookie.html send nothing (and the debug view is no visit).
        phone.get(origin + "/spring-sale?debug=1")
        phone.get(origin + "/loadCookie.html")
        wait_for_log(log, "/loadCookie.html", 1)
        time.sleep(0.5)
    finally:
        for b in made:
            b.quit()
    for agent in CRAWLERS:
        request = urllib.request.Request(origin + "/spring-sale", headers={"User-Agent": agent})
        with urllib.request.urlopen(request, timeout=5) as response:
            assert response.status == 200
    wait_for_log(log, "/_count/shown.txt", 5)
    assert log.read_text().count("/_count/") == 12, log.read_text()  # the outcomes below, no more

    report = stats(root, log)
    links = {link["path"]: link for link in report["links"]}
    assert set(links) == {"/spring-sale", "/poster"}, report
    sale, poster = links["/spring-sale"], links["/poster"]
    assert sale["visits"] == 4 and sale["previews"] == 3 and sale["qr_scans"] == 1, sale
    assert sale["platforms"] == {"ios": 3, "android": 1, "desktop": 0, "other": 0}, sale
    assert sale["in_app"] == 1, sale
    assert sale["outcomes"] == {"app": 1, "store": 1, "web": 1, "desktop_qr": 0}, sale
    assert (sale["shown"], sale["attempts"], sale["in_app_notices"]) == (4, 2, 1), sale
    assert poster["visits"] == 1 and poster["platforms"]["desktop"] == 1, poster
    assert poster["outcomes"] == {"app": 0, "store": 0, "web": 0, "desktop_qr": 1}, poster
    assert report["lines"] == len(log.read_text().splitlines()) and report["skipped"] == 0
    # No identifier in what the pages sent: no cookie, and only the path in the query.
    for line in log.read_text().splitlines():
        if "/_count/" in line:
            request = line.split('"')[1]
            assert request.split("?")[1].split(" ")[0] in ("l=%2Fspring-sale", "l=%2Fposter"), line


def test_the_html_report_opens_with_no_request_and_no_policy_violation(served, tmp_path):
    root, origin, log = served
    report = tmp_path / "counts.html"
    proc = subprocess.run([trampoline_binary(), "stats", "-c", str(root / "site-config.yml"), str(log),
                           "--format", "html", "--output", str(report)], capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
    b = make_driver(DESKTOP, [])
    try:
        b.get(report.as_uri())
        assert "link counts" in b.driver.title
        assert b.driver.find_elements("css selector", "svg")
        b.pump()
        requested = [m["params"]["request"]["url"] for m in b.perf if m.get("method") == "Network.requestWillBeSent"]
        assert requested == [report.as_uri()], requested
        assert not [e for e in b.console if e.get("level") in ("SEVERE", "WARNING")], b.console
    finally:
        b.quit()


class _Events(http.server.BaseHTTPRequestHandler):
    """A stand-in for a Plausible instance: records each request to its Events API."""
    seen: list = []

    def log_message(self, *args):
        pass

    def do_POST(self):
        body = self.rfile.read(int(self.headers.get("Content-Length", "0")))
        _Events.seen.append({"path": self.path, "headers": dict(self.headers), "body": body})
        self.send_response(202)
        self.end_headers()


def test_site_counts_plausible_sends_the_documented_events_and_nothing_to_the_log(tmp_path):
    """Modelled: Plausible's Events API (https://plausible.io/docs/events-api: POST /api/event,
    a JSON body with name, url and domain) by a loopback server that records the requests."""
    events = http.server.ThreadingHTTPServer(("127.0.0.1", 0), _Events)
    threading.Thread(target=events.serve_forever, daemon=True).start()
    endpoint = f"http://127.0.0.1:{events.server_address[1]}/api/event"
    catalog = CATALOG.replace("  title: Marry links\n",
                              f"  title: Marry links\n  counts: {{plausible: \"{endpoint}\", domain: go.example.com}}\n")
    site = build(tmp_path, catalog)
    assert not (site / "_count").exists()
    origin, log, process = start_nginx(tmp_path, site)
    _Events.seen = []
    phone = make_driver(IPHONE, [origin])
    try:
        phone.get(origin + "/spring-sale?utm_source=poster")
        deadline = time.monotonic() + 10
        while len(_Events.seen) < 3 and time.monotonic() < deadline:
            time.sleep(0.1)
    finally:
        phone.quit()
        process.terminate()
        process.wait(5)
        events.shutdown()
    bodies = [json.loads(e["body"]) for e in _Events.seen]
    names = [b["name"] for b in bodies]
    # The page view and the attempt leave together, on connections of their own, so either may
    # arrive first; the store event waits for the attempt's timeout.
    assert sorted(names[:2]) == ["pageview", "trampoline: attempt"], bodies
    assert names[2:] == ["trampoline: store"], bodies
    for event, body in zip(_Events.seen, bodies):
        assert event["path"] == "/api/event"
        assert body == {"name": body["name"], "url": origin + "/spring-sale", "domain": "go.example.com"}
        assert event["headers"].get("Content-Type") == "text/plain"
        assert "Cookie" not in event["headers"]
    assert "/_count/" not in log.read_text()
    # The events went out under the page's policy, which names that endpoint's origin alone.
    page = (site / "spring-sale" / "index.html").read_text()
    assert f"connect-src http://127.0.0.1:{events.server_address[1]};" in page
