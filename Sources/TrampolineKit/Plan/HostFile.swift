/// Files static hosts read for their own configuration.
public enum HostFile: String, Sendable, Equatable, Encodable, CaseIterable {
    /// GitHub Pages: serve the folder as is (no Jekyll, which drops `.well-known/`).
    case noJekyll
    /// Netlify and Cloudflare Pages: serve the AASA as JSON, never cached for long.
    case headers
    /// Netlify and Cloudflare Pages: the compact layout's rewrite of every other path to `404.html`.
    case redirects

    public var outputPath: OutputPath {
        switch self {
        case .noJekyll: .noJekyll
        case .headers: .headers
        case .redirects: .redirects
        }
    }
}
