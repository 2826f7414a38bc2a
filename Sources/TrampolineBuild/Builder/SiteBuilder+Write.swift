import Foundation
import TrampolineModel

extension SiteBuilder {
    /// What `build` and `serve` do after a successful build: write it into `outputURL`. Write
    /// failures become diagnostics, so both report them the same way. The summary's warnings are
    /// the pages over the ``pageBudget``, measured as they were written.
    package func write(
        _ site: SiteBuild, to outputURL: URL, progress: (@Sendable (_ done: Int, _ total: Int) -> Void)? = nil
    ) throws -> SiteWriter.Summary {
        do {
            // The previous manifest and stamps are read (if the build did not start it) while the
            // fingerprints are computed.
            let writer = SiteWriter(outputURL: outputURL, force: forcesOutput)
            let previous = site.previousOutput?.take(for: outputURL) ?? Pending { writer.readPrevious() }
            let files = site.outputFiles
            var summary = try writer.write(files, previous: previous.take(), progress: progress)
            // 200k files' closures are freed on another thread: the caller (or the process's
            // exit) need not wait for it. (The writer let the previous state go.)
            DispatchQueue.global(qos: .utility).async { withExtendedLifetime(files) {} }
            site.claimCache?.write(beside: outputURL)
            LookupEntryRecord.write(site.lookupEntries?.value ?? nil, beside: outputURL)
            let sizes = summary.sizes
            summary.warnings = Self.pageBudgetWarnings(of: site, size: { sizes[$0] })
            return summary
        } catch let error as DiagnosticsError {
            throw error
        } catch {
            throw DiagnosticsError([
                Diagnostic(
                    .error, at: nil, "\(error)",
                    hint: (error as? SiteWriter.WriteError)?.hint
                        ?? "check that the output folder and the folder it is in are writable")
            ])
        }
    }
}
