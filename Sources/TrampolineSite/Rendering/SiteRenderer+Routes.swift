import TrampolineModel

extension SiteRenderer {
    /// `_redirects` for Netlify and Cloudflare Pages: a 200 rewrite (the address stays) from each
    /// route to its page, most specific first, after a rule that keeps each plain link a route's
    /// rule would take (Cloudflare applies rules before files; Netlify serves the file anyway).
    /// In the compact layout (`lookup`) plain links have no files: the lookup page serves them,
    /// and with `catchAll` a last rule sends every other path there (on hosts that serve files
    /// that exist first). First of all, each link of `cases` to its page under _case/: exact
    /// paths, which both hosts match case-sensitively, so `/abc` keeps its own folder.
    static func redirects(routes: [Route], kept: [String], lookup: Bool, catchAll: Bool, cases: [String]) -> String {
        var lines = [
            "# Written by trampoline: rewrites (status 200, the address stays). See docs/routes.md and docs/compact.md in Trampoline."
        ]
        lines += cases.map { "\($0) /\(OutputPath.caseFolder($0))/ 200" }
        let lookupPage = OutputPath.notFound.urlPath
        lines += kept.map { "\($0) \(lookup ? lookupPage : $0 + "/") 200" }
        lines += routes.map { "\($0.redirectSource) \($0.pageFolder)/ 200" }
        if catchAll { lines.append("/* \(lookupPage) 200") }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The 404 page's route table, as JSON: `[[segments, page], …]` in the order routes are tried.
    static func routeTable(_ routes: [Route]) -> String {
        "["
            + routes.map { "[" + $0.scriptSegments + "," + Escaping.jsonString($0.pageFolder + "/") + "]" }.joined(
                separator: ",") + "]"
    }
}
