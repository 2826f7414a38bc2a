/// Thrown when a run found errors; carries every diagnostic (warnings included) for the printer.
package struct DiagnosticsError: Error, Sendable, CustomStringConvertible {
    package let diagnostics: [Diagnostic]

    package init(_ diagnostics: [Diagnostic]) {
        self.diagnostics = diagnostics
    }

    package var description: String {
        diagnostics.map(\.description).joined(separator: "\n")
    }
}
