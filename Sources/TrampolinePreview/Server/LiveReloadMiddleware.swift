import Foundation
import Hummingbird
import TrampolineModel

/// Adds the live-reload script (and, while the catalog is broken, the diagnostics overlay) to HTML
/// responses on their way out. Only `serve` runs this: `build` output on disk never contains it.
/// With `--no-watch` nothing is rebuilt, so pages are served as they are.
struct LiveReloadMiddleware<Context: RequestContext>: RouterMiddleware {
    let state: PreviewState
    var enabled = true

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response
    {
        var response = try await next(request, context)
        guard enabled, response.status == .ok || response.status == .notFound,
            response.headers[.contentType]?.hasPrefix("text/html") == true
        else { return response }
        let (generation, failure) = await (state.generation, state.failure)
        let isDashboard = request.uri.path.hasPrefix(PreviewRoutes.prefix)
        let snippet = PreviewAssets.injection(generation: generation, failure: isDashboard ? nil : failure)
        // Injected pages change with the build state, not with the file's own mtime: never cache them.
        response.headers[.eTag] = nil
        response.headers[.lastModified] = nil
        response.headers[.cacheControl] = "no-store"
        if request.method == .head {
            response.headers[.contentLength] = nil
            return response
        }
        let html = try await response.body.collect()
        let text = String(decoding: html.readableBytesView, as: UTF8.self)
        let injected = PreviewAssets.inject(snippet, into: PreviewAssets.relaxPolicy(in: text))
        response.body = ResponseBody(byteBuffer: ByteBuffer(string: injected))
        response.headers[.contentLength] = String(injected.utf8.count)
        return response
    }
}
