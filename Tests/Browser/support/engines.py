"""The two iPhone engines the flows run in: ``Engine`` is one engine for the whole session (its
sites, how to make a fresh browser, one shared browser for read-only checks), and ``Phone`` is
that engine for one test (the browsers it made are closed after it; the shared one is reset
around it). The ``phone`` fixture runs a flow written once in Chromium and in WebKit."""
from __future__ import annotations

from .browser import BaseBrowser
from .constants import WEBKIT_IPHONE
from .sites import Site


class Engine:
    """One browser engine on the iPhone profile, for the whole session: its sites, how to make
    a fresh browser, and one shared browser for read-only checks."""

    def __init__(self, name: str, sites: dict[str, Site], make):
        self.name = name
        self.sites = sites
        self._make = make
        self._shared: BaseBrowser | None = None

    def new(self, **kw) -> BaseBrowser:
        return self._make(**kw)

    def shared(self) -> BaseBrowser:
        if self._shared is None:
            self._shared = self._make()
        return self._shared

    def close(self):
        if self._shared is not None:
            self._shared.quit()


class Phone:
    """An iPhone in one engine, for one test: that engine's sites and browsers. Browsers made
    with ``new()`` are closed after the test; ``shared()`` is reset around it."""

    def __init__(self, engine: Engine):
        self.engine = engine
        self.name = engine.name
        self._made: list[BaseBrowser] = []
        self._shared_used = False

    @property
    def site(self) -> Site:
        return self.engine.sites["main"]

    @property
    def hostile(self) -> Site:
        return self.engine.sites["hostile"]

    @property
    def is_webkit(self) -> bool:
        return self.name == WEBKIT_IPHONE

    def new(self, app_installed: bool = False, hide_clipboard: bool = False,
            init_scripts: list[str] = ()) -> BaseBrowser:
        """A fresh browser. ``app_installed``: in WebKit the browser hides the page when it
        attempts the scheme (the app comes to the front); Chromium's page is hidden by the test
        (``app_opens``). ``init_scripts`` run before any page script in every page."""
        b = self.engine.new(app_installed=app_installed, hide_clipboard=hide_clipboard,
                            init_scripts=list(init_scripts)) if self.is_webkit else \
            self.engine.new(hide_clipboard=hide_clipboard, init_scripts=list(init_scripts))
        self._made.append(b)
        return b

    def shared(self) -> BaseBrowser:
        b = self.engine.shared()
        if not self._shared_used:
            self._shared_used = True
            try:
                b.driver.delete_all_cookies()
            except Exception:
                pass  # a WebKit session that has not loaded a page yet has no document for it
            b.reset_logs()
        return b

    def close(self):
        for b in self._made:
            b.quit()
        if self._shared_used:
            b = self.engine.shared()
            try:
                b.driver.switch_to.alert.dismiss()
            except Exception:
                pass
            b.driver.get("about:blank")  # stop any pending timer of the page under test
            b.reset_logs()
