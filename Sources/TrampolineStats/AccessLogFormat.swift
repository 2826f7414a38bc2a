/// The access-log formats `trampoline stats` reads (docs/counts.md, "Where the logs are").
package enum AccessLogFormat: String, CaseIterable, Sendable {
    /// nginx's and Apache's `combined` (``CombinedLogParser``).
    case combined
    /// Amazon CloudFront standard logs (``CloudFrontLogParser``).
    case cloudfront
    /// Amazon S3 server access logs (``S3LogParser``).
    case s3
    /// Cloudflare Logpush `http_requests`, JSON lines (``CloudflareLogParser``).
    case cloudflare

    /// The format of a log whose first line is `line`; nil when none fits.
    static func detect(firstLine line: UnsafeBufferPointer<UInt8>) -> AccessLogFormat? {
        guard let first = line.first else { return nil }
        if first == UInt8(ascii: "#") { return .cloudfront }
        if first == UInt8(ascii: "{") { return .cloudflare }
        if S3LogParser.looksLikeS3(line), S3LogParser.parse(line) != nil { return .s3 }
        if CombinedLogParser.parse(line) != nil { return .combined }
        // A CloudFront log without its header lines: tab-separated, starting with a date.
        if line.contains(UInt8(ascii: "\t")), CloudFrontLogParser().parse(line) != nil { return .cloudfront }
        return nil
    }
}

/// A parser for one log file: its format, and what it learned from the file's header lines.
struct AccessLogParser {
    let format: AccessLogFormat
    private var cloudFront = CloudFrontLogParser()

    init(format: AccessLogFormat) {
        self.format = format
    }

    /// Calls `body` with the line's request. Returns false for a line it cannot read; header and
    /// blank lines are read (true) without a request.
    mutating func read(_ line: UnsafeBufferPointer<UInt8>, _ body: (LogRecord) -> Void) -> Bool {
        guard let first = line.first else { return true }
        switch format {
        case .combined:
            guard let record = CombinedLogParser.parse(line) else { return false }
            body(record)
        case .s3:
            guard let record = S3LogParser.parse(line) else { return false }
            body(record)
        case .cloudfront:
            if first == UInt8(ascii: "#") {
                cloudFront.readHeader(line)
                return true
            }
            guard let record = cloudFront.parse(line) else { return false }
            body(record)
        case .cloudflare:
            return CloudflareLogParser.read(line, body)
        }
        return true
    }

    /// Whether the line is a comment the format allows (counted in no total).
    func isHeader(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
        format == .cloudfront && line.first == UInt8(ascii: "#")
    }
}
