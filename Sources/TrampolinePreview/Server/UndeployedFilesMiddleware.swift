import Foundation
import Hummingbird
import TrampolineModel

/// `serve --as` Netlify or Cloudflare Pages: what their deploys leave out answers as a path
/// without a file does (`404.html`, status 404). `_headers` and `_redirects` are read by the host,
/// not served (developers.cloudflare.com/pages/configuration/headers: "This file will not itself
/// be served as a static asset"; Netlify reads both at deploy); with `dropsHiddenFiles`, nor are
/// files and folders named with a leading dot but `.well-known/` (``StaticHost/deploysHiddenFiles``),
/// the build's manifest among them.
struct UndeployedFilesMiddleware<Context: RequestContext>: RouterMiddleware {
    var dropsHiddenFiles: Bool

    static var hostFiles: Set<String> { [OutputPath.headers.urlPath, OutputPath.redirects.urlPath] }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response
    {
        let path = request.uri.path.removingPercentEncoding ?? request.uri.path
        guard Self.hostFiles.contains(path) || dropsHiddenFiles && Self.isHidden(path),
            request.method == .get || request.method == .head
        else { return try await next(request, context) }
        var page = try await StaticHostMiddleware<Context>.siteNotFoundPage(for: request, context: context, next: next)
        if request.method == .head { page.body = ResponseBody() }
        return page
    }

    /// Whether `path` names a file or folder with a leading dot, other than `.well-known`.
    static func isHidden(_ path: String) -> Bool {
        path.split(separator: "/").contains { $0.hasPrefix(".") && $0 != ".well-known" }
    }
}
