#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What a file's `stat` says that nothing can put back: its inode, size and status-change time
/// (ctime), which every write, rename, `chmod` or `utimes` sets to the clock's now and no call sets
/// to another value. A file whose bytes were changed and its modification time put back (which
/// ``FileStat`` cannot tell) has a new one. A compact rebuild takes sealed entries from a lookup
/// shard's file only while it has the change stamp recorded after the last write
/// (``LookupEntryRecord``), instead of hashing the bytes of every shard it renders again.
struct ChangeStamp: Sendable, Equatable {
    var inode: UInt64
    var size: Int
    var seconds: Int
    var nanoseconds: Int

    init(inode: UInt64, size: Int, seconds: Int, nanoseconds: Int) {
        self.inode = inode
        self.size = size
        self.seconds = seconds
        self.nanoseconds = nanoseconds
    }

    init(_ info: stat) {
        #if canImport(Darwin)
        let ctime = info.st_ctimespec
        #else
        let ctime = info.st_ctim
        #endif
        self.init(
            inode: UInt64(info.st_ino), size: Int(info.st_size), seconds: Int(ctime.tv_sec),
            nanoseconds: Int(ctime.tv_nsec))
    }

    /// The change stamp of the file at `path` (followed by `stat`, as the writer's stamps are), or
    /// nil when there is none.
    init?(path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        self.init(info)
    }

    /// What a record holds for a file it has no stamp of: inode 0 is no file's.
    static let none = ChangeStamp(inode: 0, size: 0, seconds: 0, nanoseconds: 0)
}
