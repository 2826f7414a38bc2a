// Routes (README, "Routes"): /trampoline-route.js, which trampoline.js loads on a route's page
// (and runs again once this has filled the deep link in), and the inline script of the 404 page
// of a site with routes. The grammar is Sources/TrampolineLink/RoutePattern.swift; the build
// pre-parses each pattern (a literal is a string, a parameter [":", name, constraint?], a rest
// ["*", name]), so this only matches and fills in. The 404 page carries it inline: hence the
// short names. Tests/Browser/test_routes.py runs m and g (window.trampolineRoute) over the
// shared table Tests/Fixtures/route-patterns.json.
(function () {
  "use strict";
  var e = document.getElementById("trampoline-data"), L = location, K = "tl_p";
  if (!e) return;
  var d = JSON.parse(e.textContent), h = new URLSearchParams(L.search).get(K), f,
    C = { digits: /^\d+$/, uuid: /^[\da-f]{8}(-[\da-f]{4}){3}-[\da-f]{12}$/i };
  // The parameters (name -> decoded segments) of route r on the percent-encoded path p, or null.
  // One trailing slash is ignored; a broken escape, a control character or a bidi control
  // (U+061C, U+200E-F, U+202A-E, U+2066-9) matches nothing; a parameter never takes "", ".",
  // ".." or a decoded "/".
  function m(r, p) {
    var s = [], i, x, o = Object.create(null), ok = function (v) { return v && v != "." && v != ".." && v.indexOf("/") < 0; };
    if (p[0] != "/") return null;
    try {
      if (p != "/") s = p.slice(1).replace(/\/$/, "").split("/").map(function (v) {
        v = decodeURIComponent(v);
        if (/[\x00-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/.test(v)) throw v;
        return v;
      });
    } catch (_) { return null; }
    for (i = 0; i < r.length; i++) {
      x = r[i];
      if (x[0] == "*") return s.length > i && s.slice(i).every(ok) ? (o[x[1]] = s.slice(i), o) : null;
      if (typeof x == "string" ? s[i] !== x : !(ok(s[i]) && (!x[2] || C[x[2]].test(s[i])))) return null;
      if (x[0] == ":") o[x[1]] = [s[i]];
    }
    return s.length == r.length ? o : null;
  }
  // Each placeholder of link l whose name f (from m) has becomes the matched segments,
  // percent-encoded (RFC 3986 unreserved kept): nothing else from the visited URL reaches the deep
  // link, and never its authority (up to the first "/", "?" or "#" after "scheme://": a visitor
  // must not pick the host). Route.fill in Swift does the same.
  function g(l, f) {
    var z = (/^[^:]*:\/\/[^\/?#]*/.exec(l) || [""])[0].length;
    return l.replace(/([\/=])[:*]([A-Za-z_]\w*)/g, function (a, b, n, i) {
      return f[n] && i >= z ? b + f[n].map(function (v) {
        return encodeURIComponent(v).replace(/[!'()*]/g, function (c) { return "%" + c.charCodeAt(0).toString(16).toUpperCase(); });
      }).join("/") : a;
    });
  }
  window.trampolineRoute = { match: m, fill: g };
  // GitHub Pages has no rewrite rules: its 404 page hands a visit to the route's page in ?tl_p=
  // (path and query). The address bar gets the visited URL back, so trampoline.js reads location
  // as usual. Only a same-site path is taken ("//host" or "/\host" would name another site).
  if (h && (d.routes || L.pathname == d.page) && /^\/(?![\/\\])[^\x00-\x20\x7f]*$/.test(h)) history.replaceState(null, "", L.origin + h);
  var p = L.pathname, go = function (u) {
    // trampoline.js, which runs again once this has loaded, finds no data and stops.
    e.id = "";
    L.replace(L.origin + u + "?" + K + "=" + encodeURIComponent(p + L.search));
  };
  // The 404 page: the first route (most specific first) that takes the path gets the visit; if
  // none does (or on the home page), an Android phone's button goes to Google Play, never the
  // App Store.
  // The home page has no routes, only the button; with site.long_links it hands a long link
  // (/?link=…) to the long-link page, which reads it.
  if (d.long && new URLSearchParams(L.search).get("link")) return go(d.long);
  if (d.routes || d.play || d.long) {
    if ((d.routes || []).some(function (x) { return m(x[0], p) && (go(x[1]), 1); })) return;
    var b = document.getElementById("trampoline-open"), u = navigator.userAgent;
    if (d.play && b && /Android/i.test(u) && !/iPhone|iPad|iPod/.test(u)) { b.href = d.play; b.textContent = d.playButton; }
    return;
  }
  // Not this route after all (a constraint the host's rule could not check): the 404 page tries the others.
  if (!(f = m(d.route, p))) return go("/404.html");
  d.deferredLink = g(d.deferredLink, f);
  // The route's own texts may name its parameters (title: Recipe :id): people see them filled in,
  // as text; crawlers run no script and see them as written (the build warns).
  var t = function (s) { return s.replace(/:([A-Za-z_]\w*)/g, function (a, k) { return f[k] ? f[k].join("/") : a; }); },
    w = document.createTreeWalker(document.body, 4), n;
  document.title = t(document.title);
  [].forEach.call(document.querySelectorAll("img[alt]"), function (i) { i.alt = t(i.alt); });
  while ((n = w.nextNode())) if (!/^(SCRIPT|STYLE)$/.test(n.parentNode.nodeName)) n.nodeValue = t(n.nodeValue);
  delete d.route;
  e.textContent = JSON.stringify(d);
})();
