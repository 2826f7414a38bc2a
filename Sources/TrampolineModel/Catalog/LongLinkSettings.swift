/// `site.long_links`: the long links (`/?link=…`) the site's long-link page accepts.
@usableFromInline package struct LongLinkSettings: Sendable, Equatable, Encodable, CustomReflectable {
    /// The settings' values, boxed: every link holds an optional of them and nearly every link has
    /// none; inline, they were some 190 bytes of every link. Encoded and reflected as the settings
    /// themselves, so fingerprints see the same fields.
    private struct Values: Sendable, Equatable, Encodable {
        var allow: [String]
        var location: SourceLocation
        var options: LinkOptions
    }

    private final class Box: Sendable {
        let values: Values
        init(_ values: Values) { self.values = values }
    }

    private var box: Box

    /// `allow`: URL prefixes, hosts and `*.host` patterns (``LongLinkAllowlist``).
    package var allow: [String] {
        get { box.values.allow }
        set { change { $0.allow = newValue } }
    }
    /// Where `site.long_links` is written, for findings about it.
    package var location: SourceLocation {
        get { box.values.location }
        set { change { $0.location = newValue } }
    }
    /// The catalog's `defaults:`, which the long-link page follows as every link does.
    package var options: LinkOptions {
        get { box.values.options }
        set { change { $0.options = newValue } }
    }

    package init(allow: [String], location: SourceLocation, options: LinkOptions = LinkOptions()) {
        box = Box(Values(allow: allow, location: location, options: options))
    }

    private mutating func change(_ edit: (inout Values) -> Void) {
        var values = box.values
        edit(&values)
        box = Box(values)
    }

    @usableFromInline package static func == (lhs: LongLinkSettings, rhs: LongLinkSettings) -> Bool {
        lhs.box === rhs.box || lhs.box.values == rhs.box.values
    }

    @usableFromInline package func encode(to encoder: Encoder) throws {
        try box.values.encode(to: encoder)
    }

    @usableFromInline package var customMirror: Mirror { Mirror(reflecting: box.values) }
}
