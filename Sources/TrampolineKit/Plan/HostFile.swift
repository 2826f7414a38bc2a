/// Files static hosts read for their own configuration.
public enum HostFile: Sendable, Equatable, Encodable {
    /// GitHub Pages: serve the folder as is (no Jekyll, which drops `.well-known/`).
    case noJekyll
    /// Netlify and Cloudflare Pages: serve the AASA as JSON, never cached for long.
    case headers
    /// Netlify and Cloudflare Pages: rewrite rules (status 200) that serve each route's page for
    /// the URLs it matches, most specific first, after a rule for each plain link (`kept`) a
    /// route's rule would take. Only written when the catalog has routes.
    case redirects(routes: [Route], kept: [String])

    public var outputPath: OutputPath {
        switch self {
        case .noJekyll: .noJekyll
        case .headers: .headers
        case .redirects: .redirects
        }
    }
}
