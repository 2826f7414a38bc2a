/// A log file that cannot be read at all (one bad line is counted, not an error).
package enum LogReadError: Error, Equatable, Sendable {
    /// The file, and why.
    case unreadable(String, String)
}
