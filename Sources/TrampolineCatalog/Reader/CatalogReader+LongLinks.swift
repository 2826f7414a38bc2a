@_spi(Generator) import TrampolineLink
import TrampolineModel

/// `site.long_links`: Firebase-style long links on the site's own domain (docs/share-links.md).
extension CatalogReader {
    mutating func readLongLinks(_ node: YAMLNode) -> LongLinkSettings? {
        guard let keys = mapping(node, what: "site.long_links", known: CatalogKeys.longLinks) else { return nil }
        guard let entry = keys["allow"] else {
            missing("allow", in: node, what: "site.long_links")
            return nil
        }
        var allow: [String] = []
        for item in sequence(entry.value, what: "site.long_links.allow") {
            guard let text = scalarText(item, what: "an item of site.long_links.allow") else { continue }
            if let problem = LongLinkAllowlist.problem(with: text) {
                error(
                    "site.long_links.allow item \(CatalogRules.quoted(text)) \(problem)", at: location(of: item),
                    hint: "write https://shop.example/item/ (a URL prefix), shop.example (a host) or *.shop.example")
                continue
            }
            allow.append(text)
        }
        let at = location(of: entry.value)
        if allow.isEmpty {
            warning(
                "site.long_links.allow is empty: every long link gets the home page with a notice", at: at,
                hint:
                    "name where your app's long links point: https://shop.example/item/ (a URL prefix) or shop.example")
        } else {
            let hosts = Set(allow.map(Self.allowedHost))
            if hosts.count > 1 || allow.contains(where: { $0.hasPrefix("*.") }) {
                warning(
                    "site.long_links.allow lets long links send people to more than one host (\(hosts.sorted().joined(separator: ", ")))",
                    at: at,
                    hint:
                        "anyone can make a long link on your domain to any page these allow; keep it to the one site your app's links point at, as narrow as a URL prefix"
                )
            }
        }
        return LongLinkSettings(allow: allow, location: location(of: node))
    }

    /// The host an allowlist entry names (`*.x` for a pattern).
    static func allowedHost(_ entry: String) -> String {
        guard entry.lowercased().hasPrefix("https://") else { return entry.lowercased() }
        let rest = entry.dropFirst(8)
        return rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }.lowercased()
    }
}
