/// `site.long_links`.
@usableFromInline package struct LongLinkSettings: Sendable, Equatable, Encodable {
    /// `allow`: URL prefixes, hosts and `*.host` patterns (``LongLinkAllowlist``).
    package var allow: [String]
    /// Where `site.long_links` is written, for findings about it.
    package var location: SourceLocation
    /// The catalog's `defaults:`, which the long-link page follows as every link does.
    package var options: LinkOptions = LinkOptions()

    package init(allow: [String], location: SourceLocation, options: LinkOptions = LinkOptions()) {
        self.allow = allow
        self.location = location
        self.options = options
    }
}
