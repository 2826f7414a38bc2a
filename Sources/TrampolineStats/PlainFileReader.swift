#if canImport(Glibc)
import Glibc

private let systemClose = Glibc.close
private let systemRead = Glibc.read
private let systemPread = Glibc.pread
#elseif canImport(Darwin)
import Darwin

private let systemClose = Darwin.close
private let systemRead = Darwin.read
private let systemPread = Darwin.pread
#endif

/// A file read with read(2), in the caller's buffer. Closed by ``close()`` (once) or on deinit.
final class PlainFileReader {
    private var descriptor: Int32
    let displayPath: String

    init(path: String, displayPath: String) throws(LogReadError) {
        self.displayPath = displayPath
        descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else {
            throw .unreadable(displayPath, String(cString: strerror(errno)))
        }
        var info = stat()
        if fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFDIR {
            _ = systemClose(descriptor)
            descriptor = -1
            throw .unreadable(displayPath, "it is a folder")
        }
    }

    deinit { close() }

    func close() {
        guard descriptor >= 0 else { return }
        _ = systemClose(descriptor)
        descriptor = -1
    }

    /// The file's first `count` bytes (fewer for a shorter file), without moving the read position.
    func peek(_ count: Int) throws(LogReadError) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: count)
        let read = bytes.withUnsafeMutableBytes { systemPread(descriptor, $0.baseAddress, count, 0) }
        guard read >= 0 else { throw .unreadable(displayPath, String(cString: strerror(errno))) }
        return Array(bytes.prefix(read))
    }

    /// Up to `capacity` bytes into `buffer`; 0 at the end.
    func read(into buffer: UnsafeMutablePointer<UInt8>, capacity: Int) throws(LogReadError) -> Int {
        guard descriptor >= 0 else { return 0 }
        while true {
            let count = systemRead(descriptor, buffer, capacity)
            if count >= 0 { return count }
            if errno == EINTR { continue }
            throw .unreadable(displayPath, String(cString: strerror(errno)))
        }
    }
}
