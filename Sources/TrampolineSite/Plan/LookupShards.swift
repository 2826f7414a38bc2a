import TrampolineModel

/// The compact layout's link table: which shard holds a path, and how many shards a catalog needs.
///
/// A page finds a link's shard and its id from its path alone (`Templates/trampoline-more.js`
/// computes the same digests with the browser's SHA-256), so it reads one small file, never the
/// others; the shards list no path and hold each entry sealed, as the app's link table does.
package enum LookupShards {
    /// No shard may be larger: a phone fetches one before it can act.
    package static let shardLimit = 64 * 1024
    /// What the first plan aims for, leaving room for the estimate's error.
    package static let shardTarget = 48 * 1024

    /// The shard of the link at `path` on `host` (lower case): as the app's link table places it
    /// (docs/link-table.md, "Sealed entries"), modulo this table's `count`.
    package static func shard(host: String, path: String, count: Int) -> Int {
        LinkTable.shard(host: host, path: path, count: count)
    }

    /// A first shard count for `links`: their estimated table size over ``shardTarget``, on the
    /// ladder of ``steadyCount(atLeast:)``.
    static func shardCount(for links: [Link]) -> Int {
        var total = 0
        for index in links.indices { total += links[index].tableEstimate }
        return steadyCount(atLeast: (total + shardTarget - 1) / shardTarget)
    }

    /// The least count of the ladder 1…32, then 32, 34, 36…64, 68…: 16 steps per doubling, at
    /// most 1/16 above `count`. Every link moves when a table's count changes (its shard is its
    /// id modulo the count), so a count that followed the estimate exactly changed with a handful
    /// of edited titles and rewrote every shard; on the ladder, an edit of 1 % of a catalog
    /// crosses a step about once in forty. The same catalog always gets the same count.
    package static func steadyCount(atLeast count: Int) -> Int {
        guard count > 32 else { return max(1, count) }
        // Keep the top five bits of count - 1, then one step up.
        let shift = (Int.bitWidth - (count - 1).leadingZeroBitCount) - 5
        return ((count - 1) >> shift + 1) << shift
    }
}
