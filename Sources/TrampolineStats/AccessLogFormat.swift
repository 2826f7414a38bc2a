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

    /// What a line turned out to be.
    enum Line {
        /// A request, handed to the body.
        case request
        /// A header or blank line: no request, and counted in no total.
        case header
        /// A line of no request this format reads.
        case unreadable
    }

    /// Calls `body` with the line's request, and says what the line was.
    mutating func read(_ line: UnsafeBufferPointer<UInt8>, _ body: (LogRecord) -> Void) -> Line {
        guard let first = line.first else { return .header }
        let record: LogRecord?
        switch format {
        case .combined:
            record = CombinedLogParser.parse(line)
        case .s3:
            record = S3LogParser.parse(line)
        case .cloudfront:
            if first == UInt8(ascii: "#") {
                cloudFront.readHeader(line)
                return .header
            }
            record = cloudFront.parse(line)
        case .cloudflare:
            return CloudflareLogParser.read(line, body) ? .request : .unreadable
        }
        guard let record else { return .unreadable }
        body(record)
        return .request
    }
}
