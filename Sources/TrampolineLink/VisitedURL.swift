/// A universal link on the site's host, checked and split as the link table needs it: the
/// decoded path (one trailing slash dropped) and the raw query.
struct VisitedURL: Sendable, Hashable {
    /// The percent-decoded path, such as `/spring-sale` or `/café`; `/` for the root.
    var path: String
    /// The path's decoded segments (none for `/`).
    var segments: [String]
    /// The query after `?`, as received; nil when there is no `?`.
    var query: String?

    /// Checks `text`: `https` on `host` (no user, password or port), at most
    /// ``LinkConfiguration/maximumLength`` bytes, no white space or control characters; a path
    /// whose escapes are UTF-8 text without controls, and that has no encoded slash or backslash,
    /// no empty segment and no dot segment.
    init(_ text: String, host: String) throws(LinkResolutionFailure) {
        guard text.utf8.count <= LinkConfiguration.maximumLength else { throw .malformedPath }
        guard !text.unicodeScalars.contains(where: IncomingLink.isForbidden) else { throw .malformedPath }
        guard text.prefix(8).lowercased() == "https://" else { throw .otherHost }
        var rest = text.dropFirst(8)
        if let hash = rest.firstIndex(of: "#") { rest = rest[..<hash] }
        let authorityEnd = rest.firstIndex { $0 == "/" || $0 == "?" } ?? rest.endIndex
        guard rest[..<authorityEnd].lowercased() == host.lowercased() else { throw .otherHost }
        rest = rest[authorityEnd...]
        var rawPath = rest
        query = nil
        if let question = rest.firstIndex(of: "?") {
            rawPath = rest[..<question]
            query = String(rest[rest.index(after: question)...])
        }
        if rawPath.isEmpty { rawPath = "/" }
        guard let decoded = RoutePattern.decodedSegments(ofPath: String(rawPath)) else { throw .malformedPath }
        guard decoded.count <= LinkConfiguration.maximumParts else { throw .malformedPath }
        for segment in decoded {
            guard !segment.isEmpty, segment != ".", segment != "..",
                !segment.contains("/"), !segment.contains("\\")
            else { throw .malformedPath }
        }
        segments = decoded
        path = "/" + decoded.joined(separator: "/")
    }

    /// Top-level files and folders of every Trampoline site that are never links.
    static let siteFiles: Set<String> = [
        "/", "/index.html", "/404.html", "/loadCookie.html", "/apple-app-site-association", "/_headers",
        "/_redirects", "/.nojekyll", "/.trampoline-manifest.json",
    ]
    /// Tests/Fixtures/site-files.json lists them, as the generator and the Kotlin library read them.
    static let siteFolders = [".well-known", "_links", "_routes", "_trampoline", "_long-link", "_count", "_case"]

    /// `text` checked, or why it can be no link: a bad URL, or one of the site's own files.
    static func link(_ text: String, host: String) -> Result<VisitedURL, LinkResolutionFailure> {
        let visited: VisitedURL
        do { visited = try VisitedURL(text, host: host) } catch { return .failure(error) }
        return visited.isSiteFile ? .failure(.siteFile) : .success(visited)
    }

    /// Whether the path names one of the site's own files (hand it back to the browser).
    var isSiteFile: Bool {
        if Self.siteFiles.contains(path) { return true }
        guard let first = segments.first else { return true }
        if Self.siteFolders.contains(first) { return true }
        if segments.count == 1, first.hasPrefix("trampoline-"), first.hasSuffix(".js") { return true }
        // The app's icon (`app.icon`), named by its digest.
        if segments.count == 1, first.hasPrefix("trampoline-icon-") { return true }
        return segments.count > 1 && segments.last == "qr.svg"
    }
}
