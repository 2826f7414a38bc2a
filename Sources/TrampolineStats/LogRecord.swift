/// One request of an access log, as the parsers read it: views into the line's bytes (valid only
/// while the line is), never copies.
struct LogRecord {
    /// When the request was made, in seconds since 1970 (UTC).
    var time: Int64
    /// `GET`, `HEAD`, …
    var method: UnsafeBufferPointer<UInt8>
    /// The path as requested, percent-encoded, without the query.
    var path: UnsafeBufferPointer<UInt8>
    /// The query without its `?`; empty for none.
    var query: UnsafeBufferPointer<UInt8>
    var status: Int
    /// The user agent as the log writes it (``agentEncoding`` says how).
    var agent: UnsafeBufferPointer<UInt8>
    var agentEncoding: AgentEncoding = .plain
    /// The host the request named, when the format logs it (empty otherwise).
    var host: UnsafeBufferPointer<UInt8> = UnsafeBufferPointer(start: nil, count: 0)

    /// How a format writes the user agent.
    enum AgentEncoding {
        /// As sent (nginx and Apache escape quotes; nothing else matters here).
        case plain
        /// Percent-encoded (CloudFront: `Mozilla/5.0%20(iPhone;…`).
        case percent
    }

    /// A split of `target` (`/path?query`) into path and query.
    static func split(target: UnsafeBufferPointer<UInt8>) -> (
        path: UnsafeBufferPointer<UInt8>, query: UnsafeBufferPointer<UInt8>
    ) {
        guard let question = target.firstIndex(of: UInt8(ascii: "?")) else {
            return (target, UnsafeBufferPointer(rebasing: target[target.endIndex...]))
        }
        return (
            UnsafeBufferPointer(rebasing: target[..<question]),
            UnsafeBufferPointer(rebasing: target[(question + 1)...])
        )
    }
}
