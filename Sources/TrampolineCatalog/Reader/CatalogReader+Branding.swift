import TrampolineModel

/// `site.allowed_origins`: where a branded template's images, styles and fonts may come from.
extension CatalogReader {
    /// Each item an `https://host[:port]` origin, lowercased; a bad one is an error at its place.
    /// The origins go into every page's policy unescaped, so only host characters pass.
    mutating func readAllowedOrigins(_ node: YAMLNode) -> [String] {
        var origins: [String] = []
        for item in sequence(node, what: "site.allowed_origins") {
            guard let text = scalarText(item, what: "an item of site.allowed_origins") else { continue }
            let at = location(of: item)
            guard let origin = Self.origin(text) else {
                error(
                    "site.allowed_origins item \(CatalogRules.quoted(text)) is not an https origin", at: at,
                    hint: "write just https:// and the host (and port), such as https://cdn.example.com")
                continue
            }
            if origins.contains(origin) {
                warning("site.allowed_origins names \(origin) twice", at: at, hint: "remove the second one")
                continue
            }
            origins.append(origin)
        }
        return origins
    }

    /// `text` as a lowercased `https://host[:port]`, or nil when it is anything else (another
    /// scheme, a path, a query, credentials, a character a host cannot have).
    static func origin(_ text: String) -> String? {
        let lower = text.lowercased()
        guard lower.hasPrefix("https://") else { return nil }
        var rest = Substring(lower.dropFirst("https://".count))
        if rest.hasSuffix("/") { rest = rest.dropLast() }
        let allowed = Set("abcdefghijklmnopqrstuvwxyz0123456789.-:[]")
        guard !rest.isEmpty, !rest.hasPrefix(":"), !rest.hasPrefix("."), rest.allSatisfy(allowed.contains) else {
            return nil
        }
        let parts = rest.split(separator: ":", omittingEmptySubsequences: false)
        if !rest.hasPrefix("["), parts.count == 2 {
            guard let port = Int(parts[1]), (1...65535).contains(port) else { return nil }
        } else if !rest.hasPrefix("["), parts.count > 2 {
            return nil
        }
        return "https://" + rest
    }
}
