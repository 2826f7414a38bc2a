"""`trampoline check --live` against a real nginx (Debian's) on loopback, one configuration per pitfall.

Each test builds the catalog with the real binary, serves it from nginx over HTTPS with a throwaway CA
and certificates made here by ``openssl``, runs ``trampoline check --live --format json`` with
``--resolve go.example.test:443:<loopback address>`` and ``--ca-file``, and asserts the finding the
pitfall must produce (or, for the correct configuration, that there is none). nginx listens on port
443 of an address of its own in 127.0.0.0/8, so the test needs root (CI runs as root).

Modelled, because they cannot be reached here (served by the same nginx under names of their own):

* Apple's CDN, ``https://app-site-association.cdn-apple.com/a/v1/<host>``: 200 with its copy of the
  file, or an error status with an ``Apple-Failure-Reason`` header (Apple, "Supporting associated
  domains", and TN3155 "Debugging universal links": ``curl -v
  https://app-site-association.cdn-apple.com/a/v1/<domain>``).
* Google's Digital Asset Links API, ``GET v1/statements:list?source.web.site=...&relation=...``:
  ``{"statements": [{"source": {"web": {"site": ...}}, "relation": ..., "target": {"androidApp":
  {"packageName": ..., "certificate": {"sha256Fingerprint": "AA:BB:..."}}}}], "maxAge": ...}``
  (developers.google.com/digital-asset-links/reference/rest/v1/statements/list).
"""
from __future__ import annotations

import json
import os
import shutil
import socket
import ssl
import subprocess
import time
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[1]
BIN = os.environ.get("TRAMPOLINE_BIN", str(REPO / ".build" / "debug" / "trampoline"))
NGINX = shutil.which("nginx") or "/usr/sbin/nginx"
HOST = "go.example.test"
CDN = "cdn.example.test"
DAL = "dal.example.test"
# An address of this run's own, so parallel runs and other servers on 127.0.0.1:443 do not meet.
ADDRESS = f"127.39.{os.getpid() % 250 + 1}.{(os.getpid() // 250) % 250 + 1}"
SIGNING = "14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5"
UPLOAD = "AA:" * 31 + "AA"

pytestmark = pytest.mark.skipif(
    os.geteuid() != 0 or not os.path.exists(NGINX), reason="needs root and nginx (make live-test installs it)")


def openssl(*args: str, cwd: Path) -> None:
    subprocess.run(["openssl", *args], cwd=cwd, check=True, capture_output=True)


@pytest.fixture(scope="module")
def pki(tmp_path_factory) -> Path:
    """A throwaway CA, a certificate for the site and the services, and one for another name."""
    d = tmp_path_factory.mktemp("pki")
    openssl("req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", "ca.key", "-out", "ca.pem", "-days", "2",
            "-subj", "/CN=Trampoline test CA", "-addext", "basicConstraints=critical,CA:TRUE",
            "-addext", "keyUsage=critical,keyCertSign,cRLSign", cwd=d)
    for name, sans in (("site", [HOST, CDN, DAL]), ("other", ["other.example.test"])):
        openssl("req", "-newkey", "rsa:2048", "-nodes", "-keyout", f"{name}.key", "-out", f"{name}.csr",
                "-subj", f"/CN={sans[0]}", cwd=d)
        (d / f"{name}.ext").write_text(
            "subjectAltName=" + ",".join(f"DNS:{s}" for s in sans) + "\nextendedKeyUsage=serverAuth\n")
        openssl("x509", "-req", "-in", f"{name}.csr", "-CA", "ca.pem", "-CAkey", "ca.key", "-CAcreateserial",
                "-out", f"{name}.pem", "-days", "2", "-extfile", f"{name}.ext", cwd=d)
    return d


def build_catalog(d: Path, text: str) -> Path:
    (d / "site-config.yml").write_text(text)
    subprocess.run([BIN, "build", "-c", str(d / "site-config.yml"), "-o", str(d / "_site")], check=True,
                   capture_output=True)
    return d


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> Path:
    return build_catalog(tmp_path_factory.mktemp("build"), (HERE / "catalog.yml").read_text())


ROUTE = "  - path: /shop/:id\n    deep_link: marry://shop/:id\n    title: Shop\n"


# Links whose folders differ from /a/one's only in case: pages under _case/, served by nginx.conf.
CASE_PAIRS = """  - path: /a/One
    deep_link: marry://plan?id=one
    title: Plan One
  - path: /A/one
    deep_link: marry://plan?id=A
    title: Plan A
  - path: /A/One
    deep_link: marry://plan?id=AO
    title: Plan AO
"""


def variant(**site_keys: str) -> str:
    """The test catalog with a route and more `site:` keys (layout, host)."""
    extra = "".join(f"  {key}: {value}\n" for key, value in site_keys.items())
    return (HERE / "catalog.yml").read_text().replace("  title: Example links\n", "  title: Example links\n" + extra) + ROUTE


class Deployment:
    """A copy of the built site served by nginx with a given configuration, and the stand-ins' files."""

    def __init__(self, built: Path, pki: Path, tmp: Path, drop_hidden: bool = True):
        self.catalog = built / "site-config.yml"
        self.pki = pki
        self.tmp = tmp
        self.root = tmp / "site"
        shutil.copytree(built / "_site", self.root)
        if drop_hidden:
            # As Netlify's and Cloudflare's deploys do (StaticHost.deploysHiddenFiles): files and
            # folders named with a leading dot are left out, but .well-known/.
            for hidden in self.root.glob(".*"):
                if hidden.name != ".well-known":
                    shutil.rmtree(hidden) if hidden.is_dir() else hidden.unlink()
        self.services = tmp / "services"
        (self.services / "a" / "v1").mkdir(parents=True)
        # Apple's CDN has the current file and Google sees the signing key: a correct deployment.
        shutil.copy(self.root / ".well-known" / "apple-app-site-association", self.services / "a" / "v1" / HOST)
        self.dal_fingerprint(SIGNING)
        self.site_directives = ""
        self.error_page = "error_page 404 /404.html;"
        # The host applies the built _headers, as Netlify and Cloudflare Pages do: a test replaces or
        # drops a location by its key (an exact path, or "^~ prefix" for a rule ending in *).
        self.locations = headers_locations((self.root / "_headers").read_text())
        self.listen = "ssl"
        self.cert = "site"
        self.cdn_directives = ""
        self.process: subprocess.Popen | None = None
        self.serve = True  # False: something else listens on the address (the hanging host)
        self.port = 443

    def dal_fingerprint(self, fingerprint: str) -> None:
        statement = {
            "source": {"web": {"site": f"https://{HOST}."}},
            "relation": "delegate_permission/common.handle_all_urls",
            "target": {"androidApp": {"packageName": "com.example.marry",
                                       "certificate": {"sha256Fingerprint": fingerprint}}},
        }
        (self.services / "statements.json").write_text(
            json.dumps({"statements": [statement], "maxAge": "3600s", "debugString": "modelled"}))

    def config(self) -> str:
        p = self.pki
        return f"""
user root;
worker_processes 1;
pid {self.tmp}/nginx.pid;
error_log {self.tmp}/error.log;
events {{ worker_connections 64; }}
http {{
  include /etc/nginx/mime.types;
  default_type application/octet-stream;
  access_log off;
  client_body_temp_path {self.tmp}/body; proxy_temp_path {self.tmp}/proxy;
  fastcgi_temp_path {self.tmp}/fcgi; uwsgi_temp_path {self.tmp}/uwsgi; scgi_temp_path {self.tmp}/scgi;
  server {{
    listen {ADDRESS}:{self.port} {self.listen};
    server_name {HOST};
    ssl_certificate {p}/{self.cert}.pem; ssl_certificate_key {p}/{self.cert}.key;
    root {self.root};
    {self.error_page}
    {"".join(f"location {location_match(key)} {{ {body} }} " for key, body in self.locations.items())}
    {self.site_directives}
  }}
  {self.service_servers() if self.listen == "ssl" else ""}
}}
"""

    def service_servers(self) -> str:
        # The stand-ins share the site's address and port; nginx makes a port TLS for all its servers,
        # so the plain-HTTP test leaves them out.
        p = self.pki
        return f"""
  server {{
    listen {ADDRESS}:{self.port} ssl;
    server_name {CDN};
    ssl_certificate {p}/site.pem; ssl_certificate_key {p}/site.key;
    root {self.services};
    location /a/v1/ {{ default_type application/json; {self.cdn_directives} }}
  }}
  server {{
    listen {ADDRESS}:{self.port} ssl;
    server_name {DAL};
    ssl_certificate {p}/site.pem; ssl_certificate_key {p}/site.key;
    location = /v1/statements:list {{ default_type application/json; alias {self.services}/statements.json; }}
  }}
"""

    def start(self) -> None:
        conf = self.tmp / "nginx.conf"
        conf.write_text(self.config())
        self.process = subprocess.Popen([NGINX, "-c", str(conf), "-g", "daemon off;"], stderr=subprocess.PIPE)
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise AssertionError("nginx did not start: " + self.process.stderr.read().decode())
            try:
                socket.create_connection((ADDRESS, self.port), timeout=0.2).close()
                return
            except OSError:
                time.sleep(0.05)
        raise AssertionError("nginx did not listen")

    def stop(self) -> None:
        if self.process and self.process.poll() is None:
            self.process.terminate()
            self.process.wait(timeout=10)

    def check(self, *extra: str, timeout: float = 5) -> tuple[int, list[dict]]:
        if self.serve and self.process is None:
            self.start()
        args = [BIN, "check", "-c", str(self.catalog), "--format", "json", "--live",
                "--resolve", f"{HOST}:{self.port}:{ADDRESS}", "--resolve", f"{CDN}:{self.port}:{ADDRESS}",
                "--resolve", f"{DAL}:{self.port}:{ADDRESS}", "--ca-file", str(self.pki / "ca.pem"),
                "--apple-cdn-url", f"https://{CDN}/a/v1/",
                "--google-dal-url", f"https://{DAL}/v1/statements:list", "--timeout", str(timeout), *extra]
        started = time.monotonic()
        result = subprocess.run(args, capture_output=True, text=True, timeout=120)
        self.elapsed = time.monotonic() - started
        report = json.loads(result.stdout)
        return result.returncode, report["diagnostics"]


def headers_locations(text: str) -> dict[str, str]:
    """nginx locations that send what a `_headers` file says (docs.netlify.com, "Custom headers";
    developers.cloudflare.com, "Pages > Headers"): a path line, then indented `Name: value` lines."""
    locations: dict[str, str] = {}
    key = None
    for line in text.splitlines():
        if line.startswith("/"):
            key = "^~ " + line[:-1] if line.endswith("*") else line
            locations[key] = ""
        elif key and ":" in line:
            name, value = (part.strip() for part in line.split(":", 1))
            locations[key] += (f"types {{ }} default_type {value}; " if name == "Content-Type"
                               else f'add_header {name} "{value}" always; ')
    return locations


def location_match(key: str) -> str:
    return key if key.startswith("^~ ") else f"= {key}"


@pytest.fixture
def site(built, pki, tmp_path):
    deployment = Deployment(built, pki, tmp_path)
    yield deployment
    deployment.stop()


def messages(diagnostics: list[dict]) -> str:
    return "\n".join(f"{d['message']} | {d.get('hint')}" for d in diagnostics)


def only(diagnostics: list[dict], *needles: str) -> dict:
    found = [d for d in diagnostics if all(n in d["message"] for n in needles)]
    assert found, f"no finding with {needles} in:\n{messages(diagnostics)}"
    return found[0]


def test_correct_deployment_passes_clean(site):
    code, diagnostics = site.check()
    assert diagnostics == [], messages(diagnostics)
    assert code == 0


def test_resolve_connects_to_its_port(site):
    """A rehearsal host on a port of its own: `--resolve HOST:8443:ADDRESS` connects to 8443 while
    the catalog's URLs name no port (the site, Apple's CDN and Google's API stand-ins all move)."""
    site.port = 8443
    code, diagnostics = site.check()
    assert diagnostics == [], messages(diagnostics)
    assert code == 0
    site.stop()
    # Nothing listens on 443 of the address: the same check with the default port cannot connect.
    site.port = 443
    site.serve = False
    code, diagnostics = site.check(timeout=2)
    assert code != 0 and diagnostics, "a check with port 443 reached the host on 8443"


def test_apex_to_www_redirect_of_the_aasa(site):
    site.locations["/.well-known/apple-app-site-association"] = f"return 301 https://www.{HOST}$request_uri;"
    code, diagnostics = site.check()
    finding = only(diagnostics, f"https://{HOST}/.well-known/apple-app-site-association", "redirects", "301")
    assert "www." + HOST in finding["message"] and finding["severity"] == "error"
    assert code == 1


def test_redirect_loop_and_to_another_host_are_reported_not_followed(site):
    site.site_directives = ("location = /a/one/ { return 302 /a/one/; }\n"
                            "location = /a/two/ { return 302 https://elsewhere.example/; }")
    code, diagnostics = site.check()
    only(diagnostics, f"https://{HOST}/a/one/:", "302 to https://go.example.test/a/one/")
    only(diagnostics, f"https://{HOST}/a/two/:", "302 to https://elsewhere.example/")
    assert code == 1


def test_aasa_served_as_octet_stream(site):
    site.locations["/apple-app-site-association"] = "types { } default_type application/octet-stream;"
    _, diagnostics = site.check()
    finding = only(diagnostics, f"https://{HOST}/apple-app-site-association", "wrong content type",
                   "application/octet-stream")
    # The JSON fields of a live finding (docs/check.md, "JSON").
    assert finding["code"] == "content-type" and finding["url"] == f"https://{HOST}/apple-app-site-association"
    assert finding["expected"] == "application/json" and finding["seen"] == "application/octet-stream"


def test_skipped_headers_file(site):
    # A deploy that left out _headers (or a host that ignores it): the link table loses the headers
    # the build asked for.
    del site.locations["^~ /.well-known/trampoline/v2/"]
    code, diagnostics = site.check()
    finding = only(diagnostics, f"https://{HOST}/.well-known/trampoline/v2/index.json", "Access-Control-Allow-Origin")
    assert finding["code"] == "header-missing" and finding["expected"] == "*" and finding["seen"] == "none"
    assert code == 1


def test_host_named_in_the_catalog_gets_its_fix(tmp_path_factory, pki, tmp_path):
    built = build_catalog(tmp_path_factory.mktemp("firebase"), variant(host="firebase-hosting"))
    site = Deployment(built, pki, tmp_path)
    try:
        site.locations["/.well-known/apple-app-site-association"] = "return 404;"
        _, diagnostics = site.check("--no-services")
    finally:
        site.stop()
    finding = only(diagnostics, f"https://{HOST}/.well-known/apple-app-site-association", "not served", "404")
    assert '"appAssociation": "NONE"' in finding["hint"], finding["hint"]


@pytest.fixture(scope="module")
def built_compact(tmp_path_factory) -> Path:
    return build_catalog(tmp_path_factory.mktemp("compact"), variant(layout="compact"))


def test_compact_layout_with_a_route_served_by_404_passes_clean(built_compact, pki, tmp_path):
    site = Deployment(built_compact, pki, tmp_path)
    try:
        code, diagnostics = site.check()
    finally:
        site.stop()
    assert diagnostics == [] and code == 0, messages(diagnostics)


def test_compact_catch_all_answering_200_is_no_served_manifest(built_compact, pki, tmp_path):
    # Netlify's `/* /404.html 200` (and CloudFront's error response set to 200) answer the
    # manifest's path, left out of the deployment, with the lookup page and status 200: that
    # page is not the manifest.
    site = Deployment(built_compact, pki, tmp_path)
    site.error_page = "error_page 404 =200 /404.html;"
    try:
        code, diagnostics = site.check()
    finally:
        site.stop()
    assert diagnostics == [] and code == 0, messages(diagnostics)


def test_catch_all_to_index_hides_compact_links_and_routes(built_compact, pki, tmp_path):
    site = Deployment(built_compact, pki, tmp_path)
    site.site_directives = "location / { try_files $uri $uri/ /index.html; }"
    try:
        code, diagnostics = site.check()
    finally:
        site.stop()
    finding = only(diagnostics, f"https://{HOST}/a/one:", "not answered by the page that opens it")
    assert finding["code"] == "rewrite-missing" and finding["severity"] == "error"
    only(diagnostics, f"https://{HOST}/shop/", "not answered by the page that opens it")
    assert code == 1


def test_stale_compact_shard(built_compact, pki, tmp_path):
    site = Deployment(built_compact, pki, tmp_path)
    (site.root / "_links" / "0.json").write_text("{}")
    try:
        _, diagnostics = site.check()
    finally:
        site.stop()
    assert only(diagnostics, f"https://{HOST}/_links/0.json", "not the built one")["code"] == "stale"


def test_route_without_the_hosts_rewrite(tmp_path_factory, pki, tmp_path):
    # On Netlify the route's URLs get its page through _redirects; nginx standing in for it without
    # the rule answers with 404.html, whose script still opens the link: a warning.
    built = build_catalog(tmp_path_factory.mktemp("netlify"), variant(host="netlify"))
    site = Deployment(built, pki, tmp_path)
    try:
        code, diagnostics = site.check("--no-services")
        sample = only(diagnostics, f"https://{HOST}/shop/", "did not apply _redirects")
        assert sample["severity"] == "warning" and code == 0
        site.stop()
        site.process = None
        site.site_directives = "location /shop/ { try_files /_routes/shop/_id/index.html =404; }"
        code, diagnostics = site.check("--no-services")
    finally:
        site.stop()
    assert diagnostics == [] and code == 0, messages(diagnostics)


def generated_nginx(built: Path, pki: Path, tmp: Path) -> Deployment:
    """The site served with only the nginx.conf the build wrote (site.host: nginx) in its server block."""
    site = Deployment(built, pki, tmp, drop_hidden=False)
    site.locations = {}
    site.error_page = ""
    site.site_directives = f"include {site.root}/nginx.conf;"
    return site


def fetch(site: Deployment, path: str) -> tuple[int, dict[str, str], bytes]:
    """One GET over HTTPS to the deployment, redirects not followed."""
    import http.client
    context = ssl.create_default_context(cafile=str(site.pki / "ca.pem"))
    connection = http.client.HTTPSConnection(ADDRESS, site.port, context=context, timeout=5)
    # SNI and certificate checks for the site's name; the TCP connection goes to the address.
    connection.sock = context.wrap_socket(socket.create_connection((ADDRESS, site.port), timeout=5),
                                          server_hostname=HOST)
    connection.request("GET", path, headers={"Host": HOST})
    response = connection.getresponse()
    result = response.status, {k.lower(): v for k, v in response.getheaders()}, response.read()
    connection.close()
    return result


@pytest.mark.parametrize("layout", ["folders", "compact"])
def test_generated_nginx_conf_passes_clean(tmp_path_factory, pki, tmp_path, layout):
    # nginx reads no _headers or _redirects: what the build writes for it (nginx.conf) must be the
    # whole of the site's configuration, routes and the compact layout's lookup included.
    # With links that differ from others only in case (issue #52): each answers 200 with its own page.
    built = build_catalog(tmp_path_factory.mktemp("nginx-" + layout), variant(host="nginx", layout=layout) + CASE_PAIRS)
    site = generated_nginx(built, pki, tmp_path)
    try:
        code, diagnostics = site.check()
        assert diagnostics == [] and code == 0, messages(diagnostics)
        for path, deep_link in (("/a/One", "marry://plan?id=one"), ("/A/one", "marry://plan?id=A"),
                                ("/A/One/", "marry://plan?id=AO"), ("/a/one", "marry://plan?id=1")):
            status, _, body = fetch(site, path)
            assert status == 200, (path, status)
            if layout == "folders":
                assert f'"deferredLink":"{deep_link}"'.encode() in body, (path, body[:200])
        # A link's URL answers with its page, not nginx's redirect to the slashed URL.
        status, headers, body = fetch(site, "/a/one")
        assert status == 200, (status, headers)
        # Its own page, or in the compact layout the lookup page that finds it.
        page = site.root / ("a/one/index.html" if layout == "folders" else "404.html")
        assert body == page.read_bytes()
        # A route's URL: its page; a missing path: 404.html, with 404 unless the lookup page stands in.
        status, _, body = fetch(site, "/shop/42")
        assert status == 200 and body == (site.root / "_routes" / "shop" / "_id" / "index.html").read_bytes()
        status, _, body = fetch(site, "/nope")
        assert status == (200 if layout == "compact" else 404) and body == (site.root / "404.html").read_bytes()
        # The deploy's own files are not served.
        for path in ("/nginx.conf", "/_headers", "/_redirects", "/.trampoline-manifest.json"):
            assert fetch(site, path)[0] == 404, path
        status, headers, _ = fetch(site, "/.well-known/apple-app-site-association")
        assert status == 200 and headers["content-type"] == "application/json", headers
    finally:
        site.stop()


def test_served_manifest_is_found(tmp_path_factory, pki, tmp_path):
    # An upload that keeps the dot-files (a plain copy, unlike Netlify's and Cloudflare's deploys)
    # publishes .trampoline-manifest.json, which lists every link's path (issue #52).
    built = build_catalog(tmp_path_factory.mktemp("manifest"), variant(host="netlify"))
    site = Deployment(built, pki, tmp_path, drop_hidden=False)
    try:
        code, diagnostics = site.check("--no-services")
    finally:
        site.stop()
    finding = only(diagnostics, f"https://{HOST}/.trampoline-manifest.json", "anyone can list every link")
    assert finding["severity"] == "warning", finding
    assert "leave out files whose names start with a dot" in finding["hint"], finding
    assert code == 0, messages(diagnostics)


def test_generated_nginx_conf_left_out_is_found(tmp_path_factory, pki, tmp_path):
    # The deliberate misconfiguration for nginx: the build's nginx.conf not included.
    built = build_catalog(tmp_path_factory.mktemp("nginx-left-out"), variant(host="nginx"))
    site = generated_nginx(built, pki, tmp_path)
    site.site_directives = ""
    try:
        code, diagnostics = site.check("--no-services")
    finally:
        site.stop()
    finding = only(diagnostics, f"https://{HOST}/.well-known/apple-app-site-association", "application/octet-stream")
    assert "default_type" in (finding.get("hint") or ""), finding
    assert "include the nginx.conf trampoline writes" in finding["hint"], finding
    # The headers are named as the build's nginx.conf sets them, not as _headers does.
    only(diagnostics, f"https://{HOST}/.well-known/trampoline/v2/index.json", "is not what nginx.conf sets")
    assert code == 1


def test_dot_folder_hidden(site):
    for key in [k for k in site.locations if "/.well-known/" in k]:
        del site.locations[key]
    site.site_directives = r"location ~ /\. { deny all; }"
    _, diagnostics = site.check()
    finding = only(diagnostics, "/.well-known/apple-app-site-association", "not served", "403")
    assert ".well-known" in finding["hint"]
    only(diagnostics, "/.well-known/assetlinks.json", "not served")


def test_catch_all_rewrite_shadows_well_known(site):
    for key in [k for k in site.locations if "/.well-known/" in k]:
        del site.locations[key]
    site.site_directives = "location /.well-known/ { rewrite ^ /index.html last; }"
    _, diagnostics = site.check()
    only(diagnostics, "/.well-known/apple-app-site-association", "not the built file")


def test_aasa_bot_blocked_by_user_agent(site):
    site.site_directives = "if ($http_user_agent ~ AASA-Bot) { return 403; }"
    _, diagnostics = site.check()
    finding = only(diagnostics, "apple-app-site-association", "AASA-Bot")
    assert "bot protection" in finding["hint"]


def test_stale_page_left_behind(site):
    (site.root / "a" / "one" / "index.html").write_text("<p>last week's page</p>")
    _, diagnostics = site.check()
    only(diagnostics, f"https://{HOST}/a/one/", "not the built one")


def test_missing_headers_effects_wrong_type_of_assetlinks(site):
    site.locations["/.well-known/assetlinks.json"] = "types { } default_type text/plain;"
    _, diagnostics = site.check()
    only(diagnostics, "/.well-known/assetlinks.json", "wrong content type", "text/plain")


def test_assetlinks_redirected(site):
    site.locations["/.well-known/assetlinks.json"] = "return 308 https://www.go.example.test/.well-known/assetlinks.json;"
    _, diagnostics = site.check()
    only(diagnostics, "/.well-known/assetlinks.json", "redirects", "308")


def test_robots_txt_disallows_assetlinks(site):
    (site.root / "robots.txt").write_text("User-agent: *\nDisallow: /.well-known/\n")
    _, diagnostics = site.check()
    only(diagnostics, "/robots.txt", "disallows /.well-known/assetlinks.json")


def test_upload_key_instead_of_signing_key(site):
    site.dal_fingerprint(UPLOAD)
    _, diagnostics = site.check()
    finding = only(diagnostics, "statements:list", "signing key", UPLOAD)
    assert "Play App Signing" in finding["hint"]


def test_apple_cdn_stale_copy(site):
    # Last week's file claimed only /a/*: the matcher, run with the CDN's copy, names the links
    # that open Safari until Apple refreshes it.
    aasa = json.loads((site.root / ".well-known" / "apple-app-site-association").read_text())
    aasa["applinks"]["details"][0]["components"] = [{"/": "/a/*"}]
    (site.services / "a" / "v1" / HOST).write_text(json.dumps(aasa))
    code, diagnostics = site.check()
    finding = only(diagnostics, f"https://{CDN}/a/v1/{HOST}", "older copy")
    assert finding["severity"] == "error" and finding["code"] == "cdn-stale"
    assert "1 of 3 links (/b/three) open Safari" in finding["seen"], finding["seen"]
    assert code == 1


def test_apple_cdn_copy_that_differs_but_opens_every_link_the_same(site):
    aasa = json.loads((site.root / ".well-known" / "apple-app-site-association").read_text())
    aasa["webcredentials"] = {"apps": ["ABCDE12345.com.example.marry"]}
    (site.services / "a" / "v1" / HOST).write_text(json.dumps(aasa))
    code, diagnostics = site.check()
    finding = only(diagnostics, f"https://{CDN}/a/v1/{HOST}", "older copy")
    assert finding["severity"] == "warning" and "every link opens as the build says" in finding["seen"]
    assert code == 0


def test_apple_cdn_failure_reason(site):
    site.cdn_directives = 'add_header Apple-Failure-Reason "SWCERR00301 Timeout" always; return 404;'
    code, diagnostics = site.check()
    only(diagnostics, f"https://{CDN}/a/v1/{HOST}", "Apple-Failure-Reason: SWCERR00301 Timeout")
    assert code == 1


def test_fetched_header_values_are_data(site):
    # A host's long header value is quoted capped; a terminal escape in one never reaches the
    # output (the HTTP parser refuses the answer, which is said plainly).
    site.cdn_directives = 'add_header Apple-Failure-Reason "' + "x" * 1000 + '" always; return 404;'
    code, diagnostics = site.check()
    finding = only(diagnostics, f"https://{CDN}/a/v1/{HOST}", "Apple-Failure-Reason: xxx")
    assert len(finding["seen"]) < 260 and code == 1
    site.stop()
    site.process = None
    site.cdn_directives = 'add_header Apple-Failure-Reason "bad\x1b[31mred" always; return 404;'
    _, diagnostics = site.check()
    only(diagnostics, f"https://{CDN}/a/v1/{HOST}", "invalid character in header")
    assert "\x1b" not in json.dumps(diagnostics, ensure_ascii=False)


def test_hanging_host_is_cut_off_at_the_timeout(site, tmp_path):
    listener = socket.socket()
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    listener.bind((ADDRESS, 443))
    listener.listen(16)  # accepts connections (the kernel does) and never answers
    site.serve = False
    try:
        code, diagnostics = site.check("--no-services", "--timeout", "2", timeout=2)
    finally:
        listener.close()
    only(diagnostics, "/.well-known/apple-app-site-association", "no answer")
    assert code == 1 and site.elapsed < 60


def test_nothing_listening_is_said_plainly(site):
    site.serve = False  # nothing on the address's port 443
    code, diagnostics = site.check("--no-services", timeout=3)
    finding = only(diagnostics, "/.well-known/apple-app-site-association", "no answer")
    assert "refused" in finding["seen"] and "nothing listens" in finding["seen"], finding["seen"]
    assert code == 1 and site.elapsed < 60


def test_a_failed_host_says_its_other_files_were_not_checked(site):
    # Issue #51: after one failed request the host's other requests are skipped; that was silent,
    # so a report with one finding looked like a site with one problem.
    site.serve = False
    code, diagnostics = site.check("--no-services", timeout=3)
    skipped = [d for d in diagnostics if d.get("code") == "host-skipped"]
    assert len(skipped) == 1, messages(diagnostics)
    assert f"an earlier request to {HOST} failed, so neither this file nor its others were asked" in skipped[0]["message"]
    assert "refused" in skipped[0]["seen"], skipped[0]
    assert code == 1


def test_trickling_host_is_cut_off_at_the_timeout(site):
    site.site_directives = "sendfile off; limit_rate 1; limit_rate_after 0;"
    code, diagnostics = site.check("--no-services", "--sample", "1", timeout=2)
    only(diagnostics, "/.well-known/apple-app-site-association", "no complete answer within 2 s")
    assert code == 1 and site.elapsed < 60


def test_huge_body(site):
    (site.root / "apple-app-site-association").write_bytes(b" " * (3 * 1024 * 1024))
    _, diagnostics = site.check("--no-services", "--sample", "1")
    only(diagnostics, f"https://{HOST}/apple-app-site-association", "too large")


def test_plain_http_on_443(site):
    site.listen = ""
    _, diagnostics = site.check("--no-services", "--sample", "1")
    only(diagnostics, f"https://{HOST}/.well-known/apple-app-site-association", "no answer", "TLS")


def test_certificate_for_another_name(site):
    site.cert = "other"
    _, diagnostics = site.check("--no-services", "--sample", "1")
    only(diagnostics, f"https://{HOST}/.well-known/apple-app-site-association", "no answer")


@pytest.mark.parametrize("bad", ["go.example.test:443", "go.example.test:http:127.0.0.1", ":443:127.0.0.1"])
def test_malformed_resolve_is_a_usage_error(built, bad):
    result = subprocess.run([BIN, "check", "-c", str(built / "site-config.yml"), "--live", "--resolve", bad],
                            capture_output=True, text=True, timeout=30)
    assert result.returncode == 64 and "HOST:PORT:ADDRESS" in result.stderr


def test_malformed_service_url_is_a_usage_error(built):
    result = subprocess.run([BIN, "check", "-c", str(built / "site-config.yml"), "--live",
                             "--apple-cdn-url", "ftp://x"], capture_output=True, text=True, timeout=30)
    assert result.returncode == 64 and "--apple-cdn-url" in result.stderr
