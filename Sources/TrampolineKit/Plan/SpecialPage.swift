/// A page every site has besides its link pages, with what its bytes depend on beyond the
/// site and app settings.
public enum SpecialPage: Sendable, Equatable, Encodable, CaseIterable {
    /// `index.html`.
    case home
    /// `404.html`; with routes, it hands a URL that matches one to the route's page (GitHub
    /// Pages has no rewrite rules, and a route page sends a URL it cannot take here).
    case notFound(routes: [Route])
    /// `loadCookie.html`, which reads the deferred link from any of these cookies.
    case loadCookie(cookieNames: [String])

    public static var allCases: [SpecialPage] { [.home, .notFound(routes: []), .loadCookie(cookieNames: [])] }

    /// The template (`Templates/<name>.md`) the page is rendered from.
    public var templateName: String {
        switch self {
        case .home: TemplateSet.homeTemplate
        case .notFound: TemplateSet.notFoundTemplate
        case .loadCookie: TemplateSet.loadCookieTemplate
        }
    }

    public var outputPath: OutputPath {
        switch self {
        case .home: .home
        case .notFound: .notFound
        case .loadCookie: .loadCookie
        }
    }
}
