/// Thrown when a run found errors; carries every diagnostic (warnings included) for the printer.
public struct DiagnosticsError: Error, Sendable, CustomStringConvertible {
    public let diagnostics: [Diagnostic]

    public init(_ diagnostics: [Diagnostic]) {
        self.diagnostics = diagnostics
    }

    public var description: String {
        diagnostics.map(\.description).joined(separator: "\n")
    }
}
