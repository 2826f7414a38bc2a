import CSV
import Foundation
import TrampolineModel

/// The CSV `links_file` an import writes: one row per link, columns in the catalog's key order
/// (`campaign.<name>` after them, by name), rows sorted by path, `\n` line ends. The same links
/// always give the same bytes, so importing an export twice changes nothing. Cells a spreadsheet
/// would run as formulas are written as text (``SpreadsheetCell``).
struct ImportedLinksFile {
    /// Rows by lower-cased path, each column → cell (empty cells left out).
    var rows: [String: [String: String]] = [:]
    /// Where each existing row is, for messages.
    var rowNumbers: [String: Int] = [:]

    /// The rows of an existing links file, or nil after an error in `engine`.
    static func read(_ text: String, displayPath: String, engine: inout DiagnosticEngine) -> ImportedLinksFile? {
        guard let records = StrictCSV.records(text, displayPath: displayPath, engine: &engine) else { return nil }
        var file = ImportedLinksFile()
        guard let header = records.first else { return file }
        let names = header.fields.map { $0.trimmingCharacters(in: .whitespaces) }
        for record in records.dropFirst() {
            var row: [String: String] = [:]
            for (name, cell) in zip(names, record.fields) where !cell.isEmpty && !name.isEmpty {
                row[name] = SpreadsheetCell.value(cell)
            }
            guard let path = row["path"] else { continue }
            file.rows[path] = row
            file.rowNumbers[path] = record.row
        }
        return file
    }

    /// The file's text.
    func text() -> String {
        let used = Set(rows.values.flatMap(\.keys))
        let order = CatalogKeys.link.filter { $0 != "campaign" }
        let columns = order.filter(used.contains) + used.subtracting(order).sorted()
        let stream = OutputStream(toMemory: ())
        stream.open()
        // Writing to memory cannot fail; `try?` keeps a stream error from becoming a crash.
        if let writer = try? CSVWriter(stream: stream, newline: .lf) {
            try? writer.write(row: columns)
            for key in rows.keys.sorted(by: {
                (rows[$0]?["path"] ?? $0).utf8.lexicographicallyPrecedes((rows[$1]?["path"] ?? $1).utf8)
            }) {
                let row = rows[key] ?? [:]
                try? writer.write(row: columns.map { SpreadsheetCell.escaped(row[$0] ?? "") })
            }
        }
        let data = stream.property(forKey: .dataWrittenToMemoryStreamKey) as? Data ?? Data()
        stream.close()
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}
