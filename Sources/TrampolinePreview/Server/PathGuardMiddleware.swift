import Hummingbird

/// Refuses request paths that try to leave the served folder before anything touches the disk:
/// `..` segments, raw or percent-encoded (`%2e%2e`, `..%2f`), encoded slashes or backslashes,
/// NUL bytes and undecodable escapes all answer 400.
struct PathGuardMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response
    {
        guard Self.isSafe(request.uri.path) else {
            throw HTTPError(.badRequest, message: "This path is not allowed.")
        }
        return try await next(request, context)
    }

    static func isSafe(_ rawPath: String) -> Bool {
        guard rawPath.hasPrefix("/"), let decoded = rawPath.removingPercentEncoding else { return false }
        let lowered = rawPath.lowercased()
        // An encoded separator would let a "segment" carry a slash past the checks below.
        if lowered.contains("%2f") || lowered.contains("%5c") || decoded.contains("\\") || decoded.contains("\0") {
            return false
        }
        return !decoded.split(separator: "/", omittingEmptySubsequences: false).contains { $0 == ".." || $0 == "." }
    }
}
