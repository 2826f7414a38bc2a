#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What a file's `stat` says that any rewrite changes: size, inode and modification time (how git
/// and rsync judge a file unchanged). Held as numbers, so a rebuild of 100k pages compares 200k
/// of them without a string each; the stamp cache writes it as `size:inode:seconds.nanoseconds`.
struct FileStat: Sendable, Equatable {
    var size: Int
    var inode: UInt64
    var seconds: Int
    var nanoseconds: Int

    init(size: Int, inode: UInt64, seconds: Int, nanoseconds: Int) {
        self.size = size
        self.inode = inode
        self.seconds = seconds
        self.nanoseconds = nanoseconds
    }

    init(_ info: stat) {
        #if canImport(Darwin)
        let mtime = info.st_mtimespec
        #else
        let mtime = info.st_mtim
        #endif
        self.init(size: Int(info.st_size), inode: UInt64(info.st_ino), seconds: Int(mtime.tv_sec), nanoseconds: Int(mtime.tv_nsec))
    }

    /// The stat of the file at `path`, or nil when there is none.
    init?(path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        self.init(info)
    }

    /// `size:inode:seconds.nanoseconds`.
    var text: String { "\(size):\(inode):\(seconds).\(nanoseconds)" }

    /// From the UTF-8 bytes of ``text``, read in place; nil for anything else.
    init?(text bytes: UnsafeBufferPointer<UInt8>) {
        var position = 0
        func number(until end: UInt8?, signed: Bool = false) -> Int? {
            var negative = false
            if signed, position < bytes.count, bytes[position] == UInt8(ascii: "-") { negative = true; position += 1 }
            let start = position
            var value = 0
            while position < bytes.count, bytes[position] != end {
                let digit = Int(bytes[position]) - Int(UInt8(ascii: "0"))
                guard (0...9).contains(digit), position - start < 18 else { return nil }
                value = value * 10 + digit
                position += 1
            }
            guard position > start, end == nil || position < bytes.count else { return nil }
            if end != nil { position += 1 }
            return negative ? -value : value
        }
        guard let size = number(until: UInt8(ascii: ":")), let inode = number(until: UInt8(ascii: ":")),
              let seconds = number(until: UInt8(ascii: "."), signed: true), let nanoseconds = number(until: nil)
        else { return nil }
        self.init(size: size, inode: UInt64(inode), seconds: seconds, nanoseconds: nanoseconds)
    }
}
