import Crypto
import Dispatch
import Foundation
import TrampolineModel

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How a rebuild keeps a link cache it read up to date. An entry missing from the cache is only
/// read the plain way (a few microseconds), while a new file is a pass over all of it, hashed
/// whole: so the entries a rebuild read anew go into a segment appended to the file (hashed alone,
/// chained to the one before) while the file's unused entries stay under a tenth of it, and a new
/// file of the used and new entries is written only past that, past ``segmentLimit`` segments,
/// for a small cache (under 10,000 entries, where a new file costs little), or over a file with
/// a damaged tail. `LinkCacheTests` hold both ways to the same links.
extension LinkCache {
    /// What a rebuild does with the cache it read.
    package enum Renewal: Equatable, Sendable {
        /// Nothing changed, or too little to be worth a write.
        case keep
        /// The new entries appended as a segment.
        case append
        /// A new file of the used and the new entries.
        case rewrite
    }

    /// How many segments a file may have before a rebuild writes it anew.
    static let segmentLimit = 16

    /// A segment's mark, as its bytes (little-endian).
    static var segmentMarkBytes: [UInt8] { withUnsafeBytes(of: segmentMark.littleEndian) { Array($0) } }

    /// What a rebuild that took `used` of this cache's entries and read `new` entries to record does.
    package func renewal(used: Int, new: Int) -> Renewal {
        Self.renewal(entries: count, used: used, new: new, segments: segments, isWhole: isWhole)
    }

    /// What a rebuild does with a cache of `entries` in `segments`, whole or not, after taking
    /// `used` of them and reading `new` entries to record.
    static func renewal(entries: Int, used: Int, new: Int, segments: Int, isWhole: Bool) -> Renewal {
        let unused = entries - used
        guard new > 0 || unused > 0 else { return .keep }
        if !isWhole || entries < 10_000 || unused * 10 > entries { return .rewrite }
        guard new > 0 else { return .keep }
        return segments < segmentLimit ? .append : .rewrite
    }

    /// Brings the cache file at `url` (this cache's) up to date after a reading that took the
    /// entries at `used` from it and read `new` (chunks of entries as
    /// ``appendEntry(digest:encoding:line:file:defaults:to:)`` makes them, with their digests'
    /// heads), as ``renewal(used:new:)`` says; on another thread, in `group`. False when nothing
    /// was started.
    package func renew(at url: URL, used: [Int], new: [(bytes: [UInt8], digests: [UInt64])], in group: DispatchGroup)
        -> Bool
    {
        switch renewal(used: used.count, new: new.reduce(0) { $0 + $1.digests.count }) {
        case .keep:
            return false
        case .append:
            DispatchQueue.global().async(group: group) { _ = self.appendSegment(of: new, to: url) }
        case .rewrite:
            guard let writer = Writer(url: url, key: key) else { return false }
            DispatchQueue.global().async(group: group) {
                writer.appendEntries(of: self, at: used)
                for entry in new { writer.append(entry.bytes, digests: entry.digests) }
                writer.commit()
            }
        }
        return true
    }

    /// Appends `chunks` as one segment to the file at `url`, when it is still the file this cache
    /// mapped (same inode and size, reached through no symbolic link) and whole; in one write, so
    /// a build reading it meanwhile sees the segment whole or not yet. False when nothing was
    /// written. A segment cut short by a killed build, or chained to another build's, does not
    /// match its digest, and is left out when the file is read.
    func appendSegment(of chunks: [(bytes: [UInt8], digests: [UInt64])], to url: URL) -> Bool {
        guard isWhole, Self.foldersAreReal(above: url) else { return false }
        let descriptor = open(url.path, O_WRONLY | O_APPEND | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, UInt64(info.st_ino) == file.inode, Int(info.st_size) == file.bytes.count
        else { return false }
        var segment: [UInt8] = []
        segment.reserveCapacity(chunks.reduce(Self.segmentEndSize) { $0 + $1.bytes.count })
        for chunk in chunks { segment += chunk.bytes }
        var hasher = SHA256()
        hasher.update(data: lastDigest)
        hasher.update(data: segment)
        segment += hasher.finalize()
        segment += Self.segmentMarkBytes
        return segment.withUnsafeBytes { bytes in
            var offset = 0
            while offset < bytes.count {
                let written = write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
                if written < 0, errno == EINTR { continue }
                guard written > 0 else { return false }
                offset += written
            }
            return true
        }
    }
}
