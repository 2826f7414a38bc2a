import Foundation
import TrampolineCatalog
import TrampolineModel

/// What the last successful `build` of a catalog read and left: a digest of each input (the
/// catalog file, every project file and folder listing it read), the output folder's stamp file
/// as the write left it, and what the build printed. A build whose inputs all still have those
/// digests, and whose output files all still have the stats the stamps record, would write the
/// same bytes again: it prints the same warnings and summary instead, without reading the catalog.
///
/// A local cache beside the link cache (``WorkFolder/buildMemo(forCatalog:)``), never in the site.
/// Its key is made with this user's secret (`LinkCache.localSecret`), the binary and the catalog's
/// and output's paths, so one made elsewhere, by someone else or by another version never matches:
/// it is ignored with a note, as is one that does not decode.
package struct BuildMemo: Sendable, Codable, Equatable {
    static let format = "trampoline-build-memo 1"
    /// The largest memo read: a catalog reads a handful of files.
    static let maximumBytes = 1 << 20

    var format = Self.format
    /// ``key(secret:identity:catalog:outputOverride:)`` of the build that wrote it.
    var key: String
    var inputs: [InputLog.Entry]
    /// The output folder written, absolute, and as named before symbolic links were resolved.
    var output: String
    var namedOutput: String
    /// The stat of the output's stamp file after the write.
    var stamps: FileStat
    /// What the summary line says.
    var links: Int
    var files: Int
    var aasaBytes: Int
    var compact: Bool
    /// The build's warnings, and those found while writing (the page budget), in printing order.
    var warnings: [Diagnostic]
    var writeWarnings: [Diagnostic]

    /// Why a memo found was not used, when that is worth a note (not when an input changed).
    package enum Rejection: Error, Equatable {
        case damaged
        case foreign

        /// The note, naming the memo's file.
        package func note(_ url: URL) -> String {
            switch self {
            case .damaged: "the last build's memo \(url.path) cannot be read; ignored, building in full"
            case .foreign:
                "the last build's memo \(url.path) was made by another user, machine or version of Trampoline; ignored, building in full"
            }
        }
    }

    /// The key a memo of these settings carries: none of them is in the catalog.
    static func key(secret: [UInt8], identity: String, catalog: URL, outputOverride: String?) -> String {
        var input = Array(Self.format.utf8) + [0] + secret
        for part in [identity, catalog.path, outputOverride ?? "\u{1}"] { input += [0] + Array(part.utf8) }
        return input.withUnsafeBytes { Digest.hex(raw: $0) }
    }

    /// The memo at `url` under `key`: nil when there is none; a ``Rejection`` when one is there
    /// but cannot be trusted (with no `key`, when this user has no secret yet, none can).
    static func read(from url: URL, key: String?) throws(Rejection) -> BuildMemo? {
        guard let bytes = FileBytes.array(url.path) else { return nil }
        guard bytes.count <= maximumBytes, let memo = try? JSONDecoder().decode(BuildMemo.self, from: Data(bytes)),
            memo.format == Self.format
        else { throw .damaged }
        guard memo.key == key else { throw .foreign }
        return memo
    }

    /// Whether every input still reads as it did, through the same checks (``ProjectFolder``).
    func inputsAreCurrent(in project: ProjectFolder) -> Bool {
        inputs.allSatisfy { $0.isCurrent(in: project) }
    }

    /// Whether the output folder is as the write left it: the same stamp file, and every file it
    /// stamps (the manifest too) with the stat it records, from a work folder only this user writes.
    func outputIsUnchanged() -> Bool {
        let outputURL = URL(fileURLWithPath: output, isDirectory: true)
        // A symbolic link on the way that points elsewhere now: the build would write elsewhere.
        guard URL(fileURLWithPath: namedOutput).resolvingSymlinksInPath().path == output else { return false }
        let work = WorkFolder(outputURL: outputURL)
        guard work.isTrusted, FileStat(path: work.stamps.path) == stamps else { return false }
        let recorded = StampCache.read(from: work.stamps)
        guard recorded.count == files, SiteWriter.recordedManifestStat(in: recorded) != nil else { return false }
        return !SiteWriter.statMatches(of: recorded, in: outputURL.path).contains(false)
    }

    /// Written in place of the last one (best effort: without it the next build reads everything).
    func write(to url: URL) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        guard let data = try? encoder.encode(self) else { return }
        try? FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try? AtomicFile.write([[UInt8](data)], to: url)
    }
}
