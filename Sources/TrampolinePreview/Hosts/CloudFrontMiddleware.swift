import Foundation
import Hummingbird
import TrampolineModel

/// `serve --as s3-cloudfront`: the folder as a CloudFront distribution serves it from an S3 bucket
/// set up as docs/deploy.md ("Amazon S3 and CloudFront") says: the folder's
/// `cloudfront-function.js` as the viewer-request function, then the bucket's object at the
/// resulting key, and for a key with no object the custom error response (`/404.html`, with
/// status 404 in the folders layout and 200 in the compact one). S3 has no index documents and
/// redirects nothing. CloudFront cannot run here, so the function's handler is modelled over the
/// tables the deployed function holds (``CloudFrontFunctionModel``), and `CloudFrontFunctionModelTests` hold
/// that model to the function itself under node.
struct CloudFrontMiddleware<Context: RequestContext>: RouterMiddleware {
    /// The error response's status: 200 for a compact site, whose links are all answered by it.
    var errorStatus: HTTPResponse.Status
    /// The function's model, read once through the folder's file server: the rehearsal serves the
    /// folder as built and never rebuilds it.
    private let function = FunctionOnce()

    init(errorStatus: HTTPResponse.Status) {
        self.errorStatus = errorStatus
    }

    /// The model once read; nil inside until the first request reads it (and stays nil when the
    /// folder has no function, whose requests then reach the bucket at their own path).
    private final class FunctionOnce: @unchecked Sendable {
        private let lock = NSLock()
        private var read: CloudFrontFunctionModel??

        var model: CloudFrontFunctionModel?? { lock.withLock { read } }

        func keep(_ model: CloudFrontFunctionModel?) { lock.withLock { read = .some(model) } }
    }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response
    {
        guard request.method == .get || request.method == .head else { throw HTTPError(.methodNotAllowed) }
        let model: CloudFrontFunctionModel?
        if let known = function.model {
            model = known
        } else {
            let file = try? await next(
                StaticHostMiddleware<Context>.wholeFile(OutputPath.cloudFrontFunction.urlPath, for: request), context)
            model =
                file?.status == .ok
                ? CloudFrontFunctionModel(source: String(buffer: try await file!.body.collect())) : nil
            function.keep(model)
        }
        let key = model?.uri(for: request.uri.path) ?? request.uri.path
        var response: Response
        if let object = try await object(key, for: request, context: context, next: next) {
            response = object
        } else {
            response = try await StaticHostMiddleware<Context>.siteNotFoundPage(
                for: request, context: context, next: next)
            response.status = errorStatus
        }
        if request.method == .head { response.body = ResponseBody() }
        return response
    }

    /// The bucket's object at `key`: a file, never a folder's index (S3 has none).
    func object(
        _ key: String, for request: Request, context: Context, next: (Request, Context) async throws -> Response
    )
        async throws -> Response?
    {
        guard !key.hasSuffix("/") else { return nil }
        do {
            let response = try await next(request.withPath(key), context)
            return response.status == .ok || response.status == .notModified ? response : nil
        } catch let error as HTTPError where error.status == .notFound {
            return nil
        }
    }
}
