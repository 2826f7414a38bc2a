import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Folders of the tool's own beside the project or the output (`.trampoline/…`): made private to
/// this user (0700), and used only when each is a real folder of this user's that no one else can
/// write into. Another user who can create folders in the parent (`/tmp`, a shared folder) could
/// otherwise plant symbolic links in them for a build to write through, or a cache to be trusted.
package enum PrivateFolder {
    /// Makes each missing folder from `root` (exclusive) down to `url` (0700) and checks every one;
    /// the first problem found, as a sentence, or nil when all are safe.
    package static func make(_ url: URL, below root: URL) -> String? {
        for level in levels(of: url, below: root) {
            if mkdir(level.path, 0o700) != 0, errno != EEXIST {
                return "it cannot be created (\(String(cString: strerror(errno))))"
            }
            if let problem = problem(with: level.path) { return problem }
        }
        return nil
    }

    /// Whether every folder from `root` (exclusive) down to `url` is there and safe.
    package static func isTrusted(_ url: URL, below root: URL) -> Bool {
        levels(of: url, below: root).allSatisfy { problem(with: $0.path) == nil }
    }

    /// The folders from just below `root` down to `url`.
    private static func levels(of url: URL, below root: URL) -> [URL] {
        let base = root.standardizedFileURL.path
        var levels: [URL] = []
        var current = url.standardizedFileURL
        while current.path.count > base.count, current.path.hasPrefix(base) {
            levels.append(current)
            current = current.deletingLastPathComponent()
        }
        return levels.reversed()
    }

    /// What makes the folder at `path` unsafe to work in, or nil.
    static func problem(with path: String) -> String? {
        var info = stat()
        guard lstat(path, &info) == 0 else { return "it cannot be read (\(String(cString: strerror(errno))))" }
        switch info.st_mode & S_IFMT {
        case S_IFDIR: break
        case S_IFLNK: return "the work folder is a symbolic link"
        default: return "the work folder is not a folder"
        }
        if info.st_uid != geteuid() { return "the work folder belongs to another user (uid \(info.st_uid))" }
        if info.st_mode & 0o022 != 0 { return "the work folder is writable by other users" }
        return nil
    }
}
