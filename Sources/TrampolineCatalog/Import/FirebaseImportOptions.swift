import TrampolineModel

/// What `trampoline import firebase` was asked to do.
package struct FirebaseImportOptions: Sendable {
    /// Import archived links too (skipped by default).
    package var includeArchived = false
    /// Leave out invalid rows (each reported as a warning) instead of importing nothing.
    package var skipInvalid = false
    /// The host every `link` must have; default: the host most rows' `link` has.
    package var webHost: String?
    /// The links file to write when the catalog names none (default `firebase-links.csv`).
    package var linksFile: String?
    /// For a new catalog: `site.url` (default: https:// and the short links' domain).
    package var siteURL: String?
    /// For a new catalog: `app.ios.team_id` (the export has none).
    package var teamID: String?
    /// For a new catalog: `app.android.sha256_cert_fingerprints` (the export has none).
    package var fingerprints: [String] = []
    /// For a new catalog: the app's custom scheme (default: `ius`, else the bundle ID, as Firebase does).
    package var scheme: String?
    /// For a new catalog: `app.name` (default: the bundle ID's last part).
    package var appName: String?
    /// For a new catalog: `site.claims` (default: left out, which is `domain`).
    package var claims: SiteClaims?

    package init() {}

    /// The links file's default name.
    package static let defaultLinksFile = "firebase-links.csv"
}
