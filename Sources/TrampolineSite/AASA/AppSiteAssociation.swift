import TrampolineModel

/// The `apple-app-site-association` file for a catalog: it claims the link pages and never the
/// pages the app itself loads.
package enum AppSiteAssociation {
    /// Apple ignores AASA files larger than this.
    package static let sizeLimit = 128 * 1024

    /// Above this a file still works, but a few more links will push it past ``sizeLimit``.
    package static let sizeWarningLimit = 100 * 1024

    /// Pages of the site that must never open the app: the app itself loads loadCookie.html.
    package static let excludedPaths = SiteFiles.pages

    /// The query item that turns a link page into its debug view (FDL's `d=1`): excluded for every
    /// path, so iOS shows the view instead of opening the app. Legacy `paths` (iOS 9–12) cannot
    /// exclude by query; there the app opens.
    package static let debugQuery = SiteFiles.debugQuery

    /// With `site.claims: domain`: every file of the site that is not a link (``SiteFiles``).
    package static let domainExcludedPaths = SiteFiles.unclaimedPatterns

    /// The one claim of `site.claims: domain`.
    package static let domainClaim = "*"

    /// The patterns that claim the catalog's links. Each link is claimed exactly, with and without
    /// a trailing slash — unless that would make the file larger than ``sizeWarningLimit``: then
    /// links inside a folder are claimed by one `/folder/*` pattern per top-level folder (links at
    /// the root stay exact). That also claims paths under the folder that are not links; they open
    /// the app, which should show its own "not found" for a deep link it does not know. A route
    /// is claimed by one wildcard (``Route/claimPattern``), after every plain link's claim (a
    /// plain link's own rule decides its URLs, as its page wins over the route's); it starts with
    /// a literal folder, so in the folder form the folder claim covers it too.
    package static func claimPatterns(for catalog: Catalog) -> [String] {
        if catalog.site.claims == .domain { return [domainClaim] }
        let links = catalog.links
        var routeClaims: [String] = []
        var seenRoutes = Set<String>()
        for route in catalog.routes where seenRoutes.insert(route.claimPattern).inserted {
            routeClaims.append(route.claimPattern)
        }
        // Each pattern costs its text twice (components and legacy paths) per app, plus JSON
        // punctuation: summed before any pattern is made (a 100k catalog takes the folder form).
        // By index: iterating would copy each Link (a dozen strings) for one field.
        let perPattern = 1 + catalog.app.appIDs.count
        var estimate = routeClaims.reduce(0) { $0 + ($1.utf8.count + 16) * perPattern }
        // An item's path is its route's: the route's claim covers it.
        for index in links.indices where !links[index].isRoute && !links[index].isItem {
            estimate += (2 * links[index].path.utf8.count + 1 + 32) * perPattern
        }
        guard estimate > sizeWarningLimit else {
            var exact: [String] = []
            exact.reserveCapacity(links.count * 2 + routeClaims.count)
            for index in links.indices where !links[index].isRoute && !links[index].isItem {
                exact.append(links[index].path)
                exact.append(links[index].path + "/")
            }
            return exact + routeClaims
        }
        var patterns: [String] = []
        var folders = Set<String>()
        for index in links.indices {
            let path = links[index].path
            // The first folder: the text after the leading `/`s up to the next `/`, when any text
            // follows that one (what splitting on `/` once, omitting empty parts, finds; without
            // an array per path).
            let utf8 = path.utf8
            let start = utf8.firstIndex { $0 != UInt8(ascii: "/") } ?? utf8.endIndex
            if let slash = utf8[start...].firstIndex(of: UInt8(ascii: "/")), utf8.index(after: slash) < utf8.endIndex {
                let folder = String(path[start..<slash])
                if folders.insert(folder).inserted { patterns.append("/\(folder)/*") }
            } else {
                patterns.append(contentsOf: [path, path + "/"])
            }
        }
        return patterns
    }

    /// The file's bytes: modern `appIDs` + `components` for iOS 13+, then the same claims as
    /// legacy `appID` + `paths` for iOS 9–12. The excluded pages come first, so no claim can
    /// reach them.
    package static func json(for catalog: Catalog) -> String {
        json(appIDs: catalog.app.appIDs, claims: claimPatterns(for: catalog), excluded: excluded(for: catalog))
    }

    /// The paths excluded before any claim: the site's own pages, or with `site.claims: domain`
    /// every file of the site that is not a link.
    package static func excluded(for catalog: Catalog) -> [String] {
        catalog.site.claims == .domain ? domainExcludedPaths : excludedPaths
    }

    /// The file's bytes for `claims` (from ``claimPatterns(for:)``) and `appIDs`.
    package static func json(appIDs: [String], claims: [String], excluded: [String] = excludedPaths) -> String {
        // `?debug=1` first: the page's debug view must stay a page on iOS, never the app.
        var components: [String] = [
            "        {\"/\": \"*\", \"?\": {\"\(debugQuery.name)\": \"\(debugQuery.value)\"}, \"exclude\": true, \"comment\": \"the debug view\"}"
        ]
        components += excluded.map { "        {\"/\": \(Escaping.jsonString($0)), \"exclude\": true}" }
        var paths: [String] = excluded.map { Escaping.jsonString("NOT \($0)") }
        for pattern in claims {
            components.append("        {\"/\": \(Escaping.jsonString(pattern))}")
            paths.append(Escaping.jsonString(pattern))
        }
        let ids = appIDs.map(Escaping.jsonString).joined(separator: ", ")
        let legacy = appIDs.map { id in
            "    {\"appID\": \(Escaping.jsonString(id)), \"paths\": [\(paths.joined(separator: ", "))]}"
        }
        return """
            {"applinks": {"apps": [], "details": [
                {"appIDs": [\(ids)], "components": [
            \(components.joined(separator: ",\n"))
                ]},
            \(legacy.joined(separator: ",\n"))
            ]}}

            """
    }
}
