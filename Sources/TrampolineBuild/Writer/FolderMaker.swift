import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Creates the folders above output files, from any thread, never through a symbolic link: a
/// link planted in the output folder must not make the build write outside it.
final class FolderMaker: @unchecked Sendable {
    private let root: String
    /// The root folder, open (-1 if it could not be opened): folders, and the files a writer
    /// creates with ``location(of:)``, are made relative to it, so the kernel walks a page's own
    /// two or three path components instead of the root's half-dozen again on every call
    /// (a tenth of the time a first build spends creating files).
    private let descriptor: Int32
    private let lock = NSLock()
    /// Folders known to be real folders, relative to the root.
    private var known: Set<String> = [""]

    init(root: String) {
        self.root = root
        descriptor = open(root, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    }

    deinit {
        if descriptor >= 0 { close(descriptor) }
    }

    /// `relative` (a path below the root) as a folder descriptor and a path for the `*at` calls
    /// (`openat`, `mkdirat`): relative to the open root, or the full path if the root is not open.
    func location(of relative: String) -> (folder: Int32, path: String) {
        descriptor >= 0 ? (descriptor, relative) : (AT_FDCWD, root + "/" + relative)
    }

    /// Makes the folders above `path` (relative to the root). Returns true when the file's own
    /// folder did not exist before, so nothing can be at `path` yet.
    @discardableResult
    func make(for path: String) throws -> Bool {
        let utf8 = path.utf8
        guard let slash = utf8.lastIndex(of: UInt8(ascii: "/")) else { return false }
        // The folders not known yet, deepest first, found by walking up to the first known one:
        // a page's folder is usually new under a known parent (one lookup more, one mkdir, as
        // the write floor does), and its second file finds it known at once.
        let missing: [String] = lock.withLock {
            var missing: [String] = []
            var end = slash
            while true {
                let folder = String(path[..<end])
                if known.contains(folder) { break }
                missing.append(folder)
                guard let up = utf8[..<end].lastIndex(of: UInt8(ascii: "/")) else { break }
                end = up
            }
            return missing
        }
        var createdLast = false
        for relative in missing.reversed() {
            let (base, folder) = location(of: relative)
            // mkdir first: on a fresh build the folder is new, and mkdir never follows a final
            // link. Another thread making the same folder gets EEXIST and checks it like any other.
            if mkdirat(base, folder, 0o755) == 0 {
                createdLast = true
            } else {
                let failure = errno
                var info = stat()
                guard failure == EEXIST, fstatat(base, folder, &info, AT_SYMLINK_NOFOLLOW) == 0 else {
                    throw SiteWriter.WriteError(
                        path: path, reason: "cannot create \(relative): \(String(cString: strerror(failure)))")
                }
                guard (info.st_mode & S_IFMT) == S_IFDIR else {
                    throw SiteWriter.WriteError(
                        path: path,
                        reason: "\(relative) is not a folder (a symbolic link or a file); refusing to write through it")
                }
                createdLast = false
            }
            lock.withLock { _ = known.insert(relative) }
        }
        return createdLast
    }
}
