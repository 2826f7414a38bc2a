import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Files rendered while planning (the compact layout's lookup shards, rendered to check that
/// each fits), by index in the plan's entries, kept for the write so none is rendered twice.
///
/// The first ``memoryLimit`` bytes are held in memory. Past them, when the build has a spool
/// folder (a build that writes: its private ``WorkFolder``, made only then), the rest go to a
/// spool file there, unlinked as soon as it is made: nothing is left behind, even by a killed
/// build. A million
/// links' shards are about 350 MB, which would otherwise sit beside the links until the write.
/// `check` has no spool folder (it writes nothing), so it keeps every file in memory.
package final class RenderedFiles: @unchecked Sendable {
    /// Bytes held in memory before the spool takes the rest.
    let memoryLimit: Int
    /// Gives the folder the spool file is made in, asked once, when the first file passes the
    /// limit; nil (or nil from it) keeps every file in memory.
    private let spoolFolder: (@Sendable () -> URL?)?

    private let lock = NSLock()
    private var held: [Int: [UInt8]] = [:]
    private var spooled: [Int: Range<Int>] = [:]
    private var heldBytes = 0
    private var spoolEnd = 0
    /// The spool's descriptor once made; -1 before, or when it could not be made.
    private var spool: Int32 = -1
    private var spoolFailed = false

    /// The default ``memoryLimit``: a 100k-link site's shards (about 35 MB) stay in memory.
    package static let defaultMemoryLimit = 48 << 20

    /// Files spooled past `memoryLimit` bytes in the folder `makingSpoolFolder` gives.
    package init(
        makingSpoolFolder: (@Sendable () -> URL?)?, memoryLimit: Int = RenderedFiles.defaultMemoryLimit
    ) {
        self.spoolFolder = makingSpoolFolder
        self.memoryLimit = memoryLimit
    }

    /// Files spooled in `folder` past `memoryLimit` bytes; none with no folder.
    package convenience init(spoolFolder folder: URL? = nil, memoryLimit: Int = RenderedFiles.defaultMemoryLimit) {
        guard let folder else {
            self.init(makingSpoolFolder: nil, memoryLimit: memoryLimit)
            return
        }
        self.init(makingSpoolFolder: { folder }, memoryLimit: memoryLimit)
    }

    deinit {
        if spool >= 0 { close(spool) }
    }

    /// Keeps `bytes` as the file at `index`. Safe from every core at once; a spool that cannot
    /// be made or written only means the file is held in memory.
    func store(_ bytes: [UInt8], at index: Int) {
        let place: Range<Int>? = lock.withLock {
            guard heldBytes + bytes.count > memoryLimit, openSpool() else {
                heldBytes += bytes.count
                held[index] = bytes
                return nil
            }
            defer { spoolEnd += bytes.count }
            return spoolEnd..<(spoolEnd + bytes.count)
        }
        guard let place else { return }
        if write(bytes, at: place.lowerBound) {
            lock.withLock { spooled[index] = place }
        } else {
            lock.withLock {
                heldBytes += bytes.count
                held[index] = bytes
            }
        }
    }

    /// The bytes of the file at `index`, if it was rendered; nil also when the spool cannot be
    /// read back (the caller then renders the file again).
    package subscript(index: Int) -> [UInt8]? {
        let (bytes, place, descriptor) = lock.withLock { (held[index], spooled[index], spool) }
        if let bytes { return bytes }
        guard let place else { return nil }
        return Self.read(place, from: descriptor)
    }

    /// The indices of the files kept.
    package var indices: Set<Int> {
        lock.withLock { Set(held.keys).union(spooled.keys) }
    }

    /// How many files are kept.
    package var count: Int { lock.withLock { held.count + spooled.count } }

    /// How many of them are in the spool file rather than in memory.
    package var spooledCount: Int { lock.withLock { spooled.count } }

    /// Makes the spool file (under the lock) when there is none yet; whether there is one.
    private func openSpool() -> Bool {
        if spool >= 0 { return true }
        guard !spoolFailed, let folder = spoolFolder?() else {
            spoolFailed = true
            return false
        }
        var template = Array((folder.path + "/rendered-XXXXXX").utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else {
            spoolFailed = true
            return false
        }
        // Unlinked at once: the open descriptor keeps the file until the build ends.
        template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
        _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        spool = descriptor
        return true
    }

    /// Writes `bytes` at `offset` of the spool; false when it could not be written whole.
    private func write(_ bytes: [UInt8], at offset: Int) -> Bool {
        let descriptor = lock.withLock { spool }
        return bytes.withUnsafeBytes { buffer in
            var done = 0
            while done < buffer.count {
                let wrote = pwrite(descriptor, buffer.baseAddress! + done, buffer.count - done, off_t(offset + done))
                if wrote < 0, errno == EINTR { continue }
                guard wrote > 0 else { return false }
                done += wrote
            }
            return true
        }
    }

    /// The bytes at `place` of the spool `descriptor`; nil when they cannot be read whole.
    private static func read(_ place: Range<Int>, from descriptor: Int32) -> [UInt8]? {
        var complete = false
        let bytes = [UInt8](unsafeUninitializedCapacity: place.count) { buffer, initialized in
            var done = 0
            while done < place.count {
                let got = pread(
                    descriptor, buffer.baseAddress! + done, place.count - done, off_t(place.lowerBound + done))
                if got < 0, errno == EINTR { continue }
                guard got > 0 else { break }
                done += got
            }
            complete = done == place.count
            initialized = done
        }
        return complete ? bytes : nil
    }
}
