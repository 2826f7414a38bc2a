import TrampolineModel

/// `site.counts`: `true` (the host's log, the default), `false`, or `{plausible: URL, domain: host}`.
extension CatalogReader {
    mutating func readCounts(_ node: YAMLNode) -> SiteCounts? {
        if case .mapping = node.kind {
            guard let keys = mapping(node, what: "site.counts", known: CatalogKeys.counts) else { return nil }
            guard let endpoint = optionalText("plausible", in: keys) else {
                missing("plausible", in: node, what: "site.counts")
                return nil
            }
            guard Self.isEventEndpoint(endpoint.text) else {
                error(
                    "site.counts.plausible \(CatalogRules.quoted(endpoint.text)) is not an https URL of an events endpoint",
                    at: endpoint.location,
                    hint:
                        "write the endpoint of Plausible's Events API, such as https://plausible.io/api/event (http only for a loopback test server)"
                )
                return nil
            }
            let domain = optionalText("domain", in: keys)
            if let domain, domain.text.isEmpty || domain.text.contains(where: { $0 == " " || $0 == "/" || $0 == "\"" })
            {
                error(
                    "site.counts.domain \(CatalogRules.quoted(domain.text)) is not a site name", at: domain.location,
                    hint: "write the site's domain as the Plausible dashboard names it, such as go.example.com")
                return nil
            }
            return .plausible(endpoint: endpoint.text, domain: domain?.text)
        }
        guard let on = boolean(node, what: "site.counts") else { return nil }
        return on ? .log : .off
    }

    /// `https://host[:port]/path`, no query, fragment or credentials (`http://` only on a loopback
    /// host, for a test server): what the pages may send events to, and its policy may name.
    static func isEventEndpoint(_ text: String) -> Bool {
        let lower = text.lowercased()
        let loopback = ["http://127.0.0.1:", "http://127.0.0.1/", "http://localhost:", "http://localhost/"]
        guard lower.hasPrefix("https://") || loopback.contains(where: lower.hasPrefix),
            !text.contains(where: { $0 == "?" || $0 == "#" || $0 == "@" || $0 == " " || $0 == "\"" || $0 == "\\" }),
            text.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value < 0x7F }),
            URLAuthority.origin(of: text) != nil
        else { return false }
        return true
    }
}
