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

    /// None: pages other than a link's (and a route's, whose deep link the visit fills in).
    init() {}
}
