import Foundation

/// Formats diagnostics for people (compiler-style text), programs (JSON) or GitHub Actions annotations.
package enum DiagnosticFormat: String, Sendable, CaseIterable {
    case text
    case json
    case github
}

package enum DiagnosticPrinter {
    /// The whole report as one string, ending with a newline when non-empty.
    /// Every text field of every diagnostic is made inert first (``InertText``), whatever it
    /// quotes: a catalog, a links file, a fetched body or header, Google's answer.
    package static func render(_ diagnostics: [Diagnostic], format: DiagnosticFormat) -> String {
        let diagnostics = diagnostics.map(\.inert)
        switch format {
        case .text:
            return diagnostics.map { "\($0)\n" }.joined()
        case .github:
            return diagnostics.map(githubAnnotation).joined()
        case .json:
            let report = JSONReport(
                errors: diagnostics.filter { $0.severity == .error }.count,
                warnings: diagnostics.filter { $0.severity == .warning }.count,
                diagnostics: diagnostics.map(JSONDiagnostic.init)
            )
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            let data = (try? encoder.encode(report)) ?? Data("{}".utf8)
            return String(decoding: data, as: UTF8.self) + "\n"
        }
    }

    /// `::error file=F,line=L,col=C::message` — GitHub's workflow command syntax, with its escapes.
    static func githubAnnotation(_ diagnostic: Diagnostic) -> String {
        var properties: [String] = []
        if let location = diagnostic.location {
            properties.append("file=\(escapeProperty(location.file))")
            properties.append("line=\(location.line)")
            properties.append("col=\(location.column)")
        }
        let message = diagnostic.message + (diagnostic.hint.map { "; \($0)" } ?? "")
        let head = properties.isEmpty ? "" : " " + properties.joined(separator: ",")
        return "::\(diagnostic.severity.rawValue)\(head)::\(escapeData(message))\n"
    }

    static func escapeData(_ text: String) -> String {
        text.replacingOccurrences(of: "%", with: "%25")
            .replacingOccurrences(of: "\r", with: "%0D")
            .replacingOccurrences(of: "\n", with: "%0A")
    }

    static func escapeProperty(_ text: String) -> String {
        escapeData(text)
            .replacingOccurrences(of: ":", with: "%3A")
            .replacingOccurrences(of: ",", with: "%2C")
    }

    private struct JSONReport: Encodable {
        let errors: Int
        let warnings: Int
        let diagnostics: [JSONDiagnostic]
    }

    private struct JSONDiagnostic: Encodable {
        let severity: String
        let file: String?
        let line: Int?
        let column: Int?
        let message: String
        let hint: String?
        let code: String?
        let url: String?
        let expected: String?
        let seen: String?

        init(_ d: Diagnostic) {
            severity = d.severity.rawValue
            file = d.location?.file
            line = d.location?.line
            column = d.location?.column
            message = d.message
            hint = d.hint
            code = d.detail?.code
            url = d.detail?.url
            expected = d.detail?.expected
            seen = d.detail?.seen
        }
    }
}
