import Foundation

/// The site's link table (docs/link-table.md, format version 1): the routes, and the links of
/// the shards read so far (or, in a snapshot, all of them).
public struct SiteLinkTable: Sendable, Hashable {
    /// The `format` member every table file carries.
    public static let format = "trampoline-link-table"
    /// The format version this library reads.
    public static let version = 1
    /// Where the table lives on the site.
    public static let folder = "/.well-known/trampoline/v1/"
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
    /// Links by path: every link in a snapshot, the shards read so far in a live table.
    public var links: [String: LinkTarget]

    public init(
        host: String, scheme: String?, androidScheme: String? = nil, shards: Int, routes: [Route] = [],
        links: [String: LinkTarget] = [:]
    ) {
        self.host = host.lowercased()
        self.scheme = scheme
        self.androidScheme = androidScheme
        self.shards = shards
        self.routes = routes
        self.links = links
    }

    /// The shard holding `path`: 32-bit FNV-1a of its UTF-8 bytes, modulo `count`.
    @_spi(Generator) public static func shard(of path: String, count: Int) -> Int {
        var hash: UInt32 = 0x811C_9DC5
        for byte in path.utf8 {
            hash ^= UInt32(byte)
            hash = hash &* 0x0100_0193
        }
        return Int(hash % UInt32(max(1, count)))
    }

    /// The URL path of shard `index`.
    @_spi(Generator) public static func shardPath(_ index: Int) -> String {
        folder + "links/\(index).json"
    }

    /// The target of the link at the normalised, decoded `path`, or of the first route matching
    /// its `segments` (with the placeholders filled in). Nil when neither knows the path.
    public func target(path: String, segments: [String]) -> LinkTarget? {
        if let link = links[path] { return link }
        for route in routes {
            guard let parameters = route.pattern.match(segments: segments) else { continue }
            var target = route.target
            let rest = Set(route.pattern.segments.compactMap { if case .rest(let name) = $0 { name } else { nil } })
            target.deepLink = DeepLinkTemplate.fill(target.deepLink, parameters: parameters, restNames: rest)
            return target
        }
        return nil
    }
}
