"""Headless Chromium through selenium and chromedriver: ``make_driver`` starts a session in the
iPhone, Android (Pixel) or desktop profile, and ``ChromiumBrowser`` observes it through CDP and
Chromium's logs (the performance log for custom-scheme navigations, the browser log for console
errors, ``navigator.clipboard`` for the clipboard, minimising the window to hide the page)."""
from __future__ import annotations

import json
import shutil

from .browser import HIDE_CLIPBOARD_JS, BaseBrowser, new_browser_id
from .constants import ANDROID, CHROMIUM_IPHONE, DESKTOP, IPHONE, PIXEL_UA, SCHEME, TEST_HEADER
from .environment import chromium_binary


class ChromiumBrowser(BaseBrowser):
    """A selenium Chrome session plus what the suite observes about it."""

    engine = CHROMIUM_IPHONE

    def __init__(self, driver, profile: str, origins: list[str]):
        super().__init__(driver, profile, new_browser_id())
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
    opts.binary_location = chromium_binary()
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
