import TrampolineLink

/// The link table apps resolve universal links with (docs/link-table.md, format version 1):
/// deterministic bytes, one entry per line, members in a fixed order, links sorted by path.
extension SiteRenderer {
    /// `index.json`.
    func resolutionIndexBytes(_ index: ResolutionIndex) -> [UInt8] {
        Array((Self.resolutionIndexMembers(index).joined(separator: ",") + "}\n").utf8)
    }

    /// A shard: its links, sorted by path bytes so the catalog's order never changes a byte.
    func resolutionShardBytes(_ links: [Link]) -> [UInt8] {
        Array(("{\"version\":\(SiteLinkTable.version),\"links\":{" + Self.resolutionLinkMembers(links) + "}}\n").utf8)
    }

    /// The snapshot an app ships: the index's members plus every link.
    static func resolutionSnapshotBytes(_ index: ResolutionIndex, links: [Link]) -> [UInt8] {
        let members = resolutionIndexMembers(index) + ["\n\"links\":{" + resolutionLinkMembers(links.filter { $0.route == nil }) + "}"]
        return Array((members.joined(separator: ",") + "}\n").utf8)
    }

    static func resolutionIndexMembers(_ index: ResolutionIndex) -> [String] {
        var members = [
            "{\"format\":" + Escaping.jsonString(SiteLinkTable.format), "\"version\":\(SiteLinkTable.version)",
            "\"host\":" + Escaping.jsonString(index.host),
        ]
        if let scheme = index.scheme { members.append("\"scheme\":" + Escaping.jsonString(scheme)) }
        if let scheme = index.androidScheme { members.append("\"android_scheme\":" + Escaping.jsonString(scheme)) }
        members.append("\"shards\":\(index.shards)")
        let routes = index.routes.compactMap { link in
            link.route.map { "{\"pattern\":" + Escaping.jsonString($0.pattern.text) + "," + targetMembers(link) + "}" }
        }
        members.append("\n\"routes\":[" + (routes.isEmpty ? "" : "\n" + routes.joined(separator: ",\n") + "\n") + "]")
        return members
    }

    static func resolutionLinkMembers(_ links: [Link]) -> String {
        let sorted = links.sorted { $0.path.utf8.lexicographicallyPrecedes($1.path.utf8) }
        guard !sorted.isEmpty else { return "" }
        return "\n" + sorted.map { Escaping.jsonString($0.path) + ":{" + targetMembers($0) + "}" }.joined(separator: ",\n") + "\n"
    }

    /// A link's `deep_link`, `fixed` and `forward_query`: what the page's data holds as
    /// `deferredLink`, `fixed` and `forwardQuery` (``linkData(_:behaviour:)``).
    static func targetMembers(_ link: Link) -> String {
        let fixed = link.fixedQueryKeys
        var out = "\"deep_link\":" + Escaping.jsonString(link.deferredLink(fixed: fixed))
        if !fixed.isEmpty { out += ",\"fixed\":[" + fixed.map(Escaping.jsonString).joined(separator: ",") + "]" }
        if link.options.forwardQuery { out += ",\"forward_query\":true" }
        return out
    }
}
