import TrampolineModel

/// One Dynamic Link read from an export row or a long link, with where each value came from.
struct FirebaseRow: Sendable {
    /// One value and its column (the CSV field, or the long link's character).
    struct Cell: Sendable {
        var text: String
        var column: Int
    }

    /// The input as diagnostics name it.
    var file: String
    /// The CSV row (header = 1) or the long link's line.
    var row: Int
    /// Non-empty values, trimmed.
    var cells: [FirebaseField: Cell] = [:]
    /// The Dynamic Links domain: the short link's host, or the long link's.
    var domain: String?
    /// True for an FDL long link, whose page path comes from `link` (it has no short suffix).
    var isLongLink = false
    /// What reading and mapping the row found; any error makes the row invalid.
    var diagnostics: [Diagnostic] = []

    var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }

    mutating func error(_ message: String, at field: FirebaseField?, hint: String? = nil) {
        diagnostics.append(Diagnostic(.error, at: location(field), message, hint: hint))
    }

    mutating func warning(_ message: String, at field: FirebaseField?, hint: String? = nil) {
        diagnostics.append(Diagnostic(.warning, at: location(field), message, hint: hint))
    }

    subscript(_ field: FirebaseField) -> String? { cells[field]?.text }

    /// Where `field` is, or the row's start when it is absent.
    func location(_ field: FirebaseField?) -> SourceLocation {
        SourceLocation(file: file, line: row, column: field.flatMap { cells[$0]?.column } ?? 1)
    }
}
