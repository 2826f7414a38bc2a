import Hummingbird

extension Request {
    /// The same request for another path, keeping the query string.
    func withPath(_ path: String) -> Request {
        var head = self.head
        head.path = path + (uri.query.map { "?" + $0 } ?? "")
        return Request(head: head, body: body)
    }
}
