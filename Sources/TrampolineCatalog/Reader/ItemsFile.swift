import Foundation
import TrampolineModel

/// A route's `items:` file — one row per item: the route's parameters and any of ``CatalogKeys/item``
/// — as CSV (a header row), JSON (a list of objects) or JSON Lines (an object per line), by its
/// extension. Every form becomes the same positioned mappings, so each check and message is the
/// same; CSV positions are `row:column`, the header being row 1.
enum ItemsFile {
    /// The largest items file read: a million items of a few hundred bytes fit.
    static let maximumBytes = LinksFile.maximumBytes
    /// The most rows an items file may have. Each item is a page (and a file on the host), and
    /// every row is held as text, then as a link, while the build reads them: a file past this is
    /// refused before any row is read, rather than held several times over.
    static let maximumRows = 500_000

    /// The error for a file of more than ``maximumRows`` rows, at the first row past it.
    static func tooManyRows(at location: SourceLocation, engine: inout DiagnosticEngine) {
        engine.error(
            "the items file has more than \(maximumRows) rows",
            at: location,
            hint:
                "split the items over several routes (/recipe/a/:id, /recipe/b/:id), or leave the rarely shared ones out: they get the route's page"
        )
    }

    /// How an items file is written, by its extension.
    enum Format: String {
        case csv, json, jsonl

        /// The format a file's name says, if it is one of these.
        init?(_ name: String) {
            self.init(rawValue: (name as NSString).pathExtension.lowercased())
        }
    }

    /// The file's bytes (UTF-8 is checked by whoever reads them: the plain reading as a whole, the
    /// items cache row by row) and format, or nil after
    /// reporting why it cannot be read. `name` is the catalog's value, read from `project` (no path
    /// outside it, no symbolic link); a refusal is reported at `location`, the value in the catalog.
    static func source(
        named name: String, in project: ProjectFolder, location: SourceLocation, engine: inout DiagnosticEngine
    ) -> (bytes: [UInt8], format: Format)? {
        guard let format = Format(name) else {
            engine.error(
                "items must name a .csv, .json or .jsonl file, not \(CatalogRules.quoted(name))", at: location,
                hint: "export the items as CSV (a header row of the route's parameters and title, image...)")
            return nil
        }
        guard
            let bytes = project.dataFileBytes(
                name, key: "items", limit: maximumBytes, location: location, engine: &engine)
        else { return nil }
        return (bytes, format)
    }

    /// The rows of `text`, or nil after reporting why they cannot be read. `columns` are the
    /// names a row may use: the route's parameters and ``CatalogKeys/item``.
    static func rows(
        of text: String, format: Format, displayPath: String, columns: [String], engine: inout DiagnosticEngine
    ) -> [YAMLNode]? {
        switch format {
        case .csv: return csv(text, displayPath: displayPath, columns: columns, engine: &engine)
        case .json: return json(text, displayPath: displayPath, engine: &engine)
        case .jsonl: return jsonLines(text, displayPath: displayPath, engine: &engine)
        }
    }

    /// A list of objects, read by the YAML parser (JSON is YAML's flow syntax), which knows line and column.
    static func json(_ text: String, displayPath: String, engine: inout DiagnosticEngine) -> [YAMLNode]? {
        guard let root = document(text, displayPath: displayPath, firstLine: 1, engine: &engine) else { return nil }
        guard case .sequence(let items) = root.kind else {
            engine.error(
                "the items file must hold a JSON list of items",
                at: SourceLocation(file: displayPath, line: root.line, column: root.column),
                hint: "write [{\"id\": \"12345\", \"title\": \"Lemon tart\"}, ...]")
            return nil
        }
        if items.count > maximumRows {
            let past = items[maximumRows]
            tooManyRows(at: SourceLocation(file: displayPath, line: past.line, column: past.column), engine: &engine)
            return nil
        }
        return items
    }

    /// One JSON object per line; blank lines are skipped.
    static func jsonLines(_ text: String, displayPath: String, engine: inout DiagnosticEngine) -> [YAMLNode]? {
        var rows: [YAMLNode] = []
        var number = 0
        var failed = false
        // Split at the byte: as Characters, a CRLF line break is one grapheme, not a "\n".
        for bytes in text.utf8.split(separator: 0x0A, omittingEmptySubsequences: false) {
            let line = Substring(bytes)
            number += 1
            if isBlank(line) { continue }
            guard let row = jsonLine(line, number: number, displayPath: displayPath, engine: &engine) else {
                failed = true
                if engine.errors.count >= CatalogReader.errorLimit { break }
                continue
            }
            if rows.count == maximumRows {
                tooManyRows(at: SourceLocation(file: displayPath, line: number, column: 1), engine: &engine)
                return nil
            }
            rows.append(row)
        }
        return failed ? nil : rows
    }

    /// Whether a JSON Lines line holds nothing but white space (it is skipped).
    static func isBlank(_ line: Substring) -> Bool {
        line.utf8.allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }
    }

    /// Line `number` of a JSON Lines file, an object, or nil after reporting why it is not.
    static func jsonLine(_ line: Substring, number: Int, displayPath: String, engine: inout DiagnosticEngine)
        -> YAMLNode?
    {
        guard
            let row = document(
                String(line), displayPath: displayPath, firstLine: number, oneLine: true, engine: &engine)
        else { return nil }
        guard case .mapping = row.kind else {
            engine.error(
                "line \(number) of the items file is not a JSON object",
                at: SourceLocation(file: displayPath, line: number, column: row.column),
                hint: "write one object per line: {\"id\": \"12345\", \"title\": \"Lemon tart\"}")
            return nil
        }
        return row
    }

    /// One JSON document, its positions counted from `firstLine`.
    static func document(
        _ text: String, displayPath: String, firstLine: Int, oneLine: Bool = false, engine: inout DiagnosticEngine
    ) -> YAMLNode? {
        let parser = YAMLEventParser(text)
        do {
            guard try parser.startDocument() else {
                engine.error(
                    "the items file is empty", at: SourceLocation(file: displayPath, line: firstLine, column: 1),
                    hint: "write a JSON list of items: [{\"id\": \"12345\", \"title\": \"Lemon tart\"}]")
                return nil
            }
            var root = try parser.node()
            try parser.finishDocument()
            root.shiftLines(by: firstLine - 1)
            return root
        } catch let error as YAMLEventParser.SyntaxError {
            // A JSON Lines row the parser read to its end is wrong at the end of its line.
            let at =
                oneLine && error.line > 1
                ? SourceLocation(file: displayPath, line: firstLine, column: text.unicodeScalars.count + 1)
                : SourceLocation(file: displayPath, line: error.line + firstLine - 1, column: error.column)
            engine.error(
                "JSON syntax: \(error.message)", at: at,
                hint: "check brackets, commas and quotes")
            return nil
        } catch {
            engine.error(
                "cannot read the items file: \(error)",
                at: SourceLocation(file: displayPath, line: firstLine, column: 1))
            return nil
        }
    }

    /// A header row naming the columns, then one item per row; empty cells are not set.
    static func csv(_ text: String, displayPath: String, columns: [String], engine: inout DiagnosticEngine)
        -> [YAMLNode]?
    {
        guard let records = StrictCSV.records(text, displayPath: displayPath, engine: &engine) else { return nil }
        guard let header = records.first else {
            engine.error(
                "the items file is empty", at: SourceLocation(file: displayPath, line: 1, column: 1),
                hint: "the first row must name the columns: the route's parameters, then title,description,image...")
            return nil
        }
        if records.count - 1 > maximumRows {
            tooManyRows(
                at: SourceLocation(file: displayPath, line: records[maximumRows + 1].row, column: 1), engine: &engine)
            return nil
        }
        guard let names = columnNames(of: header, displayPath: displayPath, columns: columns, engine: &engine) else {
            return nil
        }
        var rows: [YAMLNode] = []
        rows.reserveCapacity(records.count - 1)
        for record in records.dropFirst() {
            if let row = row(record, names: names, headerRow: header.row) { rows.append(row) }
        }
        return rows
    }

    /// The header's column names, or nil after naming each one a row may not use.
    static func columnNames(
        of header: StrictCSV.Record, displayPath: String, columns: [String], engine: inout DiagnosticEngine
    ) -> [String]? {
        let names = header.fields.map { $0.trimmingCharacters(in: .whitespaces) }
        // Each column once, from the header: a mistyped one is named even where its cells are empty.
        var failed = false
        for (index, name) in names.enumerated() where !name.isEmpty && !columns.contains(name) {
            let hint =
                Suggestion.closest(to: name, among: columns).map { "did you mean '\($0)'?" }
                ?? "the columns are the route's parameters and \(CatalogKeys.item.joined(separator: ", "))"
            let shown = LinksFile.looksLikeKey(name) ? " \(CatalogRules.quoted(name))" : ""
            engine.error(
                "unknown column \(index + 1)\(shown)",
                at: SourceLocation(file: displayPath, line: header.row, column: index + 1),
                hint: hint)
            failed = true
        }
        return failed ? nil : names
    }

    /// A record as a row (the header's `names` as keys), or nil when all its cells are blank.
    static func row(_ record: StrictCSV.Record, names: [String], headerRow: Int) -> YAMLNode? {
        let cells = record.fields
        if cells.allSatisfy({ $0.trimmingCharacters(in: .whitespaces).isEmpty }) { return nil }
        var pairs: [(key: YAMLNode, value: YAMLNode)] = []
        for (index, name) in names.enumerated() where index < cells.count && !name.isEmpty {
            let cell = SpreadsheetCell.value(cells[index])
            if cell.isEmpty { continue }
            // The key is placed at the header cell, so an unknown column is named where it is.
            pairs.append(
                (
                    YAMLNode(kind: .scalar(name, plain: false), line: headerRow, column: index + 1),
                    YAMLNode(kind: .scalar(cell, plain: false), line: record.row, column: index + 1)
                ))
        }
        return YAMLNode(kind: .mapping(pairs), line: record.row, column: 1)
    }
}
