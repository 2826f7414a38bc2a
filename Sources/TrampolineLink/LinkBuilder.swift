/// Makes the site's link URLs in the app ("share this recipe", "invite a friend"): the inverse of
/// routing. A route pattern and its values give `https://host/recipe/12345`, each value
/// percent-encoded so that ``RoutePattern/match(path:)`` gives it back unchanged, with optional
/// campaign values in the query. Every rule the router applies is checked first: a value it would
/// not match is a ``LinkBuildError``, never a link that opens nothing.
///
/// ```swift
/// let links = LinkBuilder(host: "go.example.com")
/// let url = try links.url(for: RoutePattern("/recipe/:id(digits)"), parameters: ["id": "12345"],
///                         campaign: [("utm_source", "share")])
/// // https://go.example.com/recipe/12345?utm_source=share
/// ```
public struct LinkBuilder: Sendable, Hashable {
    /// The site's host (`site.url` without `https://`).
    public let host: String

    public init(host: String) {
        self.host = host
    }

    /// The link for `pattern` with `parameters` (a `*name` value's segments joined with `/`).
    public func url(
        for pattern: RoutePattern, parameters: [String: String], campaign: [(name: String, value: String)] = []
    ) throws(LinkBuildError) -> String {
        let names = Set(pattern.parameterNames)
        if let unknown = parameters.keys.sorted().first(where: { !names.contains($0) }) {
            throw .unknownParameter(unknown)
        }
        var path = ""
        for segment in pattern.segments {
            path += "/"
            switch segment {
            case .literal(let text):
                // As the catalog writes it: the path alphabet is valid in a URL path as it is, and
                // the host's rewrite rules are written for it so.
                path += text
            case .parameter(let name, let constraint):
                guard let value = parameters[name] else { throw .missingParameter(name) }
                guard Self.isSegmentValue(value) else { throw .invalidValue(name: name, value: value) }
                if let constraint, !constraint.accepts(value) {
                    throw .constraintFailed(name: name, constraint: constraint)
                }
                path += DeepLinkTemplate.percentEncoded(value)
            case .rest(let name):
                guard let value = parameters[name] else { throw .missingParameter(name) }
                let parts = value.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
                guard parts.allSatisfy(Self.isSegmentValue) else { throw .invalidValue(name: name, value: value) }
                path += parts.map(DeepLinkTemplate.percentEncoded).joined(separator: "/")
            }
        }
        return try link(path: path.isEmpty ? "/" : path, campaign: campaign)
    }

    /// The link for the route of `table` written `route`, as the catalog (and the table) writes its
    /// pattern (`/recipe/:id(digits)`): the app names its routes without repeating their rules.
    ///
    /// ```swift
    /// let url = try links.url(route: "/recipe/:id(digits)", in: table, parameters: ["id": "12345"])
    /// ```
    public func url(
        route: String, in table: SiteLinkTable, parameters: [String: String],
        campaign: [(name: String, value: String)] = []
    ) throws(LinkBuildError) -> String {
        guard let pattern = table.routes.first(where: { $0.pattern.text == route })?.pattern else {
            throw .unknownRoute(route)
        }
        return try url(for: pattern, parameters: parameters, campaign: campaign)
    }

    /// The link for the plain link path `path` (`/spring-sale`), as the catalog writes it.
    public func url(path: String, campaign: [(name: String, value: String)] = []) throws(LinkBuildError) -> String {
        let segments = path.split(separator: "/", omittingEmptySubsequences: false).dropFirst()
        guard path.hasPrefix("/"), !path.hasPrefix("//"),
            path.unicodeScalars.allSatisfy({
                $0.isASCII && $0.value > 0x20 && $0.value < 0x7F && !"?#%\\\"<>`{}|^".unicodeScalars.contains($0)
            }),
            segments.dropLast().allSatisfy({ !$0.isEmpty && $0 != "." && $0 != ".." }),
            segments.last.map({ $0 != "." && $0 != ".." }) ?? true
        else { throw .invalidPath(path) }
        return try link(path: path, campaign: campaign)
    }

    private func link(path: String, campaign: [(name: String, value: String)]) throws(LinkBuildError) -> String {
        for pair in campaign {
            if pair.name.isEmpty || LinkTarget.ownKeys.contains(pair.name)
                || pair.name.unicodeScalars.contains(where: PercentDecoding.isControl)
            {
                throw .invalidCampaignName(pair.name)
            }
            // The app's own parser refuses a query value with a control character.
            if pair.value.unicodeScalars.contains(where: PercentDecoding.isControl) {
                throw .invalidCampaignValue(name: pair.name, value: pair.value)
            }
        }
        // As many path segments and query parameters as the app's parser takes.
        if campaign.count > 64 || path.utf8.count(where: { $0 == UInt8(ascii: "/") }) > 64 { throw .tooLong }
        let query = FormQuery(pairs: campaign.map { ($0.name, $0.value) }).serialized
        let url = "https://\(host)\(path)" + (query.isEmpty ? "" : "?" + query)
        guard url.utf8.count <= LinkConfiguration.maximumLength else { throw .tooLong }
        return url
    }

    /// What a parameter may take and the router give back: non-empty, not `.` or `..`, no `/`,
    /// no control or direction character.
    static func isSegmentValue(_ value: String) -> Bool {
        RoutePattern.isParameterValue(value)
            && !value.unicodeScalars.contains { PercentDecoding.isControl($0) || RoutePattern.isBidiControl($0) }
    }
}
