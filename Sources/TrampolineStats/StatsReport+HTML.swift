import TrampolineModel
import TrampolineSite

extension StatsReport {
    /// One self-contained page: per link, visits by day as a bar chart and the outcomes as one
    /// split bar, in inline SVG. No script; its policy lets only its own style (by hash) apply,
    /// so nothing loads from anywhere. `title` is the site's, shown escaped.
    package func html(title: String) -> [UInt8] {
        let style = Self.style
        let policy =
            "default-src 'none'; style-src \(ContentSecurityPolicy.hash(style)); base-uri 'none'; form-action 'none'"
        var out = """
            <!doctype html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta http-equiv="Content-Security-Policy" content="\(policy)">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>\(Escaping.html(title)): link counts</title>
            <style>\(style)</style>
            </head>
            <body>
            <h1>\(Escaping.html(title)): link counts</h1>
            <p>From \(Escaping.html(from ?? "-")) to \(Escaping.html(to ?? "-")): \(lines) log lines, \(skipped) skipped. \
            From the host's access log: no cookie, no identifier.</p>

            """
        if links.isEmpty { out += "<p>No visits of the catalog's links.</p>\n" }
        let dayRange = days()
        for entry in links {
            out += "<section>\n<h2>\(Escaping.html(entry.path))</h2>\n"
            out += "<p>\(entry.visits) visits · \(entry.previews) previews · \(entry.qrScans) QR scans · "
            out +=
                "iOS \(entry.platforms.ios) · Android \(entry.platforms.android) · desktop \(entry.platforms.desktop)"
            out += " · in-app \(entry.inApp)</p>\n"
            out += Self.dayChart(entry, days: dayRange)
            out += Self.outcomeBar(entry)
            out += "</section>\n"
        }
        out += "</body>\n</html>\n"
        return Array(out.utf8)
    }

    /// Every day from the first to the last with a visit (at most the last 366).
    private func days() -> [String] {
        let all = links.flatMap { $0.days.map(\.date) }
        guard let first = all.min(), let last = all.max(), let start = Self.dayNumber(first),
            let end = Self.dayNumber(last)
        else { return [] }
        return (max(start, end - 365)...end).map(LogTime.date(ofDay:))
    }

    private static func dayNumber(_ date: String) -> Int? {
        let parts = date.split(separator: "-").compactMap { Int($0) }
        guard parts.count == 3 else { return nil }
        return LogTime.days(year: parts[0], month: parts[1], day: parts[2])
    }

    private static func dayChart(_ entry: Entry, days: [String]) -> String {
        guard !days.isEmpty else { return "" }
        let byDay = Dictionary(entry.days.map { ($0.date, $0.visits) }, uniquingKeysWith: +)
        let top = max(1, byDay.values.max() ?? 1)
        let width = 6
        var svg =
            "<svg class=\"days\" viewBox=\"0 0 \(days.count * width) 100\" preserveAspectRatio=\"none\" role=\"img\" aria-label=\"visits by day\">"
        for (i, day) in days.enumerated() {
            let visits = byDay[day] ?? 0
            guard visits > 0 else { continue }
            let height = max(1, visits * 100 / top)
            svg += "<rect x=\"\(i * width)\" y=\"\(100 - height)\" width=\"\(width - 1)\" height=\"\(height)\">"
            svg += "<title>\(day): \(visits)</title></rect>"
        }
        svg += "</svg>\n<p class=\"axis\">\(days.first!) … \(days.last!), up to \(top) a day</p>\n"
        return svg
    }

    private static func outcomeBar(_ entry: Entry) -> String {
        let parts = [
            ("app", "app opened", entry.outcomes.app), ("store", "store", entry.outcomes.store),
            ("web", "web page", entry.outcomes.web), ("qr", "desktop QR code", entry.outcomes.desktopQR),
        ]
        let total = parts.reduce(0) { $0 + $1.2 }
        guard total > 0 else {
            return "<p class=\"axis\">No outcomes counted (pages with site.counts report them).</p>\n"
        }
        var svg =
            "<svg class=\"split\" viewBox=\"0 0 1000 20\" preserveAspectRatio=\"none\" role=\"img\" aria-label=\"outcomes\">"
        var x = 0
        var legend = "<p class=\"legend\">"
        for (kind, label, count) in parts where count > 0 {
            let width = count * 1000 / total
            svg +=
                "<rect class=\"\(kind)\" x=\"\(x)\" y=\"0\" width=\"\(width)\" height=\"20\"><title>\(label): \(count)</title></rect>"
            legend += "<span class=\"\(kind)\">\(label) \(count)</span> "
            x += width
        }
        return svg + "</svg>\n" + legend + "</p>\n"
    }

    private static let style =
        "body{font:15px/1.5 system-ui,sans-serif;margin:2em auto;max-width:60em;padding:0 1em;color:#222}"
        + "section{border-top:1px solid #ddd;padding:.5em 0}h2{font-size:1.1em;margin:.5em 0;word-break:break-all}"
        + "svg{display:block;width:100%}svg.days{height:80px;background:#f6f6f6}svg.days rect{fill:#3b6fd8}"
        + "svg.split{height:14px;margin-top:.5em}.app{fill:#2e9d5b;color:#2e9d5b}.store{fill:#3b6fd8;color:#3b6fd8}"
        + ".web{fill:#d8893b;color:#d8893b}.qr{fill:#8a5bd8;color:#8a5bd8}.axis,.legend{font-size:.85em;color:#666}"
        + ".legend span{margin-right:1em}"
}
