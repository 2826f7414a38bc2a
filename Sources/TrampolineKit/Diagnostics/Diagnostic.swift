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

    package init(_ severity: Severity, at location: SourceLocation?, _ message: String, hint: String? = nil) {
        self.severity = severity
        self.location = location
        self.message = message
        self.hint = hint
    }

    /// Compiler style: `site-config.yml:12:5: error: message (hint)`.
    package var description: String {
        let prefix = location.map { "\($0): " } ?? ""
        let suffix = hint.map { "; \($0)" } ?? ""
        return "\(prefix)\(severity.rawValue): \(message)\(suffix)"
    }
}
