import Foundation
import TrampolineModel

/// Reads FDL long links, one per line (`https://x.page.link/?link=…&apn=…`, the format of
/// "Manually constructing a Dynamic Link URL"); blank lines and `#` comments are skipped. Each
/// parameter's column is where its name starts on the line, so diagnostics point at it.
enum FirebaseLongLinkReader {
    /// True when `text` reads as long links rather than an export CSV: its first line that is
    /// neither blank nor a comment is an http(s) URL.
    static func looksLikeLongLinks(_ text: String) -> Bool {
        guard
            let first = text.split(whereSeparator: \.isNewline).map({ $0.trimmingCharacters(in: .whitespaces) }).first(
                where: { !$0.isEmpty && !$0.hasPrefix("#") })
        else { return false }
        let lowered = first.lowercased()
        return lowered.hasPrefix("https://") || lowered.hasPrefix("http://")
    }

    static func rows(text: String, displayPath: String) -> [FirebaseRow] {
        var rows: [FirebaseRow] = []
        for (index, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = rawLine.hasSuffix("\r") ? rawLine.dropLast() : rawLine
            let indent = line.prefix { $0 == " " || $0 == "\t" }.unicodeScalars.count
            let url = line.trimmingCharacters(in: .whitespaces)
            if url.isEmpty || url.hasPrefix("#") { continue }
            rows.append(row(url, line: index + 1, indent: indent, displayPath: displayPath))
        }
        return rows
    }

    static func row(_ url: String, line: Int, indent: Int, displayPath: String) -> FirebaseRow {
        var row = FirebaseRow(file: displayPath, row: line)
        let at = SourceLocation(file: displayPath, line: line, column: indent + 1)
        if let problem = CatalogRules.webURLProblem(url, key: "the long link") {
            row.diagnostics.append(
                Diagnostic(
                    .error, at: at, problem.message,
                    hint: problem.hint ?? "write one https://<domain>/?link=... URL per line"))
            return row
        }
        let afterScheme = url.drop { $0 != ":" }.dropFirst(3)
        let parts = URLAuthority(afterScheme: afterScheme)
        row.domain = String(parts.host).lowercased()
        let rest = parts.rest.prefix { $0 != "#" }
        let path = rest.prefix { $0 != "?" }
        if path.isEmpty || path == "/" {
            row.isLongLink = true
        } else {
            // A short link with parameters added (`https://x.page.link/abc?st=...`): its suffix names the page.
            row.cells[.shortLink] = FirebaseRow.Cell(text: "https://\(parts.authority)\(path)", column: indent + 1)
        }
        guard let question = rest.firstIndex(of: "?") else {
            row.error(
                "the long link has no parameters", at: nil,
                hint: "a long link carries ?link=<deep link>&ibi=...&apn=...")
            return row
        }
        var offset =
            indent
            + url.unicodeScalars.distance(
                from: url.unicodeScalars.startIndex, to: question.samePosition(in: url.unicodeScalars)!) + 2
        for pair in rest[rest.index(after: question)...].split(separator: "&", omittingEmptySubsequences: false) {
            defer { offset += pair.unicodeScalars.count + 1 }
            if pair.isEmpty { continue }
            let column = offset
            let keyText = pair.prefix { $0 != "=" }
            let valueText = pair.dropFirst(keyText.count + 1)
            let cellAt = SourceLocation(file: displayPath, line: line, column: column)
            guard let key = decoded(keyText), let value = decoded(valueText) else {
                row.diagnostics.append(
                    Diagnostic(
                        .error, at: cellAt,
                        "parameter \(CatalogRules.quoted(String(pair))) has broken percent-encoding",
                        hint: "write a literal % as %25"))
                continue
            }
            guard let field = FirebaseField.field(forParameter: key) else {
                row.diagnostics.append(
                    Diagnostic(
                        .warning, at: cellAt, "unknown long-link parameter \(CatalogRules.quoted(key)) is ignored",
                        hint:
                            "Trampoline reads link, apn, afl, amv, ibi, ifl, ius, ipfl, ipbi, isi, imv, efr, ofl, st, sd, si, utm_*, at, ct, mt and pt"
                    ))
                continue
            }
            if row.cells[field] != nil {
                row.diagnostics.append(
                    Diagnostic(.error, at: cellAt, "parameter '\(key)' appears twice", hint: "keep one"))
                continue
            }
            let trimmed = value.trimmingCharacters(in: .whitespaces)
            if !trimmed.isEmpty { row.cells[field] = FirebaseRow.Cell(text: trimmed, column: column) }
        }
        return row
    }

    /// Form decoding, as Firebase reads the query: `+` is a space, then percent-escapes.
    static func decoded(_ text: Substring) -> String? {
        text.replacingOccurrences(of: "+", with: " ").removingPercentEncoding
    }
}
