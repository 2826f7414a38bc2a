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
enum FileBytes {
    /// Why a file could not be read: the system's words.
    struct ReadError: Error {
        var reason: String
    }

    /// The bytes of the file at `path`, read to its end (even if it grows while being read).
    static func read(_ path: String) throws(ReadError) -> UnsafeMutableBufferPointer<UInt8> {
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
}
