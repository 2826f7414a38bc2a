import TrampolineQR

/// A validated link catalog: everything `build` needs, with every value already checked.
public struct Catalog: Sendable, Equatable {
    public var site: SiteSettings
    public var app: AppSettings
    public var links: [Link]
    /// Where `site.host` is written, for findings about the host's limits.
    public var hostLocation: SourceLocation?

    public init(site: SiteSettings, app: AppSettings, links: [Link], hostLocation: SourceLocation? = nil) {
        self.site = site
        self.app = app
        self.links = links
        self.hostLocation = hostLocation
    }

    /// The links that are routes, in the order they are tried (``Route/precedes(_:)``).
    public var routes: [Route] { Route.ordered(links.compactMap(\.route)) }
}

/// The `site:` section.
public struct SiteSettings: Sendable, Equatable, Encodable {
    /// `https://host` with no path, query or trailing slash.
    public var url: String
    public var host: String
    public var title: String?
    /// The `<html lang>` value.
    public var language: String
    /// The output folder as written in the catalog, if any.
    public var output: String?
    public var layout: SiteLayout = .folders
    /// What the association files claim (`site.claims`).
    public var claims: SiteClaims = .domain
    /// Where the site is deployed (`site.host`), if the catalog says.
    public var hosting: StaticHost?
}

/// The `app:` section: the app's name and its iOS and Android apps (at least one of the two).
public struct AppSettings: Sendable, Equatable, Encodable {
    public var name: String
    public var ios: IOSApp?
    public var android: AndroidApp?

    /// The custom URL scheme deep links use, without `:` or `//`: the iOS app's, else the
    /// Android app's.
    public var scheme: String { ios?.scheme ?? android?.scheme ?? "" }

    /// `TEAMID.bundle.id` for the iOS app, then the extra ones: the AASA's `appIDs` (none
    /// without an iOS app).
    public var appIDs: [String] { ios.map { ["\($0.teamID).\($0.bundleID)"] + $0.extraAppIDs } ?? [] }
}

/// `app.ios`.
public struct IOSApp: Sendable, Equatable, Encodable {
    public var teamID: String
    public var bundleID: String
    public var appStoreID: String
    /// The custom URL scheme, without `:` or `//`.
    public var scheme: String
    public var appStoreURL: String
    /// More `TEAMID.bundle.id` values the AASA claims the links for.
    public var extraAppIDs: [String]
}

/// `app.android`.
public struct AndroidApp: Sendable, Equatable, Encodable {
    /// The application id, such as `com.example.app`.
    public var package: String
    /// SHA-256 signing-certificate fingerprints, as Google's verifier reads them: 32 bytes in
    /// upper-case hex pairs joined by colons.
    public var sha256CertFingerprints: [String]
    /// The custom URL scheme the Android app registers (`app.ios.scheme` unless given).
    public var scheme: String
    /// Google Play, or where the catalog says Android phones without the app should go.
    public var playStoreURL: String
}

/// How a link behaves; `defaults:` sets them for every link and each link may override any of them.
public struct LinkOptions: Sendable, Equatable, Encodable {
    public enum Fallback: String, Sendable, CaseIterable, Encodable {
        /// The App Store on iOS, Google Play on Android.
        case store
        case web
    }

    /// Ways the deferred link survives the install.
    public enum DeferredChannel: String, Sendable, CaseIterable, Encodable {
        case clipboard
        case cookie
    }

    /// What the page does inside an app's built-in browser (Instagram, Facebook, LINE…), where
    /// custom schemes and universal links are often blocked.
    public enum InAppBrowsers: String, Sendable, CaseIterable, Encodable {
        /// Show the way out to the phone's browser (LINE: reopen there at once) instead of trying the app.
        case escape
        /// Behave as in any browser.
        case ignore
    }

    public var template: String = "interstitial"
    public var fallback: Fallback = .store
    /// Android's fallback, when it differs from `fallback`.
    public var androidFallback: Fallback?
    public var fallbackDelayMs: Int = 1500
    public var deferred: [DeferredChannel] = [.clipboard, .cookie]
    public var cookieName: String = "deferredDeepLink"
    public var cookieDays: Int = 1
    public var forwardQuery: Bool = true
    public var image: String?
    public var inAppBrowsers: InAppBrowsers = .escape
    /// The question the page asks before leaving for the App Store or Google Play; nil asks nothing.
    public var confirmStore: String?
    /// Whether the link gets `<path>/qr.svg`, a QR code of its URL.
    public var qrCode: Bool = true
    public var qrErrorCorrection: QRErrorCorrection = .medium

    public init() {}
}

/// One entry of `links:`.
public struct Link: Sendable, Equatable, Encodable {
    /// `/topic/1`: leading slash, no trailing slash, only safe characters.
    public var path: String
    /// The custom-scheme URL that opens the screen.
    public var deepLink: String
    public var title: String
    /// Markdown.
    public var description: String?
    public var webURL: String?
    /// Query parameters added to the deferred link, in catalog order.
    public var campaign: [CampaignParameter]
    public var options: LinkOptions
    /// Where the entry starts, for diagnostics found after loading.
    public var location: SourceLocation
    /// Where `web_url` is written, for findings about it.
    public var webURLLocation: SourceLocation?
    /// Where the template is chosen (the link's own key or the default's).
    public var templateLocation: SourceLocation
    /// Set when `path` has parameters (`/restaurant/:id`): then `path` is the pattern's text and
    /// `deepLink` may hold `:name` placeholders the page fills in from the visited URL.
    public var route: Route? = nil

    /// The image for social previews: the link's own or the default.
    public var image: String? { options.image }
}

/// One `campaign:` entry.
public struct CampaignParameter: Sendable, Equatable, Encodable {
    public var name: String
    public var value: String
}
