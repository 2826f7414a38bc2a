import Foundation

extension SiteBuilder {
    /// What `build` and `serve` do after a successful build: write it into `outputURL`. Write
    /// failures become diagnostics, so both report them the same way.
    public func write(
        _ site: SiteBuild, to outputURL: URL, progress: (@Sendable (_ done: Int, _ total: Int) -> Void)? = nil
    ) throws -> SiteWriter.Summary {
        do {
            let stamps = site.previousStamps.flatMap { $0.outputURL == outputURL ? $0.stamps : nil }
            let summary = try SiteWriter(outputURL: outputURL).write(site.outputFiles, stamps: stamps, progress: progress)
            site.claimCache?.write(beside: outputURL)
            return summary
        } catch let error as DiagnosticsError {
            throw error
        } catch {
            throw DiagnosticsError([Diagnostic(.error, at: nil, "\(error)", hint: "check that the output folder and the folder it is in are writable")])
        }
    }
}
