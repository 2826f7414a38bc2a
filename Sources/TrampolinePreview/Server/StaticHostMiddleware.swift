import Hummingbird
import TrampolineKit

/// What static hosts add around the files: a route's page for the URLs its `_redirects` rule
/// takes (status 200, as Netlify and Cloudflare Pages rewrite), the `404.html` page with status 404
/// for other unknown paths, and the association files (the AASA at both of its paths, `assetlinks.json`) served as
/// `application/json` (the AASA has no extension, and iOS rejects other types; `_headers` sets
/// the same on Netlify/Cloudflare).
struct StaticHostMiddleware<Context: RequestContext>: RouterMiddleware {
    static var aasaPaths: Set<String> { Set(OutputPath.claimFiles.map(\.urlPath)) }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        // The router picks the endpoint before middleware runs, so a preview route's own 404 could
        // not be re-dispatched to the page: those keep their own answer.
        if request.uri.path.hasPrefix(PreviewRoutes.prefix) { return try await next(request, context) }
        let response: Response
        do {
            response = try await next(request, context)
        } catch let error as HTTPError where error.status == .notFound {
            return try await notFoundPage(for: request, context: context, next: next)
        }
        if response.status == .notFound {
            return try await notFoundPage(for: request, context: context, next: next)
        }
        guard Self.aasaPaths.contains(request.uri.path) else { return response }
        var json = response
        json.headers[.contentType] = "application/json"
        return json
    }

    /// The page a `_redirects` rule sends `request` to, when the site has the file and a rule
    /// takes the path; nil otherwise.
    func rewrittenPage(for request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response? {
        var head = request.head
        head.method = .get
        head.path = OutputPath.redirects.urlPath
        head.headerFields[.ifNoneMatch] = nil
        head.headerFields[.ifModifiedSince] = nil
        head.headerFields[.range] = nil
        guard let rules = try? await next(Request(head: head, body: request.body), context),
              rules.status == .ok,
              let target = RewriteRules(String(buffer: try await rules.body.collect())).target(for: request.uri.path)
        else { return nil }
        var page = try await next(request.withPath(target), context)
        guard page.status == .ok else { return nil }
        page.headers[.eTag] = nil
        page.headers[.lastModified] = nil
        return page
    }

    /// A route's page when a `_redirects` rule takes the path, else the site's own 404.html,
    /// fetched through the same file middleware, with status 404.
    func notFoundPage(for request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard request.method == .get || request.method == .head, request.uri.path != OutputPath.notFound.urlPath else {
            throw HTTPError(.notFound)
        }
        if var page = try await rewrittenPage(for: request, context: context, next: next) {
            if request.method == .head { page.body = ResponseBody() }
            return page
        }
        var head = request.head
        head.method = .get
        head.path = OutputPath.notFound.urlPath
        // The 404 page must come whole, whatever validators or ranges the request carried.
        head.headerFields[.ifNoneMatch] = nil
        head.headerFields[.ifModifiedSince] = nil
        head.headerFields[.range] = nil
        var page: Response
        do {
            page = try await next(Request(head: head, body: request.body), context)
        } catch let error as HTTPError where error.status == .notFound {
            throw HTTPError(.notFound, message: "Not found (and the site has no 404.html).")
        }
        guard page.status == .ok else { throw HTTPError(.notFound) }
        page.status = .notFound
        page.headers[.eTag] = nil
        page.headers[.lastModified] = nil
        if request.method == .head { page.body = ResponseBody() }
        return page
    }
}
