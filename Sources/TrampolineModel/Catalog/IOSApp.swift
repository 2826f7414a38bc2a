/// `app.ios`.
package struct IOSApp: Sendable, Equatable, Encodable {
    package var teamID: String
    package var bundleID: String
    package var appStoreID: String
    /// The custom URL scheme, without `:` or `//`.
    package var scheme: String
    package var appStoreURL: String
    /// More `TEAMID.bundle.id` values the AASA claims the links for.
    package var extraAppIDs: [String]
    /// App Store Connect's provider token (`pt`): with it, App Store URLs carry `pt`, the link's
    /// campaign token (`ct`) and `mt=8`, and App Store Connect counts installs per campaign.
    package var providerToken: String? = nil
    /// An Apple Services Performance Partners token (`at`), added to App Store URLs.
    package var affiliateToken: String? = nil

    package init(
        teamID: String,
        bundleID: String,
        appStoreID: String,
        scheme: String,
        appStoreURL: String,
        extraAppIDs: [String],
        providerToken: String? = nil,
        affiliateToken: String? = nil
    ) {
        self.teamID = teamID
        self.bundleID = bundleID
        self.appStoreID = appStoreID
        self.scheme = scheme
        self.appStoreURL = appStoreURL
        self.extraAppIDs = extraAppIDs
        self.providerToken = providerToken
        self.affiliateToken = affiliateToken
    }
}
