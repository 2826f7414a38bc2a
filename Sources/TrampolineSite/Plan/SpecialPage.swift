import TrampolineModel

/// A page every site has besides its link pages, with what its bytes depend on beyond the
/// site and app settings.
package enum SpecialPage: Sendable, Equatable, Encodable, CaseIterable {
    /// `index.html`.
    case home
    /// `404.html`; with routes, it hands a URL that matches one to the route's page (GitHub
    /// Pages has no rewrite rules, and a route page sends a URL it cannot take here).
    case notFound(routes: [Route])
    /// `loadCookie.html`, which reads the deferred link from any of these cookies.
    case loadCookie(cookieNames: [String])
    /// The compact layout's `404.html`: the not-found page, which first looks the visited path up
    /// in the link table of `shards` files and, when it is a link, behaves as that link's page;
    /// when it is none, it hands the visit to the first of `routes` that matches (as `notFound`).
    case linkLookup(shards: Int, routes: [Route])

    package static var allCases: [SpecialPage] {
        [.home, .notFound(routes: []), .loadCookie(cookieNames: []), .linkLookup(shards: 1, routes: [])]
    }

    /// The template (`Templates/<name>.md`) the page is rendered from.
    package var templateName: String {
        switch self {
        case .home: TemplateSet.homeTemplate
        case .notFound, .linkLookup: TemplateSet.notFoundTemplate
        case .loadCookie: TemplateSet.loadCookieTemplate
        }
    }

    package var outputPath: OutputPath {
        switch self {
        case .home: .home
        case .notFound, .linkLookup: .notFound
        case .loadCookie: .loadCookie
        }
    }

    /// True for the compact layout's lookup page.
    package var isLinkLookup: Bool {
        if case .linkLookup = self { return true }
        return false
    }
}
