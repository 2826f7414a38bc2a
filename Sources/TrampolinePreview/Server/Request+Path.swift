import Hummingbird

extension Request {
    /// The path percent-decoded, as the hosts match files and rules (left as sent when it does
    /// not decode).
    var decodedPath: String { uri.path.removingPercentEncoding ?? uri.path }

    /// The same request for another path, keeping the query string.
    func withPath(_ path: String) -> Request {
        var head = self.head
        head.path = path + (uri.query.map { "?" + $0 } ?? "")
        return Request(head: head, body: body)
    }
}
