import TrampolineQR

/// A validated link catalog: everything `build` needs, with every value already checked.
package struct Catalog: Sendable, Equatable {
    package var site: SiteSettings
    package var app: AppSettings
    package var links: [Link]
    /// Where `site.host` is written, for findings about the host's limits.
    package var hostLocation: SourceLocation?
    /// The project files the links come from besides the catalog (`links_file`, routes' `items`),
    /// relative to the catalog's folder: what `serve` watches with it.
    package var dataFiles: [String] = []
    /// Values of `init`'s starter catalog still where the team's own belong (`check` warns).
    package var starterPlaceholders: [StarterPlaceholder] = []

    package init(site: SiteSettings, app: AppSettings, links: [Link], hostLocation: SourceLocation? = nil) {
        self.site = site
        self.app = app
        self.links = links
        self.hostLocation = hostLocation
    }

    /// The links that are routes, in the order they are tried (``Route/precedes(_:)``).
    package var routes: [Route] { Route.ordered(links.compactMap(\.route)) }
}

/// The `site:` section.
package struct SiteSettings: Sendable, Equatable, Encodable {
    /// `https://host` with no path, query or trailing slash.
    package var url: String
    package var host: String
    package var title: String?
    /// The `<html lang>` value.
    package var language: String
    /// The output folder as written in the catalog, if any.
    package var output: String?
    package var layout: SiteLayout = .folders
    /// What the association files claim (`site.claims`).
    package var claims: SiteClaims = .domain
    /// Where the site is deployed (`site.host`), if the catalog says.
    package var hosting: StaticHost?
    /// Origins (`https://host[:port]`) the pages' Content-Security-Policy lets images, styles and
    /// fonts load from, beyond the site itself (`site.allowed_origins`).
    package var allowedOrigins: [String] = []
    /// `site.long_links`: the site serves Firebase-style long links (`/?link=…`) to these targets.
    package var longLinks: LongLinkSettings? = nil
    /// `site.counts`: where the pages report what happened on them (docs/counts.md).
    package var counts = SiteCounts.log
}

/// `site.long_links`.
package struct LongLinkSettings: Sendable, Equatable, Encodable {
    /// `allow`: URL prefixes, hosts and `*.host` patterns (``LongLinkAllowlist``).
    package var allow: [String]
    /// Where `site.long_links` is written, for findings about it.
    package var location: SourceLocation
    /// The catalog's `defaults:`, which the long-link page follows as every link does.
    package var options: LinkOptions = LinkOptions()
}

/// The `app:` section: the app's name and its iOS and Android apps (at least one of the two).
package struct AppSettings: Sendable, Equatable, Encodable {
    package var name: String
    package var ios: IOSApp?
    package var android: AndroidApp?
    /// `app.icon`, shown beside the name on every page.
    package var icon: AppIcon? = nil

    /// The custom URL scheme deep links use, without `:` or `//`: the iOS app's, else the
    /// Android app's.
    package var scheme: String { ios?.scheme ?? android?.scheme ?? "" }

    /// `TEAMID.bundle.id` for the iOS app, then the extra ones: the AASA's `appIDs` (none
    /// without an iOS app).
    package var appIDs: [String] { ios.map { ["\($0.teamID).\($0.bundleID)"] + $0.extraAppIDs } ?? [] }
}

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
}

/// `app.android`.
package struct AndroidApp: Sendable, Equatable, Encodable {
    /// The application id, such as `com.example.app`.
    package var package: String
    /// SHA-256 signing-certificate fingerprints, as Google's verifier reads them: 32 bytes in
    /// upper-case hex pairs joined by colons.
    package var sha256CertFingerprints: [String]
    /// The custom URL scheme the Android app registers (`app.ios.scheme` unless given).
    package var scheme: String
    /// Google Play, or where the catalog says Android phones without the app should go.
    package var playStoreURL: String
}

/// How a link behaves; `defaults:` sets them for every link and each link may override any of them.
package struct LinkOptions: Sendable, Equatable, Encodable {
    package enum Fallback: String, Sendable, CaseIterable, Encodable {
        /// The App Store on iOS, Google Play on Android.
        case store
        case web
    }

    /// Ways the deferred link survives the install.
    package enum DeferredChannel: String, Sendable, CaseIterable, Encodable {
        case clipboard
        case cookie
    }

    /// What the page does inside an app's built-in browser (Instagram, Facebook, LINE…), where
    /// custom schemes and universal links are often blocked.
    package enum InAppBrowsers: String, Sendable, CaseIterable, Encodable {
        /// Show the way out to the phone's browser (LINE: reopen there at once) instead of trying the app.
        case escape
        /// Behave as in any browser.
        case ignore
    }

    package var template: String = "interstitial"
    package var fallback: Fallback = .store
    /// Android's fallback, when it differs from `fallback`.
    package var androidFallback: Fallback?
    package var fallbackDelayMs: Int = 1500
    package var deferred: [DeferredChannel] = [.clipboard, .cookie]
    /// `__Host-`: browsers take it only from this host, over https, for the whole path, so a
    /// sibling subdomain (`evil.example.com` beside `go.example.com`) cannot plant a deferred link.
    package var cookieName: String = LinkOptions.defaultCookieName
    package static let defaultCookieName = "__Host-deferredDeepLink"
    /// The default before `__Host-`: `loadCookie.html` still reads it, for visits made before the upgrade.
    package static let legacyCookieName = "deferredDeepLink"
    package var cookieDays: Int = 1
    package var forwardQuery: Bool = true
    package var image: String?
    package var inAppBrowsers: InAppBrowsers = .escape
    /// The question the page asks before leaving for the App Store or Google Play; nil asks nothing.
    package var confirmStore: String?
    /// Whether the link gets `<path>/qr.svg`, a QR code of its URL.
    package var qrCode: Bool = true
    package var qrErrorCorrection: QRErrorCorrection = .medium
    /// Where a desktop visitor goes (`desktop`); nil is the default, ``Link/desktopMode``.
    package var desktop: Desktop?
    /// A desktop's web page instead of `web_url` (`desktop_url`, Firebase's `ofl`).
    package var desktopURL: String?
    /// App Store Connect's campaign token (`ct`) for the link; nil: its `utm_campaign`.
    package var appStoreCampaign: String?

    /// What a link's page does on a desktop, which has no app to open.
    package enum Desktop: String, Sendable, CaseIterable, Encodable {
        /// Shows the link's QR code to scan with a phone, beside the web link if there is one.
        case qr
        /// Goes to `desktop_url`, else `web_url`.
        case web
        /// Goes to the store, as the pages did before there was a choice.
        case store
    }

    package init() {}
}

/// A route's `items:` value: the file's name in the project and where the catalog names it.
package struct ItemsReference: Sendable, Equatable, Encodable {
    package var name: String
    package var location: SourceLocation
}

/// One `campaign:` entry.
package struct CampaignParameter: Sendable, Equatable, Encodable {
    package var name: String
    package var value: String
}
