import Foundation
import TrampolineCatalog
import TrampolineIncremental
import TrampolineModel

/// `build`'s ``BuildMemo``: looked up before anything is read, recorded after a successful write.
extension SiteBuilder {
    /// What a build whose inputs and output have not changed prints, from its ``BuildMemo``.
    package struct Replay: Sendable {
        package var links: Int
        package var files: Int
        package var aasaBytes: Int
        package var compact: Bool
        package var outputURL: URL
        package var warnings: [Diagnostic]
        package var writeWarnings: [Diagnostic]
        /// How many inputs were read and found the same.
        package var inputs: Int
    }

    /// Where this catalog's memo is.
    package var memoURL: URL { WorkFolder.buildMemo(forCatalog: configURL) }

    /// The memo's key for this builder, with this user's secret; nil when there is no secret.
    private func memoKey(createSecret: Bool) -> String? {
        LinkCache.localSecret(create: createSecret).map {
            BuildMemo.key(
                secret: $0, identity: identity, catalog: configURL,
                // A relative --output names another folder from another working directory.
                outputOverride: outputOverride.map { FileManager.default.currentDirectoryPath + "\u{0}" + $0 })
        }
    }

    /// The last build's replay when every input and output file is as it left them; nil when
    /// there is no memo or something changed. A memo that cannot be trusted is a ``BuildMemo/Rejection``.
    package func unchangedBuild() throws(BuildMemo.Rejection) -> Replay? {
        guard keepsMemo, FastPath.buildMemo.isOn,
            let memo = try BuildMemo.read(from: memoURL, key: memoKey(createSecret: false)),
            memo.inputsAreCurrent(in: project), memo.outputIsUnchanged()
        else { return nil }
        return Replay(
            links: memo.links, files: memo.files, aasaBytes: memo.aasaBytes, compact: memo.compact,
            outputURL: URL(fileURLWithPath: memo.output, isDirectory: true), warnings: memo.warnings,
            writeWarnings: memo.writeWarnings, inputs: memo.inputs.count)
    }

    /// Records `site`, written into `outputURL` as `summary` says, for the next build; removes the
    /// last memo when this build's cannot be made (its output then proves nothing).
    package func recordMemo(of site: SiteBuild, summary: SiteWriter.Summary, outputURL: URL) {
        guard let inputs = site.inputs?.entries else { return }
        let url = memoURL
        guard let key = memoKey(createSecret: true),
            let stamps = FileStat(path: WorkFolder(outputURL: outputURL).stamps.path)
        else {
            try? FileManager.default.removeItem(at: url)
            return
        }
        BuildMemo(
            key: key, inputs: inputs, output: outputURL.path,
            namedOutput: namedOutputURL(for: site.catalog, override: outputOverride).path, stamps: stamps,
            links: site.catalog.links.count, files: site.fileCount,
            aasaBytes: site[.rootAppSiteAssociation]?.count ?? 0, compact: site.catalog.site.layout == .compact,
            warnings: site.warnings, writeWarnings: summary.warnings
        ).write(to: url)
    }
}
