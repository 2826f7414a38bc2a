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
        let mtime = info.st_mtimespec
        #else
        let mtime = info.st_mtim
        #endif
        self.init(
            size: Int(info.st_size), inode: UInt64(info.st_ino), seconds: Int(mtime.tv_sec),
            nanoseconds: Int(mtime.tv_nsec))
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
}
