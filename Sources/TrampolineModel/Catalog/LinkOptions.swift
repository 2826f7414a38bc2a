import TrampolineQR

/// How a link behaves; `defaults:` sets them for every link and each link may override any of them.
@usableFromInline package struct LinkOptions: Sendable, Equatable, Encodable {
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
    /// Where a desktop visitor goes (`desktop`); nil is the default, ``Link/desktopMode``.
    package var desktop: Desktop?
    /// A desktop's web page instead of `web_url` (`desktop_url`, Firebase's `ofl`).
    package var desktopURL: String?
    /// App Store Connect's campaign token (`ct`) for the link; nil: its `utm_campaign`.
    package var appStoreCampaign: String?
    /// Whether the link gets `<path>/qr.svg`, a QR code of its URL.
    package var qrCode: Bool = true
    package var qrErrorCorrection: QRErrorCorrection = .medium

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
