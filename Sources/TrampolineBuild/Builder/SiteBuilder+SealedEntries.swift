import Foundation
import TrampolineModel
import TrampolineSite

/// The fast path `sealed-entries` (``FastPath/sealedEntries``): a compact rebuild that must render
/// a lookup shard again (one of its links changed) seals only the entries whose digest changed, and
/// takes the others' sealed text from the shard's file, when the stamps prove that file as the last
/// write left it, its change stamp (``FileStat/init(changeOf:)``) is the one recorded after that write (no write since, even
/// one that put the modification time back), and the ``LookupEntryRecord`` says which entries it
/// holds. A 1 % edit spread over
/// a catalog touches most shards, and sealing was most of their rendering.
///
/// Sealing an entry gives the same text every time, so a shard is the same bytes either way;
/// `SealedEntriesTests` and `PlainPathsTests` hold the two paths to that.
extension SiteBuilder {
    /// What a compact build's shards may take from the output folder's last write.
    struct SealedEntries: Sendable {
        let outputURL: URL
        let found: Pending<FoundCache<LookupEntryRecord>>
        /// The record, when whole.
        var record: LookupEntryRecord? { found.value.value }
        /// The record file, when it was found damaged (and ignored): for a note.
        var damaged: URL? { found.value.isDamaged ? WorkFolder(outputURL: outputURL).lookupEntries : nil }
        /// Whether the build leaves a new record (it writes: `build`, `serve`); `check` only reads.
        let records: Bool

        /// The record beside `outputURL`, read on another core while the catalog is planned; nil
        /// when the fast path is off.
        static func reading(beside outputURL: URL?, records: Bool) -> SealedEntries? {
            guard FastPath.sealedEntries.isOn, let outputURL else { return nil }
            return SealedEntries(
                outputURL: outputURL, found: Pending { LookupEntryRecord.read(beside: outputURL) }, records: records)
        }

        /// The sealed texts, in the file of `entry` (shard `number` of `shardCount`, at `index` in
        /// the plan), of its links whose entry digest is the one recorded for that file, which
        /// `previous` proves unchanged since. ``SealedTexts/none`` when nothing can be taken.
        func reusable(
            _ entry: PlanEntry, number: Int, of shardCount: Int, at index: Int,
            digests: [SiteRenderer.EntryDigest], previous: SiteWriter.Previous?
        ) -> SealedTexts {
            guard case .lookupShard(_, let links) = entry.content, let record,
                record.shardCount == shardCount, let recorded = record.fingerprint(ofShard: number),
                let stamp = previous?.provenStamp(of: entry.path, at: index), stamp.fingerprint == recorded,
                stamp.size <= LookupShards.shardLimit, let shard = record.shard(number),
                let change = record.change(ofShard: number),
                let bytes = FileBytes.array(
                    outputURL.appendingPathComponent(entry.path.value).path, ifSize: stamp.size,
                    accepting: { FileStat(changeOf: $0) == change })
            else { return .none }
            // Most rebuilds keep every link where it was: then the record's entries line up with
            // the plan's, and no table of them is made (hashing every id showed in the profiles
            // of compact rebuilds).
            let inPlace =
                shard.ids.count == links.count && shard.digests.count == links.count
                && links.indices.allSatisfy { shard.ids[$0] == links[$0].id }
            if inPlace {
                return Self.sealedTexts(of: links, in: bytes) { shard.digests[$0] == digests[$0] } ?? .none
            }
            let was = Dictionary(zip(shard.ids, shard.digests), uniquingKeysWith: { first, _ in first })
            return Self.sealedTexts(of: links, in: bytes) { position in was[links[position].id] == digests[position] }
                ?? .none
        }

        /// The sealed text in a shard file's `bytes` of each of `links` (in the plan's order) that
        /// `taking` accepts (by position) and the file holds; nil when the file is not in the
        /// form ``SiteRenderer/render(_:)`` writes.
        static func sealedTexts(
            of links: [LookupShardEntry], in bytes: [UInt8], taking: (Int) -> Bool
        ) -> SealedTexts? {
            guard let entries = sealedEntries(in: bytes) else { return nil }
            // The file's ids ascend: a binary search for each link taken.
            var ids: [LinkID] = []
            ids.reserveCapacity(entries.count)
            for entry in entries {
                guard let id = LinkID(hex: bytes[entry.id]) else { return nil }
                ids.append(id)
            }
            var ranges = [Range<Int>?](repeating: nil, count: links.count)
            for position in links.indices where taking(position) {
                let id = links[position].id
                var low = 0
                var high = ids.count
                while low < high {
                    let middle = (low + high) / 2
                    if ids[middle] < id { low = middle + 1 } else { high = middle }
                }
                if low < ids.count, ids[low] == id { ranges[position] = entries[low].text }
            }
            return SealedTexts(bytes: bytes, ranges: ranges)
        }

        /// A shard file's entries, where each id and its sealed text are in `bytes`
        /// (`{"id":"sealed",\n…}\n`, as ``SiteRenderer/render(_:)`` writes it, ids ascending); nil
        /// when the file is not in that form. (Its change stamp has been checked against the
        /// record: the texts are the ones written.)
        static func sealedEntries(in bytes: [UInt8]) -> [(id: Range<Int>, text: Range<Int>)]? {
            bytes.withUnsafeBufferPointer { buffer in
                let quote = UInt8(ascii: "\"")
                var entries: [(id: Range<Int>, text: Range<Int>)] = []
                var at = 1
                func quoted() -> Range<Int>? {
                    guard at < buffer.count, buffer[at] == quote,
                        let base = buffer.baseAddress,
                        let found = memchr(base + at + 1, Int32(quote), buffer.count - at - 1)
                    else { return nil }
                    let end = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
                    defer { at = end + 1 }
                    return (at + 1)..<end
                }
                guard buffer.first == UInt8(ascii: "{") else { return nil }
                if buffer.elementsEqual("{}\n".utf8) { return [] }
                while true {
                    guard let id = quoted(), at < buffer.count, buffer[at] == UInt8(ascii: ":") else { return nil }
                    at += 1
                    guard let text = quoted(), at + 2 <= buffer.count,
                        entries.last.map({ buffer[$0.id].lexicographicallyPrecedes(buffer[id]) }) ?? true
                    else { return nil }
                    entries.append((id, text))
                    switch (buffer[at], buffer[at + 1]) {
                    case (UInt8(ascii: ","), UInt8(ascii: "\n")): at += 2
                    case (UInt8(ascii: "}"), UInt8(ascii: "\n")) where at + 2 == buffer.count: return entries
                    default: return nil
                    }
                }
            }
        }
    }

    /// A compact site's ``LookupEntryRecord`` (its ``LookupEntryRecord/body(shardCount:blocks:)``),
    /// of its shards' fingerprints and entry digests (by index in the plan's entries), its files'
    /// change stamps to be filled in and its digest added once written; a
    /// shard with one of them unknown is left out (the next build seals it whole). Nil when the
    /// fast path is off.
    static func lookupEntryRecord(
        of plan: SitePlan, shards: [Int], fingerprints: [Int: Fingerprint],
        digests: [Int: [SiteRenderer.EntryDigest]]
    ) -> [UInt8]? {
        guard FastPath.sealedEntries.isOn else { return nil }
        var blocks: [ArraySlice<UInt8>] = []
        for index in shards {
            guard case .lookupShard(let number, let links) = plan.entries[index].content,
                let fingerprint = fingerprints[index], let digests = digests[index], digests.count == links.count
            else { continue }
            let block = LookupEntryRecord.block(
                shard: number, fingerprint: fingerprint, ids: links.map(\.id), digests: digests)
            blocks.append(block[...])
        }
        return LookupEntryRecord.body(shardCount: shards.count, blocks: blocks)
    }
}
