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

    static let slots: [(key: String, value: KeyPath<BodyValues, [UInt8]?> & Sendable)] = [
        ("app", \.app), ("site_title", \.siteTitle), ("store_url", \.storeURL), ("title", \.title),
        ("description", \.description), ("image", \.image), ("url", \.url), ("deep_link", \.deepLink),
    ]

    /// The keys a body or button is parsed with.
    static let keys = slots.map(\.key) + PageStrings.valueKeys

    /// The values in the order of ``keys``, as a parsed template takes them.
    var ordered: [[UInt8]?] { Self.slots.map { self[keyPath: $0.value] } + strings }
}
