import Foundation
#if canImport(Glibc)
import Glibc
/// `write(2)`, named apart from ``SiteWriter/write(_:progress:)``.
private let systemWrite = Glibc.write
#elseif canImport(Darwin)
import Darwin
private let systemWrite = Darwin.write
#endif

/// Applies a ``SitePlan`` to an output folder: each file atomically (temporary file + rename),
/// unchanged files left alone (their mtime kept, so sync tools upload only changes), the AASA last,
/// and pages of removed links deleted through the manifest.
public struct SiteWriter: Sendable {
    public var outputURL: URL

    public init(outputURL: URL) {
        self.outputURL = outputURL
    }

    /// What a write did.
    public struct Summary: Sendable, Equatable {
        public var written: [String] = []
        public var unchanged: [String] = []
        public var removed: [String] = []
    }

    /// Where new files are written before they are renamed into place: inside the output folder,
    /// so the rename never crosses file systems, and in a folder of its own, so a killed run leaves
    /// no partial file among the site's files. Cleared at the start and end of every write.
    public static let stagingFolder = ".trampoline-staging"

    /// Applies `plan`. `progress` is called with (files done, files in all) about a hundred times
    /// over the write, from any thread, so a terminal can show progress on large sites.
    @discardableResult
    public func write(_ plan: SitePlan, progress: (@Sendable (_ done: Int, _ total: Int) -> Void)? = nil) throws -> Summary {
        let fm = FileManager.default
        try fm.createDirectory(at: outputURL, withIntermediateDirectories: true)
        let staging = outputURL.appendingPathComponent(Self.stagingFolder)
        try? fm.removeItem(at: staging)
        try fm.createDirectory(at: staging, withIntermediateDirectories: true)
        defer { try? fm.removeItem(at: staging) }
        let previous = Manifest.read(from: outputURL)
        let planned = plan.pathSet
        // Record the union first: if this run dies half-way, the next one still knows every file
        // it may have written and can clean them up. Fingerprints stay the previous ones until
        // the pages they describe are in place.
        if !planned.isSubset(of: previous.paths) {
            let intent = Manifest(paths: previous.paths.union(planned), fingerprints: previous.fingerprints)
            try writeIfChanged(intent.encoded(), to: Manifest.fileName, stagingName: "manifest-intent")
        }
        let folders = FolderMaker(root: outputURL.path)
        let outcome = Outcome(total: plan.count, progress: progress)
        let outputPath = outputURL.path
        try plan.forEachFile(skip: { path, fingerprint in
            // Same inputs as when the page was written, and the file is still that very file (same
            // size, inode and mtime, as git and rsync judge it): the bytes would be the same, so
            // neither render nor compare it. A run killed after replacing the file changes its
            // inode and mtime, so a stale fingerprint is never trusted.
            guard let fingerprint, let recorded = previous.fingerprints[path],
                  let stamp = Self.stamp(outputPath + "/" + path),
                  recorded == "\(fingerprint):\(stamp)"
            else { return false }
            outcome.record(path, written: false, fingerprint: recorded)
            return true
        }) { path, fingerprint, data in
            // A folder made just now holds no file to compare with.
            let isNewFolder = try folders.make(for: path)
            let target = outputPath + "/" + path
            var stamp: String?
            let written: Bool
            if !isNewFolder, let existing = Self.contents(of: target, ifSize: data.count), existing == data {
                written = false
                stamp = fingerprint == nil ? nil : Self.stamp(target)
            } else {
                stamp = try writeAtomically(data, to: path, stagingName: Self.stagingName(for: path))
                written = true
            }
            outcome.record(path, written: written, fingerprint: fingerprint.flatMap { fingerprint in stamp.map { "\(fingerprint):\($0)" } })
        }
        var summary = outcome.summary
        for path in previous.paths.subtracting(planned).sorted() {
            let url = outputURL.appendingPathComponent(path)
            // Only a regular file reached through real folders: a symbolic link planted in the
            // output folder must not make the build delete anything outside it.
            guard Self.isRegularFileInsideRealFolders(path, root: outputURL.path) else { continue }
            try fm.removeItem(at: url)
            summary.removed.append(path)
            removeEmptyParents(of: path)
        }
        try writeIfChanged(Manifest(paths: planned, fingerprints: outcome.fingerprints).encoded(), to: Manifest.fileName, stagingName: "manifest")
        return summary
    }

    /// `size:inode:mtime` of a file, or nil when there is none.
    static func stamp(_ path: String) -> String? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return stamp(info)
    }

    static func stamp(_ info: stat) -> String {
        #if canImport(Darwin)
        let mtime = info.st_mtimespec
        #else
        let mtime = info.st_mtim
        #endif
        return "\(info.st_size):\(info.st_ino):\(mtime.tv_sec).\(mtime.tv_nsec)"
    }

    /// True when `path` (relative to `root`) is a regular file and every folder above it, below
    /// `root`, is a folder and not a symbolic link.
    static func isRegularFileInsideRealFolders(_ path: String, root: String) -> Bool {
        var current = root
        var info = stat()
        let components = path.split(separator: "/")
        for (i, component) in components.enumerated() {
            current += "/" + component
            guard lstat(current, &info) == 0 else { return false }
            let type = info.st_mode & S_IFMT
            if i == components.count - 1 { return type == S_IFREG }
            guard type == S_IFDIR else { return false }
        }
        return false
    }

    /// The bytes of the file at `path` if it exists and has `size` bytes (else nil, without reading).
    static func contents(of path: String, ifSize size: Int) -> Data? {
        // O_NONBLOCK: a FIFO planted at a page's path must not hang the build (fstat rejects it next).
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, Int(info.st_size) == size else { return nil }
        var data = Data(count: size)
        let complete = data.withUnsafeMutableBytes { buffer in
            var offset = 0
            while offset < size {
                let count = read(descriptor, buffer.baseAddress! + offset, size - offset)
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { return false }
                offset += count
            }
            return true
        }
        return complete ? data : nil
    }

    /// The manifest too keeps its mtime when nothing changed.
    func writeIfChanged(_ data: Data, to path: String, stagingName: String) throws {
        if Self.contents(of: outputURL.path + "/" + path, ifSize: data.count) == data { return }
        try writeAtomically(data, to: path, stagingName: stagingName)
    }

    /// Writes into the staging folder and renames over the target: readers see the old file or
    /// the new one, whole.
    /// `stagingName` is unique within one write. Returns the new file's ``stamp(_:)``.
    @discardableResult
    func writeAtomically(_ data: Data, to path: String, stagingName: String) throws -> String {
        let target = outputURL.path + "/" + path
        let temporary = outputURL.path + "/" + Self.stagingFolder + "/" + stagingName
        // Plain POSIX writes: FileManager.createFile makes its own temporary file, fsync and
        // rename, which tripled the cost per page on a real disk. A rename is what makes the
        // replacement atomic; a kill -9 cannot leave a partial file among the site's files.
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw WriteError(path: path, reason: String(cString: strerror(errno)))
        }
        var failure: Int32 = 0
        data.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = systemWrite(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    failure = errno
                    return
                }
                offset += written
            }
        }
        // The stamp from the open file: a rename keeps size, inode and mtime.
        var info = stat()
        if failure == 0, fstat(descriptor, &info) != 0 { failure = errno }
        if close(descriptor) != 0, failure == 0 { failure = errno }
        if failure == 0, rename(temporary, target) != 0 { failure = errno }
        if failure != 0 {
            unlink(temporary)
            throw WriteError(path: path, reason: String(cString: strerror(failure)))
        }
        return Self.stamp(info)
    }

    /// A staging file name unique to `path`: the path flattened, or a random name when too long.
    static func stagingName(for path: String) -> String {
        guard path.utf8.count < 200 else { return UUID().uuidString }
        return String(decoding: path.utf8.map { $0 == UInt8(ascii: "/") ? UInt8(ascii: "%") : $0 }, as: UTF8.self)
    }

    /// Folders left empty by removed pages go too, up to the output folder itself.
    func removeEmptyParents(of path: String) {
        var components = path.split(separator: "/").dropLast()
        while !components.isEmpty {
            let url = outputURL.appendingPathComponent(components.joined(separator: "/"))
            guard let contents = try? FileManager.default.contentsOfDirectory(atPath: url.path), contents.isEmpty else { return }
            try? FileManager.default.removeItem(at: url)
            components = components.dropLast()
        }
    }

    /// Collects what concurrent writes did.
    final class Outcome: @unchecked Sendable {
        private let lock = NSLock()
        private var written: [String] = []
        private var unchanged: [String] = []
        private let total: Int
        private let step: Int
        private let progress: (@Sendable (Int, Int) -> Void)?

        init(total: Int, progress: (@Sendable (Int, Int) -> Void)?) {
            self.total = total
            self.step = max(1, total / 100)
            self.progress = progress
        }

        private(set) var fingerprints: [String: String] = [:]

        func record(_ path: String, written isWritten: Bool, fingerprint: String? = nil) {
            let done: Int = lock.withLock {
                if isWritten { written.append(path) } else { unchanged.append(path) }
                if let fingerprint { fingerprints[path] = fingerprint }
                return written.count + unchanged.count
            }
            if let progress, done % step == 0 || done == total { progress(done, total) }
        }

        var summary: Summary {
            lock.withLock { Summary(written: written.sorted(), unchanged: unchanged.sorted(), removed: []) }
        }
    }

    public struct WriteError: Error, CustomStringConvertible {
        public var path: String
        public var reason: String
        public var description: String { "cannot write \(path): \(reason)" }
    }
}
