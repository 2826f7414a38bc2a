import TrampolineLink

extension OutputPath {
    /// What the site's own file served at URL path `path` is, for `match` (`/` is the home page,
    /// `/loadCookie.html` the page that hands the deferred link over); nil for any other path, which
    /// a link, a route or the not-found page serves.
    package static func siteFileDescription(atURLPath path: String) -> String? {
        let named: [(OutputPath, String)] = [
            (home, "the home page"), (notFound, "the not-found page"),
            (loadCookie, "the page that hands the deferred link to the app"),
            (moreScript, "the script in-app browsers and the debug view load"),
            (routeScript, "the script route pages load"), (appSiteAssociation, "the apple-app-site-association file"),
            (rootAppSiteAssociation, "the apple-app-site-association file, legacy location"),
            (assetLinks, "Android's Digital Asset Links"), (headers, "the host's response headers"),
            (redirects, "the host's rewrite rules"), (noJekyll, "GitHub Pages' no-Jekyll marker"),
            (manifest, "Trampoline's list of the files it wrote"),
        ]
        let file = path == "/" ? home.urlPath : path
        if let known = named.first(where: { $0.0.urlPath == file }) {
            return "\(known.0.urlPath) (\(known.1))"
        }
        if file.hasPrefix("/" + appIconPrefix), !file.dropFirst().contains("/") {
            return "\(file) (the app's icon, app.icon)"
        }
        if file.hasPrefix(SiteLinkTable.folder), file.hasSuffix(".json") {
            return "\(file) (the link table for apps, docs/link-table.md)"
        }
        if file.hasPrefix("/" + lookupShardFolder + "/"), file.hasSuffix(".json") {
            return "\(file) (a shard of the compact layout's link table)"
        }
        return nil
    }
}
