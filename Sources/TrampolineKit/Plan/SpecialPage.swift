/// A page every site has besides its link pages, with what its bytes depend on beyond the
/// site and app settings.
public enum SpecialPage: Sendable, Equatable, Encodable, CaseIterable {
    /// `index.html`.
    case home
    /// `404.html`.
    case notFound
    /// `loadCookie.html`, which reads the deferred link from any of these cookies.
    case loadCookie(cookieNames: [String])

    public static var allCases: [SpecialPage] { [.home, .notFound, .loadCookie(cookieNames: [])] }

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
