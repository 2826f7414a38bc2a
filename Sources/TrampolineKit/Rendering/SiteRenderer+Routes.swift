extension SiteRenderer {
    /// `_redirects` for Netlify and Cloudflare Pages: a 200 rewrite (the address stays) from each
    /// route to its page, most specific first, after a rule that keeps each plain link a route's
    /// rule would take (Cloudflare applies rules before files; Netlify serves the file anyway).
    static func redirects(routes: [Route], kept: [String]) -> String {
        var lines = [
            "# Written by trampoline. Netlify and Cloudflare Pages: each route's page, served for",
            "# every URL the route matches (status 200, the address stays). See README, \"Routes\".",
        ]
        lines += kept.map { "\($0) \($0)/ 200" }
        lines += routes.map { "\($0.redirectSource) \($0.pageFolder)/ 200" }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The 404 page's route table, as JSON: `[[segments, page], …]` in the order routes are tried.
    static func routeTable(_ routes: [Route]) -> String {
        "[" + routes.map { "[" + $0.scriptSegments + "," + Escaping.jsonString($0.pageFolder + "/") + "]" }.joined(separator: ",") + "]"
    }
}
