#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// Creates the folders above output files, from any thread, never through a symbolic link: a
/// link planted in the output folder must not make the build write outside it.
final class FolderMaker: @unchecked Sendable {
    private let root: String
    private let lock = NSLock()
    /// Folders known to be real folders, relative to the root.
    private var known: Set<String> = [""]

    init(root: String) {
        self.root = root
    }

    /// Makes the folders above `path` (relative to the root). Returns true when the file's own
    /// folder did not exist before, so nothing can be at `path` yet.
    @discardableResult
    func make(for path: String) throws -> Bool {
        // A folder already made or checked (every page's folder holds a second file): one
        // lookup, not one per level.
        if let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")), lock.withLock({ known.contains(String(path[..<slash])) }) {
            return false
        }
        var relative = ""
        var createdLast = false
        for component in path.split(separator: "/").dropLast() {
            relative += relative.isEmpty ? String(component) : "/\(component)"
            if lock.withLock({ known.contains(relative) }) {
                createdLast = false
                continue
            }
            let folder = root + "/" + relative
            // mkdir first: on a fresh build the folder is new, and mkdir never follows a final
            // link. Another thread making the same folder gets EEXIST and checks it like any other.
            if mkdir(folder, 0o755) == 0 {
                createdLast = true
            } else {
                let failure = errno
                var info = stat()
                guard failure == EEXIST, lstat(folder, &info) == 0 else {
                    throw SiteWriter.WriteError(path: path, reason: "cannot create \(relative): \(String(cString: strerror(failure)))")
                }
                guard (info.st_mode & S_IFMT) == S_IFDIR else {
                    throw SiteWriter.WriteError(path: path, reason: "\(relative) is not a folder (a symbolic link or a file); refusing to write through it")
                }
                createdLast = false
            }
            lock.withLock { _ = known.insert(relative) }
        }
        return createdLast
    }
}
