import TrampolineQR

/// How a link behaves; `defaults:` sets them for every link and each link may override any of them.
@usableFromInline package struct LinkOptions: Sendable, Equatable, Encodable, CustomReflectable {
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

    /// The options' values, in one box shared until a copy is changed (`isKnownUniquelyReferenced`):
    /// every link holds its options, and most hold the defaults; inline, they were 154 bytes of
    /// every link. Encoded and reflected as the options themselves, so fingerprints and the field
    /// tables see the same fields.
    private struct Values: Sendable, Equatable, Encodable {
        var template: String = "interstitial"
        var fallback: Fallback = .store
        var androidFallback: Fallback?
        var fallbackDelayMs: Int = 1500
        var deferred: [DeferredChannel] = [.clipboard, .cookie]
        var cookieName: String = LinkOptions.defaultCookieName
        var cookieDays: Int = 1
        var forwardQuery: Bool = true
        var image: String?
        var inAppBrowsers: InAppBrowsers = .escape
        var confirmStore: String?
        var desktop: Desktop?
        var desktopURL: String?
        var appStoreCampaign: String?
        var qrCode: Bool = true
        var qrErrorCorrection: QRErrorCorrection = .medium

        init() {}
    }

    /// Unchecked: a box is changed only while one value holds it (each property's `_modify`).
    private final class Storage: @unchecked Sendable {
        @exclusivity(unchecked) var values: Values
        init(_ values: Values) { self.values = values }
    }

    /// The defaults' box, which every `LinkOptions()` shares until it is changed.
    private static let defaultStorage = Storage(Values())

    private var storage: Storage

    /// The values, copied into a box of this value's own before any change.
    private var values: Values {
        _read { yield storage.values }
        _modify {
            if !isKnownUniquelyReferenced(&storage) { storage = Storage(storage.values) }
            yield &storage.values
        }
    }

    package var template: String {
        _read { yield storage.values.template }
        _modify { yield &values.template }
    }
    package var fallback: Fallback {
        _read { yield storage.values.fallback }
        _modify { yield &values.fallback }
    }
    /// Android's fallback, when it differs from `fallback`.
    package var androidFallback: Fallback? {
        _read { yield storage.values.androidFallback }
        _modify { yield &values.androidFallback }
    }
    package var fallbackDelayMs: Int {
        _read { yield storage.values.fallbackDelayMs }
        _modify { yield &values.fallbackDelayMs }
    }
    package var deferred: [DeferredChannel] {
        _read { yield storage.values.deferred }
        _modify { yield &values.deferred }
    }
    /// `__Host-`: browsers take it only from this host, over https, for the whole path, so a
    /// sibling subdomain (`evil.example.com` beside `go.example.com`) cannot plant a deferred link.
    package var cookieName: String {
        _read { yield storage.values.cookieName }
        _modify { yield &values.cookieName }
    }
    package static let defaultCookieName = "__Host-deferredDeepLink"
    /// The default before `__Host-`: `loadCookie.html` still reads it, for visits made before the upgrade.
    package static let legacyCookieName = "deferredDeepLink"
    package var cookieDays: Int {
        _read { yield storage.values.cookieDays }
        _modify { yield &values.cookieDays }
    }
    package var forwardQuery: Bool {
        _read { yield storage.values.forwardQuery }
        _modify { yield &values.forwardQuery }
    }
    package var image: String? {
        _read { yield storage.values.image }
        _modify { yield &values.image }
    }
    package var inAppBrowsers: InAppBrowsers {
        _read { yield storage.values.inAppBrowsers }
        _modify { yield &values.inAppBrowsers }
    }
    /// The question the page asks before leaving for the App Store or Google Play; nil asks nothing.
    package var confirmStore: String? {
        _read { yield storage.values.confirmStore }
        _modify { yield &values.confirmStore }
    }
    /// Where a desktop visitor goes (`desktop`); nil is the default, ``Link/desktopMode``.
    package var desktop: Desktop? {
        _read { yield storage.values.desktop }
        _modify { yield &values.desktop }
    }
    /// A desktop's web page instead of `web_url` (`desktop_url`, Firebase's `ofl`).
    package var desktopURL: String? {
        _read { yield storage.values.desktopURL }
        _modify { yield &values.desktopURL }
    }
    /// App Store Connect's campaign token (`ct`) for the link; nil: its `utm_campaign`.
    package var appStoreCampaign: String? {
        _read { yield storage.values.appStoreCampaign }
        _modify { yield &values.appStoreCampaign }
    }
    /// Whether the link gets `<path>/qr.svg`, a QR code of its URL.
    package var qrCode: Bool {
        _read { yield storage.values.qrCode }
        _modify { yield &values.qrCode }
    }
    package var qrErrorCorrection: QRErrorCorrection {
        _read { yield storage.values.qrErrorCorrection }
        _modify { yield &values.qrErrorCorrection }
    }

    /// What a link's page does on a desktop, which has no app to open.
    package enum Desktop: String, Sendable, CaseIterable, Encodable {
        /// Shows the link's QR code to scan with a phone, beside the web link if there is one.
        case qr
        /// Goes to `desktop_url`, else `web_url`.
        case web
        /// Goes to the store, as the pages did before there was a choice.
        case store
    }

    package init() { storage = Self.defaultStorage }

    /// Takes `other`'s box when the two hold the same values: links read or decoded one by one
    /// each made a box of their own, though most hold the catalog's `defaults:` as they are.
    package mutating func share(with other: LinkOptions) {
        if storage !== other.storage, storage.values == other.storage.values { storage = other.storage }
    }

    /// Whether the two hold one box (``share(with:)``).
    package func sharesBox(with other: LinkOptions) -> Bool { storage === other.storage }

    @usableFromInline package static func == (lhs: LinkOptions, rhs: LinkOptions) -> Bool {
        lhs.storage === rhs.storage || lhs.storage.values == rhs.storage.values
    }

    @usableFromInline package func encode(to encoder: Encoder) throws {
        try storage.values.encode(to: encoder)
    }

    @usableFromInline package var customMirror: Mirror { Mirror(reflecting: storage.values) }
}
