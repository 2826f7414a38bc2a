/// What the layout template (`Templates/layout.html`) may show, by name, as UTF-8 bytes. nil
/// leaves a value out: Mustache treats an empty string as true.
///
/// ``slots`` is the one list of the layout's keys and where each value comes from, so the
/// names the layout is parsed with and the values a page passes cannot fall out of step.
struct LayoutValues {
    var lang: [UInt8]?
    /// The page's title: `page_title` and `title` both.
    var title: [UInt8]?
    var siteTitle: [UInt8]?
    /// The Smart App Banner's content; nil without an iOS app.
    var appleItunesApp: [UInt8]?
    var content: [UInt8]?
    var buttonText: [UInt8]?
    var style: [UInt8]?
    var csp: [UInt8]?
    /// Plain text.
    var description: [UInt8]?
    var url: [UInt8]?
    var image: [UInt8]?
    var buttonHref: [UInt8]?
    /// The page's data, a JSON object made safe for a script element.
    var data: [UInt8]?
    var script: [UInt8]?
    /// `rtl` for a right-to-left language, else nil (HTML's default).
    var dir: [UInt8]?
    var appName: [UInt8]?
    var playHref: [UInt8]?
    var playText: [UInt8]?
    var webHref: [UInt8]?
    var webText: [UInt8]?
    var qrSource: [UInt8]?
    var qrText: [UInt8]?
    var appIcon: [UInt8]?
    var appLinks = AppLinkTags()

    /// Each layout key and its value, in the order the layout is parsed with.
    static let slots: [(key: String, value: @Sendable (LayoutValues) -> [UInt8]?)] = [
        ("lang", { $0.lang }), ("page_title", { $0.title }), ("title", { $0.title }), ("site_title", { $0.siteTitle }),
        ("apple_itunes_app", { $0.appleItunesApp }), ("content", { $0.content }), ("button_text", { $0.buttonText }),
        ("style", { $0.style }), ("csp", { $0.csp }), ("description", { $0.description }), ("url", { $0.url }),
        ("image", { $0.image }),
        ("button_href", { $0.buttonHref }), ("data", { $0.data }), ("script", { $0.script }), ("dir", { $0.dir }),
        ("app_name", { $0.appName }), ("play_href", { $0.playHref }), ("play_text", { $0.playText }),
        ("web_href", { $0.webHref }),
        ("web_text", { $0.webText }), ("qr_src", { $0.qrSource }), ("qr_text", { $0.qrText }),
        ("app_icon", { $0.appIcon }),
        // Meta's App Links tags of a link page, last.
        ("al_ios_url", { $0.appLinks.iosURL }), ("al_ios_app_store_id", { $0.appLinks.iosAppStoreID }),
        ("al_ios_app_name", { $0.appLinks.iosAppName }), ("al_android_url", { $0.appLinks.androidURL }),
        ("al_android_package", { $0.appLinks.androidPackage }), ("al_android_app_name", { $0.appLinks.androidAppName }),
        ("al_web_url", { $0.appLinks.webURL }), ("al_web_should_fallback", { $0.appLinks.webShouldFallback }),
    ]

    /// The layout's keys, as its template is parsed with them.
    static let keys = slots.map(\.key)

    /// The values in the order of ``keys``, as the parsed layout takes them.
    var ordered: [[UInt8]?] { Self.slots.map { $0.value(self) } }
}
