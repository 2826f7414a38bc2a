import TrampolineModel

/// What a page's body or button template may show, by name, as UTF-8 bytes: the link's texts,
/// the app's, and the built-in strings in the page's language. ``slots`` (then
/// ``PageStrings/valueKeys``) is the one list of the keys and where each value comes from.
struct BodyValues {
    var app: [UInt8]?
    var siteTitle: [UInt8]?
    var storeURL: [UInt8]?
    var title: [UInt8]?
    var description: [UInt8]?
    var image: [UInt8]?
    var url: [UInt8]?
    var deepLink: [UInt8]?
    /// The built-in strings, in the order of ``PageStrings/valueKeys``.
    var strings: [[UInt8]?]

    static let slots: [(key: String, value: @Sendable (BodyValues) -> [UInt8]?)] = [
        ("app", { $0.app }), ("site_title", { $0.siteTitle }), ("store_url", { $0.storeURL }), ("title", { $0.title }),
        ("description", { $0.description }), ("image", { $0.image }), ("url", { $0.url }),
        ("deep_link", { $0.deepLink }),
    ]

    /// The keys a body or button is parsed with.
    static let keys = slots.map(\.key) + PageStrings.valueKeys

    /// The values in the order of ``keys``, as a parsed template takes them.
    var ordered: [[UInt8]?] { Self.slots.map { $0.value(self) } + strings }
}
