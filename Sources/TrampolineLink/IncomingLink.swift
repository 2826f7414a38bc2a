import Foundation

/// A link the app received, checked and parsed. Universal links, custom-scheme URLs and deferred
/// links all arrive in this one shape, so one router serves them all: `https://go.example.com/plan/42?x=1`
/// and `marry://plan/42?x=1` both have the path `/plan/42` and the query `x=1`.
public struct IncomingLink: Sendable, Hashable {
    /// Where the link came from.
    public let source: LinkSource
    /// The percent-encoded path: `/` when there is none, never a trailing slash. For a
    /// custom-scheme URL the "host" is the first segment (`marry://plan/42` → `/plan/42`).
    public let path: String
    /// The path's segments, percent-decoded.
    public let segments: [String]
    /// The query's parameters, decoded, in order; the deferred-link marker is not among them.
    public let query: [QueryParameter]
    /// The fragment as written (still percent-encoded), if any.
    public let fragment: String?
    /// The link as received, without the deferred-link marker.
    public let text: String
    /// For a deferred link: when the person visited the link's page (the marker's time).
    public let visitedAt: Date?
    /// When the app received the link.
    public let receivedAt: Date
    /// For a deferred link: its identity in the once-only store (a fingerprint, not the link).
    let deliveryToken: String?
    /// For a link resolved through the site's link table (``LinkResolver``): the universal link
    /// that opened the app; ``text`` is then the deep link it stands for.
    public internal(set) var universalLink: String?
    /// For a universal link the link table did not resolve: why. The `unmatched` handler gets it.
    public internal(set) var resolutionFailure: LinkResolutionFailure?
    /// Whether the app was on its first launch when it delivered this link: a deferred link, or
    /// any link delivered on the launch ``TrampolineLinks/beginFirstLaunch()`` claimed. What
    /// Firebase counted as a first open (else a re-open); set when the link is delivered.
    public internal(set) var isFirstLaunch = false

    /// When the person tapped this link: the page visit for a deferred link, the arrival otherwise.
    /// The inbox keeps the link tapped last.
    public var tappedAt: Date { visitedAt ?? receivedAt }

    /// Whether this is a deferred link (it carried the pages' marker).
    public var isDeferred: Bool { visitedAt != nil }

    /// The first value of the query parameter `name`.
    public func value(of name: String) -> String? {
        query.first { $0.name == name }?.value
    }

    /// The link as a `URL` (without the marker).
    public var url: URL? { URL(string: text) }
}
