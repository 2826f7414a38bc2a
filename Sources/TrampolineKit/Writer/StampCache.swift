import Foundation

/// What the last write left in each file it wrote: the fingerprint of the bytes and the file's
/// stat (size, inode, mtime). A file whose stat and fingerprint both still match need not be
/// rendered or read again. A local cache only: it lives in the ``WorkFolder``, never in the site,
/// and a missing, old or damaged one only costs time (every file is then rendered and compared).
struct StampCache: Sendable, Equatable {
    /// Output path → `fingerprint size:inode:mtime`.
    var entries: [String: Entry] = [:]

    struct Entry: Sendable, Equatable {
        var fingerprint: Fingerprint
        var stat: String

        /// The file's size when it was written: the first field of `stat`.
        var size: Int? { Int(stat.prefix { $0 != ":" }) }
    }

    /// One line per file: `fingerprint stat path`. Paths come last, so they may hold spaces.
    func encoded() -> Data {
        var out: [UInt8] = []
        out.reserveCapacity(entries.count * 140)
        for path in entries.keys.sorted() {
            let entry = entries[path]!
            out += entry.fingerprint.hex.utf8
            out.append(UInt8(ascii: " "))
            out += entry.stat.utf8
            out.append(UInt8(ascii: " "))
            out += path.utf8
            out.append(UInt8(ascii: "\n"))
        }
        return Data(out)
    }

    /// The cache of the output folder at `outputURL` (in its ``WorkFolder``).
    static func read(beside outputURL: URL) -> StampCache {
        read(from: WorkFolder(outputURL: outputURL).stamps)
    }

    /// Reads `url`; anything unreadable or malformed counts as no cache at all.
    static func read(from url: URL) -> StampCache {
        guard let data = try? Data(contentsOf: url) else { return StampCache() }
        var cache = StampCache()
        for line in data.split(separator: UInt8(ascii: "\n")) {
            let fields = line.split(separator: UInt8(ascii: " "), maxSplits: 2, omittingEmptySubsequences: false)
            guard fields.count == 3, !fields[1].isEmpty, !fields[2].isEmpty,
                  let fingerprint = Fingerprint(hex: String(decoding: fields[0], as: UTF8.self)),
                  let path = String(validating: fields[2], as: UTF8.self)
            else { return StampCache() }
            cache.entries[path] = Entry(fingerprint: fingerprint, stat: String(decoding: fields[1], as: UTF8.self))
        }
        return cache
    }
}
