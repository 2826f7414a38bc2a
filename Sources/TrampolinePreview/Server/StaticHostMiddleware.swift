import Hummingbird
import TrampolineModel

/// What static hosts add around the files: a route's page for the URLs its `_redirects` rule
/// takes (status 200, as Netlify and Cloudflare Pages rewrite), the `404.html` page with status 404
/// for other unknown paths, and the association files (the AASA at both of its paths, `assetlinks.json`) served as
/// `application/json` (the AASA has no extension, and iOS rejects other types; `_headers` sets
/// the same on Netlify/Cloudflare).
struct StaticHostMiddleware<Context: RequestContext>: RouterMiddleware {
    /// Whether the claim files are typed here; `serve --as` leaves that to `_headers`, as the host does.
    var typesClaimFiles = true
    /// `serve --as` a host that applies `_redirects` before its files (``StaticHost/rulesBeforeFiles``,
    /// Cloudflare Pages): a rule that takes a path wins over the file there.
    var rulesBeforeFiles = false
    /// Whether the host reads `_redirects` at all (GitHub Pages reads no rules).
    var readsRules = true
    /// Whether a file of no known type goes out as `application/octet-stream`, as GitHub Pages
    /// sends the extension-less AASA.
    var typesUnknownAsBinary = false

    static var aasaPaths: Set<String> { Set(OutputPath.claimFiles.map(\.urlPath)) }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response
    {
        // The router picks the endpoint before middleware runs, so a preview route's own 404 could
        // not be re-dispatched to the page: those keep their own answer.
        if request.uri.path.hasPrefix(PreviewRoutes.prefix) { return try await next(request, context) }

        if rulesBeforeFiles, readsRules, request.method == .get || request.method == .head,
            var page = try await rewrittenPage(for: request, context: context, next: next)
        {
            if request.method == .head { page.body = ResponseBody() }
            return page
        }
        let response: Response
        do {
            response = try await next(request, context)
        } catch let error as HTTPError where error.status == .notFound {
            return try await notFoundPage(for: request, context: context, next: next)
        }
        if response.status == .notFound {
            return try await notFoundPage(for: request, context: context, next: next)
        }
        if typesUnknownAsBinary, response.status == .ok, response.headers[.contentType] == nil {
            var typed = response
            typed.headers[.contentType] = "application/octet-stream"
            return typed
        }
        guard typesClaimFiles, Self.aasaPaths.contains(request.uri.path) else { return response }
        var json = response
        json.headers[.contentType] = "application/json"
        return json
    }

    /// A GET of the site file at `path` on behalf of `request`, without its validators or range:
    /// the file must come whole (`_redirects` to read, 404.html to serve with another status).
    static func wholeFile(_ path: String, for request: Request) -> Request {
        var head = request.head
        head.method = .get
        head.path = path
        head.headerFields[.ifNoneMatch] = nil
        head.headerFields[.ifModifiedSince] = nil
        head.headerFields[.range] = nil
        return Request(head: head, body: request.body)
    }

    /// The page a `_redirects` rule sends `request` to, when the site has the file and a rule
    /// takes the path; nil otherwise.
    func rewrittenPage(for request: Request, context: Context, next: (Request, Context) async throws -> Response)
        async throws -> Response?
    {
        guard let rules = try? await next(Self.wholeFile(OutputPath.redirects.urlPath, for: request), context),
            rules.status == .ok,
            let target = RewriteRules(String(buffer: try await rules.body.collect())).target(for: request.uri.path)
        else { return nil }
        var page = try await next(request.withPath(target), context)
        guard page.status == .ok else { return nil }
        page.dropValidators()
        return page
    }

    /// A route's page when a `_redirects` rule takes the path, else the site's own 404.html,
    /// fetched through the same file middleware, with status 404.
    func notFoundPage(for request: Request, context: Context, next: (Request, Context) async throws -> Response)
        async throws -> Response
    {
        guard request.method == .get || request.method == .head, request.uri.path != OutputPath.notFound.urlPath else {
            throw HTTPError(.notFound)
        }
        if readsRules, var page = try await rewrittenPage(for: request, context: context, next: next) {
            if request.method == .head { page.body = ResponseBody() }
            return page
        }
        var page = try await Self.siteNotFoundPage(for: request, context: context, next: next)
        if request.method == .head { page.body = ResponseBody() }
        return page
    }

    /// The site's own 404.html, fetched whole through the file middleware, with status 404: what
    /// a static host answers for a path with no file and no rule.
    static func siteNotFoundPage(
        for request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        var page: Response
        do {
            page = try await next(wholeFile(OutputPath.notFound.urlPath, for: request), context)
        } catch let error as HTTPError where error.status == .notFound {
            throw HTTPError(.notFound, message: "Not found (and the site has no 404.html).")
        }
        guard page.status == .ok else { throw HTTPError(.notFound) }
        page.status = .notFound
        page.dropValidators()
        return page
    }
}
