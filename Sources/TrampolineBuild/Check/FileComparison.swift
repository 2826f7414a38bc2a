#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Compares a file's bytes with what the build renders, for `check`: the size from `fstat`
/// first (a file of another size is changed without reading it), then one `read` into a buffer
/// the caller keeps for every file of its share, then `memcmp`.
struct FileComparison {
    private var buffer: [UInt8] = []

    mutating func compare(_ bytes: [UInt8], withFileAt path: String) -> CheckPass.FileState {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return .missing }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return .missing }
        guard Int(info.st_size) == bytes.count else { return .changed }
        if buffer.count < bytes.count + 1 { buffer = [UInt8](repeating: 0, count: max(bytes.count + 1, 64 * 1024)) }
        // One byte more than expected: a file that grew since the fstat reads as changed.
        let count = buffer.withUnsafeMutableBytes { Self.readAll(descriptor, into: $0, limit: bytes.count + 1) }
        guard count == bytes.count else { return .changed }
        let equal = buffer.withUnsafeBytes { disk in
            bytes.withUnsafeBytes { built in
                built.count == 0 || memcmp(disk.baseAddress!, built.baseAddress!, built.count) == 0
            }
        }
        return equal ? .same : .changed
    }

    /// Reads until `limit` bytes or the end of the file; the count read (-1 on an error).
    private static func readAll(_ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer, limit: Int) -> Int {
        var total = 0
        while total < limit {
            let n = read(descriptor, buffer.baseAddress! + total, limit - total)
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { return n < 0 ? -1 : total }
            total += n
        }
        return total
    }
}
