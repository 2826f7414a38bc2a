import Foundation
import Hummingbird

/// Serves a folder's index.html at the folder's own path, with no redirect: `/topic/1` is
/// answered like `/topic/1/`, as Netlify and Cloudflare Pages do, so a shared link costs no extra
/// round trip. FileMiddleware then finds the index.html itself.
struct PrettyURLMiddleware<Context: RequestContext>: RouterMiddleware {
    let files: ContainedFileSystem

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
        return try await next(request.withPath(path + "/"), context)
    }
}
