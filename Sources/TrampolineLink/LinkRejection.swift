/// Why a text or URL was not taken as a link. Rejected input is never routed.
public enum LinkRejection: String, Error, Sendable, Hashable, CaseIterable {
    /// Longer than ``LinkConfiguration/maximumLength`` bytes, or with too many segments or parameters.
    case tooLong
    /// Not a URL at all (no scheme), or containing spaces, control or direction characters.
    case notALink
    /// Another scheme than the app's own (or `https`).
    case otherScheme
    /// An `https` URL on another host than the site's, or with a user name or port.
    case otherHost
    /// A `%` that does not start a `%XX` escape, or escapes that are not UTF-8 text.
    case malformedEncoding
    /// A deferred link without the pages' marker: text the person copied, not a Trampoline link.
    case unmarked
    /// The marker is there but is not one visit time (repeated, empty or not digits).
    case badMarker
    /// Visited longer ago than the configured maximum age (`cookie_days`).
    case expired
    /// Visited in the future, beyond the allowed clock skew.
    case fromTheFuture
    /// This deferred link was already delivered (in this launch or an earlier one).
    case alreadyDelivered
    /// The link arrived while the inbox was held, but a link tapped later was already waiting.
    case superseded
    /// The link was held for onboarding longer than the inbox's timeout.
    case heldTooLong
}
