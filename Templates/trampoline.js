(function main() {
  "use strict";
  var el = document.getElementById("trampoline-data");
  if (!el) return;
  var page = JSON.parse(el.textContent);
  // Loads /trampoline-<name>.js: "more" is the part only some visits need (README, "In-app
  // browsers"), "route" fills a route's deep link in (README, "Routes").
  function load(n) {
    var s = document.createElement("script");
    s.src = "/trampoline-" + n + ".js";
    return document.head.appendChild(s);
  }
  // What trampoline-more.js reads and adds to: this script's functions, not their results.
  var T = window.trampoline || (window.trampoline = { n: 0 });
  T.load = load;
  T.run = run;
  // The compact layout's lookup page (404.html): trampoline-more.js finds the visited link in
  // the link table, shows it, and hands its data to run() (or, for no link, tries the routes).
  if (page.behaviour === "link-lookup") {
    T.lookup = page;
    load("more");
    return;
  }
  // A route's page: /trampoline-route.js fills the deep link in from the visited URL and drops
  // page.route; then this runs again. The long-link page names its own (page.fill).
  if (page.route) return load(page.fill || "route").onload = main;
  run(page);

  // What a link page does, with its data `d`.
  function run(d) {
    // One var statement: every byte here is in every page.
    var ua = navigator.userAgent,
      ios = /iPhone|iPad|iPod/.test(ua) || (navigator.platform === "MacIntel" && navigator.maxTouchPoints > 1),
      android = !ios && /Android/i.test(ua),
      // Maybe an app's built-in browser: an app's token, or a web view's shape (iOS: not ending as
      // Safari's agent; Android: the WebView's markers). trampoline-more.js then tells the browsers
      // built on a web view by name (T.app). The line is Tests/Fixtures/in-app-rules.json's
      // (in_app_rules.py --write); docs/in-app-browsers.md has the table and its sources.
      inApp = /Instagram|FB[A_][NVI]|ultralite|MicroMessenger|NAVER\(|Zalo\/|WA(iOS|4A)\/|TeamsMobile|GSA\/|YJApp|Bing(Sapphire|Web)|Ali(pay|App)|Flipboard\/|Pinterest|Telegram| QQ\/|baiduboxapp|YaApp|Viber|Wire\/|Roblox|AdobeAIR|Crosswalk/.test(ua) || (ios ? !/Safari[\d.\/]*$/.test(ua) : android && /; wv\)|Version\/4\.0 Chrome\/\d+\.0\.0\.0/.test(ua)),
      visited = new URLSearchParams(location.search),
      // The AASA leaves ?debug=1 unclaimed, so iOS shows this page instead of opening the app.
      debug = visited.get("debug") === "1",
      // Keys the page itself reads, and the QR codes' mark (tl_qr, for the log); never handed to the app.
      OWN = ["debug", "openExternalBrowser", "tl_qr"],
      // Deferred links (clipboard, cookie) end with tl_t=<visit time, Unix seconds>: TrampolineLink,
      // the app library, requires this marker and removes it before routing.
      MARKER = "tl_t";

    // What happened here, for the host's access log (docs/counts.md): one same-origin request
    // for an empty file under /_count/ naming this path alone, without cookies; never from the
    // debug view. A failure is nobody's business (Date: a built-in that does nothing here). With
    // site.counts.plausible (d.counts, an object), trampoline-more.js (loaded first) sends an event.
    function count(w) {
      var c = d.counts;
      c === false || debug || (c ? T.plausible(w, c) : fetch("/_count/" + w + ".txt?l=" + encodeURIComponent(location.pathname),
        { cache: "no-store", credentials: "omit", keepalive: true }).catch(Date));
    }

    // The link handed to the app: catalog link + campaign (built in) + the visited URL's query.
    function deferredLink() {
      if (!d.forwardQuery || !location.search) return d.deferredLink;
      var link = d.deferredLink, hash = "", i = link.indexOf("#");
      if (i >= 0) { hash = link.slice(i); link = link.slice(0, i); }
      i = link.indexOf("?");
      // Short names: every byte here is in every page.
      var p = new URLSearchParams(i >= 0 ? link.slice(i + 1) : "");
      visited.forEach(function (v, k) {
        if (d.fixed.indexOf(k) < 0 && k !== MARKER && OWN.indexOf(k) < 0) p.set(k, v);
      });
      var q = p.toString();
      link = (i >= 0 ? link.slice(0, i) : link) + (q ? "?" + q : "") + hash;
      // Too long for the app libraries: the link without the visited query.
      return fits(link) ? link : d.deferredLink;
    }
    // The app libraries take links of at most 4096 bytes (LinkConfiguration.maximumLength).
    function fits(l) { return new TextEncoder().encode(l).length <= 4096; }
    // The marked link to save (clipboard, cookie, Play's referrer): without the visited query if
    // that is too long, "" (nothing saved) if even that is.
    function saved() {
      var l = marked(deferredLink());
      fits(l) || (l = marked(d.deferredLink));
      return fits(l) ? l : "";
    }

    // The link `l` with the marker before its fragment (b: before it, h: the fragment).
    function marked(l) {
      var i = l.indexOf("#"), h = i < 0 ? "" : l.slice(i), b = i < 0 ? l : l.slice(0, i);
      return b + (b.indexOf("?") < 0 ? "?" : /[?&]$/.test(b) ? "" : "&") + MARKER + "=" + Math.floor(Date.now() / 1000) + h;
    }


    function legacyCopy(t) {
      var a = document.createElement("textarea");
      a.value = t;
      a.readOnly = true;
      a.style.cssText = "position:fixed;opacity:0";
      document.body.appendChild(a);
      a.select();
      a.setSelectionRange(0, t.length);
      try { document.execCommand("copy"); } catch (e) { /* nothing more to try */ }
      a.remove();
    }

    function copy(t) {
      var c = navigator.clipboard;
      return c && c.writeText ? c.writeText(t).catch(function () { legacyCopy(t); }) : (legacyCopy(t), Promise.resolve());
    }

    // Each phone goes to its own store, never the other's: without an app for its platform, a
    // phone gets the web page, or stays here.
    function fallbackFor(p) {
      return p === "ios" ? (d.fallback === "web" && d.web ? d.web : (d.store || d.web))
        // A desktop's place when the link says (`desktop`; "" for a QR code: it stays).
        : p === "android" ? d.web : "desktop" in d ? d.desktop || null : (d.web || d.store);
    }
    var fallback = fallbackFor(ios ? "ios" : android ? "android" : "desktop");

    // Leaves for `to`. With confirm_store set, a store (anything but the web page) is reached only
    // if the person agrees. Each attempt (T.n) asks once (its timer and Chrome's intent fallback
    // may both get here); "cancel" leaves the page as it was, button and all, the deferred link saved.
    var asked = -1;
    function leave(to, r) {
      if (d.confirm && to !== d.web) {
        if (asked === T.n) return;
        asked = T.n;
        if (!confirm(d.confirm)) return;
      }
      count(to === d.store || /^https:\/\/(apps\.apple|play\.google)\.com\//.test(to) ? "store" : "web");
      if (r) location.replace(to); else location.href = to;
    }
    // The fallback after the delay, unless the app opened and hid this page first (counted).
    function fallBackLater(to) {
      var t = setTimeout(function () { t = 0; leave(to); }, d.delay);
      var c = function () { clearTimeout(t); t = 0; };
      document.addEventListener("visibilitychange", function () { if (document.hidden && t) { c(); count("app"); } });
      addEventListener("pagehide", c);
    }
    // Whose browser it is (T.app: a browser built on a web view is none) is trampoline-more.js's
    // to say, an Android phone opens the app through an intent, which it makes, and it sends
    // site.counts' events (only those visits need it): it loads first (once: T.show is its
    // mark), then this runs again.
    if ((inApp || android && d.android || d.counts) && !T.show) return load("more").onload = function () { run(d); };
    var escape = inApp && T.app() && d.inApp !== "ignore" && !debug;
    if (escape && / Line\//.test(ua) && visited.get(OWN[1]) !== "1") {
      // LINE reopens a URL carrying openExternalBrowser=1 (OWN[1]) in the phone's browser.
      visited.set(OWN[1], "1");
      // Absolute: a path starting with "//" would name another host.
      location.replace(location.origin + location.pathname + "?" + visited.toString() + location.hash);
      return;
    }
    Object.assign(T, {
      data: d, debug, escape, ios, android, copy, deferredLink, saved, fallbackFor, leave, later: fallBackLater, count,
    });
    count("shown");

    var button = document.getElementById("trampoline-open");
    // A desktop with nowhere to go (`desktop: qr`) shows the link's QR code instead of the button.
    var qr = document.querySelector(".qr");
    if (qr && !ios && !android && !fallback) { qr.hidden = false; count("desktop-qr"); if (button) button.parentNode.hidden = true; }
    // The debug view and the way out of in-app browsers live in /trampoline-more.js, loaded only
    // for those visits; it shows what this script worked out, so the rules stay here.
    if (debug || escape) {
      if (escape) count("in-app");
      if (T.show) T.show(); else load("more");
      if (debug) {
        // The debug view never acts: not even the button.
        if (button) button.addEventListener("click", function (e) { e.preventDefault(); });
        return;
      }
    }

    // A desktop has no app to hand a link to (no cookie, no scheme attempt): where the link sends
    // one (`desktop: web` or `store`), it goes at once, as Firebase's links did.
    if (!ios && !android && fallback) return leave(fallback, true);

    var wants = function (channel) { return d.deferred.indexOf(channel) >= 0; };
    var remember = function (link) {
      if (link && wants("cookie")) {
        document.cookie = d.cookieName + "=" + encodeURIComponent(link) + "; path=/; max-age=" + d.cookieDays * 86400 + "; SameSite=Lax; Secure";
      }
    };

    if (button) {
      button.addEventListener("click", function (e) {
        e.preventDefault();
        // Chrome launches intents only from a user gesture: this tap is one.
        if (android && d.android) { T.openAndroid(); return; }
        if (!fallback) return;
        T.n++;
        var link = saved();
        remember(link);
        var go = function () { leave(fallback); };
        if (link && wants("clipboard")) copy(link).then(go, go); else go();
      });
    }

    // In an in-app browser the app cannot open: no attempt, the way out is on the page.
    if (d.behaviour === "redirect" && !escape) {
      if (android && d.android) { T.openAndroid(); return; }
      // A phone with no app of its platform in the catalog: no cookie, no scheme attempt.
      if (!ios || !d.store) { if (fallback) leave(fallback, true); return; }
      var link = deferredLink();
      remember(saved());
      // If the app opens, iOS hides this page before the timer fires: then stay put.
      fallBackLater(fallback);
      count("attempt");
      location.href = link;
    }
  }
})();
