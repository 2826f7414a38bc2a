import Foundation

/// What an apple-app-site-association file says about one URL for one app.
package enum AASADecision: String, Sendable, Codable {
    /// A rule claims the URL for the app: iOS would open it as a universal link.
    case match
    /// The first rule that fits is an exclusion (`"exclude": true` or a legacy `NOT ` path):
    /// the URL is explicitly kept out of the app.
    case exclude
    /// No rule fits, the app is not listed, or the URL's host is not the file's domain.
    case noMatch = "no_match"
}
