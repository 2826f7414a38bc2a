// Long links on the site's own domain (issue #48; Firebase Dynamic Links'
// https://go.example.com/?link=...&ifl=...&st=...): /trampoline-long-link.js, which trampoline.js
// loads on the long-link page /_long-link/ (page.fill) and runs again once this has filled the
// deep link in. The home page hands a ?link= visit over in ?tl_p=. The rules are the shared
// table's, Tests/Fixtures/long-links.json (long_links.py reads it in Python);
// Tests/Browser/test_long_links.py runs resolve (window.trampolineLongLink) over it.
(function () {
  "use strict";
  var BAD = /[\x00-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/,
    UTM = ["utm_source", "utm_medium", "utm_campaign", "utm_term", "utm_content"];

  // Form decoding ("+" is a space, then %XX as UTF-8); throws on a broken escape or bad UTF-8.
  function dec(s) { return decodeURIComponent(s.replace(/\+/g, " ")); }
  function bytes(s) { return new TextEncoder().encode(s).length; }
  // ASCII lower case only: toLowerCase would make "\u212A" (the Kelvin sign) a "k".
  function low(s) { return s.replace(/[A-Z]+/g, function (c) { return c.toLowerCase(); }); }
  // The authority of an https URL (after "https://", up to "/", "?", "#" or the end) and the rest.
  function split(u) {
    var a = /^[^\/?#]*/.exec(u.slice(8))[0];
    return { a: low(a), r: u.slice(8 + a.length) };
  }
  // Whether target t may be opened: https, no userinfo, nothing that could hide where it goes (no
  // dot segment either: a browser would open /admin for /item/../admin, past a prefix), and
  // named by an entry of the allowlist.
  function ok(t, allow) {
    if (bytes(t) > 2048 || BAD.test(t) || /[ \\]/.test(t) || !/^https:\/\//i.test(t)) return false;
    var x = split(t), r = x.r[0] == "/" ? x.r : "/" + x.r;
    if (!x.a || x.a.indexOf("@") >= 0) return false;
    if (r.split(/[?#]/)[0].split("/").some(function (s) {
      s = low(s).replace(/%2e/g, ".");
      return s == "." || s == "..";
    })) return false;
    return allow.some(function (e) {
      // A URL prefix: the same authority, then its path byte for byte ("?q" is the root's "/?q").
      if (/^https:\/\//i.test(e)) { var y = split(e); return y.a == x.a && r.indexOf(y.r || "/") == 0; }
      // "*.shop.example": its subdomains (no port), not the bare host.
      if (e.slice(0, 2) == "*.") {
        e = low(e.slice(1));
        return x.a.indexOf(":") < 0 && x.a.length > e.length && x.a.slice(-e.length) == e;
      }
      // A host: exactly it (a port only if the entry has it).
      return x.a == low(e);
    });
  }
  // st and sd are shown as text: only without control or bidi characters, and not too long.
  function text(s, max) { return s && !BAD.test(s) && Array.from(s).length <= max ? s : null; }

  // The long link `v` (path and query, as visited) with the allowlist and the app's scheme: null
  // (not a long link), {refused: name} or {deep_link, fallbacks, title, description}.
  function resolve(v, allow, scheme) {
    var q = Object.create(null), T = ["link", "ifl", "afl", "ofl"], i, l, deep, n,
      names = Object.create(null), add = new URLSearchParams();
    v = v.split("#")[0];
    i = v.indexOf("?");
    if ((i < 0 ? v : v.slice(0, i)) != "/") return null;
    try {
      (i < 0 ? [] : v.slice(i + 1).split("&")).forEach(function (p) {
        // The first of each name counts (a prototype-less object: "__proto__" is a name too).
        var j = p.indexOf("="), k = dec(j < 0 ? p : p.slice(0, j)), w = j < 0 ? "" : dec(p.slice(j + 1));
        if (!(k in q)) q[k] = w;
      });
    } catch (_) { return null; }
    if (!(l = q.link)) return null;
    // The places a visitor may be sent, in this order: the first outside the allowlist refuses all.
    for (i = 0; i < 4; i++) if (q[T[i]] && !ok(q[T[i]], allow)) return { refused: T[i] };
    // The app's scheme over link's path (without its leading "/") and query, kept as written.
    deep = split(l).r.split("#")[0];
    i = deep.indexOf("?");
    n = i < 0 ? "" : deep.slice(i + 1);
    deep = scheme + "://" + (i < 0 ? deep : deep.slice(0, i)).replace(/^\/+/, "") + (n ? "?" + n : "");
    n && n.split("&").forEach(function (p) {
      p = p.split("=")[0];
      try { p = dec(p); } catch (_) { /* compared as written */ }
      names[p] = 1;
    });
    // The campaign of the long link, unless the deep link names it itself.
    UTM.forEach(function (k) { if (q[k] && !(k in names)) add.append(k, q[k]); });
    if ((n = add.toString())) deep += (deep.indexOf("?") < 0 ? "?" : /[?&]$/.test(deep) ? "" : "&") + n;
    if (bytes(deep) > 4096) return { refused: "link" };
    return {
      deep_link: deep,
      fallbacks: { ios: q.ifl || "store", android: q.afl || "store", desktop: q.ofl || l },
      title: text(q.st, 300), description: text(q.sd, 1000),
    };
  }
  window.trampolineLongLink = { resolve: resolve };

  var e = document.getElementById("trampoline-data"), L = location;
  if (!e) return;
  var d = JSON.parse(e.textContent), h = new URLSearchParams(L.search).get("tl_p"), v = L.search && "/" + L.search,
    r, u = navigator.userAgent, t = document.querySelector("h1"), b = document.getElementById("trampoline-open");
  // The home page's hand-over: the address bar gets the visited URL back (always on this site:
  // the path is "/").
  if (h && h.slice(0, 2) == "/?") history.replaceState(null, "", L.origin + (v = h));
  r = resolve(v || "/", d.long.allow, d.long.scheme);
  function after(n) { t.parentNode.insertBefore(n, t.nextSibling); return n; }
  // Not a long link, or one that is refused: trampoline.js, run again, finds no data and stops.
  if (!r || r.refused) e.id = "";
  if (!r) return L.replace(L.origin + "/");
  // A target outside the allowlist: a notice and the way home, nothing from the visited URL.
  if (r.refused) {
    t.textContent = d.long.refused;
    if (b) b.parentNode.hidden = true;
    // The template's other text ("Opening …") says what no longer happens.
    for (var n = t.nextElementSibling; n; n = n.nextElementSibling) if (!n.contains(b)) n.hidden = true;
    var a = document.createElement("a");
    a.href = "/";
    a.textContent = d.long.home;
    after(document.createElement("p")).appendChild(a);
    return;
  }
  // The deep link, and where a phone without the app (or a desktop) goes: the long link's
  // fallbacks (FDL's meaning: ifl for iOS, afl for Android, ofl or link for a desktop).
  var f = r.fallbacks, deep = r.deep_link, i = deep.indexOf("?"), w;
  d.deferredLink = deep;
  d.fixed = Array.from(new URLSearchParams(i < 0 ? "" : deep.slice(i + 1)).keys());
  d.forwardQuery = false;
  if (f.ios != "store") d.fallback = "web";
  if (f.android != "store" && d.android) d.android = "web";
  d.desktop = f.desktop;
  w = /Android/i.test(u) && !/iPhone|iPad|iPod/.test(u) ? f.android : f.ios;
  d.web = w == "store" ? undefined : w;
  // st and sd, as text only.
  if (r.title) document.title = t.textContent = r.title;
  if (r.description) after(document.createElement("p")).textContent = r.description;
  delete d.route;
  delete d.fill;
  delete d.long;
  e.textContent = JSON.stringify(d);
})();
