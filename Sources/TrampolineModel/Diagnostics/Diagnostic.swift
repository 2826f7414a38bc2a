/// One finding about the user's input: where, how bad, what is wrong and how to fix it.
package struct Diagnostic: Sendable, Hashable, Codable, CustomStringConvertible {
    package enum Severity: String, Sendable, Hashable, Codable, Comparable {
        case warning
        case error

        package static func < (lhs: Severity, rhs: Severity) -> Bool {
            lhs == .warning && rhs == .error
        }
    }

    package var severity: Severity
    /// Nil only for findings that concern no particular file (an unwritable output folder, say).
    package var location: SourceLocation?
    package var message: String
    /// What the user can do about it; printed after the message.
    package var hint: String?
    /// For a finding about a fetched URL (`check --live`): its stable code, the URL, and what was
    /// expected and seen. People read them in the message; JSON has them as fields of their own.
    package var detail: Detail?

    /// What a `check --live` finding is about, for programs (docs/check.md, "JSON").
    package struct Detail: Sendable, Hashable, Codable {
        /// Stable, like `aasa-content-type`; the list is in docs/check.md.
        package var code: String
        package var url: String
        package var expected: String
        package var seen: String

        package init(code: String, url: String, expected: String, seen: String) {
            self.code = code
            self.url = url
            self.expected = expected
            self.seen = seen
        }
    }

    package init(
        _ severity: Severity, at location: SourceLocation?, _ message: String, hint: String? = nil,
        detail: Detail? = nil
    ) {
        self.severity = severity
        self.location = location
        self.message = message
        self.hint = hint
        self.detail = detail
    }

    /// Compiler style: `site-config.yml:12:5: error: message (hint)`.
    /// Made inert (``InertText``), like every printed form.
    package var description: String {
        let message = InertText.escape(message)
        let hint = hint.map(InertText.escape)
        let location = location.map {
            SourceLocation(file: InertText.escape($0.file), line: $0.line, column: $0.column)
        }
        let prefix = location.map { "\($0): " } ?? ""
        let suffix = hint.map { "; \($0)" } ?? ""
        return "\(prefix)\(severity.rawValue): \(message)\(suffix)"
    }
}
