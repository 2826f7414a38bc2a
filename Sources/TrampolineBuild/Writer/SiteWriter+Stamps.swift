import Foundation
import TrampolineModel

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What earlier writes left (the stamp cache and the manifest) and the stamps this write leaves.
extension SiteWriter {
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
        /// The stamps' file, when it was found damaged (and read as none): for a note.
        var damagedStamps: URL? = nil

        /// The stamp of record `position`, if its file still had the recorded stat when this
        /// state was read: what proves the file unchanged, with its fingerprint.
        func provenStamp(atRecord position: Int) -> StampCache.Entry? {
            position >= 0 && statMatches[position] ? stamps.entry(at: position) : nil
        }

        /// The size of the file at `path` (entry `index` of the plan) when its stamp proves it
        /// unchanged and holding the bytes fingerprinted `fingerprint`: nil when it must be rendered.
        func provenSize(of path: OutputPath, at index: Int, fingerprint: Fingerprint) -> Int? {
            guard let stamp = provenStamp(of: path, at: index), stamp.fingerprint == fingerprint else { return nil }
            return stamp.size
        }

        /// The stamp of the file at `path` (entry `index` of the plan), if the file still had
        /// the recorded stat when this state was read.
        func provenStamp(of path: OutputPath, at index: Int) -> StampCache.Entry? {
            stamps.position(of: path.value, at: index).flatMap(provenStamp(atRecord:))
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
        let work = WorkFolder(outputURL: outputURL)
        // A work folder someone else could write into proves nothing.
        let found = FastPath.earlyStamps.isOn && work.isTrusted ? StampCache.found(at: work.stamps) : .none
        let stamps = found.value ?? StampCache()
        let damaged = found.isDamaged ? work.stamps : nil
        let statMatches = Self.statMatches(of: stamps, in: outputURL.path)
        if let recorded = Self.recordedManifestStat(in: stamps),
            recorded == FileStat(path: outputURL.path + "/" + Manifest.path.value)
        {
            return Previous(
                manifest: nil, isCanonical: true, stamps: stamps, statMatches: statMatches, damagedStamps: damaged)
        }
        let (manifest, isCanonical) = Manifest.readWithLayout(from: outputURL)
        return Previous(
            manifest: manifest, isCanonical: isCanonical, stamps: stamps, statMatches: statMatches,
            damagedStamps: damaged)
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
}
