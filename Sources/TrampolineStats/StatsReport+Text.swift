import TrampolineModel

extension StatsReport {
    /// The columns of the text table and the CSV file, with each entry's value.
    static let columns: [(name: String, value: @Sendable (Entry) -> Int)] = [
        ("visits", \.visits), ("previews", \.previews), ("qr_scans", \.qrScans),
        ("ios", \.platforms.ios), ("android", \.platforms.android), ("desktop", \.platforms.desktop),
        ("other", \.platforms.other), ("in_app", \.inApp), ("app", \.outcomes.app), ("store", \.outcomes.store),
        ("web", \.outcomes.web), ("desktop_qr", \.outcomes.desktopQR), ("shown", \.shown),
        ("attempts", \.attempts), ("in_app_notices", \.inAppNotices),
    ]

    /// A table for people: a line saying what was read, then a row per link.
    package func text() -> [UInt8] {
        var out = "Requests from \(from ?? "-") to \(to ?? "-"): \(lines) lines read, \(skipped) skipped.\n"
        guard !links.isEmpty else {
            return Array((out + "No visits of the catalog's links.\n").utf8)
        }
        // Paths are the catalog's (or a log's, with --items): shown inert, never as terminal codes.
        let paths = links.map { InertText.escape($0.path) }
        let width = max(4, paths.map(\.count).max() ?? 0)
        let columns = Self.columns.prefix(12)
        out += "path".padding(toLength: width, withPad: " ", startingAt: 0)
        for column in columns { out += "  " + column.name }
        out += "\n"
        for (entry, path) in zip(links, paths) {
            out += path.padding(toLength: width, withPad: " ", startingAt: 0)
            for column in columns {
                let value = String(column.value(entry))
                out += "  " + String(repeating: " ", count: max(0, column.name.count - value.count)) + value
            }
            out += "\n"
        }
        return Array(out.utf8)
    }

    /// RFC 4180 CSV: a header row, then a row per link.
    package func csv() -> [UInt8] {
        var out = "path," + Self.columns.map(\.name).joined(separator: ",") + "\r\n"
        for entry in links {
            out += Self.csvCell(entry.path)
            for column in Self.columns { out += "," + String(column.value(entry)) }
            out += "\r\n"
        }
        return Array(out.utf8)
    }

    /// A cell quoted when it must be; one a spreadsheet would take for a formula gets a `'` first.
    static func csvCell(_ text: String) -> String {
        var text = text
        if let first = text.first, "=+-@\t\r".contains(first) { text = "'" + text }
        guard text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return text }
        return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
