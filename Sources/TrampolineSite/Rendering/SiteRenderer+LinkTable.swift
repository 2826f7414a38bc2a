@_spi(Generator) import TrampolineLink
import TrampolineModel

/// The link table apps resolve universal links with (docs/link-table.md, format version 2):
/// deterministic bytes, one entry per line, members in a fixed order, links sealed and sorted by id.
extension SiteRenderer {
    /// `index.json`.
    func linkTableIndexBytes(_ index: LinkTable) -> [UInt8] {
        Array((Self.linkTableMembers(index).joined(separator: ",") + "}\n").utf8)
    }

    /// A shard: its rows, sorted by id so the catalog's order never changes a byte.
    func linkTableShardBytes(_ rows: [LinkTableRow]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(rows.count * 160 + 32)
        out += "{\"version\":\(SiteLinkTable.version),\"links\":{".utf8
        Self.appendLinkMembers(rows, host: site.host.lowercased(), to: &out)
        out += "}}\n".utf8
        return out
    }

    /// The snapshot an app ships: the index's members plus every link.
    package static func linkTableSnapshotBytes(_ index: LinkTable, links: [Link]) -> [UInt8] {
        var out = Array(linkTableMembers(index).joined(separator: ",").utf8)
        out += ",\n\"links\":{".utf8
        var rows: [LinkTableRow] = []
        for position in links.indices where !links[position].isRoute {
            rows.append(LinkTableRow(links[position], host: index.host, shards: 1))
        }
        appendLinkMembers(rows, host: index.host, to: &out)
        out += "}}\n".utf8
        return out
    }

    static func linkTableMembers(_ index: LinkTable) -> [String] {
        var members = [
            "{\"format\":" + Escaping.jsonString(SiteLinkTable.format), "\"version\":\(SiteLinkTable.version)",
            "\"host\":" + Escaping.jsonString(index.host),
        ]
        if let scheme = index.scheme { members.append("\"scheme\":" + Escaping.jsonString(scheme)) }
        if let scheme = index.androidScheme { members.append("\"android_scheme\":" + Escaping.jsonString(scheme)) }
        members.append("\"shards\":\(index.shards)")
        let routes = index.routes.compactMap { link in
            link.route.map { route in
                var out = Array("{\"pattern\":\(Escaping.jsonString(route.pattern.text)),".utf8)
                appendTarget(LinkTableRow(link, host: index.host, shards: 1), to: &out)
                return String(decoding: out, as: UTF8.self) + "}"
            }
        }
        members.append("\n\"routes\":[" + (routes.isEmpty ? "" : "\n" + routes.joined(separator: ",\n") + "\n") + "]")
        return members
    }

    /// `"id":"sealed entry"` for each row, sorted by id, a line each; the entry is the object
    /// ``appendTarget(_:to:)`` writes, sealed for the row's path on `host`.
    static func appendLinkMembers(_ rows: [LinkTableRow], host: String, to out: inout [UInt8]) {
        guard !rows.isEmpty else { return }
        let order = rows.indices.sorted { rows[$0].id < rows[$1].id }
        out.append(UInt8(ascii: "\n"))
        var entry: [UInt8] = []
        for (position, index) in order.enumerated() {
            if position > 0 { out += ",\n".utf8 }
            entry.removeAll(keepingCapacity: true)
            entry.append(UInt8(ascii: "{"))
            appendTarget(rows[index], to: &entry)
            entry.append(UInt8(ascii: "}"))
            out.append(UInt8(ascii: "\""))
            rows[index].id.appendHex(to: &out)
            out += "\":\"".utf8
            out += EntrySealer.seal(entry, host: host, path: rows[index].path).utf8
            out.append(UInt8(ascii: "\""))
        }
        out.append(UInt8(ascii: "\n"))
    }

    /// A row's `deep_link`, `fixed` (when any) and `forward_query` (when true): what the page's
    /// data holds as `deferredLink`, `fixed` and `forwardQuery` (``linkData(_:behaviour:)``).
    static func appendTarget(_ row: LinkTableRow, to out: inout [UInt8]) {
        let (deepLink, fixed) = row.target
        out += "\"deep_link\":".utf8
        out += Escaping.jsonString(deepLink).utf8
        if !fixed.isEmpty {
            out += ",\"fixed\":[".utf8
            for (position, name) in fixed.enumerated() {
                if position > 0 { out.append(UInt8(ascii: ",")) }
                out += Escaping.jsonString(name).utf8
            }
            out.append(UInt8(ascii: "]"))
        }
        if row.forwardQuery { out += ",\"forward_query\":true".utf8 }
    }
}
