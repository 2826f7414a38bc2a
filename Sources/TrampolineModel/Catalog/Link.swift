/// One entry of `links:`.
///
/// A link's values live in one shared, copy-on-write box: a large catalog's link is copied into
/// its page, its table row and its fingerprint, and each copy is then one reference instead of
/// a copy of a dozen strings.
@usableFromInline package struct Link: Sendable, Equatable, Encodable, CustomReflectable {
    /// The link's stored values, in the order they are encoded (each is described at the
    /// link's property of the same name).
    @usableFromInline package struct Fields: Sendable, Equatable, Encodable, CustomReflectable {
        @usableFromInline package var path: String
        @usableFromInline package var deepLink: String
        @usableFromInline package var title: String
        @usableFromInline package var description: String?
        @usableFromInline package var webURL: String?
        @usableFromInline package var campaign: [CampaignParameter]
        @usableFromInline package var options: LinkOptions
        @usableFromInline package var location: SourceLocation
        @usableFromInline package var webURLLocation: SourceLocation?
        @usableFromInline package var templateLocation: SourceLocation
        /// The values few links have (``Rare``), boxed: inline, they were 120 of every link's
        /// 312 bytes.
        @usableFromInline var rare: Rare?

        @usableFromInline package var language: String? {
            get { rare?.values.language }
            set { changeRare { $0.language = newValue } }
        }
        @usableFromInline package var route: Route? {
            get { rare?.values.route }
            set { changeRare { $0.route = newValue } }
        }
        @usableFromInline package var items: ItemsReference? {
            get { rare?.values.items }
            set { changeRare { $0.items = newValue } }
        }
        @usableFromInline package var itemOf: Route? {
            get { rare?.values.itemOf }
            set { changeRare { $0.itemOf = newValue } }
        }
        @usableFromInline package var longLinks: LongLinkSettings? {
            get { rare?.values.longLinks }
            set { changeRare { $0.longLinks = newValue } }
        }

        package init(
            path: String,
            deepLink: String,
            title: String,
            description: String?,
            webURL: String?,
            campaign: [CampaignParameter],
            language: String? = nil,
            options: LinkOptions,
            location: SourceLocation,
            webURLLocation: SourceLocation?,
            templateLocation: SourceLocation,
            route: Route? = nil,
            items: ItemsReference? = nil,
            itemOf: Route? = nil,
            longLinks: LongLinkSettings? = nil
        ) {
            self.path = path
            self.deepLink = deepLink
            self.title = title
            self.description = description
            self.webURL = webURL
            self.campaign = campaign
            self.options = options
            self.location = location
            self.webURLLocation = webURLLocation
            self.templateLocation = templateLocation
            let rare = Rare.Values(language: language, route: route, items: items, itemOf: itemOf, longLinks: longLinks)
            self.rare = rare.isEmpty ? nil : Rare(rare)
        }
    }

    /// Shared until a copy is changed (`isKnownUniquelyReferenced`), so never mutated while
    /// another link holds it.
    /// `@usableFromInline` with the accessors `@inlinable`: the later targets read a link's
    /// values for every page, and a call per value across the module boundary showed in profiles.
    @usableFromInline final class Storage: @unchecked Sendable {
        /// Unchecked: a box is changed only while one link holds it (``fields``'s `_modify`), and
        /// the dynamic check (`swift_beginAccess`) on every read of every value showed in the
        /// profiles of rebuilds, where a caller in another target cannot elide it.
        @exclusivity(unchecked) @usableFromInline var fields: Fields
        /// ``source``; a new box has none.
        @exclusivity(unchecked) @usableFromInline var source: SIMD2<UInt64>? = nil
        @usableFromInline init(_ fields: Fields) { self.fields = fields }
    }

    @usableFromInline var storage: Storage

    package init(
        path: String,
        deepLink: String,
        title: String,
        description: String?,
        webURL: String?,
        language: String? = nil,
        campaign: [CampaignParameter],
        options: LinkOptions,
        location: SourceLocation,
        webURLLocation: SourceLocation?,
        templateLocation: SourceLocation,
        route: Route? = nil,
        items: ItemsReference? = nil,
        itemOf: Route? = nil,
        longLinks: LongLinkSettings? = nil
    ) {
        storage = Storage(
            Fields(
                path: path,
                deepLink: deepLink,
                title: title,
                description: description,
                webURL: webURL,
                campaign: campaign,
                language: language,
                options: options,
                location: location,
                webURLLocation: webURLLocation,
                templateLocation: templateLocation,
                route: route,
                items: items,
                itemOf: itemOf,
                longLinks: longLinks))
    }

    /// A link of `fields`, in a box of its own.
    package init(fields: Fields) {
        storage = Storage(fields)
    }

    /// All of the link's values at once (one copy of the box's contents). Any change through it
    /// (every setter goes through it) lets the ``source`` go.
    @inlinable package var fields: Fields {
        _read { yield storage.fields }
        _modify {
            if !isKnownUniquelyReferenced(&storage) {
                storage = Storage(storage.fields)
            } else {
                storage.source = nil
            }
            yield &storage.fields
        }
    }

    /// What the link was read from, when the reader knows it and nothing changed the link since:
    /// a digest of its entry's exact text under everything else its values depend on (the link
    /// cache's key: the binary, the templates' names, `defaults:`, `app:`, the file). Two links
    /// with the same source hold the same values, but for where they are written; the fingerprint
    /// encoder writes it in place of the values (`PlanEntry+Fingerprint.swift`).
    package var source: SIMD2<UInt64>? { storage.source }

    /// Records the link's ``source`` (``CatalogReader``'s batches, as they read or decode it).
    package mutating func noteSource(_ source: SIMD2<UInt64>) {
        if !isKnownUniquelyReferenced(&storage) { storage = Storage(storage.fields) }
        storage.source = source
    }

    /// `/topic/1`: leading slash, no trailing slash, only safe characters.
    @inlinable package var path: String {
        _read { yield storage.fields.path }
        _modify { yield &fields.path }
    }
    /// The custom-scheme URL that opens the screen.
    @inlinable package var deepLink: String {
        _read { yield storage.fields.deepLink }
        _modify { yield &fields.deepLink }
    }
    @inlinable package var title: String {
        _read { yield storage.fields.title }
        _modify { yield &fields.title }
    }
    /// Markdown.
    @inlinable package var description: String? {
        _read { yield storage.fields.description }
        _modify { yield &fields.description }
    }
    @inlinable package var webURL: String? {
        _read { yield storage.fields.webURL }
        _modify { yield &fields.webURL }
    }
    /// The page's language (`language`, a BCP 47 tag) when it is not `site.language`: its
    /// `<html lang>`, direction and built-in texts.
    @inlinable package var language: String? {
        _read { yield storage.fields.language }
        _modify { yield &fields.language }
    }
    /// Query parameters added to the deferred link, in catalog order.
    @inlinable package var campaign: [CampaignParameter] {
        _read { yield storage.fields.campaign }
        _modify { yield &fields.campaign }
    }
    @inlinable package var options: LinkOptions {
        _read { yield storage.fields.options }
        _modify { yield &fields.options }
    }
    /// Where the entry starts, for diagnostics found after loading.
    @inlinable package var location: SourceLocation {
        _read { yield storage.fields.location }
        _modify { yield &fields.location }
    }
    /// Where `web_url` is written, for findings about it.
    @inlinable package var webURLLocation: SourceLocation? {
        _read { yield storage.fields.webURLLocation }
        _modify { yield &fields.webURLLocation }
    }
    /// Where the template is chosen (the link's own key or the default's).
    @inlinable package var templateLocation: SourceLocation {
        _read { yield storage.fields.templateLocation }
        _modify { yield &fields.templateLocation }
    }
    /// Set when `path` has parameters (`/restaurant/:id`): then `path` is the pattern's text and
    /// `deepLink` may hold `:name` placeholders the page fills in from the visited URL.
    @inlinable package var route: Route? {
        _read { yield storage.fields.route }
        _modify { yield &fields.route }
    }
    /// Whether the link is a route (``route``): a getter the later targets inline, where reading
    /// the whole route through its accessor to compare it with nil showed in profiles.
    @inlinable package var isRoute: Bool { storage.fields.rare?.values.route != nil }
    /// A route's `items:` file: one page per row, each with its own preview (``ItemsFile``).
    @inlinable package var items: ItemsReference? {
        _read { yield storage.fields.items }
        _modify { yield &fields.items }
    }
    /// Set on a link made from a row of its route's `items:` file: its page is a plain link's, and
    /// the route's claims and rewrite rule already cover its path.
    @inlinable package var itemOf: Route? {
        _read { yield storage.fields.itemOf }
        _modify { yield &fields.itemOf }
    }
    /// Whether the link was made from a row of a route's items file (``itemOf``).
    @inlinable package var isItem: Bool { storage.fields.rare?.values.itemOf != nil }
    /// Set only on the long-link page's link (``SiteRenderer/longLinkPageLink(for:)``).
    @inlinable package var longLinks: LongLinkSettings? {
        _read { yield storage.fields.longLinks }
        _modify { yield &fields.longLinks }
    }

    /// The image for social previews: the link's own or the default.
    package var image: String? { options.image }

    /// `desktop`, or by default `qr` when the link has no web page for a desktop, else `web`.
    package var desktopMode: LinkOptions.Desktop {
        options.desktop ?? ((options.desktopURL ?? webURL) == nil ? .qr : .web)
    }

    @usableFromInline package static func == (lhs: Link, rhs: Link) -> Bool {
        lhs.storage === rhs.storage || lhs.storage.fields == rhs.storage.fields
    }

    @usableFromInline package func encode(to encoder: any Encoder) throws {
        try storage.fields.encode(to: encoder)
    }

    /// The values, as if stored in the link itself (tests list its fields by reflection).
    @usableFromInline package var customMirror: Mirror { Mirror(reflecting: storage.fields) }
}
