/// What the association files claim for the app (`site.claims`).
package enum SiteClaims: String, Sendable, CaseIterable, Encodable {
    /// Every path of the host except the site's own files: a few rules whatever the catalog's
    /// size, and links added later open the app without a new AASA. The app resolves each URL
    /// through the link table. The default.
    case domain
    /// Each link's path (or its top-level folder), for a host shared with a web site whose
    /// other pages must stay in the browser.
    case links
}
