// Left out of the tool's static release (scripts/dist.sh defines TRAMPOLINE_LINK_WITHOUT_NETWORKING):
// FoundationNetworking does not link statically on Linux, and the tool never reads a live table.
#if !TRAMPOLINE_LINK_WITHOUT_NETWORKING
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Reads link-table files with `URLSession`: no redirect is followed (a redirect is a failure),
/// no body larger than the cap is read, nothing is cached by `URLSession` itself (the resolver
/// keeps the `ETag`), and every request ends within `timeout`.
public struct URLSessionLinkTableFetcher: LinkTableFetching {
    public var timeout: TimeInterval
    public var maximumSize: Int

    public init(timeout: TimeInterval = 3, maximumSize: Int = SiteLinkTable.maximumFileSize) {
        self.timeout = timeout
        self.maximumSize = maximumSize
    }

    public func fetch(_ url: URL, ifNoneMatch etag: String?) async -> LinkTableResponse {
        var request = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: timeout)
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        if let etag { request.setValue(etag, forHTTPHeaderField: "If-None-Match") }
        let configuration = URLSessionConfiguration.ephemeral
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.timeoutIntervalForRequest = timeout
        configuration.timeoutIntervalForResource = timeout
        configuration.httpCookieStorage = nil
        let state = FetchState(maximumSize: maximumSize)
        let session = URLSession(configuration: configuration, delegate: state, delegateQueue: nil)
        defer { session.finishTasksAndInvalidate() }
        return await withCheckedContinuation { continuation in
            state.start(session.dataTask(with: request), continuation: continuation)
        }
    }
}

/// One request's delegate: refuses redirects, stops at the size cap, and answers once.
private final class FetchState: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    // Touched on the session's serial delegate queue only, after `start` (guarded by `lock`).
    private let lock = NSLock()
    private let maximumSize: Int
    private var data = Data()
    private var response: HTTPURLResponse?
    private var refusal: LinkResolutionFailure?
    private var continuation: CheckedContinuation<LinkTableResponse, Never>?

    init(maximumSize: Int) {
        self.maximumSize = maximumSize
    }

    func start(_ task: URLSessionDataTask, continuation: CheckedContinuation<LinkTableResponse, Never>) {
        lock.lock()
        self.continuation = continuation
        lock.unlock()
        task.resume()
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping (URLRequest?) -> Void
    ) {
        lock.lock()
        refusal = .redirected
        lock.unlock()
        completionHandler(nil)
        task.cancel()
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
    ) {
        lock.lock()
        self.response = response as? HTTPURLResponse
        let tooLarge = response.expectedContentLength > Int64(maximumSize)
        if tooLarge { refusal = .tableTooLarge }
        lock.unlock()
        completionHandler(tooLarge ? .cancel : .allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        lock.lock()
        self.data.append(data)
        let tooLarge = self.data.count > maximumSize
        if tooLarge { refusal = .tableTooLarge }
        lock.unlock()
        if tooLarge { dataTask.cancel() }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: Error?) {
        lock.lock()
        let answer = outcome(error: error)
        let continuation = self.continuation
        self.continuation = nil
        lock.unlock()
        continuation?.resume(returning: answer)
    }

    private func outcome(error: Error?) -> LinkTableResponse {
        if let refusal { return .failed(refusal) }
        if let error {
            let code = (error as NSError).code
            return .failed(code == NSURLErrorTimedOut ? .timedOut : .unreachable)
        }
        guard let response else { return .failed(.unreachable) }
        switch response.statusCode {
        case 200: return .body(data, etag: response.value(forHTTPHeaderField: "ETag"))
        case 304: return .notModified
        case 300...399: return .failed(.redirected)
        default: return .failed(.unavailable(status: response.statusCode))
        }
    }
}
#endif
