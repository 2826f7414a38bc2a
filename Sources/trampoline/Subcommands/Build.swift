import ArgumentParser
import Foundation
import TrampolineBuild
import TrampolineModel

struct Build: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "build",
        abstract: "Build the site from the catalog.",
        discussion:
            "Nothing is written unless the whole catalog is valid. Files are replaced atomically, unchanged files are left alone, and pages of removed links are deleted."
    )

    @OptionGroup var options: CatalogOptions

    @Option(name: .shortAndLong, help: "Output folder (default: the catalog's site.output, else _site beside it).")
    var output: String?

    @Flag(help: "Write into an output folder that holds files Trampoline did not write (no .trampoline-manifest.json).")
    var force = false

    @Flag(help: "Print how long each step of the build took (to standard error).")
    var timings = false

    func run() throws {
        MemoryTuning.apply()
        let clock = ContinuousClock()
        let start = clock.now
        var builder = options.builder
        builder.outputOverride = output
        builder.forcesOutput = force
        builder.readsPreviousOutputEarly = true
        let result: SiteBuild
        let progress = ProgressLine.forStandardError()
        do {
            result = try builder.build()
        } catch let error as DiagnosticsError {
            Console.report(error.diagnostics)
            throw ExitCode.failure
        }
        Console.report(result.warnings)
        do {
            let outputURL = try builder.outputURL(for: result.catalog, override: output)
            var report: (@Sendable (Int, Int) -> Void)?
            if let progress { report = { done, total in progress.update(done: done, total: total) } }
            let writeStart = clock.now
            let summary = try builder.write(result, to: outputURL, progress: report)
            progress?.clear()
            Console.report(summary.warnings)
            if timings {
                for timing in result.timings + [
                    SiteBuilder.Timing(step: "render and write", duration: clock.now - writeStart)
                ] {
                    Console.note(
                        "\(timing.step): \(Console.duration(timing.duration))"
                            + (timing.detail.map { " (\($0))" } ?? ""))
                }
            }
            let aasa = result[.rootAppSiteAssociation]?.count ?? 0
            print(
                "Built \(result.catalog.links.count) links into \(Console.displayPath(outputURL)): \(summary.written.count) written, \(summary.unchanged.count) unchanged, \(summary.removed.count) removed; AASA \(Console.kilobytes(aasa)); \(result.fileCount) files\(result.catalog.site.layout == .compact ? " (compact layout)" : "") in \(Console.duration(clock.now - start))"
            )
            Console.exitSuccess(keeping: (result, summary))
        } catch let error as DiagnosticsError {
            progress?.clear()
            Console.report(error.diagnostics)
            throw ExitCode.failure
        }
    }
}
