import Foundation

extension SiteLinkTable {
    /// Reads `index.json`, or a snapshot (the index plus a `links` member), for the site at `host`.
    /// Anything but the documented JSON is refused with a reason.
    public init(json data: Data, host: String) throws(LinkResolutionFailure) {
        let object = try Self.object(data, limit: Self.maximumSnapshotSize)
        guard object["format"] as? String == Self.format else { throw .unsupportedTable }
        guard let version = Self.integer(object["version"]) else { throw .malformedTable }
        guard version == Self.version else { throw .unsupportedTable }
        guard let tableHost = object["host"] as? String else { throw .malformedTable }
        guard tableHost.lowercased() == host.lowercased() else { throw .unsupportedTable }
        guard let shards = Self.integer(object["shards"]), (1...1 << 20).contains(shards) else { throw .malformedTable }
        let scheme = try Self.optionalString(object["scheme"])
        let androidScheme = try Self.optionalString(object["android_scheme"])
        var routes: [Route] = []
        if let list = object["routes"] {
            guard let list = list as? [Any] else { throw .malformedTable }
            for item in list {
                guard let route = item as? [String: Any], let text = route["pattern"] as? String,
                    let pattern = try? RoutePattern(text)
                else { throw .malformedTable }
                routes.append(Route(pattern: pattern, target: try Self.target(route)))
            }
        }
        var links: [String: String] = [:]
        if let members = object["links"] { links = try Self.links(members) }
        self.init(
            host: tableHost, scheme: scheme, androidScheme: androidScheme, shards: shards, routes: routes, links: links)
    }

    /// The sealed links of a shard file (`links/<n>.json`), by id.
    public static func shardLinks(json data: Data) throws(LinkResolutionFailure) -> [String: String] {
        let object = try object(data, limit: maximumFileSize)
        guard let version = integer(object["version"]) else { throw .malformedTable }
        guard version == Self.version else { throw .unsupportedTable }
        guard let members = object["links"] else { throw .malformedTable }
        return try links(members)
    }

    private static func object(_ data: Data, limit: Int) throws(LinkResolutionFailure) -> [String: Any] {
        guard data.count <= limit else { throw .tableTooLarge }
        guard let parsed = try? JSONSerialization.jsonObject(with: data), let object = parsed as? [String: Any] else {
            throw .malformedTable
        }
        return object
    }

    /// Ids (32 lower-case hex digits) to sealed entries (Base64 text); unsealed on lookup.
    private static func links(_ members: Any) throws(LinkResolutionFailure) -> [String: String] {
        guard let members = members as? [String: Any] else { throw .malformedTable }
        var links: [String: String] = [:]
        links.reserveCapacity(members.count)
        for (id, value) in members {
            guard id.utf8.count == 32, id.utf8.allSatisfy(isLowerHex), let sealed = value as? String else {
                throw .malformedTable
            }
            links[id] = sealed
        }
        return links
    }

    private static func isLowerHex(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte)
    }

    static func target(_ entry: [String: Any]) throws(LinkResolutionFailure) -> LinkTarget {
        guard let deepLink = entry["deep_link"] as? String, deepLink.utf8.count <= LinkConfiguration.maximumLength
        else {
            throw .malformedTable
        }
        var fixed: [String] = []
        if let list = entry["fixed"] {
            guard let names = list as? [Any] else { throw .malformedTable }
            for name in names {
                guard let name = name as? String else { throw .malformedTable }
                fixed.append(name)
            }
        }
        var forward = false
        if let value = entry["forward_query"] {
            guard let flag = value as? Bool else { throw .malformedTable }
            forward = flag
        }
        return LinkTarget(deepLink: deepLink, fixed: fixed, forwardQuery: forward)
    }

    private static func optionalString(_ value: Any?) throws(LinkResolutionFailure) -> String? {
        guard let value else { return nil }
        guard let text = value as? String else { throw .malformedTable }
        return text
    }

    /// A JSON number that is a whole number (JSONSerialization gives NSNumber for both).
    private static func integer(_ value: Any?) -> Int? {
        guard let number = value as? NSNumber else { return nil }
        let double = number.doubleValue
        guard double.rounded() == double, abs(double) < 1e15 else { return nil }
        return Int(double)
    }
}

extension SiteLinkTable {
    /// Reads a snapshot file (`trampoline link-table` writes it) for the site at `host`.
    public init(contentsOf file: URL, host: String) throws(LinkResolutionFailure) {
        guard let data = try? Data(contentsOf: file, options: .mappedIfSafe) else { throw .noTable }
        try self.init(json: data, host: host)
    }
}
