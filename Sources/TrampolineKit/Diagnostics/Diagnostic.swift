/// One finding about the user's input: where, how bad, what is wrong and how to fix it.
public struct Diagnostic: Sendable, Hashable, Codable, CustomStringConvertible {
    public enum Severity: String, Sendable, Hashable, Codable, Comparable {
        case warning
        case error

        public static func < (lhs: Severity, rhs: Severity) -> Bool {
            lhs == .warning && rhs == .error
        }
    }

    public var severity: Severity
    /// Nil only for findings that concern no particular file (an unwritable output folder, say).
    public var location: SourceLocation?
    public var message: String
    /// What the user can do about it; printed after the message.
    public var hint: String?

    public init(_ severity: Severity, at location: SourceLocation?, _ message: String, hint: String? = nil) {
        self.severity = severity
        self.location = location
        self.message = message
        self.hint = hint
    }

    /// Compiler style: `site-config.yml:12:5: error: message (hint)`.
    public var description: String {
        let prefix = location.map { "\($0): " } ?? ""
        let suffix = hint.map { "; \($0)" } ?? ""
        return "\(prefix)\(severity.rawValue): \(message)\(suffix)"
    }
}
