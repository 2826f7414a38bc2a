import Foundation

/// What the last write left in each file it wrote: the fingerprint of the bytes and the file's
/// stat (size, inode, mtime). A file whose stat and fingerprint both still match need not be
/// rendered or read again. A local cache only: it lives in the ``WorkFolder``, never in the site,
/// and a missing, old or damaged one only costs time (every file is then rendered and compared).
struct StampCache: Sendable, Equatable {
    /// Output path → the fingerprint and ``FileStat`` of the file written there.
    var entries: [String: Entry] = [:]

    struct Entry: Sendable, Equatable {
        var fingerprint: Fingerprint
        var stat: FileStat

        /// The file's size when it was written.
        var size: Int { stat.size }
    }

    /// One line per file: `fingerprint stat path`. Paths come last, so they may hold spaces.
    func encoded() -> Data {
        let paths = entries.keys.sorted()
        return Data(Self.encoded(count: paths.count) { (paths[$0], entries[paths[$0]]!) })
    }

    /// The lines of `count` entries, in the order `entry` gives them (the writer's: the plan's,
    /// with no sort and no array of them first: a 100k site's cache is over 20 MB).
    static func encoded(count: Int, entry: (Int) -> (path: String, entry: Entry)) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(count * 120)
        for index in 0..<count {
            let (path, entry) = entry(index)
            entry.fingerprint.appendHex(to: &out)
            out.append(UInt8(ascii: " "))
            entry.stat.appendText(to: &out)
            out.append(UInt8(ascii: " "))
            out += path.utf8
            out.append(UInt8(ascii: "\n"))
        }
        return out
    }

    /// Writes `bytes` to `url` atomically, without copying them into a `Data` first.
    static func write(_ bytes: [UInt8], to url: URL) throws {
        try bytes.withUnsafeBytes { buffer in
            guard let base = buffer.baseAddress else { return try Data().write(to: url, options: .atomic) }
            try Data(bytesNoCopy: UnsafeMutableRawPointer(mutating: base), count: buffer.count, deallocator: .none).write(to: url, options: .atomic)
        }
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
        // One entry a line: counted first, so the table is never grown (and rehashed) on the way.
        var lines = 0
        for byte in bytes where byte == newline { lines += 1 }
        cache.entries.reserveCapacity(lines + 1)
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
                guard statEnd > statStart, statEnd + 1 < end,
                      let path = String(validating: UnsafeBufferPointer(rebasing: bytes[(statEnd + 1)..<end]), as: UTF8.self)
                else { return nil }
                guard let stat = FileStat(text: UnsafeBufferPointer(rebasing: bytes[statStart..<statEnd])) else { return nil }
                cache.entries[path] = Entry(fingerprint: fingerprint, stat: stat)
            }
            start = end + 1
        }
        return cache
    }
}
