import TrampolineModel

/// The configuration files of the hosts that read no `_headers` or `_redirects`: the same
/// headers (``SiteRenderer/headerRules``), routes and catch-all, in the host's own terms
/// (docs/deploy.md, "Firebase Hosting" and "nginx").
extension SiteRenderer {
    /// `firebase.json` (firebase.google.com/docs/hosting/full-config; checked against
    /// firebase-tools' schema/firebase-config.json by `HostConfigTests`), deployed from the folder
    /// itself (`public: "."`, `firebase deploy` run in it):
    /// - `ignore` lists only the deploy's own files: the default (`**/.*`) would drop `.well-known/`.
    /// - `appAssociation: NONE`, or Firebase answers for the AASA itself; no `dynamicLinks`.
    /// - No `trailingSlash`: `true` would redirect the extension-less AASA to a slashed URL, which
    ///   Apple's CDN does not follow; `false` would redirect a page's slashed URL, which `check
    ///   --live` asks for. Unset, Firebase serves a folder's `index.html` as the other hosts do.
    /// - Each route rewrites to its page, most specific first; Firebase serves a file that exists
    ///   before any rewrite, so plain links beside routes keep their pages. With `catchAll` (the
    ///   compact layout) every other path gets the lookup page, as `_redirects` does.
    /// - First, each link of `cases` (and its slashed URL) to its page under _case/.
    func firebaseConfig(routes: [Route], catchAll: Bool, cases: [String]) -> String {
        let ignore = OutputPath.deployOnlyFiles.map { Escaping.jsonString($0.value) }
        let headers = headerRules.map { rule in
            let source = rule.path.hasSuffix("*") ? rule.path.dropLast() + "**" : Substring(rule.path)
            let fields = rule.fields.map {
                "{ \"key\": \(Escaping.jsonString($0.name)), \"value\": \(Escaping.jsonString($0.value)) }"
            }
            return "      { \"source\": \(Escaping.jsonString(String(source))), \"headers\": [\n"
                + fields.map { "        " + $0 }.joined(separator: ",\n") + "\n      ] }"
        }
        var rewrites = cases.flatMap { path in
            [path, path + "/"].map { source in
                "      { \"source\": \(Escaping.jsonString(Escaping.backslashed(source, before: Route.firebaseGlobSpecials))), "
                    + "\"destination\": \(Escaping.jsonString(OutputPath.casePage(path).urlPath)) }"
            }
        }
        rewrites += routes.map { route in
            "      { \"source\": \(Escaping.jsonString(route.firebaseGlob)), "
                + "\"destination\": \(Escaping.jsonString(route.pageFolder + "/index.html")) }"
        }
        if catchAll {
            rewrites.append(
                "      { \"source\": \"**\", \"destination\": \(Escaping.jsonString(OutputPath.notFound.urlPath)) }")
        }
        return """
            {
              "hosting": {
                "public": ".",
                "ignore": [\(ignore.joined(separator: ", "))],
                "appAssociation": "NONE",
                "headers": [
            \(headers.joined(separator: ",\n"))
                ],
                "rewrites": [\(rewrites.isEmpty ? "" : "\n" + rewrites.joined(separator: ",\n") + "\n    ")]
              }
            }

            """
    }

    /// The directives of the site's `server` block for nginx (nginx.org/en/docs/http/ngx_http_core_module.html),
    /// included after `root` from the deployed folder:
    /// - the deploy's own files answer 404;
    /// - each link of `cases` (and its slashed URL) is an exact location serving its page under _case/;
    /// - each `_headers` rule is a location: an exact path `=`, a prefix `^~`; `Content-Type` as
    ///   the location's only type, the others with `add_header … always`;
    /// - each route is a regular expression location, in order, whose page answers unless a file
    ///   (a plain link or an item beside the route) does;
    /// - every other path is its file, or its folder's `index.html` without nginx's redirect to
    ///   the slashed URL, else `404.html` with status 404 (with `catchAll`, the compact layout's
    ///   lookup page with 200, as `_redirects` does).
    func nginxConfig(routes: [Route], catchAll: Bool, cases: [String]) -> String {
        var lines = [
            "# Written by trampoline for site.host: nginx (docs/deploy.md, \"nginx\"). Include it in the",
            "# site's server block, after root:  include /var/www/\(site.host)/nginx.conf;",
            "# and reload nginx (nginx -s reload) after a deploy that changes it.",
            "error_page 404 /404.html;",
        ]
        lines += OutputPath.deployOnlyFiles.map { "location = \($0.urlPath) { return 404; }" }
        for path in cases {
            let page = OutputPath.casePage(path).urlPath
            for source in [path, path + "/"] {
                lines.append("location = \(Self.nginxQuoted(source)) { try_files \(page) =404; }")
            }
        }
        for rule in headerRules {
            let match = rule.path.hasSuffix("*") ? "^~ " + rule.path.dropLast() : "= " + rule.path
            let directives = rule.fields.map { field in
                field.name == "Content-Type"
                    ? "types { } default_type \(field.value);"
                    : "add_header \(field.name) \(Self.nginxQuoted(field.value)) always;"
            }
            lines.append("location \(match) { \(directives.joined(separator: " ")) }")
        }
        for route in routes {
            lines.append(
                "location ~ \(Self.nginxQuoted(route.nginxRegex)) { try_files $uri $uri/index.html \(route.pageFolder)/index.html; }"
            )
        }
        lines.append(
            "location / { try_files $uri $uri/index.html \(catchAll ? OutputPath.notFound.urlPath : "=404"); }")
        return lines.joined(separator: "\n") + "\n"
    }

    /// `value` as one nginx argument, in double quotes.
    static func nginxQuoted(_ value: String) -> String {
        "\"" + Escaping.backslashed(value, before: "\\\"") + "\""
    }
}
