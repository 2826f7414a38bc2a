/// What a link of the site's link table stands for: the deep link its page attempts before a
/// visit, and how a visit's query changes it (docs/link-table.md, "Resolving a visited URL").
public struct LinkTarget: Sendable, Hashable {
    /// The deep link with the link's campaign applied; for a route, with its placeholders.
    public var deepLink: String
    /// Names of the deep link's own query parameters: a visit's query never overrides them.
    public var fixed: [String]
    /// Whether the visited URL's query is forwarded into the deep link.
    public var forwardQuery: Bool

    public init(deepLink: String, fixed: [String] = [], forwardQuery: Bool = false) {
        self.deepLink = deepLink
        self.fixed = fixed
        self.forwardQuery = forwardQuery
    }

    /// The query item a site's QR codes add to their link's URL (`?tl_qr=1`), so the host's access
    /// log tells a scan from a tap (`trampoline stats`). Never handed on to a deep link.
    public static let qrMarker = "tl_qr"

    /// Query keys the page reads itself and never hands to the app.
    static let ownKeys: Set<String> = [DeferredLink.marker, "debug", "openExternalBrowser", qrMarker]

    /// The deep link for a visit whose URL has `query` (the text after `?`, nil for none), as the
    /// page's `deferredLink()` composes it. Nil when the visit's query is not well-formed. A
    /// visited query that would take the link past ``LinkConfiguration/maximumLength`` is dropped,
    /// as the page drops it: the link is then the one without it.
    public func deepLink(visitedQuery query: String?) -> String? {
        guard forwardQuery, let query, !query.isEmpty else { return deepLink }
        guard let visited = FormQuery(parsing: query) else { return nil }
        var link = Substring(deepLink)
        var fragment: Substring = ""
        if let hash = link.firstIndex(of: "#") {
            fragment = link[hash...]
            link = link[..<hash]
        }
        var base = link
        var own = Substring("")
        if let question = link.firstIndex(of: "?") {
            base = link[..<question]
            own = link[link.index(after: question)...]
        }
        guard var params = FormQuery(parsing: own) else { return nil }
        for pair in visited.pairs where !fixed.contains(pair.name) && !Self.ownKeys.contains(pair.name) {
            params.set(pair.name, pair.value)
        }
        let serialized = params.serialized
        let composed = String(base) + (serialized.isEmpty ? "" : "?" + serialized) + String(fragment)
        return composed.utf8.count <= LinkConfiguration.maximumLength ? composed : deepLink
    }
}
