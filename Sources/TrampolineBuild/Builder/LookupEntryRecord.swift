import Crypto
import Foundation
import TrampolineModel
import TrampolineSite

/// What the last write of a compact site recorded of its lookup shards: for each, the
/// fingerprint it was written with, the file's change stamp (``FileStat/init(changeOf:)``) once written, and its entries' ids
/// and digests (``SiteRenderer/EntryDigest``). A rebuild that must render a shard again takes,
/// from that shard's file as its stamp proves it written and its change stamp confirms it, the
/// sealed text of each entry whose digest did not change (`SiteBuilder+SealedEntries.swift`).
///
/// A local cache in the ``WorkFolder``, written after a successful write, never deployed. It ends
/// with the SHA-256 of the rest: a damaged one is ignored, and costs only time (every entry is
/// sealed). One made by another version never matches: the digests cover the renderer's version.
///
/// Kept as its bytes, each shard's block found once and read only when that shard is rendered:
/// a million links' record is some 30 MB, of which a rebuild reads the blocks of the shards it renders.
struct LookupEntryRecord: Sendable {
    static let header = Array("trampoline-lookup-entries 2\n".utf8)

    /// One shard's entries, in the order of the shard's links.
    struct Shard: Sendable, Equatable {
        var fingerprint: Fingerprint
        var ids: [LinkID]
        var digests: [SiteRenderer.EntryDigest]
    }

    /// What a block holds for a shard file it has no change stamp of: inode 0 is no file's.
    static let noFile = FileStat(size: 0, inode: 0, seconds: 0, nanoseconds: 0)

    /// How many shards the site had.
    let shardCount: Int
    private let bytes: [UInt8]
    /// A shard's fingerprint, its file's change stamp and its block's bytes.
    private typealias Block = (fingerprint: Fingerprint, change: FileStat, range: Range<Int>)
    private let blocks: [Int: Block]

    /// The record in `bytes`; nil when it is not one whole record.
    init?(bytes: [UInt8]) {
        let body = bytes.count - 32
        guard body >= Self.header.count + 8, bytes.starts(with: Self.header),
            Array(SHA256.hash(data: bytes[..<body])) == Array(bytes[body...]),
            let (shardCount, blocks) = Self.blocks(in: bytes, end: body)
        else { return nil }
        self.shardCount = shardCount
        self.bytes = bytes
        self.blocks = blocks
    }

    /// The blocks of a record's `bytes` before `end`, by shard, and how many shards the site had;
    /// nil when they are not blocks of a record.
    private static func blocks(in bytes: [UInt8], end: Int) -> (shardCount: Int, blocks: [Int: Block])? {
        var reader = Reader(bytes: bytes, at: header.count, end: end)
        guard let shardCount = reader.word(), let blockCount = reader.word(), blockCount <= shardCount else {
            return nil
        }
        var blocks: [Int: Block] = [:]
        for _ in 0..<blockCount {
            let start = reader.at
            guard let shard = reader.word(), shard < shardCount, blocks[shard] == nil,
                let fingerprint = reader.fingerprint(), let change = reader.change(), let count = reader.word()
            else { return nil }
            for _ in 0..<count {
                guard let length = reader.byte(), reader.skip(length + 16) else { return nil }
            }
            blocks[shard] = (fingerprint, change, start..<reader.at)
        }
        return reader.at == end ? (shardCount, blocks) : nil
    }

    /// The fingerprint shard `number` was written with.
    func fingerprint(ofShard number: Int) -> Fingerprint? { blocks[number]?.fingerprint }

    /// The change stamp shard `number`'s file had once written; nil when none was recorded.
    func change(ofShard number: Int) -> FileStat? {
        blocks[number].flatMap { $0.change == Self.noFile ? nil : $0.change }
    }

    /// Shard `number`'s entries.
    func shard(_ number: Int) -> Shard? {
        guard let block = blocks[number] else { return nil }
        var reader = Reader(bytes: bytes, at: block.range.lowerBound, end: block.range.upperBound)
        guard reader.word() != nil, reader.fingerprint() != nil, reader.change() != nil, let count = reader.word()
        else { return nil }
        var shard = Shard(fingerprint: block.fingerprint, ids: [], digests: [])
        shard.ids.reserveCapacity(count)
        shard.digests.reserveCapacity(count)
        for _ in 0..<count {
            guard let length = reader.byte(), let id = reader.id(length), let high = reader.long(),
                let low = reader.long()
            else { return nil }
            shard.ids.append(id)
            shard.digests.append(SiteRenderer.EntryDigest(high, low))
        }
        return shard
    }

    /// Shard `number`'s block: its fingerprint, its file's change stamp (none until
    /// ``stampingFiles(_:in:)`` fills it in, once the file is written), and each entry's id and
    /// digest (each id as its 32 hex digits, after their count).
    static func block(
        shard number: Int, fingerprint: Fingerprint, change: FileStat = noFile, ids: [LinkID],
        digests: [SiteRenderer.EntryDigest]
    ) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(76 + ids.count * 32)
        append(word: number, to: &out)
        for index in 0..<4 { append(long: fingerprint.words[index], to: &out) }
        append(change, to: &out)
        append(word: ids.count, to: &out)
        for (id, digest) in zip(ids, digests) {
            out.append(32)
            id.appendHex(to: &out)
            append(long: digest[0], to: &out)
            append(long: digest[1], to: &out)
        }
        return out
    }

    /// A whole record of a site of `shardCount` shards, of these blocks.
    static func encoded(shardCount: Int, blocks: [ArraySlice<UInt8>]) -> [UInt8] {
        var out = body(shardCount: shardCount, blocks: blocks)
        out += SHA256.hash(data: out)
        return out
    }

    /// A record of these blocks without its closing digest: what a build makes, to be stamped
    /// and sealed once its shards are written (``stampingFiles(_:in:)``), so it is hashed once.
    static func body(shardCount: Int, blocks: [ArraySlice<UInt8>]) -> [UInt8] {
        var out = header
        out.reserveCapacity(header.count + 40 + blocks.reduce(0) { $0 + $1.count })
        append(word: shardCount, to: &out)
        append(word: blocks.count, to: &out)
        for block in blocks { out += block }
        return out
    }

    /// The record of `body` (``body(shardCount:blocks:)``) with each block's change stamp that of
    /// its shard's file in the output folder at `outputURL` now (the write just made it), or none
    /// when the file is not there, and its closing digest; nil when `body` is not a record's.
    static func stampingFiles(_ body: [UInt8], in outputURL: URL) -> [UInt8]? {
        guard body.count >= header.count + 8, body.starts(with: header),
            let (_, blocks) = blocks(in: body, end: body.count)
        else { return nil }
        var out = body
        for (shard, block) in blocks {
            let change = FileStat(
                changeOfPath: outputURL.appendingPathComponent(OutputPath.lookupShard(shard).value).path)
            var stamp: [UInt8] = []
            append(change ?? noFile, to: &stamp)
            // After the shard's number and fingerprint.
            let at = block.range.lowerBound + 4 + 32
            out.replaceSubrange(at..<(at + stamp.count), with: stamp)
        }
        out += SHA256.hash(data: out)
        return out
    }

    /// The record beside the output folder at `outputURL`: none when there is none or its work
    /// folder is not this user's alone; damaged when it is not whole.
    static func read(beside outputURL: URL) -> FoundCache<LookupEntryRecord> {
        let work = WorkFolder(outputURL: outputURL)
        guard work.isTrusted, let bytes = FileBytes.array(work.lookupEntries.path) else { return .none }
        return LookupEntryRecord(bytes: bytes).map { .whole($0) } ?? .damaged
    }

    /// Writes the record of `record` (``body(shardCount:blocks:)``) beside the output folder at
    /// `outputURL` just written, with the change stamps of its shard files
    /// (``stampingFiles(_:in:)``); nil removes the one there, which no longer tells what the
    /// shards hold.
    static func write(_ record: [UInt8]?, beside outputURL: URL) {
        let work = WorkFolder(outputURL: outputURL)
        guard let record = record.flatMap({ stampingFiles($0, in: outputURL) }) else {
            try? FileManager.default.removeItem(at: work.lookupEntries)
            return
        }
        guard (try? work.prepare()) != nil else { return }
        try? AtomicFile.write([record], to: work.lookupEntries)
    }

    private static func append(word value: Int, to out: inout [UInt8]) {
        withUnsafeBytes(of: UInt32(truncatingIfNeeded: value).littleEndian) { out += $0 }
    }

    private static func append(long value: UInt64, to out: inout [UInt8]) {
        withUnsafeBytes(of: value.littleEndian) { out += $0 }
    }

    private static func append(_ change: FileStat, to out: inout [UInt8]) {
        for value in [change.inode, UInt64(bitPattern: Int64(change.size)), UInt64(bitPattern: Int64(change.seconds))] {
            append(long: value, to: &out)
        }
        append(long: UInt64(bitPattern: Int64(change.nanoseconds)), to: &out)
    }

    /// Reads a record's fields in order, never past `end`.
    private struct Reader {
        let bytes: [UInt8]
        var at: Int
        let end: Int

        mutating func skip(_ count: Int) -> Bool {
            guard count >= 0, end - at >= count else { return false }
            at += count
            return true
        }

        mutating func byte() -> Int? {
            guard at < end else { return nil }
            defer { at += 1 }
            return Int(bytes[at])
        }

        mutating func word() -> Int? {
            guard end - at >= 4 else { return nil }
            var value = 0
            for index in 0..<4 { value |= Int(bytes[at + index]) << (8 * index) }
            at += 4
            return value
        }

        mutating func long() -> UInt64? {
            guard end - at >= 8 else { return nil }
            var value: UInt64 = 0
            for index in 0..<8 { value |= UInt64(bytes[at + index]) << (8 * UInt64(index)) }
            at += 8
            return value
        }

        mutating func fingerprint() -> Fingerprint? {
            guard let a = long(), let b = long(), let c = long(), let d = long() else { return nil }
            return Fingerprint(words: SIMD4(a, b, c, d))
        }

        mutating func change() -> FileStat? {
            guard let inode = long(), let size = long(), let seconds = long(), let nanoseconds = long() else {
                return nil
            }
            return FileStat(
                size: Int(Int64(bitPattern: size)), inode: inode, seconds: Int(Int64(bitPattern: seconds)),
                nanoseconds: Int(Int64(bitPattern: nanoseconds)))
        }

        mutating func id(_ count: Int) -> LinkID? {
            guard end - at >= count else { return nil }
            defer { at += count }
            return LinkID(hex: bytes[at..<(at + count)])
        }
    }
}
