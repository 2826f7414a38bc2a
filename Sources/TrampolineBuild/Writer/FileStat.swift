#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What a file's `stat` says that any rewrite changes: size, inode and modification time (how git
/// and rsync judge a file unchanged). Held as numbers, so a rebuild of 100k pages compares 200k
/// of them without a string each; the stamp cache records the four numbers.
struct FileStat: Sendable, Equatable, Codable {
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
        self.init(info, time: info.st_mtimespec)
        #else
        self.init(info, time: info.st_mtim)
        #endif
    }

    /// The file's change stamp: its size and inode with its status-change time (ctime) in place
    /// of the modification time. Every write, rename, `chmod` or `utimes` sets the ctime to the
    /// clock's now and no call sets it to another value, so a file whose bytes were changed and
    /// its modification time put back (which the stat cannot tell) has a new one. A compact
    /// rebuild takes sealed entries from a lookup shard's file only while it has the change stamp
    /// recorded after the last write (``LookupEntryRecord``), instead of hashing the bytes of
    /// every shard it renders again.
    init(changeOf info: stat) {
        #if canImport(Darwin)
        self.init(info, time: info.st_ctimespec)
        #else
        self.init(info, time: info.st_ctim)
        #endif
    }

    private init(_ info: stat, time: timespec) {
        self.init(
            size: Int(info.st_size), inode: UInt64(info.st_ino), seconds: Int(time.tv_sec),
            nanoseconds: Int(time.tv_nsec))
    }

    /// The stat of the file at `path`, or nil when there is none.
    init?(path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        self.init(info)
    }

    /// The change stamp (``init(changeOf:)``) of the file at `path`, or nil when there is none.
    init?(changeOfPath path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        self.init(changeOf: info)
    }

    /// The stat of the file at `path` relative to the open folder `folder` (a descriptor), or nil
    /// when there is none: the kernel walks only the relative path's parts, not the folder's
    /// (a rebuild stats 200k files).
    init?(relativePath path: UnsafePointer<CChar>, in folder: Int32) {
        var info = stat()
        guard fstatat(folder, path, &info, 0) == 0 else { return nil }
        self.init(info)
    }
}
