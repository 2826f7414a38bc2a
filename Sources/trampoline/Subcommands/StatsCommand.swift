import ArgumentParser
import Foundation
import TrampolineCatalog
import TrampolineStats

/// `trampoline stats LOG…`: counts per link from the host's access logs (docs/counts.md).
struct StatsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stats",
        abstract: "Count visits and outcomes per link from the host's access logs.",
        discussion: """
            Reads nginx or Apache combined logs, CloudFront standard logs, S3 server access logs or \
            Cloudflare Logpush HTTP requests (JSON lines), gzipped or plain, in any order, and counts per \
            link of the catalog: visits, link previews (crawlers, never visits), QR scans, platforms, \
            in-app browsers and what the pages saw happen (app, store, web, desktop QR). No IP address \
            or user agent is written anywhere. docs/counts.md says where each host keeps its logs.
            """
    )

    /// `--format`.
    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, json, csv, html
    }

    @OptionGroup var options: CatalogOptions

    @Argument(help: ArgumentHelp("Access log files (plain or .gz).", valueName: "log"))
    var logs: [String]

    @Option(
        help: ArgumentHelp(
            "The logs' format: combined, cloudfront, s3 or cloudflare (default: told from each file).",
            valueName: "format"))
    var logFormat: AccessLogFormat?

    @Option(
        help: ArgumentHelp("Only requests from this day (2026-11-01, UTC) or time (ISO 8601) on.", valueName: "time"))
    var since: String?

    @Option(help: ArgumentHelp("Only requests up to this day (included) or before this time.", valueName: "time"))
    var until: String?

    @Option(help: ArgumentHelp("Only this link (its path, or a route's pattern).", valueName: "path"))
    var link: String?

    @Flag(help: "Count each item of a route (each URL it matched) on its own line.")
    var items = false

    @Option(name: .shortAndLong, help: "Report format: text, json, csv or html.")
    var format: Format = .text

    @Option(name: .shortAndLong, help: "Write the report to this file instead of standard output.")
    var output: String?

    func validate() throws {
        if logs.isEmpty { throw ValidationError("Name at least one access log.") }
        if let since, StatsReader.time(since) == nil {
            throw ValidationError("--since '\(since)' is not a day (2026-11-01) or an ISO 8601 time with a zone.")
        }
        if let until, StatsReader.time(until) == nil {
            throw ValidationError("--until '\(until)' is not a day (2026-11-01) or an ISO 8601 time with a zone.")
        }
    }

    func run() throws {
        let (catalog, engine) = CatalogLoader().load(
            contentsOf: URL(fileURLWithPath: options.config), displayPath: options.config)
        guard let catalog, !engine.hasErrors else {
            Console.report(engine.sorted)
            throw ExitCode.failure
        }
        var reader = StatsReader(catalog: catalog)
        reader.format = logFormat
        reader.since = since.flatMap { StatsReader.time($0) }
        reader.until = until.flatMap { StatsReader.time($0, endOfDay: true) }
        reader.items = items
        reader.link = link
        let (report, diagnostics) = reader.read(logs.map { .init(path: $0, displayPath: $0) })
        Console.report(diagnostics)
        guard let report else { throw ExitCode.failure }
        let bytes: [UInt8] =
            switch format {
            case .text: report.text()
            case .json: report.json()
            case .csv: report.csv()
            case .html: report.html(title: catalog.site.title ?? catalog.app.name)
            }
        try CatalogOptions.write(bytes, to: output)
    }
}
