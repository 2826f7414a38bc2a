import Foundation
import Hummingbird
import TrampolineModel

/// `serve --as`: what the host's deploy leaves out answers as a path without a file does
/// (`404.html`, status 404): `paths` (on Netlify and Cloudflare Pages `_headers` and `_redirects`,
/// which the host reads and does not serve: developers.cloudflare.com/pages/configuration/headers,
/// "This file will not itself be served as a static asset"; on S3 what the sync excludes); with
/// `dropsHiddenFiles`, files and folders named with a leading dot but `.well-known/`
/// (``StaticHost/deploysHiddenFiles``), the build's manifest among them; with
/// `jekyllUnlessNoJekyll` (GitHub Pages), when the folder has no `.nojekyll`, what Jekyll leaves
/// out: every name starting with `_` or `.` (jekyllrb.com/docs/configuration/options, `exclude`).
struct UndeployedFilesMiddleware<Context: RequestContext>: RouterMiddleware {
    var paths: Set<String>
    var dropsHiddenFiles: Bool
    var jekyllUnlessNoJekyll = false

    init(paths: [OutputPath], dropsHiddenFiles: Bool, jekyllUnlessNoJekyll: Bool = false) {
        self.paths = Set(paths.map(\.urlPath))
        self.dropsHiddenFiles = dropsHiddenFiles
        self.jekyllUnlessNoJekyll = jekyllUnlessNoJekyll
    }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response
    {
        let path = request.decodedPath
        var left = paths.contains(path) || dropsHiddenFiles && Self.isHidden(path)
        if !left, jekyllUnlessNoJekyll,
            path.split(separator: "/").contains(where: { $0.hasPrefix("_") || $0.hasPrefix(".") })
        {
            let marker = try? await next(
                StaticHostMiddleware<Context>.wholeFile(OutputPath.noJekyll.urlPath, for: request), context)
            left = marker?.status != .ok
        }
        guard left, request.method == .get || request.method == .head else { return try await next(request, context) }
        var page = try await StaticHostMiddleware<Context>.siteNotFoundPage(for: request, context: context, next: next)
        if request.method == .head { page.body = ResponseBody() }
        return page
    }

    /// Whether `path` names a file or folder with a leading dot, other than `.well-known`.
    static func isHidden(_ path: String) -> Bool {
        path.split(separator: "/").contains { $0.hasPrefix(".") && $0 != ".well-known" }
    }
}
