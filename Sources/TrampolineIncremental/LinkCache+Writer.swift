import Crypto
import Foundation
import TrampolineModel
import TrampolineQR

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writing a link cache: a new file beside the old, put in place whole (appending a segment to
/// the old one is `LinkCache+Renewal.swift`).
extension LinkCache {
    /// Writes a new cache beside the old as entries come (from any thread, in any order), and
    /// puts it in place at ``commit()``: a killed build leaves the old file or the new, whole.
    package final class Writer: @unchecked Sendable {
        private let url: URL
        private let temporary: URL
        private let handle: FileHandle
        private var hasher = SHA256()
        private let lock = NSLock()
        private var seen: Set<UInt64> = []
        /// How many entries were written.
        private(set) var count = 0

        package init?(url: URL, key: [UInt8]) {
            let folder = url.deletingLastPathComponent()
            // Private to this user, like the work folders beside it (``PrivateFolder``); a cache
            // someone else planted is not trusted anyway (keyed with this user's secret).
            try? FileManager.default.createDirectory(
                at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            temporary = folder.appendingPathComponent(".\(url.lastPathComponent).\(getpid()).tmp")
            try? FileManager.default.removeItem(at: temporary)  // left by a killed build with this pid
            guard LinkCache.foldersAreReal(above: url) else { return nil }
            let descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
            guard descriptor >= 0 else { return nil }
            let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
            self.url = url
            self.handle = handle
            append(raw: LinkCache.magic + key)
        }

        /// Adds entries made by ``LinkCache/appendEntry(digest:encoding:line:file:to:)`` (or copied
        /// from an older file by ``LinkCache/entries(at:)``); an entry whose digest
        /// is already in the file is left out.
        package func append(_ chunk: [UInt8], digests: [UInt64]) {
            guard !chunk.isEmpty else { return }
            lock.withLock {
                let fresh = digests.allSatisfy { seen.insert($0).inserted }
                // A repeated entry (two links with the same text) would only be dead weight; the
                // rare chunk holding one is dropped whole, and those links are read again next time.
                guard fresh else { return }
                count += digests.count
                hasher.update(data: chunk)
                try? handle.write(contentsOf: chunk)
            }
        }

        /// Copies the entries of `cache` at `offsets` (each once, in file order), a few thousand at a time.
        package func appendEntries(of cache: LinkCache, at offsets: [Int]) {
            let kept = Set(offsets).sorted()
            for start in stride(from: 0, to: kept.count, by: 4096) {
                let taken = Array(kept[start..<min(start + 4096, kept.count)])
                let piece = cache.entries(at: taken)
                append(piece.bytes, digests: piece.digests)
                // Copied: the old file's pages go back as the copy moves on (a rebuild renews
                // a million links' cache while it plans, and its pages were all mapped in again).
                cache.release(entriesAt: taken)
            }
        }

        private func append(raw: [UInt8]) {
            hasher.update(data: raw)
            try? handle.write(contentsOf: raw)
        }

        /// Ends the file's one segment with its digest and renames it into place.
        package func commit() {
            lock.withLock {
                let digest = Array(hasher.finalize()) + LinkCache.segmentMarkBytes
                try? handle.write(contentsOf: digest)
                try? handle.close()
                if rename(temporary.path, url.path) != 0 { try? FileManager.default.removeItem(at: temporary) }
            }
        }

        /// Drops the new file: the old one stays.
        package func discard() {
            lock.withLock {
                try? handle.close()
                try? FileManager.default.removeItem(at: temporary)
            }
        }
    }

    /// The first 8 bytes of a digest: what entries are indexed by.
    package static func head(of digest: SHA256.Digest) -> UInt64 {
        digest.withUnsafeBytes { $0.loadUnaligned(as: UInt64.self) }
    }
}
