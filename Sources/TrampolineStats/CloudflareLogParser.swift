import Foundation

/// Cloudflare Logpush, dataset `http_requests`: one JSON object per line, with the fields "HTTP
/// requests" lists (https://developers.cloudflare.com/logs/reference/log-fields/zone/http_requests/):
/// `ClientRequestHost`, `ClientRequestMethod`, `ClientRequestURI` (path and query),
/// `ClientRequestUserAgent`, `EdgeResponseStatus` and `EdgeStartTimestamp` (RFC 3339, or Unix
/// seconds or nanoseconds, as the job's `timestamp_format` says). A job must include those fields.
enum CloudflareLogParser {
    /// Calls `body` with the line's request; false when the line is no such object.
    static func read(_ line: UnsafeBufferPointer<UInt8>, _ body: (LogRecord) -> Void) -> Bool {
        guard let object = try? JSONSerialization.jsonObject(with: Data(line)) as? [String: Any],
            let uri = object["ClientRequestURI"] as? String, let status = object["EdgeResponseStatus"] as? Int,
            let time = timestamp(object["EdgeStartTimestamp"])
        else { return false }
        let method = Array(((object["ClientRequestMethod"] as? String) ?? "GET").utf8)
        let target = Array(uri.utf8)
        let agent = Array(((object["ClientRequestUserAgent"] as? String) ?? "").utf8)
        let host = Array(((object["ClientRequestHost"] as? String) ?? "").utf8)
        method.withUnsafeBufferPointer { method in
            target.withUnsafeBufferPointer { target in
                agent.withUnsafeBufferPointer { agent in
                    host.withUnsafeBufferPointer { host in
                        let (path, query) = LogRecord.split(target: target)
                        body(
                            LogRecord(
                                time: time, method: method, path: path, query: query, status: status, agent: agent,
                                host: host))
                    }
                }
            }
        }
        return true
    }

    private static func timestamp(_ value: Any?) -> Int64? {
        if let text = value as? String {
            return Array(text.utf8).withUnsafeBufferPointer { LogTime.isoTime($0) }
        }
        guard let number = value as? NSNumber else { return nil }
        let whole = number.int64Value
        // Nanoseconds (unixnano) are past 10^17 for any date after 1973; seconds are not.
        return whole > 100_000_000_000_000_000 ? whole / 1_000_000_000 : whole
    }
}
