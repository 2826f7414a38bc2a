import TrampolineModel

/// `trampoline stats`: reads access logs and counts, per link of the catalog, what they show.
package struct StatsReader {
    package var catalog: Catalog
    /// Nil: each file's format is told from its first line.
    package var format: AccessLogFormat?
    /// Requests before `since` or from `until` on are left out (seconds since 1970, UTC).
    package var since: Int64?
    package var until: Int64?
    /// Each item of a route (each URL it matched) on its own line.
    package var items = false
    /// Only this link (or route pattern, or item with `items`), listed even when nothing counted it.
    package var link: String?
    /// How many unreadable lines are named (the rest are only counted).
    package var namedSkips = 5

    package init(catalog: Catalog) {
        self.catalog = catalog
    }

    /// A log file as given on the command line.
    package struct LogFile: Sendable {
        package var path: String
        package var displayPath: String

        package init(path: String, displayPath: String) {
            self.path = path
            self.displayPath = displayPath
        }
    }

    /// The report of `files`, and what was wrong with them: warnings for skipped lines, errors
    /// for a file that cannot be read, whose format is unknown, or that is another host's log.
    /// No report when there is an error.
    package func read(_ files: [LogFile]) -> (report: StatsReport?, diagnostics: [Diagnostic]) {
        var tally = StatsTally(catalog: catalog, items: items, since: since, until: until)
        var diagnostics: [Diagnostic] = []
        var lines = 0
        var skipped = 0
        for file in files {
            let before = (tally.siteHostRequests, tally.otherHosts)
            do {
                let reader = try LogLineReader(path: file.path, displayPath: file.displayPath)
                var parser: AccessLogParser?
                if let format { parser = AccessLogParser(format: format) }
                var failed = false
                try reader.forEachLine { line, number in
                    guard !failed, !line.isEmpty else { return }
                    if parser == nil {
                        guard let detected = AccessLogFormat.detect(firstLine: line) else {
                            diagnostics.append(Self.unknownFormat(file, line: number))
                            failed = true
                            return
                        }
                        parser = AccessLogParser(format: detected)
                    }
                    switch parser!.read(line, { tally.add($0) }) {
                    case .header: break
                    case .request: lines += 1
                    case .unreadable:
                        lines += 1
                        skipped += 1
                        if skipped <= namedSkips {
                            diagnostics.append(Self.skippedLine(file, line: number, format: parser!.format))
                        }
                    }
                }
            } catch {
                guard case .unreadable(let name, let why) = error else { continue }
                diagnostics.append(
                    Diagnostic(.error, at: nil, "cannot read \(name): \(why)", hint: "name a readable access log"))
                continue
            }
            let (site, other) = (tally.siteHostRequests - before.0, tally.otherHosts - before.1)
            if site == 0, other > 0, let host = tally.otherHost {
                diagnostics.append(
                    Diagnostic(
                        .error, at: nil,
                        "\(file.displayPath) is the log of another host (\(host)), not of \(catalog.site.host)",
                        hint: "pass the access logs of the site the catalog describes (site.url)"))
            }
        }
        if skipped > namedSkips {
            diagnostics.append(
                Diagnostic(
                    .warning, at: nil, "\(skipped - namedSkips) more lines could not be read and were skipped",
                    hint: "check --log-format; skipped lines are counted in 'skipped'"))
        }
        if let link, !tally.links.keys.contains(link), !(items && tally.links.isRouted(link)) {
            let known = tally.links.keys.prefix(200)
            diagnostics.append(
                Diagnostic(
                    .error, at: nil, "--link \(link) is no link of the catalog",
                    hint: Suggestion.closest(to: link, among: Array(known)).map { "did you mean \($0)?" }
                        ?? "name a link's path, or a route's pattern as the catalog writes it"))
        }
        guard !diagnostics.contains(where: { $0.severity == .error }) else { return (nil, diagnostics) }
        let report = StatsReport(
            tally: tally, lines: lines, skipped: skipped, since: since, until: until, only: link)
        return (report, diagnostics)
    }

    private static func unknownFormat(_ file: LogFile, line: Int) -> Diagnostic {
        Diagnostic(
            .error, at: SourceLocation(file: file.displayPath, line: line, column: 1),
            "not an access log Trampoline reads (nginx or Apache combined, CloudFront, S3 or Cloudflare Logpush)",
            hint: "name the format with --log-format \(AccessLogFormat.allCases.map(\.rawValue).joined(separator: "|"))"
        )
    }

    private static func skippedLine(_ file: LogFile, line: Int, format: AccessLogFormat) -> Diagnostic {
        Diagnostic(
            .warning, at: SourceLocation(file: file.displayPath, line: line, column: 1),
            "not a request in the \(format.rawValue) format; skipped",
            hint: "lines of another format or cut short are counted in 'skipped'")
    }

    /// `2026-11-01` (midnight UTC; with `endOfDay`, the next midnight) or an ISO 8601 time with a
    /// zone (`2026-11-01T12:00:00Z`); nil when it is neither.
    package static func time(_ text: String, endOfDay: Bool = false) -> Int64? {
        let bytes = Array(text.utf8)
        return bytes.withUnsafeBufferPointer { buffer -> Int64? in
            if buffer.count == 10, let year = LogTime.number(buffer, 0, 4), let month = LogTime.number(buffer, 5, 2),
                let day = LogTime.number(buffer, 8, 2), buffer[4] == UInt8(ascii: "-"), buffer[7] == UInt8(ascii: "-"),
                (1...12).contains(month), (1...31).contains(day)
            {
                return Int64(LogTime.days(year: year, month: month, day: day) + (endOfDay ? 1 : 0)) * 86_400
            }
            guard let last = text.last, last == "Z" || text.dropFirst(19).contains(where: { $0 == "+" || $0 == "-" })
            else { return nil }
            return LogTime.isoTime(buffer)
        }
    }
}
