/// A value of `init`'s starter catalog (``StarterCatalog``) that a catalog still holds where the
/// team's own belongs: the app the AASA and `assetlinks.json` name, and the site's domain. Such a
/// catalog builds (the starter is valid as written), but its association files open no real
/// app. `check` warns about each, so `check --strict` in CI fails until they are replaced.
package struct StarterPlaceholder: Sendable, Equatable {
    /// The key, as the catalog writes it: `app.ios.bundle_id`.
    package var key: String
    package var value: String
    package var location: SourceLocation
    /// Where the team's own value comes from.
    package var hint: String

    /// The starter catalog's app and domain (``StarterCatalog`` writes them).
    package static let host = "go.example.com"
    package static let teamID = "ABCDE12345"
    package static let bundleID = "com.example.app"
    package static let appStoreID = "1234567890"

    /// The starter's values, by key, with where to find the real one.
    static let starterValues: [(key: String, value: String, hint: String)] = [
        (
            "site.url", "https://\(host)",
            "the https:// address of the domain the site is deployed to"
        ),
        (
            "app.ios.team_id", teamID,
            "copy it from the Apple Developer account's Membership page"
        ),
        ("app.ios.bundle_id", bundleID, "the app target's Bundle Identifier in Xcode"),
        (
            "app.ios.app_store_id", appStoreID,
            "the number after 'id' in the app's App Store URL"
        ),
        ("app.android.package", bundleID, "the applicationId in the app's build.gradle"),
    ]

    /// The placeholders among `found` (key → value and where): none unless the app is still the
    /// starter's (its bundle ID or Android package), since a catalog with an app of its own may
    /// well keep an example domain, team ID or App Store ID in a test or an export.
    package static func placeholders(in found: [String: (value: String, location: SourceLocation)])
        -> [StarterPlaceholder]
    {
        let starterApp = ["app.ios.bundle_id", "app.android.package"].contains {
            found[$0]?.value == bundleID
        }
        guard starterApp else { return [] }
        return starterValues.compactMap { starter in
            guard let given = found[starter.key], given.value == starter.value else { return nil }
            return StarterPlaceholder(
                key: starter.key, value: given.value, location: given.location, hint: starter.hint)
        }
    }
}
