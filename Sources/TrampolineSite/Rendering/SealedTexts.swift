/// What a lookup shard rendered again takes from the file written before (the fast path
/// `sealed-entries`): that file's bytes and, for each of the shard's links in the plan's order,
/// where its sealed text is in them, or nil where the entry is sealed again. An entry taken is
/// copied once, from the file's bytes to the new shard's, without a string made of it.
package struct SealedTexts: Sendable {
    package let bytes: [UInt8]
    package let ranges: [Range<Int>?]
    /// How many entries are taken.
    package let count: Int

    package init(bytes: [UInt8], ranges: [Range<Int>?]) {
        self.bytes = bytes
        self.ranges = ranges
        count = ranges.reduce(0) { $0 + ($1 == nil ? 0 : 1) }
    }

    /// Nothing to take: every entry is sealed.
    package static let none = SealedTexts(bytes: [], ranges: [])

    /// The sealed text of the link at `index` (in the plan's order), when it is taken.
    func text(at index: Int) -> ArraySlice<UInt8>? {
        guard index < ranges.count, let range = ranges[index] else { return nil }
        return bytes[range]
    }
}
