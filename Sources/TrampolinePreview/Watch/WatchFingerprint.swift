import Foundation

/// The state of the files a build reads (the catalog and the Templates folder beside it), cheap to
/// take every few hundred milliseconds: each file's name, size, modification time and inode, so
/// in-place saves and editors' rename-over saves are both seen.
struct WatchFingerprint: Equatable, Sendable {
    struct Entry: Equatable, Sendable {
        var path: String
        var size: UInt64
        var modified: Double
        var inode: UInt64
    }

    var entries: [Entry]

    /// `data` are the files the catalog's links come from (``Catalog/dataFiles``, relative to the
    /// catalog's folder): a links file or an items file saved rebuilds the site too.
    static func take(config: URL, templates: URL, data: [String] = []) -> WatchFingerprint {
        var entries: [Entry] = []
        entries.append(entry(for: config.path) ?? Entry(path: config.path, size: 0, modified: 0, inode: 0))
        let folder = config.deletingLastPathComponent()
        for name in data {
            let path = folder.appendingPathComponent(name).path
            entries.append(entry(for: path) ?? Entry(path: path, size: 0, modified: 0, inode: 0))
        }
        if let names = try? FileManager.default.contentsOfDirectory(atPath: templates.path) {
            for name in names.sorted() {
                if let entry = entry(for: templates.appendingPathComponent(name).path) { entries.append(entry) }
            }
        }
        return WatchFingerprint(entries: entries)
    }

    /// How far a file's modification time may lag the wall clock: the kernel stamps files from a
    /// coarse clock, so a save just after a build began can carry an earlier time.
    static let clockSlack: Double = 1

    /// This fingerprint with the named data files marked unseen when they changed at or after
    /// `since`, so the next poll sees them as changed.
    func forgetting(data names: Set<String>, in config: URL, modifiedSince since: Double) -> WatchFingerprint {
        let folder = config.deletingLastPathComponent()
        let paths = Set(names.map { folder.appendingPathComponent($0).path })
        var copy = self
        for index in copy.entries.indices
        where paths.contains(copy.entries[index].path) && copy.entries[index].modified >= since {
            copy.entries[index].modified = -1
        }
        return copy
    }

    static func entry(for path: String) -> Entry? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        #if canImport(Darwin)
        let modified = Double(info.st_mtimespec.tv_sec) + Double(info.st_mtimespec.tv_nsec) / 1e9
        #else
        let modified = Double(info.st_mtim.tv_sec) + Double(info.st_mtim.tv_nsec) / 1e9
        #endif
        return Entry(path: path, size: UInt64(info.st_size), modified: modified, inode: UInt64(info.st_ino))
    }
}
