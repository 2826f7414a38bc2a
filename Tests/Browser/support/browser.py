"""What every test browser offers, whatever its engine (``BaseBrowser``): page helpers (load,
script, alert, touch tap, click, page data) and the observations the tests make (custom-scheme
navigations, console errors, clipboard, the page hidden and shown again), which each engine's
subclass implements. Also the browser ids, unique in the session across both engines, and the
init script that removes ``navigator.clipboard``."""
from __future__ import annotations

import itertools
import time

from .constants import SCHEME

_ids = itertools.count(1)


def new_browser_id() -> str:
    """The next browser id (``b1``, ``b2``, ...); the recording server files requests under it."""
    return f"b{next(_ids)}"


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
