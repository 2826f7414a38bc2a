"""The Content-Security-Policy on every page: the tool's own inline script and style run, and an
injected inline script is refused by the browser even if escaping had failed."""
import json
import time

from support import DESKTOP

# Records every CSP violation before any page script runs.
RECORD_VIOLATIONS = """
window.__violations = [];
document.addEventListener('securitypolicyviolation', function (e) {
  window.__violations.push({directive: e.effectiveDirective, blocked: e.blockedURI, sample: e.sample});
});
"""

INJECTED = "<script>window.__injected = 1; document.title = 'pwned';</script>"


def violations(browser):
    return browser.driver.execute_script("return window.__violations || [];")


def test_every_page_has_a_policy_and_breaks_none_of_its_own_rules(site, new_browser):
    browser = new_browser(DESKTOP, extra_cdp=[("Page.addScriptToEvaluateOnNewDocument", {"source": RECORD_VIOLATIONS})])
    # Desktop: the interstitial and special pages stay put, so their scripts and styles run here.
    for path in ["/topic/1/", "/index.html", "/404.html", "/loadCookie.html"]:
        html = (site.root / (path.strip("/") + ("/index.html" if path.endswith("/") else ""))).read_text()
        assert '<meta http-equiv="Content-Security-Policy" content="default-src \'none\';' in html, path
        browser.driver.get(site.origin + path)
        assert violations(browser) == [], path
        # The style is applied (a blocked <style> would leave the default body margin of 8px).
        margin = browser.driver.execute_script("return getComputedStyle(document.body).marginTop;")
        assert margin == "0px", path


def test_an_injected_inline_script_is_blocked(phone):
    """In Chromium and in WebKit (the ``phone`` fixture): both report the violation with the
    same effective directive, ``script-src-elem``."""
    site = phone.site
    page = (site.root / "topic/1/index.html").read_text()
    assert "<main>" in page
    probe = site.root / "csp-probe" / "index.html"
    probe.parent.mkdir(exist_ok=True)
    # Simulates an escaping failure: a script element in the body of an otherwise real page.
    probe.write_text(page.replace("<main>", "<main>" + INJECTED, 1))
    try:
        browser = phone.new(init_scripts=[RECORD_VIOLATIONS])
        browser.driver.get(site.origin + "/csp-probe/")
        assert browser.driver.execute_script("return window.__injected === undefined;")
        assert browser.driver.title != "pwned"
        found = violations(browser)
        assert [v["directive"] for v in found] == ["script-src-elem"], json.dumps(found)
        assert found[0]["blocked"] == "inline"
        # The tool's own script still ran: its click handler turns the tap into the flow
        # (the link's href alone would not set the cookie).
        browser.driver.find_element("id", "trampoline-open").click()
        cookie = None
        for _ in range(40):
            cookie = browser.driver.get_cookie("__Host-deferredDeepLink")
            if cookie:
                break
            time.sleep(0.05)
        assert cookie is not None, "the tool's inline script must still run under the policy"
    finally:
        probe.unlink()
        probe.parent.rmdir()
