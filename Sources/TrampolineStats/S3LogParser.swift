/// Amazon S3 server access logs, as "Amazon S3 server access log format" lists the fields
/// (https://docs.aws.amazon.com/AmazonS3/latest/userguide/LogFormat.html): bucket owner, bucket,
/// `[time]`, remote IP, requester, request ID, operation, key, `"Request-URI"`, HTTP status, error
/// code, bytes sent, object size, total time, turn-around time, `"Referer"`, `"User-Agent"`,
/// version ID, host ID, signature version, cipher suite, authentication type, host header, …
enum S3LogParser {
    static func parse(_ line: UnsafeBufferPointer<UInt8>) -> LogRecord? {
        var i = -1
        guard skipFields(2, line, &i), i + 1 < line.count, line[i + 1] == UInt8(ascii: "["),
            i + 28 < line.count, line[i + 28] == UInt8(ascii: "]"),
            let time = LogTime.commonLogTime(UnsafeBufferPointer(rebasing: line[(i + 2)..<(i + 28)]))
        else { return nil }
        i += 29
        guard skipFields(5, line, &i), i + 1 < line.count, let request = Quoted.read(line, at: i + 1) else {
            return nil
        }
        i = request.end
        guard let status = Quoted.field(line, after: &i), status.count == 3,
            let code = LogTime.number(line, status.lowerBound, 3), skipFields(5, line, &i),
            i + 1 < line.count, let referer = Quoted.read(line, at: i + 1),
            let agent = Quoted.read(line, at: referer.end + 1)
        else { return nil }
        i = agent.end
        var host = UnsafeBufferPointer<UInt8>(start: nil, count: 0)
        // Host header: the sixth field after the agent (older logs end before it).
        if skipFields(5, line, &i), let field = Quoted.field(line, after: &i),
            line[field.lowerBound] != UInt8(ascii: "-")
        {
            host = UnsafeBufferPointer(rebasing: line[field])
        }
        let (method, target) = Quoted.requestLine(UnsafeBufferPointer(rebasing: line[request.content]))
        let (path, query) = LogRecord.split(target: target)
        return LogRecord(
            time: time, method: method, path: path, query: query, status: code,
            agent: UnsafeBufferPointer(rebasing: line[agent.content]), host: host)
    }

    /// Whether the line looks like S3's: its third field is the bracketed time.
    static func looksLikeS3(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
        var i = -1
        return skipFields(2, line, &i) && i + 1 < line.count && line[i + 1] == UInt8(ascii: "[")
    }

    /// Moves `index` (a space, or -1 at the start) past `count` bare fields.
    private static func skipFields(_ count: Int, _ line: UnsafeBufferPointer<UInt8>, _ index: inout Int) -> Bool {
        for _ in 0..<count {
            if index == -1 {
                index = line.firstIndex(of: UInt8(ascii: " ")) ?? -1
                if index <= 0 { return false }
            } else if Quoted.field(line, after: &index) == nil {
                return false
            }
        }
        return true
    }
}
