import Foundation
import TrampolineModel

/// Reads the CSV Firebase's export writes (one file per domain) into rows, matching the header by
/// ``FirebaseField`` in any order. File-level faults (not UTF-8, broken quoting, no usable header)
/// go to the engine; a row's own faults (wrong field count) stay with the row, so
/// `--skip-invalid` can leave it out.
enum FirebaseExportReader {
    static func rows(text: String, displayPath: String, engine: inout DiagnosticEngine) -> [FirebaseRow]? {
        guard let records = StrictCSV.records(text, displayPath: displayPath, engine: &engine) else { return nil }
        guard let header = records.first else {
            engine.error(
                "the export is empty", at: SourceLocation(file: displayPath, line: 1, column: 1),
                hint: "export the links again from Google Takeout (Firebase Dynamic Links)")
            return nil
        }
        var columns: [Int: FirebaseField] = [:]
        var seen: [FirebaseField: Int] = [:]
        for (index, raw) in header.fields.enumerated() {
            let at = SourceLocation(file: displayPath, line: header.row, column: index + 1)
            let name = raw.trimmingCharacters(in: .whitespaces)
            if name.isEmpty { continue }
            guard let field = FirebaseField.field(forHeader: name) else {
                engine.warning(
                    "unknown column \(CatalogRules.quoted(name)) is ignored", at: at,
                    hint:
                        "Firebase's export columns are Short link, Deep link (link), apn, afl, amv, ibi, ifl, ius, ipfl, ipbi, isi, imv, efr, ofl, st, sd, si, utm_*, at, ct, mt, pt, Archived?, Link name and Creation timestamp"
                )
                continue
            }
            if let first = seen[field] {
                engine.error(
                    "column \(CatalogRules.quoted(name)) repeats column \(first) (\(field.label))", at: at,
                    hint: "keep one column per field")
                continue
            }
            seen[field] = index + 1
            columns[index] = field
        }
        for required in [FirebaseField.shortLink, .link] where seen[required] == nil {
            engine.error(
                "the export has no '\(required.label)' column",
                at: SourceLocation(file: displayPath, line: header.row, column: 1),
                hint:
                    "the header must name it (Short link, Deep link (link)); for FDL long links, list one URL per line instead"
            )
        }
        if engine.hasErrors { return nil }
        var rows: [FirebaseRow] = []
        for record in records.dropFirst() {
            var row = FirebaseRow(file: displayPath, row: record.row)
            for (index, cell) in record.fields.enumerated() {
                guard let field = columns[index] else { continue }
                let text = cell.trimmingCharacters(in: .whitespacesAndNewlines)
                if !text.isEmpty { row.cells[field] = FirebaseRow.Cell(text: text, column: index + 1) }
            }
            if let short = row[.shortLink], CatalogRules.webURLProblem(short, key: "Short link") == nil {
                row.domain = URLAuthority(afterScheme: short.drop { $0 != ":" }.dropFirst(3)).host.lowercased()
            }
            if record.fields.count != header.fields.count {
                // The first missing field, or the first extra one.
                let column = min(record.fields.count, header.fields.count) + 1
                row.diagnostics.append(
                    Diagnostic(
                        .error, at: SourceLocation(file: displayPath, line: record.row, column: column),
                        "this row has \(record.fields.count) fields but the header has \(header.fields.count)",
                        hint: "quote values that contain commas; every row needs one value (maybe empty) per column"
                    ))
            }
            rows.append(row)
        }
        return rows
    }
}
