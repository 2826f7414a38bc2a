import TrampolineModel

/// Meta's App Links tags of a link's page (developers.facebook.com/docs/applinks/metadata-reference):
/// Facebook, Messenger and Instagram read them to open the app from a shared link. The URLs are the
/// deep link the page's script opens (catalog link and campaign), with the Android app's scheme on
/// Android as the page's `intent://` has. The layout HTML-escapes each value.
struct AppLinkTags {
    var iosURL: [UInt8]?
    var iosAppStoreID: [UInt8]?
    var iosAppName: [UInt8]?
    var androidURL: [UInt8]?
    var androidPackage: [UInt8]?
    var androidAppName: [UInt8]?
    /// `al:web:url`: where to go without the app, when the link's fallback is its web page.
    var webURL: [UInt8]?
    /// `al:web:should_fallback`: "true" otherwise, so the app opens this page, which leads to the store.
    var webShouldFallback: [UInt8]?

    /// The layout keys, in ``values``' order (the last of ``TemplateSet/layoutKeys``).
    static let layoutKeys = TemplateSet.appLinkKeys

    /// None: pages other than a link's (and a route's, whose deep link the visit fills in).
    init() {}

    init(link: Link, app: AppSettings) {
        guard link.route == nil else { return }
        let deepLink = link.deferredLink(fixed: link.fixedQueryKeys)
        let name = Array(app.name.utf8)
        if let ios = app.ios {
            iosURL = Array(deepLink.utf8)
            iosAppStoreID = Array(ios.appStoreID.utf8)
            iosAppName = name
        }
        if let android = app.android {
            androidURL = Array(Self.withScheme(android.scheme, deepLink).utf8)
            androidPackage = Array(android.package.utf8)
            androidAppName = name
        }
        if link.options.fallback == .web, let web = link.webURL {
            webURL = Array(web.utf8)
        } else {
            webShouldFallback = Array("true".utf8)
        }
    }

    var values: [[UInt8]?] {
        [iosURL, iosAppStoreID, iosAppName, androidURL, androidPackage, androidAppName, webURL, webShouldFallback]
    }

    /// `link` with `scheme` in place of its own (and its `//`, if any), as trampoline.js's
    /// `intentURL` and `androidLink` do: `marry://plan?id=1` → `marryapp://plan?id=1`.
    static func withScheme(_ scheme: String, _ link: String) -> String {
        var rest = Substring(link)
        if let colon = rest.firstIndex(of: ":"),
            rest[..<colon].first?.isLetter == true,
            rest[..<colon].allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "+.-".contains($0)) })
        {
            rest = rest[rest.index(after: colon)...]
            if rest.hasPrefix("//") { rest = rest.dropFirst(2) }
        }
        return scheme + "://" + rest
    }
}
