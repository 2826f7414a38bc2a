import Foundation

/// What the app knows about its Trampoline site: the values of `site-config.yml` that decide which
/// links are the app's own.
public struct LinkConfiguration: Sendable, Hashable {
    /// The longest link accepted, in UTF-8 bytes (longer input is rejected, never truncated).
    public static let maximumLength = 4096
    /// The most path segments and the most query parameters a link may have.
    public static let maximumParts = 64
    /// How far in the future a deferred link's visit time may lie (clock changes, rounding).
    public static let allowedClockSkew: TimeInterval = 300

    /// `app.ios.scheme`, without `:` or `//`; compared case-insensitively.
    public var scheme: String
    /// The host of `site.url` (`go.example.com`); compared case-insensitively.
    public var host: String
    /// How long after the visit a deferred link is still accepted: `cookie_days` days.
    public var maximumAge: TimeInterval
    /// How long the inbox keeps a link while the app is not ready (onboarding), from its arrival.
    public var holdTimeout: TimeInterval

    /// - Parameters:
    ///   - scheme: the catalog's `app.ios.scheme`.
    ///   - host: the host of the catalog's `site.url`.
    ///   - cookieDays: the catalog's `cookie_days` (default 1): deferred links older than this are refused.
    ///   - holdTimeout: how long a link may wait for ``TrampolineLinks/ready()`` (default 30 minutes).
    public init(scheme: String, host: String, cookieDays: Int = 1, holdTimeout: TimeInterval = 30 * 60) {
        self.scheme = scheme.lowercased()
        self.host = host.lowercased()
        self.maximumAge = TimeInterval(max(cookieDays, 0)) * 86_400
        self.holdTimeout = holdTimeout
    }
}
