// loadCookie.html's script: the app opens this page (ASWebAuthenticationSession) on first launch,
// and it hands the deferred link the link page saved in a cookie back to the app, once.
(function () {
  "use strict";
  var el = document.getElementById("trampoline-data");
  if (!el) return;
  var d = JSON.parse(el.textContent);
  var jar = document.cookie ? document.cookie.split("; ") : [];
  for (var n = 0; n < d.cookieNames.length; n++) {
    for (var c = 0; c < jar.length; c++) {
      var eq = jar[c].indexOf("=");
      if (jar[c].slice(0, eq) !== d.cookieNames[n]) continue;
      var value = "";
      try { value = decodeURIComponent(jar[c].slice(eq + 1)); } catch (e) { /* not ours */ }
      document.cookie = d.cookieNames[n] + "=; path=/; max-age=0; SameSite=Lax; Secure";
      // Only the app's own scheme: a planted cookie must not navigate anywhere else.
      if (value.toLowerCase().indexOf(d.scheme.toLowerCase() + ":") === 0) location.replace(value);
      return;
    }
  }
})();
