#!/usr/bin/python3
"""A minimal WebKitGTK browser for WebKitWebDriver that behaves like iOS Safari where the test
suite needs it to.

WebKitWebDriver starts this program (the ``binary`` of the ``webkitgtk:browserOptions``
capability) instead of MiniBrowser. The pages run unmodified in WebKit (WebKitGTK 2.50, the
engine of Safari). Two things differ from MiniBrowser:

* **Custom URL schemes are modelled on iOS.** Navigating to a scheme WebKitGTK does not know
  (``marry://...``) makes WebKitGTK replace the page with an error, so the page's fallback
  timer dies. iOS Safari keeps the page instead: either the app opens (Safari goes to the
  background and the page becomes hidden) or, without the app, Safari shows "address is
  invalid" and the page stays, timers running. The ``decide-policy`` handler records every
  navigation the page asks for (the URL, the time) and, for a URL of one of the ``--scheme``
  schemes, refuses it (the page stays, like Safari without the app). With ``--app=installed``
  it then also hides the window: the view is unmapped, and WebKit fires a real
  ``visibilitychange`` to ``hidden`` in the page (like Safari when the app comes to the front).
* **The harness can watch and steer it:** every navigation request, and the process id, is
  written as one JSON line to ``--log``; SIGUSR1 shows the window again (the person comes back
  to Safari), SIGUSR2 hides it, SIGHUP sets the user agent read from ``--user-agent-file`` on
  every view (logging the agent WebKit took: its default if it refused that one), so one browser
  can visit as many agents. ``--user-script=FILE`` adds a script that runs at document start in
  every page (the equivalent of Chromium's ``Page.addScriptToEvaluateOnNewDocument``).

Run by Debian's /usr/bin/python3 with python3-gi and gir1.2-webkit2-4.1 (see the Makefile).
"""
import argparse
import json
import os
import signal
import sys
import tempfile
import time

import gi

gi.require_version("Gtk", "3.0")
gi.require_version("WebKit2", "4.1")
from gi.repository import GLib, Gtk, WebKit2  # noqa: E402


def parse_args(argv):
    p = argparse.ArgumentParser(prog="iphone_browser")
    p.add_argument("--automation", action="store_true", help="allow WebDriver to drive the browser")
    p.add_argument("--user-agent", default=None)
    p.add_argument("--user-agent-file", default=None, help="read on SIGHUP: the user agent from then on")
    p.add_argument("--log", required=True, help="JSON lines: start, navigation requests, scheme attempts")
    p.add_argument("--scheme", action="append", default=[], help="an app's custom scheme (repeatable)")
    p.add_argument("--app", choices=["missing", "installed"], default="missing",
                   help="what a scheme attempt does: stay on the page (missing) or hide it (installed)")
    p.add_argument("--window-size", default="393x852", help="CSS pixels, WIDTHxHEIGHT")
    p.add_argument("--user-script", action="append", default=[], help="a file run at document start")
    p.add_argument("--data-dir", default=None,
                   help="where this browser keeps cookies and caches (default: a new temporary folder)")
    p.add_argument("--loopback-only", action="store_true",
                   help="refuse every request to a host other than 127.0.0.1 (through a dead proxy)")
    p.add_argument("--output", default=None,
                   help="a file for this process's (and WebKit's) standard output and error, where "
                        "the pages' console messages go")
    p.add_argument("url", nargs="?")
    return p.parse_args(argv)


class IPhoneBrowser:
    def __init__(self, args):
        self.args = args
        self.schemes = {s.lower() for s in args.scheme}
        self.log_file = open(args.log, "a", buffering=1, encoding="utf-8")
        self.windows = []
        # A fresh profile per browser process, in its own folder: nothing is shared between
        # browsers. (An ephemeral WebsiteDataManager would do too, but with it WebKitGTK 2.50
        # does not write the pages' console messages to standard output.)
        data = args.data_dir or tempfile.mkdtemp(prefix="trampoline-webkit-")
        manager = WebKit2.WebsiteDataManager(base_data_directory=data, base_cache_directory=data)
        if args.loopback_only:
            # Nothing leaves the machine: every host but loopback goes to a proxy that is not there.
            proxy = WebKit2.NetworkProxySettings.new("http://127.0.0.1:9", ["127.0.0.1", "localhost", "::1"])
            manager.set_network_proxy_settings(WebKit2.NetworkProxyMode.CUSTOM, proxy)
        self.context = WebKit2.WebContext.new_with_website_data_manager(manager)
        self.context.set_automation_allowed(args.automation)
        self.context.connect("automation-started", self.on_automation_started)
        self.content = WebKit2.UserContentManager()
        for path in args.user_script:
            with open(path, encoding="utf-8") as f:
                source = f.read()
            self.content.add_script(WebKit2.UserScript(
                source, WebKit2.UserContentInjectedFrames.ALL_FRAMES,
                WebKit2.UserScriptInjectionTime.START, None, None))
        self.log("start", pid=os.getpid(), app=args.app, schemes=sorted(self.schemes))
        GLib.unix_signal_add(GLib.PRIORITY_DEFAULT, signal.SIGUSR1, self.on_show)
        GLib.unix_signal_add(GLib.PRIORITY_DEFAULT, signal.SIGUSR2, self.on_hide)
        GLib.unix_signal_add(GLib.PRIORITY_DEFAULT, signal.SIGTERM, self.on_quit)
        GLib.unix_signal_add(GLib.PRIORITY_DEFAULT, signal.SIGHUP, self.on_user_agent)
        if not args.automation:
            view = self.new_view()
            view.load_uri(args.url or "about:blank")

    # --- log ---------------------------------------------------------------------------
    def log(self, event, **fields):
        fields.update(event=event, t=time.monotonic())
        self.log_file.write(json.dumps(fields) + "\n")

    # --- automation --------------------------------------------------------------------
    def on_automation_started(self, context, session):
        info = WebKit2.ApplicationInfo()
        info.set_name("TrampolineIPhoneBrowser")
        info.set_version(1, 0, 0)
        session.set_application_info(info)
        session.connect("create-web-view", lambda s: self.new_view(automation=True))

    def settings(self):
        s = WebKit2.Settings()
        if self.args.user_agent:
            s.set_user_agent(self.args.user_agent)
        s.set_property("javascript-can-access-clipboard", True)
        s.set_property("enable-write-console-messages-to-stdout", self.args.output is not None)
        s.set_property("enable-developer-extras", False)
        return s

    def new_view(self, automation=False):
        view = WebKit2.WebView(web_context=self.context, settings=self.settings(),
                               user_content_manager=self.content,
                               is_controlled_by_automation=automation)
        view.connect("decide-policy", self.on_decide_policy)
        view.connect("close", self.on_close)
        window = Gtk.Window()
        width, height = (int(x) for x in self.args.window_size.split("x"))
        window.set_default_size(width, height)
        window.add(view)
        window.connect("delete-event", lambda *a: self.on_close(view) or True)
        window.show_all()
        self.windows.append(window)
        return view

    def on_close(self, view):
        window = view.get_toplevel()
        if window in self.windows:
            self.windows.remove(window)
        window.destroy()
        if not self.windows and not self.args.automation:
            Gtk.main_quit()

    # --- navigation ------------------------------------------------------------------
    def on_decide_policy(self, view, decision, kind):
        if kind not in (WebKit2.PolicyDecisionType.NAVIGATION_ACTION,
                        WebKit2.PolicyDecisionType.NEW_WINDOW_ACTION):
            return False
        action = decision.get_navigation_action()
        uri = action.get_request().get_uri()
        self.log("navigation", url=uri, user_gesture=action.is_user_gesture(),
                 new_window=kind == WebKit2.PolicyDecisionType.NEW_WINDOW_ACTION)
        scheme = uri.split(":", 1)[0].lower() if ":" in uri else ""
        if scheme in self.schemes:
            # iOS: the page stays. Without the app Safari shows an alert; with it, the app
            # comes to the front and Safari (with this page) goes to the background.
            decision.ignore()
            self.log("scheme-attempt", url=uri, app=self.args.app)
            if self.args.app == "installed":
                GLib.idle_add(self.hide_all)
            return True
        return False

    # --- window state ----------------------------------------------------------------
    def hide_all(self):
        for w in self.windows:
            w.hide()
        self.log("hidden")
        return False

    def on_hide(self):
        self.hide_all()
        return True

    def on_show(self):
        for w in self.windows:
            w.show_all()
            w.present()
        self.log("shown")
        return True

    def on_user_agent(self):
        with open(self.args.user_agent_file, encoding="utf-8") as f:
            self.args.user_agent = f.read()
        taken = None
        for w in self.windows:
            settings = w.get_child().get_settings()
            # WebKitGTK keeps only an agent in RFC 9110's product/comment syntax, else its default.
            settings.set_user_agent(self.args.user_agent)
            taken = settings.get_user_agent()
        self.log("user-agent", requested=self.args.user_agent, taken=taken)
        return True

    def on_quit(self):
        Gtk.main_quit()
        return False


def main(argv):
    args = parse_args(argv)
    if args.output:
        # WebKit's web process inherits these: its console lines land in the file too.
        fd = os.open(args.output, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o644)
        os.dup2(fd, 1)
        os.dup2(fd, 2)
        os.close(fd)
    Gtk.init(None)
    IPhoneBrowser(args)
    Gtk.main()


if __name__ == "__main__":
    main(sys.argv[1:])
