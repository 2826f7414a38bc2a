import Foundation
import HTTPTypes
import Hummingbird

/// A folder's path without its slash (`/topic/1`, a link's URL), whose `index.html` is the page.
/// The preview serves the page there with no redirect, so a shared link costs no extra round
/// trip; FileMiddleware then finds the index.html itself. `serve --as` answers as the rehearsed
/// host does: a redirect to the slashed URL (`redirect`), 301 on Netlify and 308 on Cloudflare
/// Pages (github.com/slorber/trailing-slash-guide, measured on each host; Cloudflare's
/// "Serving Pages" documents the 308).
struct PrettyURLMiddleware<Context: RequestContext>: RouterMiddleware {
    let files: ContainedFileSystem
    /// The status of the redirect to the slashed URL; nil to serve the page in place.
    var redirect: HTTPResponse.Status? = nil

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response
    {
        let path = request.uri.path
        guard path.count > 1, !path.hasSuffix("/"), let decoded = path.removingPercentEncoding,
            let id = files.getFileIdentifier(decoded)
        else { return try await next(request, context) }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: id, isDirectory: &isDirectory), isDirectory.boolValue else {
            return try await next(request, context)
        }
        guard let redirect else { return try await next(request.withPath(path + "/"), context) }
        let query = request.uri.query.map { "?" + $0 } ?? ""
        return Response(status: redirect, headers: [.location: path + "/" + query])
    }
}
