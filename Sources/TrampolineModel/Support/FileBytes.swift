import Foundation

#if canImport(Glibc)
import Glibc
/// `read(2)`, named apart from ``FileBytes/read(_:)``.
private let systemRead = Glibc.read
#elseif canImport(Darwin)
import Darwin
private let systemRead = Darwin.read
#endif

/// A file's bytes read straight into a buffer the caller then owns (and deallocates, or hands to
/// a ``YAMLEventParser`` that takes it): a 40 MB catalog was read into `Data`, copied into a
/// `String` to check its UTF-8, then copied again for libyaml, each copy fresh memory to fault in.
package enum FileBytes {
    /// Why a file could not be read: the system's words.
    package struct ReadError: Error {
        package var reason: String
    }

    /// The bytes of the file at `path`, read to its end (even if it grows while being read).
    package static func read(_ path: String) throws(ReadError) -> UnsafeMutableBufferPointer<UInt8> {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw ReadError(reason: String(cString: strerror(errno))) }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw ReadError(reason: String(cString: strerror(errno))) }
        // One byte more than the file's size, so reaching it means the file grew.
        var buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: max(Int(info.st_size), 0) + 1)
        var count = 0
        while true {
            if count == buffer.count {
                let larger = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: buffer.count * 2)
                _ = larger.initialize(fromContentsOf: buffer)
                buffer.deallocate()
                buffer = larger
            }
            let got = systemRead(descriptor, buffer.baseAddress! + count, buffer.count - count)
            if got < 0 {
                if errno == EINTR { continue }
                let reason = String(cString: strerror(errno))
                buffer.deallocate()
                throw ReadError(reason: reason)
            }
            if got == 0 { break }
            count += got
        }
        return UnsafeMutableBufferPointer(rebasing: buffer[0..<count])
    }

    /// The bytes of the regular file at `path` as an array, read straight into it: nil when it
    /// cannot be read, is not a regular file, has not `size` bytes (when given: then nothing is
    /// read), or changes size while being read. For local caches, where nil means no cache, and
    /// for the writer's comparison of a file it would write with the one there. `accepting`, when
    /// given, judges the open file's `stat` first: nothing is read when it says no.
    package static func array(
        _ path: String, ifSize expected: Int? = nil, accepting: ((stat) -> Bool)? = nil
    ) -> [UInt8]? {
        guard let (descriptor, size, info) = openRegularFileWithStat(path) else { return nil }
        defer { close(descriptor) }
        if let expected, expected != size { return nil }
        if let accepting, !accepting(info) { return nil }
        var complete = false
        let bytes = [UInt8](unsafeUninitializedCapacity: size + 1) { buffer, initialized in
            while initialized < buffer.count {
                let got = systemRead(descriptor, buffer.baseAddress! + initialized, buffer.count - initialized)
                if got < 0, errno == EINTR { continue }
                guard got > 0 else { break }
                initialized += got
            }
            // Exactly the size stat'ed: one byte more means it grew.
            complete = initialized == size
        }
        return complete ? bytes : nil
    }

    /// The regular file at `path` opened for reading, with its size; nil when it cannot be opened
    /// or is not a regular file. The caller closes the descriptor.
    static func openRegularFile(_ path: String) -> (descriptor: Int32, size: Int)? {
        openRegularFileWithStat(path).map { ($0.descriptor, $0.size) }
    }

    /// ``openRegularFile(_:)``, with the open file's `stat`.
    static func openRegularFileWithStat(_ path: String) -> (descriptor: Int32, size: Int, info: stat)? {
        // O_NONBLOCK: a FIFO planted at the path must not hang the build (fstat rejects it next).
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { return nil }
        var info = stat()
        guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
            close(descriptor)
            return nil
        }
        return (descriptor, Int(info.st_size), info)
    }
}
