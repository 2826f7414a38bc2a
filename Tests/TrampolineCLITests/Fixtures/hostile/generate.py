#!/usr/bin/env python3
"""Writes the hostile corpus: python3 generate.py Tests/TrampolineCLITests/Fixtures/hostile

The files it writes are committed; the test reads them, not this script. A «message» marker in
a line below becomes a '# error: LINE:COL message' header line at the marker's position (then
the marker is removed), so positions stay right when entries change. Rewrites every *.yml and
*.expect in the folder and nothing else."""
import os, re, shutil, sys
OUT = sys.argv[1]
os.makedirs(OUT, exist_ok=True)
for _f in os.listdir(OUT):
    # fuzz-crash-*.yml are found by the fuzzer (Fuzz/README.md), not generated here: keep them.
    if _f.endswith((".yml", ".expect")) and not _f.startswith("fuzz-crash-"): os.remove(os.path.join(OUT, _f))

SITE = {"url": "https://go.example.com", "title": "Hostile corpus", "language": "en"}
IOS = {"team_id": "ABCDE12345", "bundle_id": "com.example.marry", "app_store_id": '"1356057329"', "scheme": "marry"}
MARK = re.compile(r"«([^»]*)»")

def link(path, title="Safe title", **kv):
    lines = [f"  - path: {path}"] if path is not None else []
    if title is not None: lines.append(f"    title: {title}")
    lines += [f"    {k}: {v}" for k, v in kv.items()]
    if path is None: lines[0] = "  - " + lines[0].lstrip()
    return lines

def catalog(site=None, app_name="Marry", ios=None, app_extra=(), defaults=None, links=None, pre=(), post=()):
    s = dict(SITE, **(site or {})); i = dict(IOS, **(ios or {}))
    lines = list(pre) + ["site:"] + [f"  {k}: {v}" for k, v in s.items() if v is not None]
    lines += ["app:", f"  name: {app_name}", "  ios:"] + [f"    {k}: {v}" for k, v in i.items() if v is not None]
    lines += list(app_extra)
    if defaults: lines += ["defaults:"] + [f"  {k}: {v}" for k, v in defaults.items()]
    lines += ["links:"] + link("/safe")
    for l in links or []: lines += l
    return lines + list(post)

def write(name, expect, about, lines, newline="\n", fixed=()):
    """fixed: (line, col, message) errors at absolute positions (the header's own lines)."""
    errors, body = [], []
    lines = [p for l in lines for p in l.split("\n")]
    for line in lines:
        while (m := MARK.search(line)):
            errors.append((len(body), m.start() + 1, m.group(1)))
            line = line[:m.start()] + line[m.end():]
        body.append(line)
    n_header = 2 + len(errors) + len(fixed)
    found = list(fixed) + [(n + n_header + 1, c, msg) for n, c, msg in errors]
    header = [f"# expect: {expect}", f"# about: {about}"] + [f"# error: {l}:{c} {msg}".rstrip() for l, c, msg in found]
    assert expect == "build" or found, name
    text = newline.join(header + body) + newline
    with open(os.path.join(OUT, name + ".yml"), "w", encoding="utf-8", newline="") as f:
        f.write(text)

# ----------------------------------------------------------------------------------- build
X = "<script>alert('XSS')</script>"
IMG = "<img src=x onerror=alert('XSS')>"
SVG = "<svg onload=alert('XSS')>"

write("build-script-tags", "build", "script and event-handler markup in every text value",
      catalog(site={"title": f'"Site {X} {IMG}"'}, app_name=f'"App {X} {SVG}"',
              defaults={"cookie_name": "trampoline"},
              links=[link("/script", f'"Title {X} {IMG} {SVG}"', description=f'"Desc {X} {IMG} {SVG} <iframe src=javascript:alert(\'XSS\')></iframe>"',
                          campaign=f'{{utm_source: "{X}", "{IMG}": "{SVG}"}}')]))
write("build-quotes", "build", "double, single and back quotes that try to leave an attribute or a JS string",
      catalog(site={"title": "'Site \" onmouseover=\"alert(''XSS'')\" x=\"'"}, app_name="'App '' onfocus=''alert(1)'' autofocus '''",
              links=[link("/quotes", "'T \" '' ` \"><b>x</b> '' onerror=''alert(1)'' `${alert(1)}`'",
                          description="\"D \\\" ' ` \\\"'\\\";alert('XSS');// ${alert(1)}\"",
                          deep_link="\"marry://x?q='%3Balert(1)%3B'\"",
                          image="\"https://example.com/it's.png?a='onerror='alert(1)\"",
                          web_url="\"https://example.com/a'b\"",
                          campaign="{utm_source: \"'\\\"`\", \"k'\\\"`\": \"';alert(1)//\"}")]))
write("build-backslashes", "build", "backslashes and escape-looking text: must stay literal text",
      catalog(site={"title": r"'Site \ \\ \" \u003cscript\u003e'"}, app_name=r"'App \x3cscript\x3ealert(1)\x3c/script\x3e'",
              links=[link("/backslash", r"'T \ \\ \n \u2028 \\u003c \x3c </script\\> \"'",
                          description=r"'\<script\>alert(1)\</script\> \\<b>x</b> \`code\` C:\Windows\System32'",
                          campaign=r"{utm_source: 'a\b\\c', 'k\x': '\u003c/script\u003e'}")]))
write("build-script-close", "build", "</script> and friends that try to end the JSON or the script block early",
      catalog(site={"title": '"</script><script>alert(\'XSS\')</script>"'}, app_name='"</SCRIPT ><script>alert(1)</script>"',
              links=[link("/close", '"</script> </SCRIPT> </script foo=bar> </scr<script>ipt>alert(1)</script>"',
                          description='"</script><script>alert(\'XSS\')</script> </style><script>alert(1)</script> </title><script>alert(1)</script>"',
                          campaign='{utm_source: "</script><script>alert(\'XSS\')</script>", utm_campaign: "</ScRiPt/>"}'),
                     link("/close/redirect", '"</script>"', template="redirect", campaign='{utm_source: "</script><script>alert(\'XSS\')</script>"}')]))
write("build-html-comment", "build", "<!-- and --> that would switch a script block into escaped state",
      catalog(site={"title": '"<!-- site"'}, app_name='"App <!--<script>"',
              links=[link("/comment", '"<!--<script> --> <![CDATA[ ]]> --!>"',
                          description='"<!-- <script>alert(1)</script> --> <!--"',
                          campaign='{utm_source: "<!--<script>", utm_medium: "-->"}')]))
write("build-line-separators", "build", "U+2028 and U+2029, line terminators in old JavaScript",
      catalog(site={"title": r'"Site \u2028 \u2029"'}, app_name=r'"App \u2028\u2029"',
              links=[link("/separators", r'"T \u2028 alert(1) \u2029 end"', description=r'"D \u2028 \u2029 **bold**"',
                          campaign=r'{"k\u2028": "v\u2029", utm_source: "\u2028</script>\u2029"}'),
                     link("/separators/redirect", r'"x\u2028"', template="redirect", campaign=r'{utm_source: "\u2029"}')]))
write("build-unicode", "build", "RTL override, isolates, zero-width, BOM, emoji, combining marks and astral characters",
      catalog(site={"title": r'"\u202Eetis\u202C \U0001F600 \uFEFF"'}, app_name=r'"App \u202E\u2066\u2069 \U0001F469\u200D\U0001F4BB"',
              links=[link("/unicode", r'"\u202Egnp.exe \u200B\u200C\u200D \U0001F1FA\U0001F1F8 e\u0301 \U0001F44D\U0001F3FD \uFFFD \U0010FFFD"',
                          description=r'"\u202E **bold** \u2066x\u2069 \U0001F600"',
                          campaign=r'{"\U0001F600": "\u202E\U0001F469\u200D\U0001F4BB", utm_source: "\uFEFF"}')]))
write("build-markdown-urls", "build", "dangerous Markdown links and raw HTML in description: cmark's safe mode must drop them",
      catalog(links=[link("/markdown", "Markdown",
                          description="|\n      [a](javascript:alert('XSS')) [b](JaVaScRiPt:alert(1)) [c](vbscript:msgbox(1)) [d](VBScript:x)\n"
                                      "      [e](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==) [f](DATA:text/html,x)\n"
                                      "      [g](&#106;avascript:alert(1)) [h](javascript&colon;alert(1)) [i]( javascript:alert(1))\n"
                                      "      <javascript:alert(1)> <vbscript:x> <data:text/html,x> ![j](javascript:alert(1))\n"
                                      "      [k][ref] [l](<javascript:alert(1)>)\n\n"
                                      "      [ref]: javascript:alert(1)\n\n"
                                      "      <a href=\"javascript:alert(1)\">m</a> <iframe src=\"javascript:alert(1)\"></iframe>\n\n"
                                      "      <base href=\"javascript:alert(1)//\"><meta http-equiv=\"refresh\" content=\"0;url=javascript:alert(1)\">\n\n"
                                      "      <form action=\"javascript:alert(1)\"><button>n</button></form> <style>*{x:expression(alert(1))}</style>")]))
write("build-markdown-data-image", "build", "a Markdown image with a data:image URL in description (cmark's safe mode keeps data:image/png|gif|jpeg|webp)",
      catalog(links=[link("/data-image", "Data image", description='"![x](data:image/png;base64,iVBORw0KGgo=) ![y](DATA:image/gif;base64,R0lGODlh)"')]))
write("build-mustache", "build", "template syntax in values: rendered once, never re-evaluated",
      catalog(site={"title": '"{{app}} {{{description}}}"'}, app_name='"{{=<% %>=}} <%title%> {{#image}}x{{/image}}"',
              links=[link("/mustache", '"{{app}} {{{script}}} {{> layout}} {{! comment}} {{#data}}{{/data}}"',
                          description='"{{{style}}} {{&content}} {{{data}}} <% x %>"', campaign='{"{{app}}": "{{{script}}}"}')]))
write("build-campaign", "build", "campaign keys and values that look like prototypes, query syntax, fragments and URLs",
      catalog(links=[link("/campaign", "Campaign",
                          campaign='{__proto__: polluted, constructor: x, toString: y, "a&b=c": "d&e=f", "#frag": "?q", "%00": "%3Cscript%3E", '
                                   'next: "javascript:alert(1)", data: "data:text/html,<script>alert(1)</script>", empty: "", " ": " "}')]))
write("build-deep-links", "build", "deep links of the app's scheme that carry javascript:, data: or quotes after the scheme",
      catalog(links=[link("/deep/1", deep_link="marry:javascript:alert(1)"),
                     link("/deep/2", deep_link="'MaRrY://x?next=javascript:alert(1)'"),
                     link("/deep/3", deep_link="marry://x?u=data:text/html;base64,PHNjcmlwdD4=#frag"),
                     link("/deep/4", deep_link="\"marry://'onmouseover='alert(1)'\""),
                     link("/deep/5", deep_link="marry://%3Cscript%3Ealert(1)%3C/script%3E"),
                     link("/deep/6", deep_link="marry://x?id=1&id=2&__proto__=1", campaign="{id: 3, __proto__: 4}"),
                     link("/deep/7", deep_link="marry:///../../etc/passwd", template="redirect")]))
write("build-urls", "build", "http(s) URLs that are legal but carry lookalike payloads in their path, query or fragment",
      catalog(ios={"app_store_url": "https://apps.apple.com/app/id1356057329?next=javascript:alert(1)"},
              defaults={"image": "HTTPS://EXAMPLE.COM/SHARE.PNG?x=data:text/html,x"},
              links=[link("/url/1", image="https://example.com/a.png?next=javascript:alert(1)", web_url="https://example.com/#javascript:alert(1)", fallback="web"),
                     link("/url/2", image="\"https://example.com/x'onerror='alert(1)'.png\"", web_url="https://user:pw@example.com:8443/%22%3E%3Cscript%3E"),
                     link("/url/3", image="https://[2001:db8::1]:8443/x.png", web_url="http://127.0.0.1/vbscript:msgbox(1)", template="redirect", fallback="web"),
                     link("/url/4", image="https://xn--bcher-kva.example/\u00e9.png", web_url="https://example.com/?a=%E2%80%AE")]))
write("build-odd-paths", "build", "paths that look dangerous but are legal: they stay inside the output folder",
      catalog(links=[link("/etc/passwd"), link("/javascript:alert(1)"), link("/a&b=c;d,e"), link("/~root/(x)+!"),
                     link("/@evil.example"), link("/x:y@z"), link("/C:/Windows/System32"), link("/a.b.c/d..e".replace("..", ".-.")),
                     link("/" + "a" * 200), link("/" + "/".join(["n"] * 60)), link("/UPPER/Case")]))
write("build-yaml-features", "build", "anchors, aliases, block scalars, flow style, tags and an explicit single document",
      ["---"] + catalog(site={"title": "&t \"<script>alert('XSS')</script>\""}, app_name="!!str Marry",
              links=[link("/yaml/1", "*t", description=">-\n      folded <script>alert(1)</script>\n      text"),
                     link("/yaml/2", "!!python/str hello", description="!custom '<b>tagged</b>'", fallback_delay_ms="!!str 1500"),
                     ['  - {path: /yaml/3, title: "flow <script>alert(1)</script>", campaign: {utm_source: *t}}'],
                     link("/yaml/4", "|-\n      literal </script>", campaign="&c {utm_source: x}"),
                     link("/yaml/5", campaign="*c")]) + ["..."])
write("build-scalar-types", "build", "numbers, booleans, dates and specials where text is expected: used as their text",
      catalog(ios={"app_store_id": "1356057329"}, app_name="007",
              links=[link("/types/1", "123"), link("/types/2", "true"), link("/types/3", "2001-12-14"), link("/types/4", ".nan"),
                     link("/types/5", "0x1F", campaign="{1: 2, true: false, 3.5: .inf}")]))
write("build-long-values", "build", "long values below the 1 MB limit (the 10 MB case is generated by the test)",
      catalog(site={"title": '"' + "<script>alert('XSS')</script>" * 200 + '"'},
              links=[link("/long", '"' + ("</script><img src=x onerror=alert(1)>\\u2028" * 300) + '"',
                          description='"' + ("**b** <script>alert(1)</script> " * 600) + '"',
                          campaign='{utm_source: "' + "</script>" * 500 + '"}')]))
write("build-tabs-and-crlf", "build", "CRLF line endings and tabs inside a description (tabs are fine there)",
      catalog(links=[link("/tabs", "Tabs", description='"a\\tb\\t<script>\\talert(1)</script>\\r\\nnext"')]), newline="\r\n")
write("build-defaults", "build", "every defaults key with inert but hostile-looking legal values",
      catalog(defaults={"template": "redirect", "fallback": "store", "fallback_delay_ms": 0, "deferred": "[cookie, clipboard]",
                        "cookie_name": "__Host-x_-1", "cookie_days": 400, "forward_query": "false",
                        "image": "\"https://example.com/'onload='alert(1)'\""},
              links=[link("/defaults", '"<script>alert(1)</script>"', web_url="https://example.com/web", fallback="web"),
                     link("/defaults/2", web_url="\"https://example.com/';alert(1);'\"", template="interstitial", deferred="[]")])
)

# Android: hostile but valid values reach the page data, the intent and the Play referrer as data.
ANDROID_FP = "146DE983C5730650D8EEB9952F34FC6416A08342E61DBEA88A0496B23FCF44E5"
write("build-android", "build", "an Android app with hostile campaign values, a Play URL with a query, and android_fallback",
      catalog(app_extra=["  android:", "    package: com.example.marry", f"    sha256_cert_fingerprints: [{ANDROID_FP.lower()}]",
                         "    play_store_url: \"https://play.google.com/store/apps/details?id=com.example.marry&hl=en%22%3E\""],
              links=[link("/android/1", template="redirect", campaign='{utm_source: "</script><script>alert(1)</script>", utm_term: "\\u2028\\u2029", utm_content: "\\"\'`"}'),
                     link("/android/2", web_url="https://example.com/w", android_fallback="web", deep_link='"marry://x?a=1#Intent;scheme=evil;end"')])
)

# ---------------------------------------------------------------------------------- reject

write("reject-android", "reject", "app.android values that are not an application id, a fingerprint or an http(s) URL",
      catalog(app_extra=["  android:", "    package: «is not an Android application id»\"com.example.marry\\\"><script>\"",
                         "    sha256_cert_fingerprints:", "      - «is not a SHA-256 fingerprint»AB:CD:EF",
                         "      - «is not a SHA-256 fingerprint»\"</script>" + "0" * 55 + "\"",
                         "      - «is not a SHA-256 fingerprint»\"" + ANDROID_FP[:-1] + "\\u2028\"",
                         "    scheme: «is not a URL scheme»\"marry://\"",
                         "    play_store_url: «uses the 'javascript:' scheme»\"JavaScript:alert(document.cookie)\""],
              links=[link("/x", android_fallback="«android_fallback must be 'store' or 'web'»playstore")])
)
def schemes_file(name, key_prefix, values, where):
    """One link per hostile value of a link-level URL key."""
    links = [link(f"/{where}/{n}", **{key_prefix: f"«{msg}»{v}"}) for n, (v, msg) in enumerate(values, 1)]
    write(name, "reject", f"{key_prefix} values with script schemes and URL tricks", catalog(links=links))

URL_BAD = [
    ("javascript:alert(1)", "uses the 'javascript:' scheme"),
    ("JaVaScRiPt:alert(1)", "uses the 'javascript:' scheme"),
    ('"  javascript:alert(1)"', "contains the character U+0020"),
    ('"\\tjavascript:alert(1)"', "contains the character U+0009"),
    ('"\\njavascript:alert(1)"', "contains the character U+000A"),
    ('"java\\tscript:alert(1)"', "contains the character U+0009"),
    ('"java\\nscript:alert(1)"', "contains the character U+000A"),
    ('"\\u200Bjavascript:alert(1)"', "scheme; only http: and https:"),
    ("data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==", "uses the 'data:' scheme"),
    ("DaTa:image/png;base64,iVBORw0KGgo=", "uses the 'data:' scheme"),
    ("vbscript:msgbox(1)", "uses the 'vbscript:' scheme"),
    ("VbScRiPt:msgbox(1)", "uses the 'vbscript:' scheme"),
    ("//evil.example/x", "is not an absolute URL"),
    ("/relative/x.png", "is not an absolute URL"),
    ("https:evil.example", "has no host"),
    ("https:///evil.example", "has no host"),
    ('"https://example.com/\\"><script>alert(1)</script>"', "must be percent-encoded (\\ \" < > `)"),
    ("https://example.com\\@evil.example", "must be percent-encoded (\\ \" < > `)"),
    ("file:///etc/passwd", "uses the 'file:' scheme"),
    ('"\\0https://example.com"', "contains the character U+0000"),
    ('"https://example.com/\\u2028"', "contains the character U+2028"),
    ('"https://example.com/\\u202Egnp.exe"', "text direction control"),
    ("https://example.com/a|b^c", "which must be percent-encoded in a URL"),
    ("https://example.com/%zz", "not followed by two hex digits"),
    ("https://example.com:99999/", "has the port '99999'"),
    ("https://[::1/x", "broken IPv6 host"),
    ("https://a@b@example.com/", "more than one '@'"),
    ("https://x..example/", "empty label"),
    ("https://example.com/#a#b", "more than one '#'"),
]
schemes_file("reject-web-url", "web_url", URL_BAD, "web")
schemes_file("reject-image", "image", URL_BAD, "image")

site_variants = [
    ("reject-site-url-javascript", "JaVaScRiPt:alert(1)", "uses the 'javascript:' scheme"),
    ("reject-site-url-data", "data:text/html,<script>alert(1)</script>", "uses the 'data:' scheme"),
    ("reject-site-url-leading-space", '"  https://go.example.com"', "contains the character U+0020"),
    ("reject-site-url-protocol-relative", "//evil.example", "is not an absolute URL"),
    ("reject-site-url-http", "http://go.example.com", "site.url must use https"),
    ("reject-site-url-path", "https://go.example.com/../etc", "must be just https:// and a host"),
    ("reject-site-url-userinfo", "https://go.example.com@evil.example", "must be just https:// and a host"),
    ("reject-site-url-quote", '"https://go.example.com\\"><script>alert(1)</script>"', "must be percent-encoded"),
]
other_single = [  # one more single-valued key per file, so each key is covered too
    ({"language": '«is not a language tag»"en\\"><script>alert(1)</script>"'}, {}, None, {}),
    ({"language": "«is not a language tag»en onload=alert(1)"}, {}, None, {}),
    ({"language": "«is not a language tag»en-a"}, {"scheme": "«scheme 'javascript' is not»javascript"}, None, {}),
    ({"title": '«title contains the character U+0000»"\\0"'}, {"scheme": "«is not an app's custom scheme»JaVaScRiPt"}, None, {}),
    ({"title": '«title contains the character U+000A»"a\\nb"'}, {"scheme": "«is not an app's custom scheme»data"}, None, {}),
    ({"output": '«output contains the character U+0000»"out\\0/x"'}, {"scheme": "«is not an app's custom scheme»vbscript"}, None, {}),
    ({"output": '«site.output is empty»""'}, {"scheme": "«is not a URL scheme»marry://"}, '«app.name is empty»"  "', {}),
    ({}, {"team_id": '«must be 10 characters»"<script>1"', "bundle_id": '«is not a bundle identifier»"com.example.<script>"',
          "app_store_id": "«must be digits»99999999999999999999", "app_store_url": "«uses the 'javascript:' scheme»javascript:alert(1)"},
     '«name contains the character U+001B»"\\e[31mred"', {}),
]
for (name, url, msg), (site, ios, app_name, _) in zip(site_variants, other_single):
    s = {"url": f"«{msg}»{url}"}; s.update(site)
    write(name, "reject", "a hostile site.url, with one more hostile single-valued key", catalog(site=s, ios=ios, app_name=app_name or "Marry"))

write("reject-deep-link", "reject", "deep_link values that leave the app's scheme or break out of JSON or attributes",
      catalog(links=[link(f"/deep/{n}", deep_link=f"«{m}»{v}") for n, (v, m) in enumerate([
          ("javascript:alert(1)", "uses the 'javascript:' scheme"), ("JaVaScRiPt:alert(1)", "uses the 'javascript:' scheme"),
          ("data:text/html,x", "uses the 'data:' scheme"), ("vbscript:msgbox(1)", "uses the 'vbscript:' scheme"),
          ("https://evil.example", "uses the 'https:' scheme"), ("//evil.example", "has no scheme"),
          ('"  marry://x"', "contains the character U+0020"), ('"\\tjavascript:alert(1)"', "contains the character U+0009"),
          ('"marry://x\\"onmouseover=alert(1)"', "contains '\"'"), ('"marry://<script>"', "contains '<'"),
          ('"marry://x\\\\y"', "contains '\\'"), ('"marry://x`y"', "contains '`'"),
          ('"marry://x\\u2028"', "contains the character U+2028"), ('"marry://\\0"', "contains the character U+0000"),
          ("marry://x y", "contains the character U+0020"), ("java\tscript:x".replace("\t", "\\t").join(['"', '"']), "contains the character U+0009")], 1)]))
write("reject-path-traversal", "reject", "paths that would leave the output folder or smuggle encoded traversal",
      catalog(links=[link(f"«{m}»{v}") for v, m in [
          ("/..", "contains a '..' segment"), ("/a/../../b", "contains a '..' segment"), ("/a/..", "contains a '..' segment"),
          ("/..;/x", "contains a '..;' segment"), ("/x/...", "contains a '...' segment"), ("/.", "contains a '.' segment"),
          ("/%2e%2e/x", "contains '%' (U+0025)"), ("/%2E%2E%2Fetc", "contains '%' (U+0025)"), ('"/a\\\\..\\\\b"', "contains '\\' (U+005C)"),
          ("etc/passwd", "must start with '/'"), ('"/x\\0y"', "contains the character U+0000"), ("//evil.example", "has an empty segment"),
          ('"/\\u202Ex"', "contains the character U+202E"), ("/a?b", "contains '?' (U+003F)"), ("/a#b", "contains '#' (U+0023)"),
          ('"/a b"', "contains the character U+0020"), ('"/\\u2028"', "contains the character U+2028"),
          ("/" + "a" * 201, "longer than 200 bytes"), ("/", "is the site's home page"), ('""', "must start with '/'"),
          ("/<script>", "contains '<' (U+003C)"), ("'/x\"y'", "contains '\"' (U+0022)"), ("/x'y", "contains ''' (U+0027)")]]
      # A '*' makes the path a route (README, "Routes"): the route grammar refuses it where it stands.
      + [link("/a«'*' is not allowed in a route pattern»*")]))
write("reject-path-reserved", "reject", "paths that would overwrite the files Trampoline writes, or hidden segments",
      catalog(links=[link(f"«{m}»{v}") for v, m in [
          ("/index.html", "is reserved"), ("/404.html", "is reserved"), ("/LOADCOOKIE.HTML", "is reserved"),
          ("/apple-app-site-association", "is reserved"), ("/.well-known/apple-app-site-association", "segment starting with '.'"),
          ("/_headers", "is reserved"), ("/_trampoline/x", "is reserved"), ("/.git/config", "segment starting with '.'"),
          ("/.trampoline-manifest.json", "segment starting with '.'"), ("/a/.env", "segment starting with '.'")]]))
# error of a link is at the link's mapping: column of 'path' after '- '
def fix_dash(lines):
    out = []
    for l in lines:
        m = re.match(r"«([^»]*)»(  - )(.*)", l)
        out.append(f"{m.group(2)}«{m.group(1)}»{m.group(3)}" if m else l)
    return out
write("reject-duplicate-paths", "reject", "the same page twice: exact, by case, with a trailing slash",
      fix_dash(catalog(links=[link("/dup"), ["«duplicate path /dup; first defined at»  - path: /dup", "    title: again"],
                     ["«duplicate path /dup; first defined at»  - path: /dup/", "    title: slash"],
                     ["«differs only in case»  - path: /DUP", "    title: case"],
                     ["«duplicate path /safe»  - path: /safe", "    title: the safe one again"]])))
write("reject-title-control", "reject", "control characters, line breaks and emptiness in a link title",
      catalog(links=[link(f"/title/{n}", f"«{m}»{v}") for n, (v, m) in enumerate([
          ('"\\0"', "contains the character U+0000"), ('"a\\ab"', "contains the character U+0007"), ('"\\e[2J"', "contains the character U+001B"),
          ('"\\x7F"', "contains the character U+007F"), ('"\\N next line"', "contains the character U+0085"), ('"\\x9B31m"', "contains the character U+009B"),
          ('"a\\tb"', "contains the character U+0009"), ('"a\\nb"', "contains the character U+000A"), ('"a\\rb"', "contains the character U+000D"),
          ('""', "the link's title is empty"), ('"   "', "the link's title is empty"), ("~", "must be text, found nothing"),
          ("[a, b]", "must be text, found a list"), ("{a: b}", "must be text, found a mapping")], 1)]))
write("reject-description-control", "reject", "control characters in description (newlines and tabs are allowed there)",
      catalog(links=[link(f"/description/{n}", description=f"«description contains {m}»{v}") for n, (v, m) in enumerate([
          ('"\\0"', "the character U+0000"), ('"\\e]0;pwned\\a"', "the character U+001B"), ('"\\b"', "the character U+0008"),
          ('"\\x85"', "the character U+0085"), ('"\\x7F"', "the character U+007F")], 1)]))
write("reject-campaign", "reject", "campaign keys and values of the wrong kind or with control characters",
      catalog(links=[link("/campaign/1", campaign='{utm_source: «campaign.utm_source contains the character U+0000»"a\\0b"}'),
                     link("/campaign/2", campaign='{"a\\x1Bb": «contains the character U+001B»x}'),
                     link("/campaign/3", campaign="{utm_source: «must be text, found a mapping»{nested: x}}"),
                     link("/campaign/4", campaign="{utm_source: «must be text, found a list»[a, b]}"),
                     link("/campaign/5", campaign='{«a campaign parameter name is empty»"": x}'),
                     link("/campaign/6", campaign="«campaign must be a mapping»[utm_source, x]"),
                     link("/campaign/7", campaign='«campaign must be a mapping»"utm_source=x"'),
                     link("/campaign/8", campaign='{«a campaign parameter name must be text, found a list»[a]: b}')]))
write("reject-cookie-name", "reject", "cookie names that would add cookie attributes or break the cookie string",
      catalog(links=[link(f"/cookie/{n}", cookie_name=f"«is not a safe cookie name»{v}") for n, v in enumerate([
          '"a;b"', '"a=b"', '"x; domain=evil.example"', '"<script>"', "''", '"' + "c" * 65 + '"',
          '"\\U0001F36A"', '"a b"', '"a,b"', '"\\"q\\""', "'a\\b'"], 1)]))
write("reject-template", "reject", "template names that are paths, markup or unknown",
      catalog(links=[link(f"/template/{n}", template=f"«{m}»{v}") for n, (v, m) in enumerate([
          ("../../etc/passwd", "is not a template name"), ("Interstitial", "is not a template name"), ("layout.html", "is not a template name"),
          ('"<script>"', "is not a template name"), ("''", "is not a template name"), ("/etc/passwd", "is not a template name"),
          ("nope", "no template named 'nope'"), ("layout", "no template named 'layout'"), ('"redirect\\0"', "contains the character U+0000")], 1)]))
write("reject-option-types", "reject", "wrong types and huge numbers for the numeric, boolean and list options",
      catalog(links=[link(f"/options/{n}", **{k: f"«{m}»{v}"}) for n, (k, v, m) in enumerate([
          ("fallback_delay_ms", "abc", "must be a whole number, found 'abc'"), ("fallback_delay_ms", "1.5", "must be a whole number"),
          ("fallback_delay_ms", "-1", "must be between 0 and 60000, found -1"), ("fallback_delay_ms", "60001", "must be between 0 and 60000"),
          ("fallback_delay_ms", "9223372036854775808", "must be a whole number"), ("fallback_delay_ms", "-9223372036854775809", "must be a whole number"),
          ("fallback_delay_ms", "1e400", "must be a whole number"), ("fallback_delay_ms", "[1]", "must be a whole number, found a list"),
          ("cookie_days", "0", "must be between 1 and 400"), ("cookie_days", "99999999999999999999999999999999", "must be a whole number"),
          ("cookie_days", '"7"', "must be a whole number"), ("cookie_days", ".inf", "must be a whole number"),
          ("forward_query", "maybe", "must be true or false"), ("forward_query", "[]", "must be true or false"),
          ("deferred", "clipboard", "deferred must be a list"), ("fallback", "javascript:alert(1)", "fallback must be 'store' or 'web'"),
          ("fallback", "{a: b}", "fallback must be text")], 1)]
          + [link("/options/d1", deferred="[«unknown deferred channel 'sms'»sms]"),
             link("/options/d2", deferred="[clipboard, «deferred lists 'clipboard' twice»clipboard]"),
             link("/options/d3", deferred="[«a deferred entry must be text»[cookie]]")]))
write("reject-defaults", "reject", "hostile values in defaults: reported where they are written",
      catalog(defaults={"template": "«is not a template name»../layout", "fallback": "«fallback must be 'store' or 'web'»sms",
                        "fallback_delay_ms": "«must be a whole number»0x7FFFFFFFFFFFFFFFF", "deferred": "«deferred must be a list»{a: b}",
                        "cookie_name": "«is not a safe cookie name»'x; Domain=evil.example'", "cookie_days": "«must be between 1 and 400»-5",
                        "forward_query": "«must be true or false»'yes please'", "image": "«uses the 'javascript:' scheme»JAVASCRIPT:alert(1)"}))
write("reject-section-types", "reject", "every section of the wrong YAML type",
      ["site:", "  «site must be a mapping of keys to values, found a list»- https://go.example.com",
       'app: «app must be a mapping of keys to values, found \'<script>alert(1)</script>\'»"<script>alert(1)</script>"',
       "defaults: «defaults must be a mapping of keys to values, found '3'»3", "links:", "  «links must be a list of links»path: /x", "  title: x"])
write("reject-root-list", "reject", "a list at the root", ["«the catalog must be a mapping of keys to values, found a list»- site", "- app"])
write("reject-root-scalar", "reject", "a script tag as the whole catalog",
      ["«the catalog must be a mapping of keys to values, found '<script>alert(1)</script>'»\"<script>alert(1)</script>\""])
write("reject-comments-only", "reject", "only comments: an empty catalog", ["# <script>alert(1)</script>"], fixed=[(1, 1, "the catalog is empty")])
write("reject-ios-values", "reject", "hostile ids and extra_app_ids in app.ios",
      catalog(ios={"team_id": "«must be 10 characters»ABCDE1234'", "bundle_id": "«is not a bundle identifier»'com.x\"}]'",
                   "app_store_id": "«must be digits»-1", "scheme": "«is not an app's custom scheme»https"},
              app_extra=["    extra_app_ids: [«is not TEAMID.bundle.id»'ABCDE12345.com.x\"}]', «is not TEAMID.bundle.id»'../x', «must be text»[a]]"]))
write("reject-unknown-keys", "reject", "unknown keys with hostile names",
      catalog(pre=["«unknown key '<script>alert(1)</script>' in the catalog»\"<script>alert(1)</script>\": 1", "«unknown key '__proto__' in the catalog»__proto__: {polluted: true}"],
              links=[link("/keys", **{"«unknown key 'onerror' in a link»onerror": "alert(1)", '«unknown key \'x»"x\\0y"': "1",
                                        "? «has a key that is not text»[a, b]\n    ": "c"})]))
write("reject-merge-keys", "reject", "YAML merge keys (<<) are not supported: the key is reported, not silently merged",
      catalog(defaults={"template": "&base redirect"},
              links=[["  - &link {path: /merge/base, title: base}"],
                     ["  - «unknown key '<<' in a link»<<: *link", "    path: /merge/1", "    title: merged"],
                     ["  - path: /merge/2", "    title: merged", "    «unknown key '<<' in a link»<<: [*link]"]]))
write("reject-custom-tags", "reject", "language-specific tags on collections (!!python/object and friends)",
      catalog(links=[link("/tags/1", "«title must be text, found a list»!!python/object/apply:os.system ['echo pwned']"),
                     link("/tags/2", "«title must be text, found a mapping»!!python/object:__main__.Exploit {cmd: id}"),
                     link("/tags/3", campaign="«campaign must be a mapping»!!python/object/new:list [[x]]")]))
def _laughs(i, p, c):
    aliases = ["*" + p] * 9
    # The text the aliases stand for passes 16 MB at lol7's seventh *f: the reading stops there.
    if i == 7: aliases[6] = "«aliases repeat more than 16 MB»" + aliases[6]
    mark = f"«unknown key 'lol{i}' in the catalog»" if i <= 7 else ""
    return f"{mark}lol{i}: &{c} [{', '.join(aliases)}]"
write("reject-billion-laughs", "reject", "an alias bomb (9^9 strings): refused where the text its aliases repeat passes 16 MB, never expanded",
      ['«unknown key \'lol\' in the catalog»lol: &a ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]']
      + [_laughs(i, p, c) for i, (p, c) in enumerate(zip("abcdefgh", "bcdefghi"), 2)]
      + catalog(links=[link("/lol", "*i", campaign="{utm_source: *i}")]))
write("reject-site-output", "reject", "site.output that leaves the project: only the operator's --output may",
      catalog(site={"output": "«climbs out of the catalog's folder»../../../../../../../tmp/trampoline-hostile-escape"},
              ios={"scheme": "«belongs to the system»tel"}))
write("reject-site-output-absolute", "reject", "site.output as an absolute path or in the home folder",
      catalog(site={"output": "«is an absolute path»/tmp/trampoline-hostile-escape"}, ios={"scheme": "«belongs to the system»x-safari-https"}))
write("reject-site-output-home", "reject", "site.output in the home folder",
      catalog(site={"output": "«starts with '~'»~/public_html"}))
write("reject-site-url-port", "reject", "site.url with a port: check --live in CI would connect wherever a pull request says",
      catalog(site={"url": "«has a port»https://go.example.com:8443"}))
write("reject-site-url-ip", "reject", "site.url as an IP address (127.1 is 127.0.0.1 to a browser)",
      catalog(site={"url": "«names an IP address»https://127.1"}))
write("reject-site-url-localhost", "reject", "site.url on localhost",
      catalog(site={"url": "«names a local host»https://localhost"}))
write("reject-system-scheme", "reject", "an app scheme that belongs to the system: over-the-air installs",
      catalog(ios={"scheme": "«belongs to the system»itms-services"}))
write("reject-system-scheme-android", "reject", "an Android app scheme that is Android's own intent:",
      catalog(app_extra=["  android:", "    package: com.example.marry",
                         "    sha256_cert_fingerprints: [\"14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5\"]",
                         "    scheme: «belongs to the system»intent"]))
write("reject-route-authority", "reject", "a route parameter in the deep link's host: the visitor would pick the app's screen",
      catalog(links=[link("/x/:host", deep_link="marry://«puts the parameter 'host' in its host»:host/x"),
                     link("/y/:id", deep_link="marry://u=«puts the parameter 'id' in its host»:id@x/y")]))
write("reject-campaign-keys", "reject", "a campaign of 65 parameters (the app libraries take at most 64)",
      catalog(links=[link("/many", campaign="«campaign has 65 parameters»{" + ", ".join(f"k{i}: v" for i in range(65)) + "}")]))
write("reject-link-text", "reject", "a link whose text is over 64 KB: its page would repeat it several times",
      catalog(links=[["  - «the link's text is 66021 bytes»path: /long", "    title: Long", "    description: " + "x" * 66000]]))
write("reject-alias-links", "reject", "links: as an alias bomb: each item is reported, capped, nothing expands",
      ['«unknown key \'x\' in the catalog»x: &a [[1, 2], [3, 4]]', '«unknown key \'y\' in the catalog»y: «a link must be a mapping of keys to values, found a list»«a link must be a mapping of keys to values, found a list»&b [*a, *a, *a, *a]']
      + catalog()[:-3] + ["links: [*b, *b]"])
write("reject-multiple-documents", "reject", "a second YAML document after the catalog", catalog() + ["«more than one YAML document»---"] + catalog())
write("reject-tab-indent", "reject", "a tab used for indentation",
      catalog(links=[["  - path: /tab", "«found a tab character»\ttitle: tabbed"]]))
write("reject-deep-nesting", "reject", "10,000 nested flow sequences: the parser's nesting limit, not a stack overflow",
      catalog(links=[link("/deep", "[«Maximum nesting level»" + "[" * 9999 + "]" * 10000)]))
write("reject-yaml-syntax", "reject", "an unterminated quote, an invalid escape and a lone surrogate escape",
      catalog(links=[link("/syntax/1", '"«unknown escape character»\\q"')]))
write("reject-lone-surrogate", "reject", "a \\uD800 escape, which is not a character", catalog(links=[link("/surrogate", '"ab\\u«invalid Unicode character escape»D800"')]))
_u = catalog(links=[link("/quote", '"never closed')])
write("reject-unterminated", "reject", "an unterminated double-quoted string", _u, fixed=[(len(_u) + 3 + 1, 1, "found unexpected end of stream")])
write("reject-duplicate-keys", "reject", "the same key twice in one mapping (a last-one-wins override would hide a hostile value)",
      catalog(links=[["  - path: /dupkey", "    title: first", "    «duplicate key 'title' in a link»title: '<script>alert(1)</script>'"]]))
# Long links (site.long_links, docs/share-links.md): the allowlist takes https URL prefixes and
# hosts only; a visitor's long link is checked against it by the page and the libraries
# (Tests/Fixtures/long-links.json), but the list itself must never hold a way out.
_allow = "\n    allow:\n" + "\n".join("      - " + e for e in [
    "«site.long_links.allow item 'javascript:alert(1)' is neither»javascript:alert(1)",
    "«site.long_links.allow item '//evil.example' is neither»//evil.example",
    "«site.long_links.allow item 'https://go.example.com@evil.example/' is not an https URL prefix»https://go.example.com@evil.example/",
    '«is not an https URL prefix»"https://shop.example/\\r\\nSet-Cookie: a=b"',
    '«is not an https URL prefix»"https://shop.example/\\u202Egnp.exe"',
    "«is not an https URL prefix»https://shop.example/" + "a" * 3000,
    "«site.long_links.allow item 'http://shop.example/' is neither»http://shop.example/",
    "«site.long_links.allow item 'https://shop.example/a/../admin/' is not an https URL prefix»https://shop.example/a/../admin/",
])
write("reject-long-links-allow", "reject", "site.long_links.allow entries that would let a long link go anywhere",
      catalog(site={"long_links": _allow}))
write("build-long-links", "build", "site.long_links with markup in the site's title and in an allowed URL prefix: the long-link page's data keeps it inert",
      catalog(site={"title": f'"Shop {X}"', "long_links": "\n    allow: [\"https://shop.example/a\\\"</script><script>alert(1)</script>\", \"https://shop.example/<!--\"]"}))
print(len(os.listdir(OUT)))

# ------------------------------------------------------------- binary entries with sidecars
def write_binary(name, data, expect, about, errors=()):
    with open(os.path.join(OUT, name + ".yml"), "wb") as f:
        f.write(data)
    header = [f"# expect: {expect}", f"# about: {about}"] + [f"# error: {l}:{c} {m}" for l, c, m in errors]
    with open(os.path.join(OUT, name + ".yml.expect"), "w", encoding="utf-8") as f:
        f.write("\n".join(header) + "\n")

base = "\n".join(catalog(site={"title": "\"<script>alert('XSS')</script>\""})) + "\n"
write_binary("binary-bom", b"\xef\xbb\xbf" + base.encode(), "build", "a UTF-8 byte-order mark before a valid catalog")
bad = base.replace("Safe title", "Safe \x01title").encode().replace(b"\x01", b"\xc3\x28")
line = base.split("\n").index("    title: Safe title") + 1
write_binary("binary-invalid-utf8", bad, "reject", "an invalid UTF-8 sequence (C3 28) inside a title",
             [(line, len("    title: Safe ") + 1, "the catalog is not valid UTF-8 text")])
write_binary("binary-utf16", base.encode("utf-16"), "reject", "the catalog saved as UTF-16 with its byte-order mark",
             [(1, 1, "the catalog is not valid UTF-8 text")])
nul = base.replace("Safe title", "Safe \x00title").encode()
write_binary("binary-nul-byte", nul, "reject", "a raw NUL byte (not an escape) inside a title",
             [(line, len("    title: Safe ") + 1, "control characters are not allowed")])
write_binary("binary-empty", b"", "reject", "an empty file", [(1, 1, "the catalog is empty")])
print(len(os.listdir(OUT)))
