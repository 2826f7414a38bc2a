@_spi(Generator) import TrampolineLink
import TrampolineModel

/// What the link table's `index.json` is made from (docs/link-table.md): the site's host and
/// schemes, how many shards hold the links, and the routes in the order they are tried.
package struct LinkTable: Sendable, Equatable, Encodable {
    package var host: String
    package var scheme: String?
    package var androidScheme: String?
    package var shards: Int
    /// The links that are routes, most specific first (``Route/precedes(_:)``).
    package var routes: [Link]

    /// The shard of the link at `path` on `host` (lower case) in a table of `count` shards, as
    /// the app library finds it (``SiteLinkTable/shard(host:path:count:)``), with the build's SHA-256.
    package static func shard(host: String, path: String, count: Int) -> Int {
        LinkID(host: host, path: path).shard(of: count)
    }

    /// A shard is planned to hold about this many bytes (a phone reads one per lookup).
    static let shardTarget = 32 * 1024

    /// Enough shards for `links` at about ``shardTarget`` bytes each: the sizes of what an entry
    /// holds, so the count depends on the catalog alone. An entry is its 32-digit id and its
    /// object sealed in Base64 (4 bytes for every 3).
    static func shardCount(for links: [Link]) -> Int {
        var total = 0
        for index in links.indices where !links[index].isRoute {
            let entry = links[index].deferredLinkLength + 40
            total += 38 + (entry + 2) / 3 * 4
        }
        return LookupShards.steadyCount(atLeast: (total + shardTarget - 1) / shardTarget)
    }
}
