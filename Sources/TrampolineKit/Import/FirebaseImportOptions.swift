/// What `trampoline import firebase` was asked to do.
public struct FirebaseImportOptions: Sendable {
    /// Import archived links too (skipped by default).
    public var includeArchived = false
    /// Leave out invalid rows (each reported as a warning) instead of importing nothing.
    public var skipInvalid = false
    /// The host every `link` must have; default: the host most rows' `link` has.
    public var webHost: String?
    /// The links file to write when the catalog names none (default `firebase-links.csv`).
    public var linksFile: String?
    /// For a new catalog: `site.url` (default: https:// and the short links' domain).
    public var siteURL: String?
    /// For a new catalog: `app.ios.team_id` (the export has none).
    public var teamID: String?
    /// For a new catalog: `app.android.sha256_cert_fingerprints` (the export has none).
    public var fingerprints: [String] = []
    /// For a new catalog: the app's custom scheme (default: `ius`, else the bundle ID, as Firebase does).
    public var scheme: String?
    /// For a new catalog: `app.name` (default: the bundle ID's last part).
    public var appName: String?

    public init() {}

    /// The links file's default name.
    public static let defaultLinksFile = "firebase-links.csv"
}
