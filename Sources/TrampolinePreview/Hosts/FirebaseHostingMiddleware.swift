import Foundation
import Hummingbird
import TrampolineModel

/// `serve --as firebase-hosting`: the folder as Firebase Hosting serves it under the folder's own
/// `firebase.json` (``FirebaseHostingConfig``), in the documented order (firebase.google.com/docs/
/// hosting/full-config, "Priority order of Hosting responses"): a file that exists, then the first
/// rewrite that takes the path, then `404.html` with status 404; every `headers` entry that takes
/// the path adds its headers. Files the `ignore` list leaves out were never deployed. Without
/// `"appAssociation": "NONE"`, Firebase answers the association files itself, for the Firebase
/// project's apps: modelled as files that name no app, so `check --live` finds the difference.
struct FirebaseHostingMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response
    {
        guard request.method == .get || request.method == .head else { throw HTTPError(.methodNotAllowed) }
        guard
            let file = try? await next(
                StaticHostMiddleware<Context>.wholeFile(OutputPath.firebaseConfig.urlPath, for: request), context),
            file.status == .ok,
            let config = FirebaseHostingConfig(json: Data(buffer: try await file.body.collect()))
        else { throw HTTPError(.notFound, message: "The folder has no firebase.json that Firebase Hosting reads.") }
        let path = request.decodedPath
        var response: Response
        if config.answersAssociationFiles, OutputPath.claimFiles.map(\.urlPath).contains(path) {
            let body = path.hasSuffix("assetlinks.json") ? "[]" : #"{"applinks":{"details":[]}}"#
            response = Response(
                status: .ok, headers: [.contentType: "application/json"],
                body: .init(byteBuffer: ByteBuffer(string: body)))
        } else if config.ignores(path) {
            response = try await StaticHostMiddleware<Context>.siteNotFoundPage(
                for: request, context: context, next: next)
        } else {
            response = try await served(request, path: path, config: config, context: context, next: next)
        }
        for entry in config.headers where entry.source.matches(path) {
            response.setHeaders(entry.rule.fields)
        }
        if request.method == .head { response.body = ResponseBody() }
        return response
    }

    /// The file at the path, else the first rewrite's file, else 404.html with status 404.
    func served(
        _ request: Request, path: String, config: FirebaseHostingConfig, context: Context,
        next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        do {
            let response = try await next(request, context)
            if response.status != .notFound { return response }
        } catch let error as HTTPError where error.status == .notFound {}
        if let destination = config.rewrite(path), !config.ignores(destination) {
            var page = try await next(StaticHostMiddleware<Context>.wholeFile(destination, for: request), context)
            if page.status == .ok {
                page.dropValidators()
                return page
            }
        }
        return try await StaticHostMiddleware<Context>.siteNotFoundPage(for: request, context: context, next: next)
    }
}
