import Foundation

/// What the last write left in each file it wrote: the fingerprint of the bytes and the file's
/// stat (size, inode, mtime). A file whose stat and fingerprint both still match need not be
/// rendered or read again. A local cache only: it lives in the ``WorkFolder``, never in the site,
/// and a missing, old or damaged one only costs time (every file is then rendered and compared).
struct StampCache: Sendable, Equatable {
    /// The paths' bytes, one after another, each ended by a NUL so the writer can `stat` it in
    /// place (no string per path: a rebuild reads and stats 200k of them).
    private var text: [UInt8] = []
    /// The file's lines in its order (the last write's, which is the plan's): each entry and
    /// where its path is in `text`.
    private var lines: [Line] = []
    /// Path → line, made only when a path is not found at its position.
    private var index = LineIndex()

    struct Entry: Sendable, Equatable {
        var fingerprint: Fingerprint
        var stat: FileStat

        /// The file's size when it was written.
        var size: Int { stat.size }
    }

    private struct Line: Sendable {
        var entry: Entry
        var path: Range<Int>
    }

    /// The path → line table, built once on first use and shared by copies of the cache (whose
    /// lines never change: mutating the cache makes a new one).
    private final class LineIndex: @unchecked Sendable {
        private let lock = NSLock()
        private var positions: [String: Int]?

        func position(of path: String, in cache: StampCache) -> Int? {
            lock.withLock {
                if positions == nil {
                    var made: [String: Int] = [:]
                    made.reserveCapacity(cache.lines.count)
                    // A path listed twice: the later line counts, as it always did.
                    for position in cache.lines.indices { made[cache.path(at: position)] = position }
                    positions = made
                }
                return positions![path]
            }
        }
    }

    init() {}

    init(entries: [String: Entry]) {
        for path in entries.keys.sorted() { append(path: path.utf8, entry: entries[path]!) }
    }

    private mutating func append(path: some Collection<UInt8>, entry: Entry) {
        let start = text.count
        text.append(contentsOf: path)
        lines.append(Line(entry: entry, path: start..<text.count))
        text.append(0)
    }

    /// How many lines the cache has.
    var count: Int { lines.count }

    /// The path of the line at `position`.
    func path(at position: Int) -> String {
        String(decoding: text[lines[position].path], as: UTF8.self)
    }

    /// Calls `body` with the path of the line at `position` as a C string, in place.
    func withPath<Result>(at position: Int, _ body: (UnsafePointer<CChar>) -> Result) -> Result {
        text.withUnsafeBufferPointer { buffer in
            (buffer.baseAddress! + lines[position].path.lowerBound).withMemoryRebound(to: CChar.self, capacity: lines[position].path.count + 1, body)
        }
    }

    /// The entry of the line at `position`.
    func entry(at position: Int) -> Entry {
        lines[position].entry
    }

    /// The line of `path`: `position` when the file has it there (the plan kept its order:
    /// bytes compared, nothing looked up), else looked up.
    func position(of path: String, at position: Int) -> Int? {
        isPath(path, at: position) ? position : index.position(of: path, in: self)
    }

    /// The entry for `path`: read at `position` when the file has it there, else looked up.
    func entry(for path: String, at position: Int) -> Entry? {
        self.position(of: path, at: position).map { lines[$0].entry }
    }

    /// The entry at `position` when it is `path`'s; no lookup elsewhere.
    func entry(at position: Int, ifPath path: String) -> Entry? {
        isPath(path, at: position) ? lines[position].entry : nil
    }

    /// Whether the line at `position` is `path`'s.
    private func isPath(_ path: String, at position: Int) -> Bool {
        guard position >= 0, position < lines.count else { return false }
        let range = lines[position].path
        var path = path
        return path.withUTF8 { utf8 in
            utf8.count == range.count && text.withUnsafeBufferPointer { memcmp($0.baseAddress! + range.lowerBound, utf8.baseAddress!, range.count) == 0 }
        }
    }

    /// The entry for `path`, if the cache has one.
    func entry(for path: String) -> Entry? {
        index.position(of: path, in: self).map { lines[$0].entry }
    }

    /// Output path → the fingerprint and ``FileStat`` of the file written there.
    var entries: [String: Entry] {
        get {
            var entries: [String: Entry] = [:]
            for position in lines.indices { entries[path(at: position)] = lines[position].entry }
            return entries
        }
        set { self = StampCache(entries: newValue) }
    }

    static func == (lhs: StampCache, rhs: StampCache) -> Bool {
        lhs.entries == rhs.entries
    }

    /// One line per file: `fingerprint stat path`. Paths come last, so they may hold spaces.
    func encoded() -> Data {
        let entries = self.entries, paths = entries.keys.sorted()
        return Data(Self.encoded(count: paths.count) { (paths[$0], entries[paths[$0]]!) })
    }

    /// The lines of `count` entries, in the order `entry` gives them (the writer's: the plan's,
    /// with no sort and no array of them first: a 100k site's cache is over 20 MB).
    static func encoded(count: Int, entry: (Int) -> (path: String, entry: Entry)) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(count * 120)
        for index in 0..<count {
            let (path, entry) = entry(index)
            appendLine(path: path, entry: entry, to: &out)
        }
        return out
    }

    /// Appends the line of `entry` at `path`, with its line break.
    static func appendLine(path: String, entry: Entry, to out: inout [UInt8]) {
        entry.fingerprint.appendHex(to: &out)
        out.append(UInt8(ascii: " "))
        entry.stat.appendText(to: &out)
        out.append(UInt8(ascii: " "))
        out += path.utf8
        out.append(UInt8(ascii: "\n"))
    }

    /// Reads `url`; anything unreadable or malformed counts as no cache at all.
    static func read(from url: URL) -> StampCache {
        guard let data = try? Data(contentsOf: url) else { return StampCache() }
        return data.withUnsafeBytes { parse($0.bindMemory(to: UInt8.self)) } ?? StampCache()
    }

    /// The lines of ``encoded()`` (`fingerprint stat path`, blank lines skipped), read in place:
    /// a 100k-link site has 200k of them, and a rebuild reads them before it can skip anything.
    /// Nil when any line is malformed.
    static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> StampCache? {
        let newline = UInt8(ascii: "\n"), space = UInt8(ascii: " ")
        var cache = StampCache()
        var lineCount = 0
        for byte in bytes where byte == newline { lineCount += 1 }
        cache.lines.reserveCapacity(lineCount + 1)
        var start = 0
        while start < bytes.count {
            var end = start
            while end < bytes.count && bytes[end] != newline { end += 1 }
            if end > start {
                // 64 hex digits, a space, the stat up to the next space, a space, the path (the rest).
                let statStart = start + 65
                guard end > statStart, bytes[start + 64] == space,
                      let fingerprint = Fingerprint(hexBytes: UnsafeBufferPointer(rebasing: bytes[start..<(start + 64)]))
                else { return nil }
                var statEnd = statStart
                while statEnd < end && bytes[statEnd] != space { statEnd += 1 }
                guard statEnd > statStart, statEnd + 1 < end else { return nil }
                let path = UnsafeBufferPointer(rebasing: bytes[(statEnd + 1)..<end])
                // Valid UTF-8, checked without making a string when it is ASCII; no NUL, which
                // no file name has and which would end the path where the writer stats it.
                guard !path.contains(0), path.allSatisfy({ $0 < 0x80 }) || String(validating: path, as: UTF8.self) != nil,
                      let stat = FileStat(text: UnsafeBufferPointer(rebasing: bytes[statStart..<statEnd]))
                else { return nil }
                cache.append(path: path, entry: Entry(fingerprint: fingerprint, stat: stat))
            }
            start = end + 1
        }
        return cache
    }
}
