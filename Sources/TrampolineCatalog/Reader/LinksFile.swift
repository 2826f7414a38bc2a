import Foundation
import TrampolineModel

/// `links_file:` — the links list kept outside the catalog, as CSV (a header row of link keys,
/// `campaign.<name>` columns, lists comma-separated) or JSON (a list of link objects). Both become
/// the same positioned nodes a `links:` list gives, so every check and message is the same.
enum LinksFile {
    /// The largest links file read (a million links of a few hundred bytes each fit).
    static let maximumBytes = 512 << 20

    /// The file's bytes (UTF-8 not yet checked), or nil after reporting why it cannot be read.
    /// `name` is the catalog's value, read from `project` (no path outside it, no symbolic link);
    /// a refusal is reported at `location`, the value in the catalog.
    static func bytes(
        named name: String, in project: ProjectFolder, location: SourceLocation?, engine: inout DiagnosticEngine
    ) -> [UInt8]? {
        project.dataFileBytes(name, key: "links_file", limit: maximumBytes, location: location, engine: &engine)
    }

    /// The formats a links file may have, by its name's extension.
    enum Format: String {
        case csv, json

        /// The format `name` says, if it is one of these (``items(of:named:displayPath:engine:)``
        /// reports a name that is neither).
        init?(_ name: String) {
            self.init(rawValue: (name as NSString).pathExtension.lowercased())
        }
    }

    /// The link entries of the file `name`'s `bytes`, or nil after reporting why they cannot be read.
    /// CSV positions are `row:column`, the header being row 1 and columns counted from 1.
    static func items(of bytes: [UInt8], named name: String, displayPath: String, engine: inout DiagnosticEngine)
        -> [YAMLNode]?
    {
        let start = SourceLocation(file: displayPath, line: 1, column: 1)
        guard
            let text = ProjectFolder.dataFileText(
                of: bytes, what: "the links file", displayPath: displayPath, engine: &engine)
        else {
            return nil
        }
        switch Format(name) {
        case .json: return json(text, displayPath: displayPath, engine: &engine)
        case .csv: return csv(text, displayPath: displayPath, engine: &engine)
        case nil:
            engine.error("links_file must name a .csv or .json file", at: start, hint: "export the sheet as CSV")
            return nil
        }
    }

    /// JSON is read by the YAML parser (JSON is YAML's flow syntax), which knows line and column.
    static func json(_ text: String, displayPath: String, engine: inout DiagnosticEngine) -> [YAMLNode]? {
        let parser = YAMLEventParser(text)
        do {
            guard try parser.startDocument() else {
                engine.error(
                    "the links file is empty", at: SourceLocation(file: displayPath, line: 1, column: 1),
                    hint: "write a JSON list of links: [{\"path\": \"/a\", \"title\": \"A\"}]")
                return nil
            }
            let root = try parser.node()
            try parser.finishDocument()
            guard case .sequence(let items) = root.kind else {
                engine.error(
                    "the links file must hold a JSON list of links",
                    at: SourceLocation(file: displayPath, line: root.line, column: root.column),
                    hint: "write [{\"path\": \"/a\", \"title\": \"A\"}, ...]")
                return nil
            }
            return items
        } catch let error as YAMLEventParser.SyntaxError {
            engine.error(
                "JSON syntax: \(error.message)",
                at: SourceLocation(file: displayPath, line: error.line, column: error.column),
                hint: "check brackets, commas and quotes")
            return nil
        } catch {
            engine.error(
                "cannot read the links file: \(error)", at: SourceLocation(file: displayPath, line: 1, column: 1))
            return nil
        }
    }

    /// A header cell short and plain enough to be a key someone mistyped.
    static func looksLikeKey(_ name: String) -> Bool {
        name.utf8.count <= 32
            && name.unicodeScalars.allSatisfy {
                $0.isASCII
                    && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "_.- ".unicodeScalars.contains($0))
            }
    }

    /// Columns whose cells are numbers or booleans, read as YAML plain scalars; every other cell is text.
    static let typedColumns: Set<String> = ["fallback_delay_ms", "cookie_days", "forward_query", "qr_code"]

    static func csv(_ text: String, displayPath: String, engine: inout DiagnosticEngine) -> [YAMLNode]? {
        guard let records = StrictCSV.records(text, displayPath: displayPath, engine: &engine) else { return nil }
        guard let first = records.first else {
            engine.error(
                "the links file is empty", at: SourceLocation(file: displayPath, line: 1, column: 1),
                hint: "the first row must name the columns: path,title,...")
            return nil
        }
        guard let columns = columns(of: first, displayPath: displayPath, engine: &engine) else { return nil }
        return records.dropFirst().compactMap { node(of: $0, columns: columns) }
    }

    /// A column of the header row: the link key its cells give (`campaign` for `campaign.<name>`).
    struct Column {
        var index: Int
        var key: String
        /// The parameter of a `campaign.<name>` column.
        var campaign: String?
    }

    /// The columns the header row `header` names, or nil after reporting every unknown one.
    static func columns(of header: StrictCSV.Record, displayPath: String, engine: inout DiagnosticEngine)
        -> [Column]?
    {
        let errorsBefore = engine.errors.count
        var columns: [Column] = []
        for (index, raw) in header.fields.enumerated() {
            let name = raw.trimmingCharacters(in: .whitespaces)
            let at = SourceLocation(file: displayPath, line: header.row, column: index + 1)
            if name.hasPrefix("campaign.") {
                let parameter = String(name.dropFirst("campaign.".count))
                if parameter.isEmpty {
                    engine.error(
                        "column 'campaign.' names no parameter", at: at, hint: "write campaign.utm_source, say")
                } else {
                    columns.append(Column(index: index, key: "campaign", campaign: parameter))
                }
            } else if name == "campaign" {
                engine.error(
                    "a campaign column must name its parameter", at: at,
                    hint: "use one column per parameter: campaign.utm_source, campaign.utm_campaign")
            } else if CatalogKeys.link.contains(name) {
                columns.append(Column(index: index, key: name))
            } else if !name.isEmpty {
                let hint =
                    Suggestion.closest(to: name, among: CatalogKeys.link).map { "did you mean '\($0)'?" }
                    ?? "known columns: \(CatalogKeys.link.joined(separator: ", ")), campaign.<name>"
                // Named by position, and by its text only when that looks like a key (a typo):
                // the first row of a file that is no links file could be a secret, and the message
                // goes into CI logs.
                let shown = looksLikeKey(name) ? " \(CatalogRules.quoted(name))" : ""
                engine.error("unknown column \(index + 1)\(shown)", at: at, hint: hint)
            }
        }
        return engine.errors.count == errorsBefore ? columns : nil
    }

    /// The link entry of one row, as a `links:` entry would be written; nil for a blank row.
    static func node(of record: StrictCSV.Record, columns: [Column]) -> YAMLNode? {
        let cells = record.fields
        let row = record.row
        if cells.allSatisfy({ $0.trimmingCharacters(in: .whitespaces).isEmpty }) { return nil }
        var pairs: [(key: YAMLNode, value: YAMLNode)] = []
        var campaign: [(key: YAMLNode, value: YAMLNode)] = []
        for column in columns where column.index < cells.count {
            let cell = SpreadsheetCell.value(cells[column.index])
            // An empty cell means "not set", so the defaults apply.
            if cell.isEmpty { continue }
            let col = column.index + 1
            func scalar(_ text: String, plain: Bool = false) -> YAMLNode {
                YAMLNode(kind: .scalar(text, plain: plain), line: row, column: col)
            }
            if let parameter = column.campaign {
                campaign.append((scalar(parameter), scalar(cell)))
            } else if column.key == "deferred" {
                let channels = cell.split(whereSeparator: { $0 == "," || $0 == " " }).map { scalar(String($0)) }
                pairs.append((scalar(column.key), YAMLNode(kind: .sequence(channels), line: row, column: col)))
            } else {
                pairs.append((scalar(column.key), scalar(cell, plain: typedColumns.contains(column.key))))
            }
        }
        if !campaign.isEmpty {
            let at = campaign[0].value
            pairs.append(
                (
                    YAMLNode(kind: .scalar("campaign", plain: false), line: at.line, column: at.column),
                    YAMLNode(kind: .mapping(campaign), line: at.line, column: at.column)
                ))
        }
        return YAMLNode(kind: .mapping(pairs), line: row, column: 1)
    }

    /// The entry of one row's bytes read alone (the row numbered `row`): `.some(nil)` when blank,
    /// nil when the bytes are not UTF-8 or not one well-formed record (the plain reading reports why).
    static func rowNode(_ bytes: UnsafeBufferPointer<UInt8>, row: Int, columns: [Column]) -> YAMLNode?? {
        guard UTF8Check.isValid(bytes), case .success(let records) = StrictCSV.records(in: bytes, firstRow: row),
            records.count <= 1
        else { return nil }
        guard let record = records.first else { return .some(nil) }
        return .some(node(of: record, columns: columns))
    }
}
