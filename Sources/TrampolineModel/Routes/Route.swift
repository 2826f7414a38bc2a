import TrampolineLink

/// A link whose `path` has parameters (`/restaurant/:id`): one page serves every URL it matches.
///
/// The grammar is the app library's (``RoutePattern``), so the site and the app read a pattern
/// the same way. A route's page lives under ``Route/folderPrefix`` (a prefix plain links may not
/// use), and static hosts reach it through rewrite rules (`_redirects`) or the 404 page.
@usableFromInline package struct Route: Sendable, Hashable, Encodable {
    /// The parsed pattern, as the catalog wrote it (one trailing slash dropped).
    package let pattern: RoutePattern

    /// Where route pages live: `/_routes/restaurant/_id/`. Reserved, so no plain link can be there.
    package static let folderPrefix = "/_routes"

    /// A route for `pattern`; the catalog checks the rules routes follow beyond the grammar
    /// (``CatalogRules``: a literal first segment, no reserved folder).
    package init(_ pattern: RoutePattern) {
        self.pattern = pattern
    }

    /// The fingerprint and JSON form: the pattern's text, which determines everything else.
    @usableFromInline package func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(pattern.text)
    }

    /// The URL path of the route's page, without its trailing slash: parameters are spelled
    /// `_name` (`/restaurant/:id(digits)` → `/_routes/restaurant/_id`). Two routes that would share
    /// a folder are a catalog error, so the spelling stays readable rather than injective.
    package var pageFolder: String {
        Self.folderPrefix
            + pattern.segments.map { segment in
                switch segment {
                case .literal(let text): "/" + text
                case .parameter(let name, _), .rest(let name): "/_" + name
                }
            }.joined()
    }

    /// The rewrite rule's source in Netlify's and Cloudflare's `_redirects` syntax: `:name` for
    /// one segment and `*` for the rest. Constraints cannot be said there; the page checks them.
    package var redirectSource: String {
        "/"
            + pattern.segments.map { segment in
                switch segment {
                case .literal(let text): text
                case .parameter(let name, _): ":" + name
                case .rest: "*"
                }
            }.joined(separator: "/")
    }

    /// The deep link's path when the catalog gives none, with the parameters as placeholders
    /// (`/restaurant/:id(digits)` → `restaurant/:id`), as a plain link's is derived from its path.
    package var derivedDeepLinkPath: String {
        pattern.segments.map { segment in
            switch segment {
            case .literal(let text): text
            case .parameter(let name, _): ":" + name
            case .rest(let name): "*" + name
            }
        }.joined(separator: "/")
    }

    /// What `_redirects` can tell apart: literals, and one-segment or rest parameters with neither
    /// names nor constraints. Two routes with the same shape are ambiguous.
    package var shape: String {
        pattern.segments.map { segment in
            switch segment {
            case .literal(let text): "/" + text
            case .parameter: "/:"
            case .rest: "/*"
            }
        }.joined()
    }
}
