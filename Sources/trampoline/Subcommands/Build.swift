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
        builder.spoolsRenderedFiles = true
        builder.keepsMemo = true
        do {
            if let replay = try builder.unchangedBuild() { replayed(replay, since: start) }
        } catch {
            Console.note("note: " + error.note(builder.memoURL))
        }
        let result: SiteBuild
        let progress = ProgressLine.forStandardError()
        do {
            result = try builder.build()
        } catch let error as DiagnosticsError {
            Console.report(error.diagnostics)
            throw ExitCode.failure
        }
        Console.report(result.warnings)
        for note in result.notes { Console.note("note: " + note) }
        do {
            let outputURL = try builder.outputURL(for: result.catalog, override: output)
            var report: (@Sendable (Int, Int) -> Void)?
            if let progress { report = { done, total in progress.update(done: done, total: total) } }
            let writeStart = clock.now
            let summary = try builder.write(result, to: outputURL, progress: report)
            builder.recordMemo(of: result, summary: summary, outputURL: outputURL)
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
            print(
                Self.summary(
                    links: result.catalog.links.count, outputURL: outputURL,
                    counts: (summary.written.count, summary.unchanged.count, summary.removed.count),
                    aasa: result[.rootAppSiteAssociation]?.count ?? 0, files: result.fileCount,
                    compact: result.catalog.site.layout == .compact, duration: clock.now - start))
            Console.exitSuccess(keeping: (result, summary))
        } catch let error as DiagnosticsError {
            progress?.clear()
            Console.report(error.diagnostics)
            throw ExitCode.failure
        }
    }

    /// The last line of a build.
    static func summary(
        links: Int, outputURL: URL, counts: (written: Int, unchanged: Int, removed: Int), aasa: Int, files: Int,
        compact: Bool, duration: Duration
    ) -> String {
        "Built \(links) links into \(Console.displayPath(outputURL)): \(counts.written) written, \(counts.unchanged) unchanged, \(counts.removed) removed; AASA \(Console.kilobytes(aasa)); \(files) files\(compact ? " (compact layout)" : "") in \(Console.duration(duration))"
    }

    /// What a build prints when its memo shows that nothing changed since the last one: the same
    /// warnings and summary, every file unchanged (the manifest is not counted, as in a build).
    private func replayed(_ replay: SiteBuilder.Replay, since start: ContinuousClock.Instant) -> Never {
        Console.report(replay.warnings)
        Console.report(replay.writeWarnings)
        let elapsed = ContinuousClock.now - start
        if timings {
            Console.note(
                "inputs: \(Console.duration(elapsed)) (\(replay.inputs) inputs and \(replay.files) output files as the last build left them; nothing read or written)"
            )
        }
        print(
            Self.summary(
                links: replay.links, outputURL: replay.outputURL, counts: (0, replay.files - 1, 0),
                aasa: replay.aasaBytes, files: replay.files, compact: replay.compact, duration: elapsed))
        Console.exitSuccess(keeping: replay)
    }
}
