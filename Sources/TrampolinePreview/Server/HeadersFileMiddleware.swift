import Hummingbird
import TrampolineModel
import TrampolineSite

/// `serve --as`: the headers the folder's `_headers` file gives a path, added to its answer as
/// Netlify and Cloudflare Pages do (every matching rule; a `Content-Type` replaces the file
/// type's). The file is read on each request, as the host reads the one deployed: without it,
/// or with a wrong one, the rehearsal sends what the host would.
struct HeadersFileMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response
    {
        var response = try await next(request, context)
        guard
            let file = try? await next(
                StaticHostMiddleware<Context>.wholeFile(OutputPath.headers.urlPath, for: request), context),
            file.status == .ok
        else { return response }
        let path = request.decodedPath
        for rule in HeaderRule.rules(inHeadersFile: String(buffer: try await file.body.collect()))
        where rule.matches(path) {
            response.setHeaders(rule.fields)
        }
        return response
    }
}
