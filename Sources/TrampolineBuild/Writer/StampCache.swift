import Foundation
import TrampolineModel

/// What the last write left in each file it wrote: the fingerprint of the bytes and the file's
/// stat (size, inode, mtime). A file whose stat and fingerprint both still match need not be
/// rendered or read again. A local cache only: it lives in the ``WorkFolder``, never in the site,
/// and a missing, old or damaged one only costs time (every file is then rendered and compared).
///
/// The file is binary, read in place: ``magic``, then one record per file, in the last write's
/// order (the plan's): the fingerprint's 32 bytes, size, inode, seconds and nanoseconds (each 8
/// bytes, little-endian), the path's length (4 bytes, little-endian), the path's UTF-8 and a NUL.
/// A rebuild of a 100k site reads and writes 200k records: as text (hex and decimals) parsing
/// and encoding them was a tenth of its CPU.
struct StampCache: Sendable, Equatable {
    /// The file's bytes: ``magic`` and the records.
    private var bytes: [UInt8] = StampCache.magic
    /// Where each record starts in `bytes`, in the file's order.
    private var starts: [Int] = []
    /// Path → record, made only when a path is not found at its position.
    private var index = RecordIndex()

    /// The first bytes of the file; a file without them (an older layout) is no cache.
    static let magic = Array("trampoline stamps 2\n".utf8)

    /// A record's fixed part: fingerprint, four numbers, the path's length.
    private static let fixedSize = 32 + 4 * 8 + 4

    struct Entry: Sendable, Equatable {
        var fingerprint: Fingerprint
        var stat: FileStat

        /// The file's size when it was written.
        var size: Int { stat.size }
    }

    /// The path → record table, built once on first use and shared by copies of the cache (whose
    /// records never change: mutating the cache makes a new one).
    private final class RecordIndex: @unchecked Sendable {
        private let lock = NSLock()
        private var positions: [String: Int]?

        func position(of path: String, in cache: StampCache) -> Int? {
            lock.withLock {
                if positions == nil {
                    var made: [String: Int] = [:]
                    made.reserveCapacity(cache.starts.count)
                    // A path listed twice: the later record counts, as it always did.
                    for position in cache.starts.indices { made[cache.path(at: position)] = position }
                    positions = made
                }
                return positions![path]
            }
        }
    }

    init() {}

    init(entries: [String: Entry]) {
        for path in entries.keys.sorted() {
            starts.append(bytes.count)
            Self.appendRecord(path: path, entry: entries[path]!, to: &bytes)
        }
    }

    /// How many records the cache has.
    var count: Int { starts.count }

    /// Where the path of record `position` is in `bytes`.
    private func pathRange(at position: Int) -> Range<Int> {
        let start = starts[position] + Self.fixedSize
        return start..<(start + Int(Self.load(UInt32.self, from: bytes, at: start - 4)))
    }

    /// The path of the record at `position`.
    func path(at position: Int) -> String {
        String(decoding: bytes[pathRange(at: position)], as: UTF8.self)
    }

    /// Calls `body` with the path of the record at `position` as a C string, in place.
    func withPath<Result>(at position: Int, _ body: (UnsafePointer<CChar>) -> Result) -> Result {
        let range = pathRange(at: position)
        return bytes.withUnsafeBufferPointer { buffer in
            (buffer.baseAddress! + range.lowerBound).withMemoryRebound(to: CChar.self, capacity: range.count + 1, body)
        }
    }

    /// The entry of the record at `position`.
    func entry(at position: Int) -> Entry {
        let start = starts[position]
        let words = SIMD4<UInt64>(
            UInt64(bigEndian: Self.load(UInt64.self, from: bytes, at: start)),
            UInt64(bigEndian: Self.load(UInt64.self, from: bytes, at: start + 8)),
            UInt64(bigEndian: Self.load(UInt64.self, from: bytes, at: start + 16)),
            UInt64(bigEndian: Self.load(UInt64.self, from: bytes, at: start + 24)))
        let stat = FileStat(
            size: Int(truncatingIfNeeded: Self.load(UInt64.self, from: bytes, at: start + 32)),
            inode: Self.load(UInt64.self, from: bytes, at: start + 40),
            seconds: Int(truncatingIfNeeded: Self.load(UInt64.self, from: bytes, at: start + 48)),
            nanoseconds: Int(truncatingIfNeeded: Self.load(UInt64.self, from: bytes, at: start + 56)))
        return Entry(fingerprint: Fingerprint(words: words), stat: stat)
    }

    /// The record of `path`: `position` when the file has it there (the plan kept its order:
    /// bytes compared, nothing looked up), else looked up.
    func position(of path: String, at position: Int) -> Int? {
        isPath(path, at: position) ? position : index.position(of: path, in: self)
    }

    /// The entry at `position` when it is `path`'s; no lookup elsewhere.
    func entry(at position: Int, ifPath path: String) -> Entry? {
        isPath(path, at: position) ? entry(at: position) : nil
    }

    /// Whether the record at `position` is `path`'s.
    private func isPath(_ path: String, at position: Int) -> Bool {
        guard position >= 0, position < starts.count else { return false }
        let range = pathRange(at: position)
        return path.withUTF8Bytes { utf8 in
            utf8.count == range.count
                && bytes.withUnsafeBufferPointer {
                    memcmp($0.baseAddress! + range.lowerBound, utf8.baseAddress!, range.count) == 0
                }
        }
    }

    /// The entry for `path`, if the cache has one.
    func entry(for path: String) -> Entry? {
        index.position(of: path, in: self).map(entry(at:))
    }

    /// Output path → the fingerprint and ``FileStat`` of the file written there.
    var entries: [String: Entry] {
        get {
            var entries: [String: Entry] = [:]
            for position in starts.indices { entries[path(at: position)] = entry(at: position) }
            return entries
        }
        set { self = StampCache(entries: newValue) }
    }

    static func == (lhs: StampCache, rhs: StampCache) -> Bool {
        lhs.entries == rhs.entries
    }

    /// The file: ``magic`` and a record per entry, by path.
    func encoded() -> Data {
        let entries = self.entries
        let paths = entries.keys.sorted()
        return Data(Self.encoded(count: paths.count) { (paths[$0], entries[paths[$0]]!) })
    }

    /// The file for `count` entries, in the order `entry` gives them (the writer's: the plan's,
    /// with no sort and no array of them first).
    static func encoded(count: Int, entry: (Int) -> (path: String, entry: Entry)) -> [UInt8] {
        var out = magic
        out.reserveCapacity(magic.count + count * (fixedSize + 32))
        for index in 0..<count {
            let (path, entry) = entry(index)
            appendRecord(path: path, entry: entry, to: &out)
        }
        return out
    }

    /// Appends the record of `entry` at `path`.
    static func appendRecord(path: String, entry: Entry, to out: inout [UInt8]) {
        let words = entry.fingerprint.words
        for i in 0..<4 { append(words[i].bigEndian, to: &out) }
        append(UInt64(truncatingIfNeeded: entry.stat.size), to: &out)
        append(entry.stat.inode, to: &out)
        append(UInt64(truncatingIfNeeded: entry.stat.seconds), to: &out)
        append(UInt64(truncatingIfNeeded: entry.stat.nanoseconds), to: &out)
        append(UInt32(truncatingIfNeeded: path.utf8.count), to: &out)
        out += path.utf8
        out.append(0)
    }

    /// Appends `value`'s bytes as they are in memory, little-endian (`bigEndian` was applied to
    /// the fingerprint's words, so they keep the digest's order).
    private static func append<Value: FixedWidthInteger>(_ value: Value, to out: inout [UInt8]) {
        withUnsafeBytes(of: value.littleEndian) { out.append(contentsOf: $0) }
    }

    /// The little-endian `Value` at `offset`.
    private static func load<Value: FixedWidthInteger>(_: Value.Type, from bytes: [UInt8], at offset: Int) -> Value {
        bytes.withUnsafeBytes { Value(littleEndian: $0.loadUnaligned(fromByteOffset: offset, as: Value.self)) }
    }

    /// Reads `url`; anything unreadable or malformed counts as no cache at all.
    static func read(from url: URL) -> StampCache {
        found(at: url).value ?? StampCache()
    }

    /// The cache at `url`: none when there is no file, damaged when it is malformed.
    static func found(at url: URL) -> FoundCache<StampCache> {
        // Read straight into the cache's own array (no copy of 17 MB at 100k links).
        guard let bytes = FileBytes.array(url.path) else { return .none }
        return parse(bytes).map { .whole($0) } ?? .damaged
    }

    /// The records of ``encoded()``, checked and indexed in place: a 100k-link site has 200k of
    /// them, and a rebuild reads them before it can skip anything. Nil when the file does not
    /// start with ``magic`` or any record is malformed.
    static func parse(_ bytes: [UInt8]) -> StampCache? {
        bytes.withUnsafeBufferPointer { file in
            guard file.count >= magic.count, file.prefix(magic.count).elementsEqual(magic) else { return nil }
            var cache = StampCache()
            cache.bytes = bytes
            return cache.indexed(file) ? cache : nil
        }
    }

    /// Finds where each record of `file` (this cache's bytes) starts; false when one is malformed.
    private mutating func indexed(_ file: UnsafeBufferPointer<UInt8>) -> Bool {
        let magic = Self.magic
        let fixedSize = Self.fixedSize
        var start = magic.count
        while start < file.count {
            guard file.count - start >= fixedSize else { return false }
            let pathStart = start + fixedSize
            let length = Int(
                UInt32(littleEndian: UnsafeRawPointer(file.baseAddress! + pathStart - 4).loadUnaligned(as: UInt32.self))
            )
            guard length > 0, file.count - pathStart > length, file[pathStart + length] == 0 else { return false }
            let path = UnsafeBufferPointer(rebasing: file[pathStart..<(pathStart + length)])
            // Valid UTF-8, checked in place; no NUL, which no file name has and which would end
            // the path where the writer stats it.
            guard !path.contains(0), UTF8Check.isValid(path) else { return false }
            starts.append(start)
            start = pathStart + length + 1
        }
        return true
    }
}
