import ArgumentParser
import Foundation
import TrampolineBuild
import TrampolineLive
import TrampolineModel

struct Check: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Check the catalog, the AASA and the built site without writing anything.",
        discussion: """
            Runs every check build runs, reads the planned apple-app-site-association file back with \
            Apple's matching rules (each link claimed for every app, the site's own pages not), warns \
            about web_url and buttons on the site's own claimed host, and compares the output folder \
            with what build would write. Exits 1 when there are errors (or warnings, with --strict).
            """
    )

    @OptionGroup var options: CatalogOptions

    @Option(
        name: .shortAndLong,
        help: "Output folder to compare (default: the catalog's site.output, else _site beside it).")
    var output: String?

    @Option(help: ArgumentHelp("Report format: text, json or github (workflow annotations).", valueName: "format"))
    var format: DiagnosticFormat = .text

    @Flag(help: "Treat warnings as errors.")
    var strict = false

    @OptionGroup(title: "Deployed site (--live)") var live: LiveCheckOptions

    func run() async throws {
        let liveOptions = try live.validated()
        var report = SiteChecker(builder: options.builder, outputOverride: output).run()
        if live.live, let build = report.build {
            let checker = LiveChecker(
                build: build, options: liveOptions,
                location: build.catalog.hostLocation ?? SourceLocation(file: options.config, line: 1, column: 1))
            let progress = ProgressLine.forStandardError(verb: "Fetching", noun: "files")
            var onProgress: (@Sendable (Int, Int) -> Void)? = nil
            if let progress {
                onProgress = { done, total in progress.update(done: done, total: total) }
            }
            let findings = await checker.run(progress: onProgress)
            progress?.clear()
            report.diagnostics += findings
        }
        if strict { report = report.strict() }
        // The report is this command's output, so it goes to standard output in every format.
        print(DiagnosticPrinter.render(report.diagnostics, format: format), terminator: "")
        if format != .json {
            FileHandle.standardError.write(Data((summary(report) + "\n").utf8))
        }
        if report.hasErrors { throw ExitCode.failure }
        // As `build` does: the OS reclaims the plan and the walk's results whole.
        Console.exitSuccess(keeping: report)
    }

    private func summary(_ report: CheckReport) -> String {
        func plural(_ n: Int, _ word: String) -> String { "\(n) \(word)\(n == 1 ? "" : "s")" }
        let counts = "\(plural(report.errorCount, "error")), \(plural(report.warningCount, "warning"))"
        guard let catalog = report.catalog else { return "Checked \(options.config): \(counts)" }
        let output =
            report.comparedOutput.map { "compared with \(Console.displayPath($0))" } ?? "no output folder to compare"
        let files =
            report.fileCount.map {
                ", \(plural($0, "file"))\(catalog.site.layout == .compact ? " (compact layout)" : "")"
            } ?? ""
        return
            "Checked \(plural(catalog.links.count, "link")) for \(plural(catalog.app.appIDs.count, "app ID"))\(files), \(output): \(counts)"
    }
}
