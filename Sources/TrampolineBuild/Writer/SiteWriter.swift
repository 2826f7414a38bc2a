import Foundation
import TrampolineModel

#if canImport(Glibc)
import Glibc
/// `write(2)`, named apart from ``SiteWriter/write(_:progress:)``.
private let systemWrite = Glibc.write
#elseif canImport(Darwin)
import Darwin
private let systemWrite = Darwin.write
#endif

/// Writes files into an output folder: each atomically (staged beside the folder, then renamed
/// into place), unchanged files left alone (their mtime kept, so sync tools upload only changes),
/// the AASA last, and files of an earlier write that are no longer wanted removed through the
/// manifest. It knows nothing of templates or catalogs: it gets paths, fingerprints and bytes.
package struct SiteWriter: Sendable {
    package var outputURL: URL
    /// Whether a write into a missing or empty output folder takes ``writeFreshFolder(_:progress:)``;
    /// off only in the test that holds that path to the plain one.
    var usesFreshFolder = true

    /// Whether a write may go into a folder that holds files but no manifest of a write of
    /// Trampoline's (`--force`); otherwise that folder is someone's, and is refused.
    package var force = false

    package init(outputURL: URL, force: Bool = false) {
        self.outputURL = outputURL
        self.force = force
    }

    /// What a write did: paths in the order of the files given.
    package struct Summary: Sendable, Equatable {
        package var written: [String] = []
        package var unchanged: [String] = []
        package var removed: [String] = []
        /// The unchanged files that were not even rendered: the stamp cache proved them.
        package var reused: [String] = []
        /// The size in bytes of each file, in the order of the files given.
        package var sizes: [Int] = []
        /// Found while writing, by the caller that knows what the files are (the pages over the
        /// page budget, from ``sizes``).
        package var warnings: [Diagnostic] = []

        package init() {}
    }

    /// Writes `files` (in the plan's order, the AASA last). `progress` is called with (files
    /// done, files in all) about a hundred times over the write, from any thread, so a terminal
    /// can show progress on large sites.
    @discardableResult
    package func write(_ files: [OutputFile], progress: (@Sendable (_ done: Int, _ total: Int) -> Void)? = nil) throws
        -> Summary
    {
        try write(files, previous: readPrevious(), progress: progress)
    }

    /// ``write(_:progress:)`` with the previous state already read. The state is taken over and
    /// let go once every file is in place: its 17 MB of stamps at 100k links would otherwise
    /// stand beside the summary and the new stamp file, a rebuild's peak of memory.
    func write(
        _ files: [OutputFile], previous state: consuming Previous,
        progress: (@Sendable (_ done: Int, _ total: Int) -> Void)?
    ) throws -> Summary {
        // Asked once, before either way of writing: a file that appears in an empty folder while a
        // first build writes beside it is not a reason to stop half-way.
        if !force, let problem = Self.foreignContent(in: outputURL) {
            throw WriteError(
                path: outputURL.path, reason: problem,
                hint:
                    "build into an empty or new folder, or pass --force to write into this one anyway (its files of the same names are replaced)"
            )
        }
        if usesFreshFolder, FastPath.freshFolder.isOn, let summary = try writeFreshFolder(files, progress: progress) {
            return summary
        }
        let fm = FileManager.default
        let work = WorkFolder(outputURL: outputURL)
        try work.prepare()
        try fm.createDirectory(at: outputURL, withIntermediateDirectories: true)
        let staging = try Staging(at: work.staging)
        defer { staging.remove() }
        let previousCount = state.stamps.count
        let previousManifestStat = Self.recordedManifestStat(in: state.stamps)
        let applied = try apply(files, previous: consume state, staging: staging, progress: progress)
        let outcome = applied.outcome
        var removed: [String] = []
        if let previousPaths = applied.previousPaths {
            let planned = Set(files.map(\.path.value))
            for path in previousPaths.subtracting(planned).sorted() {
                let url = outputURL.appendingPathComponent(path)
                // Only a regular file reached through real folders: a symbolic link planted in the
                // output folder must not make the build delete anything outside it.
                guard Self.isRegularFileInsideRealFolders(path, root: outputURL.path) else { continue }
                try fm.removeItem(at: url)
                removed.append(path)
                removeEmptyParents(of: path)
            }
            try writeIfChanged(
                Manifest(paths: planned).encoded(), to: Manifest.path.value, staging: staging,
                stagingName: "manifest")
        } else if !applied.isCanonical {
            // The same set of files in a file of our own layout is the same bytes (encoding sorts
            // 200k paths: skip it); anything else is encoded and compared.
            try writeIfChanged(
                Manifest(paths: Set(files.map(\.path.value))).encoded(), to: Manifest.path.value, staging: staging,
                stagingName: "manifest")
        }
        // Best effort: without it the next write renders and compares every file. Not written
        // when it would say what it says: every file proven by its stamp, no other record, the
        // manifest unchanged. Encoded (200k records) on another thread while the summary is made.
        let manifestStat = FileStat(path: outputURL.path + "/" + Manifest.path.value)
        let stampsWritten = DispatchGroup()
        if outcome.reusedCount != files.count || previousCount != files.count + 1
            || manifestStat == nil || previousManifestStat != manifestStat
        {
            DispatchQueue.global().async(group: stampsWritten) {
                Self.writeStamps(of: files, outcome: outcome, manifest: manifestStat, to: work.stamps)
            }
        }
        var summary = outcome.summary(of: files)
        summary.removed = removed
        stampsWritten.wait()
        return summary
    }

    /// What putting every file in place gave: each file's outcome; the previous files' paths
    /// when they are not the same set as `files` (those left over are then removed); whether the
    /// previous manifest was in our own layout.
    private struct Applied {
        var outcome: Outcome
        var previousPaths: Set<String>?
        var isCanonical: Bool
    }

    /// Puts every file of `files` in place (the AASA last), each proven by its stamp, found
    /// unchanged, or written; `state` is let go when this returns.
    private func apply(
        _ files: [OutputFile], previous state: consuming Previous, staging: Staging,
        progress: (@Sendable (_ done: Int, _ total: Int) -> Void)?
    ) throws -> Applied {
        let stamps = state.stamps
        let records = state.recordPositions(of: files)
        // The plan's paths are distinct: all of them in the previous manifest, and as many, is
        // the same set (no set of 200k paths built to find that out when nothing was added). A
        // witnessed manifest lists the stamps' paths.
        let allKnown: Bool
        let sameSet: Bool
        if let manifest = state.manifest {
            allKnown = files.allSatisfy { manifest.paths.contains($0.path.value) }
            sameSet = allKnown && files.count == manifest.paths.count
        } else {
            allKnown = !records.contains(-1)
            sameSet = allKnown && files.count == stamps.count - 1
        }
        // The stamps' paths are filtered like a manifest's: a tampered cache must not make the
        // writer delete outside the folder.
        let previousPaths =
            sameSet
            ? nil
            : state.manifest?.paths
                ?? Set((0..<(stamps.count - 1)).map(stamps.path(at:)).filter(Manifest.isSafeRelativePath))
        // Record the union first: if this run dies half-way, the next one still knows every file
        // it may have written and can clean them up.
        if !allKnown, let previousPaths {
            try writeIfChanged(
                Manifest(paths: previousPaths.union(files.lazy.map(\.path.value))).encoded(), to: Manifest.path.value,
                staging: staging, stagingName: "manifest-intent")
        }
        let folders = FolderMaker(root: outputURL.path)
        let outcome = Outcome(total: files.count, progress: progress)
        let outputPath = outputURL.path
        let state = state
        @Sendable func apply(_ index: Int) throws {
            // Same fingerprint as when the file was written, and the file still that very file
            // (its stat as recorded, see `statMatches`): the bytes would be the same, so neither
            // render nor compare them. Checked before the file is copied out of the list: the
            // copy's retains and releases, for each of a rebuild's 200k files, from both cores.
            if let recorded = state.provenStamp(atRecord: records[index]),
                recorded.fingerprint == files[index].fingerprint
            {
                outcome.record(index, .reused, stamp: recorded)
                return
            }
            let file = files[index]
            let path = file.path.value
            let target = outputPath + "/" + path
            let data = file.bytes()
            // A folder made just now holds no file to compare with.
            let isNewFolder = try folders.make(for: path)
            if !isNewFolder, let existing = FileBytes.array(target, ifSize: data.count), existing == data,
                let stat = FileStat(path: target)
            {
                outcome.record(index, .unchanged, stamp: .init(fingerprint: file.fingerprint, stat: stat))
            } else {
                let stat = try writeAtomically(
                    data, to: path, staging: staging, stagingName: Self.stagingName(for: path))
                outcome.record(index, .written, stamp: .init(fingerprint: file.fingerprint, stat: stat))
            }
        }
        try Self.concurrentlyApply(apply, to: files.indices.filter { !files[$0].path.isClaimFile })
        // The AASA last, once every page it claims is in place.
        for index in files.indices where files[index].path.isClaimFile {
            try apply(index)
        }
        return Applied(outcome: outcome, previousPaths: previousPaths, isCanonical: state.isCanonical)
    }

    /// True when `path` (relative to `root`) is a regular file and every folder above it, below
    /// `root`, is a folder and not a symbolic link.
    static func isRegularFileInsideRealFolders(_ path: String, root: String) -> Bool {
        var current = root
        var info = stat()
        let components = path.split(separator: "/")
        // `.` and `..` never name a file of the site, and `..` would climb out of it.
        guard !components.contains(where: { $0 == "." || $0 == ".." }) else { return false }
        for (i, component) in components.enumerated() {
            current += "/" + component
            guard lstat(current, &info) == 0 else { return false }
            let type = info.st_mode & S_IFMT
            if i == components.count - 1 { return type == S_IFREG }
            guard type == S_IFDIR else { return false }
        }
        return false
    }

    /// The manifest too keeps its mtime when nothing changed.
    func writeIfChanged(_ data: Data, to path: String, staging: Staging, stagingName: String) throws {
        if FileBytes.array(outputURL.path + "/" + path, ifSize: data.count).map({ $0.elementsEqual(data) }) == true {
            return
        }
        try writeAtomically([UInt8](data), to: path, staging: staging, stagingName: stagingName)
    }

    /// Applies `apply` to every index of `indices` on all cores, in chunks; throws the first error,
    /// after which each core starts at most 15 more files (see below).
    static func concurrentlyApply(_ apply: @Sendable (Int) throws -> Void, to indices: [Int]) throws {
        try concurrentlyApply(batchesOf: 1, { batch in try apply(batch[batch.startIndex]) }, to: indices)
    }

    /// ``concurrentlyApply(_:to:)`` a batch at a time: `apply` gets up to `batch` consecutive
    /// elements of `indices`, each batch inside one chunk of one core.
    static func concurrentlyApply(
        batchesOf batch: Int, _ apply: @Sendable (ArraySlice<Int>) throws -> Void, to indices: [Int]
    ) throws {
        // Chunks are handed to whichever core is free; the last one is finished by one core while
        // the other waits, so they stay short (512 files had been 10-20 ms, a few % of a 10k build).
        let chunk = max(batch, 64)
        let failure = FirstError()
        DispatchQueue.concurrentPerform(iterations: (indices.count + chunk - 1) / chunk) { c in
            let end = min(indices.count, (c + 1) * chunk)
            for start in stride(from: c * chunk, to: end, by: batch) {
                // Asked every 16 files, not before each: the lock taken for it, by both cores for
                // each of a rebuild's 200k files, was as much as some of the files' own work.
                if (start - c * chunk) % max(batch, 16) < batch, failure.error != nil { return }
                do { try apply(indices[start..<min(end, start + batch)]) } catch { failure.record(error) }
            }
        }
        if let error = failure.error { throw error }
    }

    /// Writes into the staging folder and renames over the target: readers see the old file or
    /// the new one, whole.
    /// `stagingName` is unique within one write. Returns the new file's ``FileStat``.
    @discardableResult
    func writeAtomically(_ data: [UInt8], to path: String, staging: Staging, stagingName: String) throws -> FileStat {
        let target = outputURL.path + "/" + path
        // A rename is what makes the replacement atomic; a kill -9 cannot leave a partial file
        // among the site's files. O_EXCL | O_NOFOLLOW, relative to the staging folder held open:
        // nothing planted there can be written through.
        let info = try Self.create(
            stagingName, in: staging.descriptor, with: data, flags: O_EXCL | O_NOFOLLOW, reportedAs: path)
        if renameat(staging.descriptor, stagingName, AT_FDCWD, target) != 0 {
            let failure = errno
            unlinkat(staging.descriptor, stagingName, 0)
            throw WriteError(path: path, reason: String(cString: strerror(failure)))
        }
        return info
    }

    /// Creates (with `flags` added to `O_WRONLY | O_CREAT`) the file at `file`, relative to the
    /// open `folder` (or to the working folder), writes `data` and returns its ``FileStat``; on
    /// failure removes it and throws, naming `path`.
    @discardableResult
    static func create(
        _ file: String, in folder: Int32 = AT_FDCWD, with data: [UInt8], flags: Int32, reportedAs path: String
    ) throws -> FileStat {
        // Plain POSIX writes: FileManager.createFile makes its own temporary file, fsync and
        // rename, which tripled the cost per page on a real disk.
        let descriptor = openat(folder, file, O_WRONLY | O_CREAT | O_CLOEXEC | flags, 0o644)
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
        if failure != 0 {
            unlinkat(folder, file, 0)
            throw WriteError(path: path, reason: String(cString: strerror(failure)))
        }
        return FileStat(info)
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
            guard let contents = try? FileManager.default.contentsOfDirectory(atPath: url.path), contents.isEmpty else {
                return
            }
            try? FileManager.default.removeItem(at: url)
            components = components.dropLast()
        }
    }
}
