import Foundation

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

    package init(outputURL: URL) {
        self.outputURL = outputURL
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

    /// What earlier writes left beside and in the output folder: the stamp cache, and the manifest
    /// (and whether it is in our own layout).
    struct Previous: Sendable {
        /// The manifest as read; nil when ``stamps`` witness it (``recordedManifestStat(in:)``): it
        /// then lists exactly the stamps' other paths, in our layout, and need not be read.
        var manifest: Manifest?
        var isCanonical: Bool
        var stamps: StampCache
        /// For each record of ``stamps``: whether the file at its path had the stat the record
        /// records when this state was read.
        var statMatches: [Bool]

        /// The stamp of record `position`, if its file still had the recorded stat when this
        /// state was read: what proves the file unchanged, with its fingerprint.
        func provenStamp(atRecord position: Int) -> StampCache.Entry? {
            position >= 0 && statMatches[position] ? stamps.entry(at: position) : nil
        }

        /// The record of each of `files` in ``stamps`` (-1 for none): found at the file's own
        /// place when the plan kept its order, on every core.
        func recordPositions(of files: [OutputFile]) -> [Int] {
            let stamps = stamps
            return concurrentMap(files.count, chunk: 4096) { stamps.position(of: files[$0].path.value, at: $0) ?? -1 }
        }
    }

    /// Reads the stamp cache, and the manifest unless the stamps witness it (each is 200k entries at
    /// 100k links), and stats every stamped file (on all cores). Read-only, so a caller may run it
    /// while it plans and computes fingerprints: a rebuild's 200k `stat`s then fill a core that
    /// planning leaves idle instead of coming after it (`SiteBuilder.readsPreviousOutputEarly`).
    /// A file changed after this reading and before the write is taken as it was, as one changed
    /// just after the build would be.
    func readPrevious() -> Previous {
        let stamps =
            FastPath.earlyStamps.isOn ? StampCache.read(from: WorkFolder(outputURL: outputURL).stamps) : StampCache()
        let statMatches = Self.statMatches(of: stamps, in: outputURL.path)
        if let recorded = Self.recordedManifestStat(in: stamps),
            recorded == FileStat(path: outputURL.path + "/" + Manifest.path.value)
        {
            return Previous(manifest: nil, isCanonical: true, stamps: stamps, statMatches: statMatches)
        }
        let (manifest, isCanonical) = Manifest.readWithLayout(from: outputURL)
        return Previous(manifest: manifest, isCanonical: isCanonical, stamps: stamps, statMatches: statMatches)
    }

    /// Whether each stamped file (relative to `folder`) has the stat recorded for it: the same
    /// size, inode and mtime, as git and rsync judge a file unchanged. A run killed after
    /// replacing a file changed its inode and mtime, so a stale stamp never matches.
    static func statMatches(of stamps: StampCache, in folder: String) -> [Bool] {
        guard stamps.count > 0 else { return [] }
        // Stat'ed relative to the folder held open: the kernel walks `p/123/index.html`, not
        // the folder's whole path, 200k times.
        let descriptor = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return [Bool](repeating: false, count: stamps.count) }
        defer { close(descriptor) }
        return concurrentMap(stamps.count, chunk: 4096) { position in
            stamps.withPath(at: position) { FileStat(relativePath: $0, in: descriptor) }
                == stamps.entry(at: position).stat
        }
    }

    /// The manifest's stat as the stamp cache's last record holds it (``StampFile``),
    /// if it has that record. While the manifest still has that stat it is the very file stamped,
    /// and a write records the stamps only after its manifest lists exactly its files: the
    /// manifest then lists the stamps' other paths.
    static func recordedManifestStat(in stamps: StampCache) -> FileStat? {
        stamps.entry(at: stamps.count - 1, ifPath: Manifest.path.value)?.stat
    }

    /// The stamp cache's file for `files` as `outcome` left them, and last the manifest's stat
    /// (with no fingerprint: only its stat is used, to witness the manifest): its
    /// ``StampCache/magic``, then its records in pieces of `size`, each encoded only when it is
    /// written (``writeStamps(of:outcome:manifest:to:)``), so the 17 MB of a 100k site's file are
    /// never in memory at once.
    struct StampFile {
        let files: [OutputFile]
        let outcome: Outcome
        let manifest: FileStat?
        var recordsPerPiece = 4096

        /// How many pieces: the magic and the records' pieces.
        var pieceCount: Int {
            let records = files.count + (manifest == nil ? 0 : 1)
            return 1 + (records + recordsPerPiece - 1) / recordsPerPiece
        }

        /// Piece `index`: the magic first, then the records of the next `recordsPerPiece` files.
        func piece(_ index: Int) -> [UInt8] {
            guard index > 0 else { return StampCache.magic }
            let records = files.count + (manifest == nil ? 0 : 1)
            let start = (index - 1) * recordsPerPiece
            var out: [UInt8] = []
            out.reserveCapacity(recordsPerPiece * 100)
            for record in start..<min(records, start + recordsPerPiece) {
                if record < files.count {
                    StampCache.appendRecord(path: files[record].path.value, entry: outcome.stamp(at: record), to: &out)
                } else {
                    StampCache.appendRecord(
                        path: Manifest.path.value,
                        entry: StampCache.Entry(fingerprint: Fingerprint(words: .zero), stat: manifest!), to: &out)
                }
            }
            return out
        }
    }

    /// Writes the stamp cache for `files` as `outcome` left them (best effort: without it the next
    /// write renders and compares every file).
    static func writeStamps(of files: [OutputFile], outcome: Outcome, manifest: FileStat?, to url: URL) {
        let file = StampFile(files: files, outcome: outcome, manifest: manifest)
        try? AtomicFile.write(pieces: file.pieceCount, file.piece, to: url)
    }

    /// ``write(_:progress:)`` with the previous state already read. The state is taken over and
    /// let go once every file is in place: its 17 MB of stamps at 100k links would otherwise
    /// stand beside the summary and the new stamp file, a rebuild's peak of memory.
    func write(
        _ files: [OutputFile], previous state: consuming Previous,
        progress: (@Sendable (_ done: Int, _ total: Int) -> Void)?
    ) throws -> Summary {
        if usesFreshFolder, FastPath.freshFolder.isOn, let summary = try writeFreshFolder(files, progress: progress) {
            return summary
        }
        let fm = FileManager.default
        let work = WorkFolder(outputURL: outputURL)
        try fm.createDirectory(at: outputURL, withIntermediateDirectories: true)
        do {
            try? fm.removeItem(at: work.staging)
            try fm.createDirectory(at: work.staging, withIntermediateDirectories: true)
        } catch {
            throw WriteError(
                path: work.staging.path,
                reason:
                    "cannot create the staging folder beside the output folder (\(error.localizedDescription)); the output folder's parent must be writable"
            )
        }
        defer { try? fm.removeItem(at: work.staging) }
        let previousCount = state.stamps.count
        let previousManifestStat = Self.recordedManifestStat(in: state.stamps)
        let applied = try apply(files, previous: consume state, staging: work.staging, progress: progress)
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
                Manifest(paths: planned).encoded(), to: Manifest.path.value, staging: work.staging,
                stagingName: "manifest")
        } else if !applied.isCanonical {
            // The same set of files in a file of our own layout is the same bytes (encoding sorts
            // 200k paths: skip it); anything else is encoded and compared.
            try writeIfChanged(
                Manifest(paths: Set(files.map(\.path.value))).encoded(), to: Manifest.path.value, staging: work.staging,
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
        _ files: [OutputFile], previous state: consuming Previous, staging: URL,
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
    func writeIfChanged(_ data: Data, to path: String, staging: URL, stagingName: String) throws {
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
    func writeAtomically(_ data: [UInt8], to path: String, staging: URL, stagingName: String) throws -> FileStat {
        let target = outputURL.path + "/" + path
        let temporary = staging.path + "/" + stagingName
        // A rename is what makes the replacement atomic; a kill -9 cannot leave a partial file
        // among the site's files.
        let info = try Self.create(temporary, with: data, flags: O_TRUNC, reportedAs: path)
        if rename(temporary, target) != 0 {
            let failure = errno
            unlink(temporary)
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

    /// Collects what concurrent writes did: one slot per file, each filled by the one thread
    /// that handles that file (no lock, no shared dictionary), read once every write is done.
    final class Outcome: @unchecked Sendable {
        enum Kind { case pending, written, unchanged, reused }

        private let kinds: UnsafeMutableBufferPointer<Kind>
        /// Set where `kinds` is not pending; left unset (a stamp is plain numbers, nothing to free)
        /// so 200k slots are not written twice.
        private let stamps: UnsafeMutableBufferPointer<StampCache.Entry>
        private let lock = NSLock()
        private var done = 0
        private let total: Int
        private let step: Int
        private let progress: (@Sendable (Int, Int) -> Void)?

        init(total: Int, progress: (@Sendable (Int, Int) -> Void)?) {
            kinds = .allocate(capacity: total)
            kinds.initialize(repeating: .pending)
            stamps = .allocate(capacity: total)
            self.total = total
            self.step = max(1, total / 100)
            self.progress = progress
        }

        deinit {
            kinds.deallocate()
            stamps.deallocate()
        }

        func record(_ index: Int, _ kind: Kind, stamp: StampCache.Entry) {
            (stamps.baseAddress! + index).initialize(to: stamp)
            kinds[index] = kind
            guard let progress else { return }
            let done: Int = lock.withLock {
                self.done += 1
                return self.done
            }
            if done % step == 0 || done == total { progress(done, total) }
        }

        /// How many files were proven by their stamps.
        var reusedCount: Int { count(.reused) }

        /// How many files ended as `kind`.
        func count(_ kind: Kind) -> Int { kinds.reduce(0) { $1 == kind ? $0 + 1 : $0 } }

        /// The stamp recorded for file `index`.
        func stamp(at index: Int) -> StampCache.Entry {
            precondition(kinds[index] != .pending, "file \(index) was not written")
            return stamps[index]
        }

        /// The paths of `files` by what happened to them, in `files`' order.
        func summary(of files: [OutputFile]) -> Summary {
            var summary = Summary()
            summary.sizes = files.indices.map { kinds[$0] == .pending ? 0 : stamps[$0].size }
            // Reserved at their sizes: 200k paths appended one by one leave a doubling's slack.
            let reused = reusedCount
            summary.reused.reserveCapacity(reused)
            summary.unchanged.reserveCapacity(reused + count(.unchanged))
            for index in files.indices {
                let path = files[index].path.value
                switch kinds[index] {
                case .pending: continue
                case .written: summary.written.append(path)
                case .unchanged: summary.unchanged.append(path)
                case .reused:
                    summary.unchanged.append(path)
                    summary.reused.append(path)
                }
            }
            return summary
        }
    }

    package struct WriteError: Error, CustomStringConvertible {
        package var path: String
        package var reason: String
        package var description: String { "cannot write \(path): \(reason)" }
    }
}
