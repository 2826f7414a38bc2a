import Hummingbird

/// A preview bound to loopback answers only requests that name a loopback host: a web page the
/// person visits could otherwise point a name of its own at 127.0.0.1 (DNS rebinding) and read
/// the dashboard, the catalog's values and local paths through the person's browser. Such a
/// request names the attacker's host, and gets 421 Misdirected Request.
struct HostGuardMiddleware<Context: RequestContext>: RouterMiddleware {
    /// `serve --as`: the site's own host name is answered too.
    var siteHost: String? = nil

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response
    {
        // HTTP/1.1's Host header is the request's authority here.
        if let host = request.head.authority, !Self.isLoopbackName(host), !isSiteName(host) {
            throw HTTPError(
                .misdirectedRequest,
                message: "This preview answers only on localhost and 127.0.0.1, not on the name this request used.")
        }
        return try await next(request, context)
    }

    /// Whether `hostHeader` names the site's host, with or without a port.
    func isSiteName(_ hostHeader: String) -> Bool {
        guard let siteHost else { return false }
        let name = hostHeader.lowercased()
        return name == siteHost || name.hasPrefix(siteHost + ":")
    }

    /// Whether `host` (a Host header: a name or address, and maybe a port) names this machine.
    static func isLoopbackName(_ hostHeader: String) -> Bool {
        var name = Substring(hostHeader.lowercased())
        if name.hasPrefix("[") {
            guard let close = name.firstIndex(of: "]") else { return false }
            let rest = name[name.index(after: close)...]
            guard rest.isEmpty || (rest.hasPrefix(":") && rest.dropFirst().allSatisfy(\.isASCIIDigit)) else {
                return false
            }
            return name[name.index(after: name.startIndex)..<close] == "::1"
        }
        if let colon = name.lastIndex(of: ":") {
            guard name[name.index(after: colon)...].allSatisfy(\.isASCIIDigit) else { return false }
            name = name[..<colon]
        }
        if name.hasSuffix(".") { name = name.dropLast() }
        if name == "localhost" || name.hasSuffix(".localhost") { return true }
        let octets = name.split(separator: ".", omittingEmptySubsequences: false)
        return octets.count == 4 && octets[0] == "127"
            && octets.allSatisfy { !$0.isEmpty && $0.count <= 3 && $0.allSatisfy(\.isASCIIDigit) && Int($0)! <= 255 }
    }

    /// Whether the server listens on loopback only (then it guards the Host header).
    static func isLoopbackBinding(_ address: String) -> Bool {
        address == "::1" || address == "localhost" || isLoopbackName(address)
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}
