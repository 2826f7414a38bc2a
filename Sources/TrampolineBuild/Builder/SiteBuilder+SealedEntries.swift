import Foundation
import TrampolineModel
import TrampolineSite

/// The fast path `sealed-entries` (``FastPath/sealedEntries``): a compact rebuild that must render
/// a lookup shard again (one of its links changed) seals only the entries whose digest changed, and
/// takes the others' sealed text from the shard's file, when the stamps prove that file as the last
/// write left it and the ``LookupEntryRecord`` says which entries it holds. A 1 % edit spread over
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

        /// The sealed text, by id, of the entries of `entry` (shard `number` of `shardCount`, at
        /// `index` in the plan) whose digest is the one recorded for the file there, which
        /// `previous` proves unchanged since. Empty when nothing can be taken.
        func reusable(
            _ entry: PlanEntry, number: Int, of shardCount: Int, at index: Int,
            digests: [SiteRenderer.EntryDigest], previous: SiteWriter.Previous?
        ) -> [String: String] {
            guard case .lookupShard(_, let links) = entry.content, let record,
                record.shardCount == shardCount, let recorded = record.fingerprint(ofShard: number),
                let stamp = previous?.provenStamp(of: entry.path, at: index), stamp.fingerprint == recorded,
                stamp.size <= LookupShards.shardLimit, let shard = record.shard(number),
                let bytes = FileBytes.array(
                    outputURL.appendingPathComponent(entry.path.value).path, ifSize: stamp.size),
                Self.digest(of: bytes) == record.file(ofShard: number), let sealed = Self.sealedTexts(in: bytes)
            else { return [:] }
            let was = Dictionary(zip(shard.ids, shard.digests), uniquingKeysWith: { first, _ in first })
            var reusable: [String: String] = [:]
            for (link, digest) in zip(links, digests) where was[link.id] == digest {
                if let text = sealed[link.id] { reusable[link.id] = text }
            }
            return reusable
        }

        /// The SHA-256 of a shard file's bytes, as the record keeps it: a file whose bytes were
        /// changed and its stat put back is not taken for the one written.
        static func digest(of bytes: [UInt8]) -> Fingerprint {
            Fingerprint(digest: Digest.bytes(bytes))
        }

        /// The digest recorded for shard `number`'s file, when the record holds it under
        /// `fingerprint`: what a shard proven by its stamp (not rendered) is recorded with again.
        func file(ofShard number: Int, fingerprint: Fingerprint) -> Fingerprint? {
            guard let record, record.fingerprint(ofShard: number) == fingerprint else { return nil }
            return record.file(ofShard: number)
        }

        /// A shard file's entries, id to sealed text (`{"id":"sealed",\n…}\n`, as
        /// ``SiteRenderer/render(_:)`` writes it); nil when the file is not in that form.
        static func sealedTexts(in bytes: [UInt8]) -> [String: String]? {
            let quote = UInt8(ascii: "\"")
            var texts: [String: String] = [:]
            var at = 1
            func quoted() -> String? {
                guard at < bytes.count, bytes[at] == quote,
                    let end = bytes[(at + 1)...].firstIndex(of: quote)
                else { return nil }
                defer { at = end + 1 }
                return String(validating: bytes[(at + 1)..<end], as: UTF8.self)
            }
            guard bytes.first == UInt8(ascii: "{") else { return nil }
            if bytes == Array("{}\n".utf8) { return [:] }
            while true {
                guard let id = quoted(), at < bytes.count, bytes[at] == UInt8(ascii: ":") else { return nil }
                at += 1
                guard let text = quoted(), at + 2 <= bytes.count else { return nil }
                texts[id] = text
                switch (bytes[at], bytes[at + 1]) {
                case (UInt8(ascii: ","), UInt8(ascii: "\n")): at += 2
                case (UInt8(ascii: "}"), UInt8(ascii: "\n")) where at + 2 == bytes.count: return texts
                default: return nil
                }
            }
        }
    }

    /// A compact site's ``LookupEntryRecord``, of its shards' fingerprints, file digests and entry
    /// digests (by index in the plan's entries); a shard with one of them unknown is left out (the
    /// next build seals it whole). Nil when the fast path is off.
    static func lookupEntryRecord(
        of plan: SitePlan, shards: [Int], fingerprints: [Int: Fingerprint], files: [Int: Fingerprint],
        digests: [Int: [SiteRenderer.EntryDigest]]
    ) -> [UInt8]? {
        guard FastPath.sealedEntries.isOn else { return nil }
        var blocks: [ArraySlice<UInt8>] = []
        for index in shards {
            guard case .lookupShard(let number, let links) = plan.entries[index].content,
                let fingerprint = fingerprints[index], let file = files[index], let digests = digests[index],
                digests.count == links.count,
                let block = LookupEntryRecord.block(
                    shard: number, fingerprint: fingerprint, file: file, ids: links.map(\.id), digests: digests)
            else { continue }
            blocks.append(block[...])
        }
        return LookupEntryRecord.encoded(shardCount: shards.count, blocks: blocks)
    }
}
