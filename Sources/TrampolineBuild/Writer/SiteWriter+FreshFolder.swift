import Foundation
import TrampolineModel

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension SiteWriter {
    /// Files a first build renders before it creates them: rendering and the kernel's file
    /// creation, taken in turns file by file, kept evicting each other from the caches. A batch of
    /// 16 made a first build of 10k links 8–16 % faster on both catalog shapes (README,
    /// "Performance at scale"); larger batches gained nothing more.
    static let renderAhead = 16

    /// The fast path of a first build, into an output folder that is missing or an empty real
    /// folder: every file is created once in a new folder beside it (``WorkFolder/fresh``), with
    /// no staging file and no rename per file, and that folder is renamed onto the output folder
    /// at the end. One rename makes the whole site appear, so a killed build leaves no site
    /// rather than part of one; and a first build costs what creating its files costs (the
    /// rename per file was about 8 % of a cold 100k-link build's CPU).
    ///
    /// Returns nil, having changed nothing in the output folder, when the folder is not missing
    /// or empty (or is a symbolic link: renaming onto it would replace the link), or when the
    /// final rename fails (a mount point, something written into the folder meanwhile): the
    /// plain write then does the work. `FreshFolderWriteTests` holds the two to the same result.
    func writeFreshFolder(_ files: [OutputFile], progress: (@Sendable (_ done: Int, _ total: Int) -> Void)?) throws
        -> Summary?
    {
        var existing = stat()
        let exists = lstat(outputURL.path, &existing) == 0
        if exists {
            guard (existing.st_mode & S_IFMT) == S_IFDIR,
                (try? FileManager.default.contentsOfDirectory(atPath: outputURL.path))?.isEmpty == true
            else { return nil }
        } else if errno != ENOENT {
            return nil
        }
        let fm = FileManager.default
        let work = WorkFolder(outputURL: outputURL)
        let fresh = work.fresh
        try work.prepare()
        try? fm.removeItem(at: fresh)
        do {
            try fm.createDirectory(at: fresh, withIntermediateDirectories: true)
        } catch {
            throw WriteError(
                path: fresh.path,
                reason:
                    "cannot create the folder for a new site beside the output folder (\(error.localizedDescription)); the output folder's parent must be writable"
            )
        }
        // Gone already once renamed; a failed or killed write leaves it to the next one.
        defer { try? fm.removeItem(at: fresh) }

        let root = fresh.path
        let folders = FolderMaker(root: root)
        let outcome = Outcome(total: files.count, progress: progress)
        // The manifest depends on the paths alone: encoded (sorting every path) beside the
        // writes, not on one core after them.
        let manifestBytes = Pending { Manifest.encoded(paths: files.map(\.path.value)) }
        // O_EXCL | O_NOFOLLOW: the folder is new and ours; nothing can be there already.
        // A few files rendered, then created (``renderAhead``).
        try Self.concurrentlyApply(
            batchesOf: Self.renderAhead,
            { batch in
                let made = batch.map { files[$0].bytes() }
                for (index, bytes) in zip(batch, made) {
                    let file = files[index]
                    try folders.make(for: file.path.value)
                    let (folder, path) = folders.location(of: file.path.value)
                    let stat = try Self.create(
                        path, in: folder, with: bytes, flags: O_EXCL | O_NOFOLLOW, reportedAs: file.path.value)
                    outcome.record(index, .written, stamp: .init(fingerprint: file.fingerprint, stat: stat))
                }
            }, to: Self.siteFilesFirst(files))
        let manifestStat = try Self.create(
            root + "/" + Manifest.path.value, with: manifestBytes.take(), flags: O_EXCL | O_NOFOLLOW,
            reportedAs: Manifest.path.value)
        // An empty folder the user made keeps its permissions.
        if exists { chmod(root, existing.st_mode & 0o7777) }
        // rename(2) replaces a missing or empty folder atomically.
        guard rename(root, outputURL.path) == 0 else { return nil }
        // A rename keeps every file's stat, the manifest's too.
        // Encoded on another thread while the summary is made.
        let stamps = Pending { Self.writeStamps(of: files, outcome: outcome, manifest: manifestStat, to: work.stamps) }
        let summary = outcome.summary(of: files)
        stamps.take()
        return summary
    }

    /// The indices of `files`, those outside the links' folders first (the home page, 404 page,
    /// loadCookie.html, the scripts, the claim files): one of a kind, each compiles a template
    /// shape of its own or is large, and the planner puts them last, where the one core making
    /// them had finished the build while the other waited. A fresh folder appears whole, so the
    /// order its files are made in is free.
    static func siteFilesFirst(_ files: [OutputFile]) -> [Int] {
        func isSiteFile(_ path: OutputPath) -> Bool {
            path.value.withUTF8Bytes { !$0.contains(UInt8(ascii: "/")) } || path.value.hasPrefix(".well-known/")
        }
        let site = files.indices.filter { isSiteFile(files[$0].path) }
        return site + files.indices.filter { !isSiteFile(files[$0].path) }
    }
}
