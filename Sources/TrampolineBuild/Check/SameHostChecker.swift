import Foundation
import TrampolineModel
import TrampolineSite

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

    /// The site's host, lowercased, as ``HTMLAnchors/isOnAnotherHost(_:than:)`` compares it.
    private let host: [UInt8]

    package init(catalog: Catalog, matcher: AASAMatcher, specialPageLocations: [OutputPath: SourceLocation] = [:]) {
        self.catalog = catalog
        self.matcher = matcher
        self.specialPageLocations = specialPageLocations
        host = Array(catalog.site.host.lowercased().utf8)
    }

    static let hint =
        "iOS opens a universal link tapped on a page of its own domain in Safari, not in the app; point it at another host or at a path the AASA does not claim"

    /// Warnings for each link's `web_url` and for each `<a href>` in the planned pages.
    package func warnings(for site: SiteBuild) -> [Diagnostic] {
        warnings(for: site) { path in site[path].map { HTMLAnchors.targets(in: [UInt8]($0)) } }
    }

    /// One finding before de-duplication: the message, where, and the URL it is about.
    typealias Finding = (message: String, location: SourceLocation?, url: String)

    /// The same, with each page's anchors read already (``CheckPass``: every page rendered once).
    /// The links are looked at on every core; the findings keep the catalog's order, each once.
    package func warnings(for site: SiteBuild, anchors: @Sendable (OutputPath) -> [String]?) -> [Diagnostic] {
        let links = catalog.links
        let plan = site.plan
        let perLink = concurrentMap(links.count, chunk: 256) {
            findings(for: links[$0], page: plan.pagePath(of: links[$0]), anchors: anchors)
        }
        var seen = Set<String>()
        var result: [Diagnostic] = []
        for finding in perLink.joined() + specialPageFindings(anchors: anchors) {
            guard seen.insert("\(finding.location?.description ?? "")|\(finding.url)").inserted else { continue }
            result.append(Diagnostic(.warning, at: finding.location, finding.message, hint: Self.hint))
        }
        return result
    }

    /// A link's `web_url` and the claimed URLs its page links to.
    func findings(for link: Link, page: OutputPath, anchors: (OutputPath) -> [String]?) -> [Finding] {
        var result: [Finding] = []
        let webURLFinding = { (url: String) -> Finding in
            (
                "web_url \(url) is on this site and the apple-app-site-association file claims it",
                link.webURLLocation ?? link.location, url
            )
        }
        if let webURL = link.webURL, isClaimed(webURL) { result.append(webURLFinding(webURL)) }
        for href in anchors(page) ?? [] {
            guard let url = resolve(href, onPage: catalog.site.url + link.visitPath), isClaimed(url) else { continue }
            if url == link.webURL {
                // The button falls back to web_url: the finding above already names it.
                result.append(webURLFinding(url))
            } else if link.description?.contains(href) == true {
                result.append(
                    (
                        "the description of \(link.path) links to \(url), which the apple-app-site-association file claims",
                        link.location, url
                    ))
            } else {
                result.append(
                    (
                        "the page for \(link.path) (template '\(link.options.template)') links to \(url), which the apple-app-site-association file claims",
                        link.templateLocation, url
                    ))
            }
        }
        return result
    }

    /// The claimed URLs the home, 404 and cookie pages link to.
    func specialPageFindings(anchors: (OutputPath) -> [String]?) -> [Finding] {
        SpecialPage.allCases.flatMap { page -> [Finding] in
            let pagePath = page.outputPath
            return (anchors(pagePath) ?? []).compactMap { href in
                guard let url = resolve(href, onPage: catalog.site.url + "/"), isClaimed(url) else { return nil }
                return (
                    "\(pagePath) links to \(url), which the apple-app-site-association file claims",
                    specialPageLocations[pagePath], url
                )
            }
        }
    }

    /// Whether `url` is on the site's host and claimed for at least one of the catalog's apps.
    func isClaimed(_ url: String) -> Bool {
        if HTMLAnchors.isOnAnotherHost(url.utf8, than: host) { return false }
        return catalog.app.appIDs.contains {
            matcher.verdict(for: url, appID: $0, domain: catalog.site.host).decision == .match
        }
    }

    /// `href` made absolute against the page it appears on; nil for what is not a web URL, or is
    /// one on another host (most buttons go to a store: no URL to parse for those).
    func resolve(_ href: String, onPage page: String) -> String? {
        if HTMLAnchors.isOnAnotherHost(href.utf8, than: host) { return nil }
        guard !href.hasPrefix("#"), let base = URL(string: page), let url = URL(string: href, relativeTo: base) else {
            return nil
        }
        let absolute = url.absoluteString
        return absolute.lowercased().hasPrefix("https://") || absolute.lowercased().hasPrefix("http://")
            ? absolute : nil
    }
}
