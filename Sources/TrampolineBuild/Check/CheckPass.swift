import Foundation
import TrampolineModel
import TrampolineSite

/// `check`'s one walk over the plan, on every core as `build` writes: each file rendered once,
/// compared byte for byte with the output folder, measured for the page budget, and each page's
/// anchors read for the same-host check.
package struct CheckPass: Sendable {
    /// How a planned file compares with the output folder.
    package enum FileState: Sendable, Equatable {
        case same, missing, changed
    }

    /// By plan index; nil when there was no folder to compare with.
    package var states: [FileState]?
    /// Each file's rendered size, by plan index.
    package var sizes: [Int]
    /// The `<a href>` targets on the site's host of each link page and special page that has
    /// any (another host's URL cannot be the same-host trap).
    package var anchors: [OutputPath: [String]]
    /// The link table's files as rendered, for reading the table back without rendering it
    /// again: those the folder does not hold as they are (a million links' table is 144 MB; the
    /// others are read back from the folder, ``linkTableFile(at:)``).
    package var linkTableFiles: [OutputPath: Data]
    /// The output folder compared with (its path and a slash), if any.
    private var folder: String?

    /// What the walk keeps of one file.
    private struct Result: Sendable {
        var state: FileState?
        var size: Int
        var anchors: [String]? = nil
        var kept: Data? = nil
    }

    /// What the walk keeps of `entry`'s file, whose bytes are `bytes`.
    private static func result(of entry: PlanEntry, bytes: [UInt8], state: FileState?, host: String) -> Result {
        Result(
            state: state, size: bytes.count,
            anchors: hasAnchors(entry) ? HTMLAnchors.targets(in: bytes, onHost: host) : nil,
            kept: isLinkTable(entry) && state != .same ? Data(bytes) : nil)
    }

    /// Renders the plan of `site`; compares with `outputURL` when given. A file the stamps of the
    /// last write prove unchanged (``SiteBuild/provenOutput``: the fingerprint of what build would
    /// write, the file's size, inode and mtime as recorded, as `build` itself judges it) is the
    /// same without being rendered, and read from the folder only when its bytes are needed.
    package init(site: SiteBuild, outputURL: URL?) {
        let entries = site.plan.entries
        let folder = outputURL.map { $0.standardizedFileURL.path + "/" }
        self.folder = folder
        let host = site.catalog.site.host
        let proven = folder == nil ? nil : site.provenOutput
        let fingerprints = proven.map { _ in site.allFingerprints }
        let chunk = 64
        let chunks = concurrentMap((entries.count + chunk - 1) / chunk, chunk: 1) { c -> [Result] in
            var comparison = FileComparison()
            return (c * chunk..<min(entries.count, (c + 1) * chunk)).map { index in
                let entry = entries[index]
                let needsBytes = Self.hasAnchors(entry) || Self.isLinkTable(entry)
                if let proven, let fingerprints, let folder,
                    let size = proven.provenSize(of: entry.path, at: index, fingerprint: fingerprints[index])
                {
                    if !needsBytes { return Result(state: .same, size: size) }
                    if let bytes = FileBytes.array(folder + entry.path.value, ifSize: size) {
                        return Self.result(of: entry, bytes: bytes, state: .same, host: host)
                    }
                }
                let bytes = site.bytes(ofEntryAt: index)
                return Self.result(
                    of: entry, bytes: bytes,
                    state: folder.map { comparison.compare(bytes, withFileAt: $0 + entry.path.value) }, host: host)
            }
        }
        let results = chunks.joined()
        states = folder == nil ? nil : results.map { $0.state ?? .missing }
        sizes = results.map(\.size)
        var anchors: [OutputPath: [String]] = [:]
        for (entry, result) in zip(entries, results) {
            if let targets = result.anchors, !targets.isEmpty { anchors[entry.path] = targets }
        }
        self.anchors = anchors
        var kept: [OutputPath: Data] = [:]
        for (entry, result) in zip(entries, results) where result.kept != nil { kept[entry.path] = result.kept }
        linkTableFiles = kept
    }

    /// The bytes of the link table's file at `path`: as rendered, or read from the folder, which
    /// holds it as it would be written; nil when neither has it (then render it).
    package func linkTableFile(at path: OutputPath) -> Data? {
        if let kept = linkTableFiles[path] { return kept }
        return folder.flatMap { FileBytes.array($0 + path.value) }.map { Data($0) }
    }

    /// The link table's index and shards, which `check` reads back through the app library.
    static func isLinkTable(_ entry: PlanEntry) -> Bool {
        switch entry.content {
        case .linkTableIndex, .linkTableShard: true
        default: false
        }
    }

    /// The pages people tap through: a link's own page and the special pages.
    static func hasAnchors(_ entry: PlanEntry) -> Bool {
        switch entry.content {
        case .linkPage: entry.path != .longLinkPage
        case .specialPage: true
        default: false
        }
    }
}
