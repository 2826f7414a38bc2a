// The part of the page script that only some visits load (trampoline.js loads it): the Android
// intent and Google Play's referrer, the compact layout's link lookup, the debug view (?debug=1)
// and the way out of in-app browsers. trampoline.js works out the links and fallbacks and leaves
// its functions in window.trampoline; this file adds Android's and shows what they give.
// The build replaces the TRAMPOLINE_CONFIG marker with the site's values: the app's name, its iOS app IDs,
// whether the site has assetlinks.json, the Android app (package, scheme, Google Play; a link's
// data names only its Android fallback) and Templates/in-app.md rendered to HTML.
(function (C) {
  "use strict";
  var T = window.trampoline;
  if (!T || !C) return;

  // Android phones (trampoline.js loads this for them when the catalog has an Android app): the
  // intent that opens the app, and Google Play carrying the deferred link in the install referrer.
  // The link without its scheme (and //): the Android app's scheme goes in its place, in the
  // intent and in Play's referrer (AppLinkTags.withScheme in Swift).
  function unschemed(link) { return link.replace(/^[A-Za-z][A-Za-z0-9+.-]*:(\/\/)?/, ""); }
  // Play's referrer: `deep_link`, in the Android app's scheme, with the campaign's utm_* keys
  // (which Play Console reads: those of the link's deferred link that are not the deep link's
  // own), encoded once per level.
  function playURL(link) {
    var d = T.data, url = new URL(C.android.play), referrer = new URLSearchParams();
    // "": too long to save (trampoline.js, saved()).
    if (link) referrer.set("deep_link", C.android.scheme + "://" + unschemed(link));
    new URLSearchParams(d.deferredLink.split("#")[0].split("?")[1] || "").forEach(function (value, key) {
      if (/^utm_/.test(key) && d.fixed.indexOf(key) < 0) referrer.set(key, value);
    });
    url.searchParams.set("referrer", referrer.toString());
    return url.toString();
  }
  T.androidFallback = function (link) {
    var d = T.data;
    return d.android === "web" && d.web ? d.web : playURL(link);
  };
  // Chrome opens the app for the same path and query, or goes to the fallback itself.
  T.intentURL = function (link, to) {
    var d = T.data, rest = unschemed(link), hash = rest.indexOf("#");
    if (hash >= 0) rest = rest.slice(0, hash);
    return "intent://" + rest + "#Intent;scheme=" + C.android.scheme + ";package=" + C.android.package +
      ";S.browser_fallback_url=" + encodeURIComponent(to) + ";end";
  };
  // Where Chrome goes when the app is missing: the fallback, or with confirm_store back here
  // (#store<attempt>) to ask first.
  T.intentFallback = function (to) {
    return T.data.confirm ? location.href.split("#")[0] + "#store" + T.n : to;
  };
  var pending = null;
  addEventListener("hashchange", function () {
    if (pending && location.hash === "#store" + T.n) T.leave(pending);
  });
  // Some in-app web views ignore browser_fallback_url: the timer covers them.
  // The intent opens the app with the plain link; the referrer carries the marked one.
  T.openAndroid = function () {
    T.n++;
    var link = T.deferredLink(), to = T.androidFallback(T.saved());
    pending = to;
    T.later(to);
    T.count("attempt");
    location.href = T.intentURL(link, T.intentFallback(to));
  };
  T.show = show;

  // site.counts.plausible: each outcome as an event of Plausible's Events API (docs/counts.md),
  // "shown" as its pageview: a POST of text/plain (a simple request, so no preflight), no
  // credentials, the page's URL without its query, the site's name (c.d) or this host.
  T.plausible = function (w, c) {
    fetch(c.e, {
      method: "POST", mode: "no-cors", credentials: "omit", keepalive: true, headers: { "Content-Type": "text/plain" },
      body: JSON.stringify({ name: w === "shown" ? "pageview" : "trampoline: " + w,
        url: location.origin + location.pathname, domain: c.d || location.hostname })
    }).catch(Date);
  };

  // Whose built-in browser this is (T.inApp, also returned), for an agent trampoline.js took for
  // one (an app's token, or a web view's shape: it loads this file before it acts): the first app
  // whose token it carries (Messenger before Facebook, TikTok Lite before TikTok: their agents
  // carry the other's tokens too), null for a browser built on a web view (it names itself), else
  // "an app". docs/in-app-browsers.md has the table, its sources and which way each rule errs.
  // BEGIN in-app rules: Tests/Fixtures/in-app-rules.json, by Tests/Fixtures/in_app_rules.py --write
  var APPS = [["Instagram", /Instagram/],
    ["Messenger", /FBAN\/Messenger|FB_IAB\/(MESSENGER|Orca)/],
    ["Facebook", /FBAN\/|FBAV\/|FB_IAB\/|MetaIAB/],
    ["Threads", /Barcelona/],
    ["LINE", / Line\//],
    ["TikTok Lite", /AppName\/ultralite/],
    ["TikTok", /musical_ly|BytedanceWebview|TikTok/],
    ["X", /Twitter/],
    ["WeChat", /MicroMessenger/],
    ["Snapchat", /Snapchat/],
    ["LinkedIn", /LinkedInApp/],
    ["KakaoTalk", /KAKAOTALK/],
    ["KakaoStory", /KAKAOSTORY/],
    ["NAVER", /NAVER\(inapp/],
    ["Daum", /DaumApps\//],
    ["Zalo", /Zalo\//],
    ["WhatsApp", /WAiOS\/|WA4A\//],
    ["Microsoft Teams", /TeamsMobile-/],
    ["Google app", /GSA\//],
    ["Yahoo! JAPAN", /YJApp-/],
    ["Bing", /BingSapphire|BingWeb|bingipadclient/],
    ["Alipay", /AlipayClient/],
    ["Alibaba app", /AliApp/],
    ["Klarna", /Klarna\//],
    ["Flipboard", /Flipboard\//],
    ["Pinterest", /Pinterest/],
    ["Telegram", /Telegram/],
    ["Weibo", /[Ww]eibo/],
    ["QQ", / QQ\//],
    ["Baidu", /baiduboxapp/],
    ["Baidu Tieba", /tieba\//],
    ["Yandex", /YaApp/],
    ["Viber", /Viber/],
    ["Wire", /Wire\//],
    ["Roblox", /Roblox/],
    ["an Adobe AIR app", /AdobeAIR/],
    ["a Crosswalk app", /Crosswalk/],
    ["an app", /InApp/]],
    BROWSERS = /browser|ACHEETAH|Opera|OP[RT]\/|OPiOS|Coast\/|CriOS|FxiOS|EdgiOS|Focus\/|Klar\/|Brave|DuckDuckGo|Ddg\/|Ecosia|Puffin|Maxthon|MXiOS|Sleipnir|Dolphin|SznProhlizec|UCLite|ucpro|Vivaldi|PHX\/|IEMobile|Mobicip|Lunascape|Midori|Mammoth|Ninesky|Swing\(|Epic\//i;
  // END in-app rules
  T.app = function () {
    var ua = navigator.userAgent;
    for (var a = 0; a < APPS.length; a++) if (APPS[a][1].test(ua)) return T.inApp = APPS[a][0];
    return T.inApp = BROWSERS.test(ua) ? null : "an app";
  };

  // The compact layout: the link's entry in the shard its id names, unsealed (docs/link-table.md,
  // "Sealed entries": SHA-256 of the host and path names the link and keys the seal, so the table
  // lists no link), then the link's own page behaviour. A path that is no link goes to the route
  // that matches it, if any; else the not-found page stays.
  if (T.lookup) {
    // Once: run() below finds no lookup left and goes on as a link page.
    var L = T.lookup, path = location.pathname.replace(/\/+$/, "");
    var sha = function (bytes) {
      return crypto.subtle.digest("SHA-256", bytes).then(function (d) { return new Uint8Array(d); });
    };
    var digest = function (label) {
      return sha(new TextEncoder().encode("trampoline-link-table/2 " + label + "\n" + L.host + "\n" + path));
    };
    // The entry XOR the keystream: SHA-256 of the key and the block number (4 bytes, big-endian).
    var unseal = function (sealed, key) {
      var data = Uint8Array.from(atob(sealed), function (c) { return c.charCodeAt(0); }), blocks = [];
      for (var n = 0; n * 32 < data.length; n++) {
        var input = new Uint8Array(36);
        input.set(key);
        input.set([n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255], 32);
        blocks.push(sha(input));
      }
      return Promise.all(blocks).then(function (streams) {
        for (var i = 0; i < data.length; i++) data[i] ^= streams[i >> 5][i & 31];
        return JSON.parse(new TextDecoder().decode(data));
      });
    };
    // No link: a route may take the path (GitHub Pages sends every URL here); trampoline-route.js
    // tries the routes and gives Android Google Play.
    var none = function () { if (L.routes || L.play) T.load("route"); };
    if (!window.crypto || !crypto.subtle) return none();
    digest("id").then(function (id) {
      var name = "", shard = ((id[0] << 24) | (id[1] << 16) | (id[2] << 8) | id[3]) >>> 0;
      for (var i = 0; i < 16; i++) name += (id[i] < 16 ? "0" : "") + id[i].toString(16);
      return fetch(L.table + (shard % L.shards) + ".json", { credentials: "same-origin" })
        .then(function (response) { return response.ok ? response.json() : {}; })
        .then(function (table) {
          if (!Object.prototype.hasOwnProperty.call(table, name)) return null;
          return digest("key").then(function (key) { return unseal(table[name], key); });
        });
    }).then(function (entry) {
      if (!entry) return none();
      var link = Object.assign({}, L.base, entry);
      document.title = link.title;
      var heading = document.querySelector("main h1"), text = heading && heading.nextElementSibling;
      if (heading) heading.textContent = link.title;
      if (text && text.tagName === "P") { if (link.text) text.textContent = link.text; else text.parentNode.removeChild(text); }
      var button = document.getElementById("trampoline-open");
      if (button) {
        button.textContent = L.button;
        button.setAttribute("href", link.fallback === "web" && link.web ? link.web : (link.store || link.web || "#"));
      }
      T.lookup = null;
      T.run(link);
    }, none);
    return;
  }
  if (T.debug || T.escape) show();

  // The debug view or the way out of an in-app browser, once per page.
  function show() {
    if (T.shown) return;
    T.shown = true;
    var d = T.data;
    // Which app's browser this is (T.inApp: T.app's answer when trampoline.js asked), or null.
    var inApp = T.inApp || null;
    var platform = T.ios ? "ios" : T.android ? "android" : "desktop";
    var plain = T.deferredLink(), late = T.saved();
    var fallback = { ios: T.fallbackFor("ios"), desktop: T.fallbackFor("desktop"),
      android: d.android ? T.androidFallback(late) : T.fallbackFor("android") };
    var intent = d.android ? T.intentURL(plain, T.intentFallback(fallback.android)) : null;
    var main = document.querySelector("main") || document.body;

    function el(tag, text, id) {
      var e = document.createElement(tag);
      if (text !== undefined && text !== null) e.textContent = text;
      if (id) e.id = id;
      return e;
    }
    function seconds(ms) { return (ms / 1000) + " s"; }
    function where(to) { return to ? to : "nowhere: the page stays"; }

    if (T.debug) {
      var box = el("section", null, "trampoline-debug");
      box.appendChild(el("h2", "Debug view: " + location.pathname));
      box.appendChild(el("p", "This visit does nothing: no app, no store, no cookie, no clipboard. Remove debug=1 from the address to use the link."));
      var list = el("dl");
      var row = function (term, text) { list.appendChild(el("dt", term)); list.appendChild(el("dd", text)); };
      var redirect = d.behaviour === "redirect";
      var asks = d.confirm ? " First it asks \u201c" + d.confirm + "\u201d; cancel stays on the page." : "";
      var channels = [];
      if (d.deferred.indexOf("clipboard") >= 0) channels.push("the clipboard (written on the button's tap)");
      if (d.deferred.indexOf("cookie") >= 0) channels.push("the cookie " + d.cookieName + " for " + d.cookieDays + " day(s), read back by /loadCookie.html");
      row("This visit", "platform " + platform + (inApp ? ", inside " + inApp + "'s browser" : "") + ", behaviour " + d.behaviour);
      row("Deferred link", (late || "none: longer than 4096 bytes") + " \u2014 carried by " + (channels.length ? channels.join(" and ") : "nothing (deferred: [])") +
        (d.android ? ", and on Android by Google Play's install referrer (deep_link)" : "") + ". tl_t is the visit time the app checks.");
      row("AASA for this URL", C.appIDs.length
        ? "Claimed for " + C.appIDs.join(", ") + ": an iPhone with the app opens it at once and never shows this page. This debug URL is excluded (the \u201cdebug=1\u201d rule comes first), so you see this view."
        : "No iOS app in the catalog: no apple-app-site-association, nothing is claimed.");
      row("iPhone without the app", !d.store ? "No iOS app: goes to " + where(fallback.ios) + "." : redirect
        ? "Sets the cookie, tries " + plain + " at once, then after " + seconds(d.delay) + " goes to " + where(fallback.ios) + " unless the app opened." + asks
        : "Shows this page. The button copies and saves the deferred link, then goes to " + where(fallback.ios) + "." + asks);
      row("Android", !d.android ? "No Android app: goes to " + where(fallback.android) + (redirect ? " at once." : " from the button.") :
        (C.assetLinks ? "With the app and its App Links verified (/.well-known/assetlinks.json), Android opens the app at once. Otherwise: " : "") +
        (redirect ? "opens " : "the button opens ") + intent + "; if the app is missing Chrome (or the timer, after " + seconds(d.delay) + ") goes to " + where(fallback.android) + "." + asks);
      row("Desktop", redirect ? "Goes to " + where(fallback.desktop) + " at once, with no cookie." : "Shows this page; the button goes to " + where(fallback.desktop) + ".");
      row("In-app browsers", d.inApp === "ignore"
        ? "in_app_browsers: ignore \u2014 treated as any browser."
        : "Apps' built-in browsers (Instagram, Facebook, TikTok, WeChat, the Google app\u2026 by their tokens; any other web view by its shape, unless it names a browser): no attempt; the page shows how to open it in the browser. LINE: reopened in the phone's browser (openExternalBrowser=1).");
      box.appendChild(list);
      main.insertBefore(box, main.firstChild);
      return;
    }

    // The way out of an in-app browser: Templates/in-app.md, rendered by the build (cmark, values
    // escaped), with its two links wired here.
    var step = el("section", null, "trampoline-in-app");
    step.setAttribute("data-app", inApp || "");
    step.innerHTML = C.inApp;
    var here = new URL(location.href);
    here.searchParams.delete("openExternalBrowser");
    here.hash = "";
    var links = step.getElementsByTagName("a");
    for (var i = links.length - 1; i >= 0; i--) {
      var a = links[i], target = a.getAttribute("href");
      if (target === "#trampoline-copy") {
        a.addEventListener("click", function (event) {
          event.preventDefault();
          var self = event.currentTarget;
          T.copy(here.toString()).then(function () { self.className = "copied"; });
        });
      } else if (target === "#trampoline-browser") {
        if (platform === "android") {
          // No package: Android hands the URL to the default browser (or to an app verified for it).
          a.href = "intent://" + here.host + here.pathname + here.search + "#Intent;scheme=" + here.protocol.slice(0, -1) + ";action=android.intent.action.VIEW;end";
        } else {
          a.parentNode.removeChild(a);
        }
      }
    }
    main.insertBefore(step, main.firstChild);
  }
})(TRAMPOLINE_CONFIG);
