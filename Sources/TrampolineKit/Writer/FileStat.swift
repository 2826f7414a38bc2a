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

    /// The stat of the file at `path` relative to the open folder `folder` (a descriptor), or nil
    /// when there is none: the kernel walks only the relative path's parts, not the folder's
    /// (a rebuild stats 200k files).
    init?(relativePath path: UnsafePointer<CChar>, in folder: Int32) {
        var info = stat()
        guard fstatat(folder, path, &info, 0) == 0 else { return nil }
        self.init(info)
    }

    /// `size:inode:seconds.nanoseconds`.
    var text: String {
        var out: [UInt8] = []
        appendText(to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends ``text``, digit by digit (no string per number: the stamp cache writes 200k).
    func appendText(to out: inout [UInt8]) {
        DecimalText.append(size, to: &out)
        out.append(UInt8(ascii: ":"))
        DecimalText.append(inode, to: &out)
        out.append(UInt8(ascii: ":"))
        DecimalText.append(seconds, to: &out)
        out.append(UInt8(ascii: "."))
        DecimalText.append(nanoseconds, to: &out)
    }

    /// From the UTF-8 bytes of ``text``, read in place; nil for anything else.
    init?(text bytes: UnsafeBufferPointer<UInt8>) {
        var position = 0
        // Digits up to `end` (or the end), as a UInt64; nil when empty, not digits or too large.
        func digits(until end: UInt8?) -> UInt64? {
            let start = position
            var value: UInt64 = 0
            while position < bytes.count, bytes[position] != end {
                let digit = bytes[position] &- UInt8(ascii: "0")
                guard digit <= 9 else { return nil }
                let (times10, o1) = value.multipliedReportingOverflow(by: 10)
                let (sum, o2) = times10.addingReportingOverflow(UInt64(digit))
                guard !o1, !o2 else { return nil }
                value = sum
                position += 1
            }
            guard position > start, end == nil || position < bytes.count else { return nil }
            if end != nil { position += 1 }
            return value
        }
        func int(until end: UInt8) -> Int? {
            let negative = position < bytes.count && bytes[position] == UInt8(ascii: "-")
            if negative { position += 1 }
            guard let magnitude = digits(until: end), magnitude <= UInt64(Int.max) else { return nil }
            return negative ? -Int(magnitude) : Int(magnitude)
        }
        guard let size = int(until: UInt8(ascii: ":")), let inode = digits(until: UInt8(ascii: ":")),
              let seconds = int(until: UInt8(ascii: ".")), let nanoseconds = digits(until: nil), nanoseconds <= UInt64(Int.max)
        else { return nil }
        self.init(size: size, inode: inode, seconds: seconds, nanoseconds: Int(nanoseconds))
    }
}
