/// A CSV cell as spreadsheets read it. A cell that starts with `=`, `+`, `-`, `@`, a tab or a
/// carriage return is a formula to Excel, LibreOffice and Google Sheets (`=HYPERLINK(…)`,
/// `-2+3+cmd|…`), and links files are edited there (docs/leaving-firebase.md): OWASP's "CSV
/// Injection" advice is to write such a cell with a leading `'`, which spreadsheets show as text.
/// Trampoline writes cells that way and reads them back unchanged: one `'` before a run of `'`
/// and a formula character is dropped on reading, so a value that itself starts so survives too.
enum SpreadsheetCell {
    static func isFormulaStart(_ c: Unicode.Scalar) -> Bool {
        c == "=" || c == "+" || c == "-" || c == "@" || c == "\t" || c == "\r"
    }

    /// Whether `cell` is `'`* then a formula character.
    private static func needsGuard(_ cell: String) -> Bool {
        guard let first = cell.unicodeScalars.first(where: { $0 != "'" }) else { return false }
        return isFormulaStart(first)
    }

    /// The cell as written: a leading `'` added where a spreadsheet would see a formula.
    static func escaped(_ cell: String) -> String {
        needsGuard(cell) ? "'" + cell : cell
    }

    /// The cell's value: the `'` that ``escaped(_:)`` added taken off.
    static func value(_ cell: String) -> String {
        cell.hasPrefix("'") && needsGuard(cell) ? String(cell.dropFirst()) : cell
    }
}
