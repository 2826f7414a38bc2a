import TrampolineModel

/// What `trampoline stats` prints: counts per link over a span of time. Its JSON form is the
/// versioned contract docs/counts.md describes (``json()``); text, CSV and HTML are made from it.
package struct StatsReport: Sendable, Equatable {
    /// Bumped when a key changes meaning or goes away; new keys may appear within a version.
    package var version = 1
    /// The first and last request counted (ISO 8601, UTC), or the `--since`/`--until` bounds.
    package var from: String?
    package var to: String?
    /// Lines read (header lines aside), and those of them no request could be read from.
    package var lines: Int
    package var skipped: Int
    package var links: [Entry]

    package struct Entry: Sendable, Equatable {
        package var path: String
        /// Requests for the page by people's browsers (previews apart).
        package var visits: Int
        /// Requests by link-preview crawlers and search robots.
        package var previews: Int
        /// Visits through the link's QR code (`tl_qr=1`).
        package var qrScans: Int
        package var platforms: Platforms
        /// Visits from apps' built-in browsers, by the pages' own rules.
        package var inApp: Int
        /// What the pages saw happen.
        package var outcomes: Outcomes
        /// Pages whose script ran, tried the app, and showed the way out of an in-app browser.
        package var shown: Int
        package var attempts: Int
        package var inAppNotices: Int
        package var days: [Day]
    }

    package struct Platforms: Sendable, Equatable {
        package var ios: Int
        package var android: Int
        package var desktop: Int
        package var other: Int
    }

    package struct Outcomes: Sendable, Equatable {
        package var app: Int
        package var store: Int
        package var web: Int
        package var desktopQR: Int
    }

    package struct Day: Sendable, Equatable {
        /// `YYYY-MM-DD`, UTC.
        package var date: String
        package var visits: Int
    }

    /// The report of a tally: links with anything counted (or `only`, counted or not), most
    /// visited first, then by path.
    init(tally: StatsTally, lines: Int, skipped: Int, since: Int64?, until: Int64?, only: String?) {
        from = (since ?? tally.first).map(LogTime.iso8601)
        to = (until.map { $0 - 1 } ?? tally.last).map(LogTime.iso8601)
        self.lines = lines
        self.skipped = skipped
        links = tally.entries.compactMap { key, counts in
            if let only { return key == only ? Entry(path: key, counts) : nil }
            return counts.isEmpty ? nil : Entry(path: key, counts)
        }.sorted { ($0.visits, $1.path) > ($1.visits, $0.path) }
    }

    /// The contract's JSON (docs/counts.md): keys in its order, two-space indents, a newline at
    /// the end. Written by hand: JSONEncoder's key order is not fixed, and the same logs must give
    /// the same bytes.
    package func json() -> [UInt8] {
        func string(_ text: String?) -> String { text.map(Escaping.jsonString) ?? "null" }
        var out = "{\n  \"version\": \(version),\n  \"from\": \(string(from)),\n  \"to\": \(string(to)),\n"
        out += "  \"lines\": \(lines),\n  \"skipped\": \(skipped),\n  \"links\": ["
        for (index, entry) in links.enumerated() {
            out += index == 0 ? "\n" : ",\n"
            out +=
                "    {\"path\": \(string(entry.path)), \"visits\": \(entry.visits), \"previews\": \(entry.previews), "
            out += "\"qr_scans\": \(entry.qrScans),\n"
            let p = entry.platforms
            out += "     \"platforms\": {\"ios\": \(p.ios), \"android\": \(p.android), \"desktop\": \(p.desktop), "
            out += "\"other\": \(p.other)}, \"in_app\": \(entry.inApp),\n"
            let o = entry.outcomes
            out += "     \"outcomes\": {\"app\": \(o.app), \"store\": \(o.store), \"web\": \(o.web), "
            out += "\"desktop_qr\": \(o.desktopQR)},\n"
            out += "     \"shown\": \(entry.shown), \"attempts\": \(entry.attempts), "
            out += "\"in_app_notices\": \(entry.inAppNotices),\n"
            out += "     \"days\": ["
            out += entry.days.map { "{\"date\": \"\($0.date)\", \"visits\": \($0.visits)}" }.joined(separator: ", ")
            out += "]}"
        }
        out += links.isEmpty ? "]\n}\n" : "\n  ]\n}\n"
        return Array(out.utf8)
    }
}

extension StatsReport.Entry {
    init(path: String, _ counts: LinkCounts) {
        self.path = path
        visits = counts.visits
        previews = counts.previews
        qrScans = counts.qrScans
        platforms = .init(
            ios: counts.platforms[0], android: counts.platforms[1], desktop: counts.platforms[2],
            other: counts.platforms[3])
        inApp = counts.inApp
        outcomes = .init(
            app: counts.outcome(.app), store: counts.outcome(.store), web: counts.outcome(.web),
            desktopQR: counts.outcome(.desktopQR))
        shown = counts.outcome(.shown)
        attempts = counts.outcome(.attempt)
        inAppNotices = counts.outcome(.inApp)
        days = counts.days.sorted { $0.key < $1.key }.map { .init(date: LogTime.date(ofDay: $0.key), visits: $0.value) }
    }
}
