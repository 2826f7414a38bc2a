import Foundation

/// Finds the same-domain trap: a URL on the site's own host that the AASA claims, reached from
/// the site itself. iOS opens a universal link tapped on a page of the same domain in Safari,
/// not in the app, so such a `web_url` or button never opens the app (and a fallback to it lands
/// on another link page).
package struct SameHostChecker: Sendable {
    package let catalog: Catalog
    /// The file the plan would write.
    package let matcher: AASAMatcher
    /// Where findings about the special pages (`index.html`, …) point: their template override
    /// (output path → location); pages without one are reported without a location.
    package let specialPageLocations: [OutputPath: SourceLocation]

    package init(catalog: Catalog, matcher: AASAMatcher, specialPageLocations: [OutputPath: SourceLocation] = [:]) {
        self.catalog = catalog
        self.matcher = matcher
        self.specialPageLocations = specialPageLocations
    }

    static let hint =
        "iOS opens a universal link tapped on a page of its own domain in Safari, not in the app; point it at another host or at a path the AASA does not claim"

    /// Warnings for each link's `web_url` and for each `<a href>` in the planned pages.
    package func warnings(for site: SiteBuild) -> [Diagnostic] {
        warnings(for: site) { path in site[path].map { HTMLAnchors.targets(in: [UInt8]($0)) } }
    }

    /// The same, with each page's anchors read already (``CheckPass``: every page rendered once).
    package func warnings(for site: SiteBuild, anchors: (OutputPath) -> [String]?) -> [Diagnostic] {
        var seen = Set<String>()
        var result: [Diagnostic] = []
        func warn(_ message: String, at location: SourceLocation?, url: String) {
            guard seen.insert("\(location?.description ?? "")|\(url)").inserted else { return }
            result.append(Diagnostic(.warning, at: location, message, hint: Self.hint))
        }

        for link in catalog.links {
            if let webURL = link.webURL, isClaimed(webURL) {
                warn(
                    "web_url \(webURL) is on this site and the apple-app-site-association file claims it",
                    at: link.webURLLocation ?? link.location, url: webURL)
            }
            guard let hrefs = anchors(link.pageOutputPath) else { continue }
            for href in hrefs {
                guard let url = resolve(href, onPage: catalog.site.url + link.visitPath), isClaimed(url) else {
                    continue
                }
                if url == link.webURL {
                    // The button falls back to web_url: the finding above already names it.
                    warn(
                        "web_url \(url) is on this site and the apple-app-site-association file claims it",
                        at: link.webURLLocation ?? link.location, url: url)
                } else if link.description?.contains(href) == true {
                    warn(
                        "the description of \(link.path) links to \(url), which the apple-app-site-association file claims",
                        at: link.location, url: url)
                } else {
                    warn(
                        "the page for \(link.path) (template '\(link.options.template)') links to \(url), which the apple-app-site-association file claims",
                        at: link.templateLocation, url: url)
                }
            }
        }

        for page in SpecialPage.allCases {
            let pagePath = page.outputPath
            guard let hrefs = anchors(pagePath) else { continue }
            for href in hrefs {
                guard let url = resolve(href, onPage: catalog.site.url + "/"), isClaimed(url) else { continue }
                warn(
                    "\(pagePath) links to \(url), which the apple-app-site-association file claims",
                    at: specialPageLocations[pagePath], url: url)
            }
        }
        return result
    }

    /// Whether `url` is on the site's host and claimed for at least one of the catalog's apps.
    func isClaimed(_ url: String) -> Bool {
        catalog.app.appIDs.contains {
            matcher.verdict(for: url, appID: $0, domain: catalog.site.host).decision == .match
        }
    }

    /// `href` made absolute against the page it appears on; nil for what is not a web URL.
    func resolve(_ href: String, onPage page: String) -> String? {
        guard !href.hasPrefix("#"), let base = URL(string: page), let url = URL(string: href, relativeTo: base) else {
            return nil
        }
        let absolute = url.absoluteString
        return absolute.lowercased().hasPrefix("https://") || absolute.lowercased().hasPrefix("http://")
            ? absolute : nil
    }

    /// The `href` values of the page's anchors, with HTML character references decoded.
    static func anchorTargets(in html: String) -> [String] {
        HTMLAnchors.targets(in: Array(html.utf8))
    }
}
