/// nginx's and Apache's `combined` format:
/// `$remote_addr - $remote_user [$time_local] "$request" $status $body_bytes_sent "$http_referer" "$http_user_agent"`
/// (nginx's `log_format combined`, Apache's `LogFormat "%h %l %u %t \"%r\" %>s %b \"%{Referer}i\" \"%{User-agent}i\""`).
/// Fields after the agent (a custom format's extras) are ignored.
enum CombinedLogParser {
    static func parse(_ line: UnsafeBufferPointer<UInt8>) -> LogRecord? {
        guard let open = line.firstIndex(of: UInt8(ascii: "[")), open + 28 < line.count,
            line[open + 27] == UInt8(ascii: "]"),
            let time = LogTime.commonLogTime(UnsafeBufferPointer(rebasing: line[(open + 1)..<(open + 27)]))
        else { return nil }
        var i = open + 28
        guard i < line.count, line[i] == UInt8(ascii: " "), let request = Quoted.read(line, at: i + 1) else {
            return nil
        }
        i = request.end
        guard let status = Quoted.field(line, after: &i), let code = LogTime.number(line, status.lowerBound, 3),
            status.count == 3, Quoted.field(line, after: &i) != nil,
            i + 1 < line.count, let referer = Quoted.read(line, at: i + 1),
            referer.end + 1 < line.count, let agent = Quoted.read(line, at: referer.end + 1)
        else { return nil }
        let (method, target) = Quoted.requestLine(UnsafeBufferPointer(rebasing: line[request.content]))
        let (path, query) = LogRecord.split(target: target)
        return LogRecord(
            time: time, method: method, path: path, query: query, status: code,
            agent: UnsafeBufferPointer(rebasing: line[agent.content]))
    }
}
