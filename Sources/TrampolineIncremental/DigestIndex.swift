/// The fast path of ``LinkCache``'s index, in place of `[UInt64: Int]`: where each entry starts,
/// by the first 8 bytes of its digest. Those bytes are SHA-256 output, already spread evenly, so
/// they pick their slot as they are: no `Hasher` (SipHash, seeded per process) runs for each of
/// the hundreds of thousands of entries indexed and looked up on every rebuild. Open addressing,
/// linear probing, at most half full. A key set again takes the later value, as a dictionary's
/// subscript does (a later segment's entry wins). `DigestIndexTests` holds it to the dictionary
/// on random and colliding keys.
struct DigestIndex: Sendable {
    private var keys: [UInt64]
    /// `value + 1`; 0 is an empty slot (so key 0 needs no marker of its own).
    private var values: [Int]
    private let mask: Int
    /// How many distinct keys it holds.
    private(set) var count = 0

    init(capacity: Int) {
        var slots = 16
        while slots < capacity * 2 { slots <<= 1 }
        keys = [UInt64](repeating: 0, count: slots)
        values = [Int](repeating: 0, count: slots)
        mask = slots - 1
    }

    subscript(key: UInt64) -> Int? {
        get {
            var slot = Int(truncatingIfNeeded: key) & mask
            while values[slot] != 0 {
                if keys[slot] == key { return values[slot] - 1 }
                slot = (slot + 1) & mask
            }
            return nil
        }
    }

    /// Sets `key` to `value` (non-negative), replacing what it held.
    mutating func set(_ key: UInt64, _ value: Int) {
        precondition(value >= 0)
        if (count + 1) * 2 > keys.count { grow() }
        var slot = Int(truncatingIfNeeded: key) & mask
        while values[slot] != 0 {
            if keys[slot] == key {
                values[slot] = value + 1
                return
            }
            slot = (slot + 1) & mask
        }
        keys[slot] = key
        values[slot] = value + 1
        count += 1
    }

    /// The keys and values it holds, in no order.
    var pairs: [(key: UInt64, value: Int)] {
        keys.indices.compactMap { values[$0] == 0 ? nil : (keys[$0], values[$0] - 1) }
    }

    /// A copy holding only the pairs `keep` accepts.
    func filter(_ keep: (_ key: UInt64, _ value: Int) -> Bool) -> DigestIndex {
        var kept = DigestIndex(capacity: count)
        for (key, value) in pairs where keep(key, value) { kept.set(key, value) }
        return kept
    }

    private mutating func grow() {
        var larger = DigestIndex(capacity: keys.count)
        for (key, value) in pairs { larger.set(key, value) }
        self = larger
    }
}
