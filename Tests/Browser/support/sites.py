"""Sites built from the test catalogs in ``catalogs/``: a catalog's local URLs pointed at a test
server, built with the real ``trampoline`` binary into a temporary folder (optionally changed by
``TRAMPOLINE_SITE_HOOK``), attached to that server, and described by ``Site`` (its catalog, its
URLs and the effective settings of each link)."""
from __future__ import annotations

import contextlib
import os
import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path

import pytest
import yaml

from .constants import CATALOGS
from .environment import trampoline_binary
from .server import Recorder, SiteServer


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
