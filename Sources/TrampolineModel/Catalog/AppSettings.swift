/// The `app:` section: the app's name and its iOS and Android apps (at least one of the two).
package struct AppSettings: Sendable, Equatable, Encodable {
    package var name: String
    package var ios: IOSApp?
    package var android: AndroidApp?
    /// `app.icon`, shown beside the name on every page.
    package var icon: AppIcon? = nil

    package init(name: String, ios: IOSApp? = nil, android: AndroidApp? = nil, icon: AppIcon? = nil) {
        self.name = name
        self.ios = ios
        self.android = android
        self.icon = icon
    }

    /// The custom URL scheme deep links use, without `:` or `//`: the iOS app's, else the
    /// Android app's.
    package var scheme: String { ios?.scheme ?? android?.scheme ?? "" }

    /// `TEAMID.bundle.id` for the iOS app, then the extra ones: the AASA's `appIDs` (none
    /// without an iOS app).
    package var appIDs: [String] { ios.map { ["\($0.teamID).\($0.bundleID)"] + $0.extraAppIDs } ?? [] }
}
