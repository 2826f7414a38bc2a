/// Collects every diagnostic of a run so that all problems are reported at once.
package struct DiagnosticEngine: Sendable {
    package private(set) var diagnostics: [Diagnostic] = []

    package init() {}

    package var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }
    package var errors: [Diagnostic] { diagnostics.filter { $0.severity == .error } }
    package var warnings: [Diagnostic] { diagnostics.filter { $0.severity == .warning } }

    package mutating func emit(_ diagnostic: Diagnostic) {
        diagnostics.append(diagnostic)
    }

    package mutating func emit(_ list: [Diagnostic]) {
        diagnostics.append(contentsOf: list)
    }

    package mutating func error(_ message: String, at location: SourceLocation?, hint: String? = nil) {
        emit(Diagnostic(.error, at: location, message, hint: hint))
    }

    package mutating func warning(_ message: String, at location: SourceLocation?, hint: String? = nil) {
        emit(Diagnostic(.warning, at: location, message, hint: hint))
    }

    package mutating func append(contentsOf other: DiagnosticEngine) {
        diagnostics.append(contentsOf: other.diagnostics)
    }

    /// Diagnostics in file order, so the output reads top to bottom like the catalog.
    package var sorted: [Diagnostic] {
        diagnostics.enumerated().sorted { a, b in
            let l = a.element.location
            let r = b.element.location
            switch (l, r) {
            case (let l?, let r?):
                if l.file != r.file { return l.file < r.file }
                if l.line != r.line { return l.line < r.line }
                if l.column != r.column { return l.column < r.column }
                return a.offset < b.offset
            case (nil, _?): return false
            case (_?, nil): return true
            case (nil, nil): return a.offset < b.offset
            }
        }.map(\.element)
    }
}
