import Foundation

/// How the resolver reads a file of the live link table. ``URLSessionLinkTableFetcher`` is the
/// real one; tests and apps with their own networking may supply another.
public protocol LinkTableFetching: Sendable {
    /// GETs `url`, revalidating with `If-None-Match: etag` when one is given.
    func fetch(_ url: URL, ifNoneMatch etag: String?) async -> LinkTableResponse
}

/// What a table request gave.
public enum LinkTableResponse: Sendable, Hashable {
    /// 200 with this body (already checked against the size cap) and its `ETag`, if any.
    case body(Data, etag: String?)
    /// 304: the copy held for the `ETag` sent is current.
    case notModified
    /// No usable answer.
    case failed(LinkResolutionFailure)
}
