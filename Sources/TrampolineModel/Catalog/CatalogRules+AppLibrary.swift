import Foundation
import TrampolineLink

/// The rules the generator shares with the app library (TrampolineLink), taken from it rather
/// than restated, so the pages and the app cannot drift apart.
extension CatalogRules {
    /// A route pattern (a path with `:name` and `*name` segments), read by the one grammar the app
    /// library uses: `TrampolineLink.RoutePattern`. Routes in the catalog (a later step) go through
    /// here; the error's column is 1-based within the pattern, for `file:line:col`.
    static func routePattern(_ raw: String) -> Result<RoutePattern, RoutePatternError> {
        Result { () throws(RoutePatternError) in try RoutePattern(raw) }
    }

    /// The catalog's diagnostic for a malformed route pattern.
    static func violation(_ error: RoutePatternError, in raw: String) -> RuleViolation {
        RuleViolation(
            "route \(quoted(raw)): \(error)",
            hint: "routes are /segment/:name, :name(digits) or :name(uuid), and *rest as the last segment")
    }

    /// The parameter the pages append to deferred links (`tl_t`, the visit time), which the app
    /// library requires and strips: the catalog may not set it itself.
    package static var deferredLinkMarker: String { DeferredLink.marker }

    /// Whether `deepLink`'s own query has the marker as a key (decoded as URLSearchParams decodes).
    package static func setsDeferredLinkMarker(_ deepLink: String) -> Bool {
        guard deepLink.containsBytes(deferredLinkMarker) || deepLink.containsBytes("%") else { return false }
        let link = deepLink.prefix { $0 != "#" }
        guard let question = link.firstIndex(of: "?") else { return false }
        return link[link.index(after: question)...].split(separator: "&").contains { pair in
            String(pair.prefix { $0 != "=" }).replacingOccurrences(of: "+", with: " ").removingPercentEncoding
                == deferredLinkMarker
        }
    }
}
