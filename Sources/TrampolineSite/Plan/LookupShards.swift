import TrampolineModel

/// The compact layout's link table: which shard holds a path, and how many shards a catalog needs.
///
/// A page finds a link's shard from its path alone (`Templates/trampoline-more.js` computes the
/// same hash), so it reads one small file, never the others.
package enum LookupShards {
    /// No shard may be larger: a phone fetches one before it can act.
    package static let shardLimit = 64 * 1024
    /// What the first plan aims for, leaving room for the estimate's error.
    package static let shardTarget = 48 * 1024

    /// 32-bit FNV-1a of the path's UTF-8 bytes, modulo `count`.
    package static func shard(of path: String, count: Int) -> Int {
        var hash: UInt32 = 0x811C_9DC5
        for byte in path.utf8 {
            hash ^= UInt32(byte)
            hash = hash &* 0x0100_0193
        }
        return Int(hash % UInt32(max(1, count)))
    }

    /// A first shard count for `links`: their estimated table size over ``shardTarget``.
    static func shardCount(for links: [Link]) -> Int {
        var total = 0
        for index in links.indices { total += links[index].tableEstimate }
        return max(1, (total + shardTarget - 1) / shardTarget)
    }
}
