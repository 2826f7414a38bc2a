import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A file replaced whole: its bytes written to a new file beside it (never through a symbolic
/// link planted there), then renamed over it, so a killed build leaves the old file or the new.
/// For the local caches a build rewrites (the stamp cache, the catalog layout).
package enum AtomicFile {
    /// Writes `pieces`, one after another (no joined copy), as the file at `url`.
    package static func write(_ pieces: [[UInt8]], to url: URL) throws {
        try write(pieces: pieces.count, { pieces[$0] }, to: url)
    }

    /// Writes `piece(0)`, `piece(1)`, … `piece(count - 1)` as the file at `url`, each made
    /// just before it is written: only one is in memory at a time.
    package static func write(pieces count: Int, _ piece: (Int) -> [UInt8], to url: URL) throws {
        let temporary = url.deletingLastPathComponent().appendingPathComponent(
            ".\(url.lastPathComponent).\(getpid()).tmp")
        unlink(temporary.path)  // left by a killed build with this pid
        let descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: temporary.path])
        }
        do {
            let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
            for index in 0..<count { try handle.write(contentsOf: piece(index)) }
            try handle.close()
        } catch {
            unlink(temporary.path)
            throw error
        }
        guard rename(temporary.path, url.path) == 0 else {
            unlink(temporary.path)
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: url.path])
        }
    }
}
