(function () {
  "use strict";
  var el = document.getElementById("trampoline-data");
  if (!el) return;
  var d = JSON.parse(el.textContent);
  var ios = /iPhone|iPad|iPod/.test(navigator.userAgent) ||
    (navigator.platform === "MacIntel" && navigator.maxTouchPoints > 1);
  var android = !ios && /Android/i.test(navigator.userAgent);

  // Deferred links (clipboard, cookie) end with tl_t=<visit time, Unix seconds>: TrampolineLink,
  // the app library, requires this marker and removes it before routing.
  var MARKER = "tl_t";

  // The link handed to the app: catalog link + campaign (built in) + the visited URL's query.
  function deferredLink() {
    if (!d.forwardQuery || !location.search) return d.deferredLink;
    var link = d.deferredLink, hash = "", i = link.indexOf("#");
    if (i >= 0) { hash = link.slice(i); link = link.slice(0, i); }
    i = link.indexOf("?");
    var params = new URLSearchParams(i >= 0 ? link.slice(i + 1) : "");
    new URLSearchParams(location.search).forEach(function (value, key) {
      if (d.fixed.indexOf(key) < 0 && key !== MARKER) params.set(key, value);
    });
    var query = params.toString();
    return (i >= 0 ? link.slice(0, i) : link) + (query ? "?" + query : "") + hash;
  }

  function marked(link) {
    var i = link.indexOf("#"), hash = i < 0 ? "" : link.slice(i), base = i < 0 ? link : link.slice(0, i);
    var join = base.indexOf("?") < 0 ? "?" : /[?&]$/.test(base) ? "" : "&";
    return base + join + MARKER + "=" + Math.floor(Date.now() / 1000) + hash;
  }

  function setCookie(name, value, seconds) {
    document.cookie = name + "=" + value + "; path=/; max-age=" + seconds + "; SameSite=Lax; Secure";
  }

  function legacyCopy(text) {
    var area = document.createElement("textarea");
    area.value = text;
    area.setAttribute("readonly", "");
    area.style.position = "fixed";
    area.style.opacity = "0";
    document.body.appendChild(area);
    area.select();
    area.setSelectionRange(0, text.length);
    try { document.execCommand("copy"); } catch (e) { /* nothing more to try */ }
    document.body.removeChild(area);
  }

  function copy(text) {
    if (navigator.clipboard && navigator.clipboard.writeText) {
      return navigator.clipboard.writeText(text).catch(function () { legacyCopy(text); });
    }
    legacyCopy(text);
    return Promise.resolve();
  }

  if (d.behaviour === "load-cookie") {
    var jar = document.cookie ? document.cookie.split("; ") : [];
    for (var n = 0; n < d.cookieNames.length; n++) {
      for (var c = 0; c < jar.length; c++) {
        var eq = jar[c].indexOf("=");
        if (jar[c].slice(0, eq) !== d.cookieNames[n]) continue;
        var value = "";
        try { value = decodeURIComponent(jar[c].slice(eq + 1)); } catch (e) { /* not ours */ }
        setCookie(d.cookieNames[n], "", 0);
        // Only the app's own scheme: a planted cookie must not navigate anywhere else.
        if (value.toLowerCase().indexOf(d.scheme.toLowerCase() + ":") === 0) location.replace(value);
        return;
      }
    }
    return;
  }

  // Each phone goes to its own store, never the other's: without an app for its platform, a
  // phone gets the web page, or stays here.
  var fallback = ios ? (d.fallback === "web" && d.web ? d.web : (d.store || d.web))
    : android ? d.web : (d.web || d.store);

  // Android: Google Play carries the deferred link to the app in the install referrer
  // (`deep_link`, with the link's utm_* keys, which Play Console reads), encoded once per level.
  function playURL(link) {
    var url = new URL(d.android.play), referrer = new URLSearchParams();
    referrer.set("deep_link", link);
    d.android.utm.forEach(function (pair) { referrer.set(pair[0], pair[1]); });
    url.searchParams.set("referrer", referrer.toString());
    return url.toString();
  }
  function androidFallback(link) {
    return d.android.fallback === "web" && d.web ? d.web : playURL(link);
  }
  // Chrome opens the app for the same path and query, or goes to the fallback itself.
  function intentURL(link, to) {
    var rest = link.replace(/^[A-Za-z][A-Za-z0-9+.-]*:(\/\/)?/, ""), hash = rest.indexOf("#");
    if (hash >= 0) rest = rest.slice(0, hash);
    return "intent://" + rest + "#Intent;scheme=" + d.android.scheme + ";package=" + d.android.package +
      ";S.browser_fallback_url=" + encodeURIComponent(to) + ";end";
  }
  // The fallback after the delay, unless the app opened and hid this page first.
  function fallBackLater(to) {
    var timer = setTimeout(function () { location.href = to; }, d.delay);
    var cancel = function () { clearTimeout(timer); };
    document.addEventListener("visibilitychange", function () { if (document.hidden) cancel(); });
    window.addEventListener("pagehide", cancel);
  }
  // Some in-app web views ignore browser_fallback_url: the timer covers them.
  // The intent opens the app with the plain link; the referrer carries the marked one.
  function openAndroidApp() {
    var link = deferredLink(), to = androidFallback(marked(link));
    fallBackLater(to);
    location.href = intentURL(link, to);
  }

  var wants = function (channel) { return d.deferred.indexOf(channel) >= 0; };
  var remember = function (link) {
    if (wants("cookie")) setCookie(d.cookieName, encodeURIComponent(link), d.cookieDays * 86400);
  };

  var button = document.getElementById("trampoline-open");
  if (button) {
    button.addEventListener("click", function (event) {
      event.preventDefault();
      // Chrome launches intents only from a user gesture: this tap is one.
      if (android && d.android) { openAndroidApp(); return; }
      if (!fallback) return;
      var link = marked(deferredLink());
      remember(link);
      var go = function () { location.href = fallback; };
      if (wants("clipboard")) copy(link).then(go, go); else go();
    });
  }

  if (d.behaviour === "redirect") {
    if (android && d.android) { openAndroidApp(); return; }
    // A desktop has no app to hand a link to: no cookie, no scheme attempt, straight to the fallback.
    if (!ios || !d.store) { if (fallback) location.replace(fallback); return; }
    var link = deferredLink();
    remember(marked(link));
    // If the app opens, iOS hides this page before the timer fires: then stay put.
    fallBackLater(fallback);
    location.href = link;
  }
})();
