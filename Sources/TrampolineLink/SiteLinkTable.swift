import Foundation

/// The site's link table (docs/link-table.md, format version 2): the routes, and the sealed
/// links of the shards read so far (or, in a snapshot, all of them). A link is found by its path
/// alone: the table holds each under its id (a digest of the host and path), sealed with a key
/// derived from the host and path, so it can be read for a known URL but not listed.
public struct SiteLinkTable: Sendable, Hashable {
    /// The `format` member every table file carries.
    public static let format = "trampoline-link-table"
    /// The format version this library reads.
    public static let version = 2
    /// Where the table lives on the site.
    public static let folder = "/.well-known/trampoline/v2/"
    /// The index's URL path.
    @_spi(Generator) public static let indexPath = folder + "index.json"
    /// The largest table file read, in bytes (a shard is planned to about 32 KB).
    public static let maximumFileSize = 1 << 20
    /// The largest snapshot read: a whole table in one file.
    public static let maximumSnapshotSize = 64 << 20

    /// A route of the table: its pattern and its deep-link template.
    public struct Route: Sendable, Hashable {
        public var pattern: RoutePattern
        public var target: LinkTarget

        public init(pattern: RoutePattern, target: LinkTarget) {
            self.pattern = pattern
            self.target = target
        }
    }

    /// The host of `site.url`, lower case.
    public var host: String
    /// `app.ios.scheme`, if the site has an iOS app.
    public var scheme: String?
    /// `app.android.scheme`, if the site has an Android app.
    public var androidScheme: String?
    /// How many shards the live table has.
    public var shards: Int
    /// The routes, in the order they are tried.
    public var routes: [Route]
    /// Sealed entries (Base64) by link id: every link in a snapshot, the shards read so far in a
    /// live table.
    public var links: [String: String]

    public init(
        host: String, scheme: String?, androidScheme: String? = nil, shards: Int, routes: [Route] = [],
        links: [String: String] = [:]
    ) {
        self.host = host.lowercased()
        self.scheme = scheme
        self.androidScheme = androidScheme
        self.shards = shards
        self.routes = routes
        self.links = links
    }

    /// The shard holding the link at `path` on `host`: its id digest's first 4 bytes, modulo `count`.
    @_spi(Generator) public static func shard(host: String, path: String, count: Int) -> Int {
        LinkSealing.name(host: host.lowercased(), path: path, shards: count).shard
    }

    /// The URL path of shard `index`.
    @_spi(Generator) public static func shardPath(_ index: Int) -> String {
        folder + "links/\(index).json"
    }

    /// The target of the link at the normalised, decoded `path`, or of the first route matching
    /// its `segments` (with the placeholders filled in). Nil when neither knows the path; a
    /// ``LinkResolutionFailure/malformedTable`` when the path's entry does not unseal to an entry.
    public func target(path: String, segments: [String]) throws(LinkResolutionFailure) -> LinkTarget? {
        try target(path: path, segments: segments, hash: LinkSealing.plainHash)
    }

    func target(path: String, segments: [String], hash: LinkSealing.Hash) throws(LinkResolutionFailure)
        -> LinkTarget?
    {
        if let link = try Self.lookUp(links, host: host, path: path, hash: hash) { return link }
        for route in routes {
            guard let parameters = route.pattern.match(segments: segments) else { continue }
            var target = route.target
            let rest = Set(route.pattern.segments.compactMap { if case .rest(let name) = $0 { name } else { nil } })
            target.deepLink = DeepLinkTemplate.fill(target.deepLink, parameters: parameters, restNames: rest)
            return target
        }
        return nil
    }

    /// Adds the link at `path` with `target`, sealed as the site's table holds it (an app's own
    /// table, or a test's).
    public mutating func insert(_ target: LinkTarget, path: String) {
        var entry: [String: Any] = ["deep_link": target.deepLink]
        if !target.fixed.isEmpty { entry["fixed"] = target.fixed }
        if target.forwardQuery { entry["forward_query"] = true }
        let bytes = (try? JSONSerialization.data(withJSONObject: entry, options: [.sortedKeys])) ?? Data()
        let id = LinkSealing.name(host: host, path: path, shards: 1).id
        links[id] = LinkSealing.seal(Array(bytes), host: host, path: path)
    }

    /// The target of the link at `path` alone (no route), unsealed; nil when the table has none.
    public func link(path: String) throws(LinkResolutionFailure) -> LinkTarget? {
        try Self.lookUp(links, host: host, path: path)
    }

    /// The link at `path` on `host` among the sealed `links`: nil when its id is not there.
    static func lookUp(
        _ links: [String: String], host: String, path: String, hash: LinkSealing.Hash = LinkSealing.plainHash
    ) throws(LinkResolutionFailure) -> LinkTarget? {
        guard !links.isEmpty else { return nil }
        let id = LinkSealing.name(host: host, path: path, shards: 1, hash: hash).id
        guard let sealed = links[id] else { return nil }
        guard let entry = LinkSealing.unseal(sealed, host: host, path: path, hash: hash),
            let parsed = try? JSONSerialization.jsonObject(with: Data(entry)), let object = parsed as? [String: Any]
        else { throw .malformedTable }
        return try target(object)
    }
}
