import Foundation
import TrampolineBuild

/// Builds the catalog and writes it into the served folder, as `trampoline build` would.
package struct SiteRebuilder: Sendable {
    package var builder: SiteBuilder
    /// `--output`, if given (relative to the working directory).
    package var outputOverride: String?

    package init(builder: SiteBuilder, outputOverride: String?) {
        self.builder = builder
        // The build then reads the claim cache and the previous state of the folder written to.
        self.builder.outputOverride = outputOverride
        self.builder.readsPreviousOutputEarly = true
        self.builder.spoolsRenderedFiles = true
        self.outputOverride = outputOverride
    }

    /// The first build: decides the folder to serve. Throws ``DiagnosticsError`` when the catalog
    /// is broken or the folder cannot be written.
    package func initialBuild() throws -> (snapshot: BuildSnapshot, outputURL: URL) {
        let clock = ContinuousClock()
        let start = clock.now
        let result = try builder.build()
        let outputURL = try builder.outputURL(for: result.catalog, override: outputOverride)
        let snapshot = try write(result, to: outputURL, duration: clock.now - start)
        return (snapshot, outputURL)
    }

    /// A rebuild into the folder being served. The folder stays the one chosen at start even if
    /// `site.output` changes, so the server never serves a folder nothing writes to.
    package func rebuild(into outputURL: URL) throws -> BuildSnapshot {
        let clock = ContinuousClock()
        let start = clock.now
        let result = try builder.build()
        return try write(result, to: outputURL, duration: clock.now - start)
    }

    func write(_ site: SiteBuild, to outputURL: URL, duration: Duration) throws -> BuildSnapshot {
        let summary = try builder.write(site, to: outputURL)
        return BuildSnapshot(
            site: site, warnings: site.warnings + summary.warnings, summary: summary, flows: LinkFlow.flows(for: site),
            duration: duration)
    }
}
