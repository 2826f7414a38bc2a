"""`trampoline serve`: an open page reloads by itself after the catalog changes, and shows the
diagnostics overlay over the last good page while the catalog is broken."""
import re
import subprocess
import time

import pytest

from support import DESKTOP, make_driver, trampoline_binary, wait_until

CATALOG = """\
site:
  url: https://go.example.com
  title: Live reload
app:
  name: Marry
  ios:
    team_id: ABCDE12345
    bundle_id: com.example.marry
    app_store_id: "1356057329"
    scheme: marry
links:
  - path: /topic/1
    deep_link: marry://topic?id=1
    title: {title}
    description: A page to watch.
"""


@pytest.fixture
def served(tmp_path):
    """`trampoline serve --port 0` on a catalog in tmp_path; yields (origin, catalog path)."""
    binary = trampoline_binary()
    if not binary.is_file():
        pytest.fail(f"trampoline binary not found at {binary} (build it with `make build`)", pytrace=False)
    config = tmp_path / "site-config.yml"
    config.write_text(CATALOG.format(title="Before the edit"), encoding="utf-8")
    proc = subprocess.Popen([str(binary), "serve", "--port", "0", "--config", str(config)],
                            cwd=tmp_path, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        line = proc.stdout.readline()  # serve prints its address once the socket is bound
        match = re.search(r"at (http://127\.0\.0\.1:\d+)/ \(dashboard: /_trampoline/\)", line)
        if not match:
            proc.kill()
            pytest.fail(f"serve printed no address: {line!r} {proc.stderr.read()}", pytrace=False)
        yield match.group(1), config
    finally:
        proc.terminate()
        try:
            assert proc.wait(timeout=10) == 0, "serve did not stop cleanly on SIGTERM"
        finally:
            if proc.poll() is None:
                proc.kill()


@pytest.fixture
def desktop(served):
    origin, _ = served
    browser = make_driver(DESKTOP, [origin])
    yield browser
    browser.quit()


def _title(browser):
    return browser.js("return document.querySelector('h1') && document.querySelector('h1').textContent")


def test_open_page_reloads_with_the_new_title(served, desktop):
    origin, config = served
    desktop.get(origin + "/topic/1")
    assert _title(desktop) == "Before the edit"
    # A marker on the window object survives only until the page reloads.
    desktop.js("window.__beforeEdit = true")
    # The reload script is connected before the edit (its 'hello' arrives on open).
    assert wait_until(lambda: desktop.js("return document.readyState") == "complete", 5)
    time.sleep(0.5)

    config.write_text(CATALOG.format(title="After the edit"), encoding="utf-8")

    assert wait_until(lambda: _title(desktop) == "After the edit", 5), "the open page never showed the new title"
    assert desktop.js("return window.__beforeEdit === undefined"), "the title changed without a reload"
    assert desktop.driver.title == "After the edit"


def test_broken_catalog_shows_overlay_over_the_last_good_page(served, desktop):
    origin, config = served
    desktop.get(origin + "/topic/1/")
    time.sleep(0.5)
    config.write_text(CATALOG.format(title="Broken") + "    fallback: nowhere\n", encoding="utf-8")

    overlay = "return document.getElementById('trampoline-preview-overlay') && " \
              "document.getElementById('trampoline-preview-overlay').textContent"
    text = wait_until(lambda: desktop.js(overlay), 5)
    assert text, "no overlay appeared after the broken edit"
    assert "fallback must be 'store' or 'web'" in text
    assert _title(desktop) == "Before the edit", "the last good page must stay visible under the overlay"

    config.write_text(CATALOG.format(title="Fixed"), encoding="utf-8")
    assert wait_until(lambda: _title(desktop) == "Fixed" and not desktop.js(overlay), 5)
