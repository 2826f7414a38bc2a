/// Amazon CloudFront standard logs (legacy, version 1.0): tab-separated fields named by the
/// file's `#Fields:` line, as "Standard log file fields" lists them
/// (https://docs.aws.amazon.com/AmazonCloudFront/latest/DeveloperGuide/standard-logs-reference.html):
/// `date time x-edge-location sc-bytes c-ip cs-method cs(Host) cs-uri-stem sc-status cs(Referer)
/// cs(User-Agent) cs-uri-query cs(Cookie) x-edge-result-type x-edge-request-id x-host-header …`.
/// Times are UTC; the user agent is percent-encoded; `-` stands for an empty value.
struct CloudFrontLogParser {
    private var date = 0
    private var time = 1
    private var method = 5
    private var stem = 7
    private var status = 8
    private var agent = 10
    private var query = 11
    /// `x-host-header`: the host the viewer asked for (`cs(Host)` is the distribution's own name).
    private var host = 15
    private var columns = 16

    init() {}

    /// Reads a `#Fields:` line; other comment lines change nothing.
    mutating func readHeader(_ line: UnsafeBufferPointer<UInt8>) {
        let text = String(decoding: line, as: UTF8.self)
        guard text.hasPrefix("#Fields:") else { return }
        let names = text.dropFirst("#Fields:".count).split(separator: " ").map(String.init)
        func index(_ name: String, _ fallback: Int) -> Int { names.firstIndex(of: name) ?? fallback }
        date = index("date", date)
        time = index("time", time)
        method = index("cs-method", method)
        stem = index("cs-uri-stem", stem)
        status = index("sc-status", status)
        agent = index("cs(User-Agent)", agent)
        query = index("cs-uri-query", query)
        host = index("x-host-header", host)
        columns = max(date, time, method, stem, status, agent, query) + 1
    }

    func parse(_ line: UnsafeBufferPointer<UInt8>) -> LogRecord? {
        // The fields' bounds on the stack: a log has millions of lines.
        withUnsafeTemporaryAllocation(of: Range<Int>.self, capacity: 40) { fields in
            var count = 0
            var start = 0
            for i in 0..<line.count where line[i] == UInt8(ascii: "\t") && count < 39 {
                fields[count] = start..<i
                count += 1
                start = i + 1
            }
            fields[count] = start..<line.count
            count += 1
            return record(line, fields: UnsafeBufferPointer(rebasing: fields[..<count]))
        }
    }

    private func record(_ line: UnsafeBufferPointer<UInt8>, fields: UnsafeBufferPointer<Range<Int>>) -> LogRecord? {
        guard fields.count >= columns, fields[date].count == 10, fields[time].count == 8 else { return nil }
        // `2019-12-04` and `21:02:31`, UTC.
        let d = fields[date].lowerBound
        let t = fields[time].lowerBound
        guard let year = LogTime.number(line, d, 4), let month = LogTime.number(line, d + 5, 2),
            let day = LogTime.number(line, d + 8, 2), let hour = LogTime.number(line, t, 2),
            let minute = LogTime.number(line, t + 3, 2), let second = LogTime.number(line, t + 6, 2),
            (1...12).contains(month), (1...31).contains(day),
            fields[status].count == 3, let code = LogTime.number(line, fields[status].lowerBound, 3)
        else { return nil }
        func view(_ range: Range<Int>) -> UnsafeBufferPointer<UInt8> {
            range.count == 1 && line[range.lowerBound] == UInt8(ascii: "-")
                ? UnsafeBufferPointer(rebasing: line[range.lowerBound..<range.lowerBound])
                : UnsafeBufferPointer(rebasing: line[range])
        }
        return LogRecord(
            time: LogTime.epoch(year: year, month: month, day: day, hour: hour, minute: minute, second: second),
            method: view(fields[method]), path: view(fields[stem]), query: view(fields[query]),
            status: code, agent: view(fields[agent]), agentEncoding: .percent,
            host: host < fields.count ? view(fields[host]) : UnsafeBufferPointer(start: nil, count: 0))
    }
}
