extension Link.Fields {
    /// A link's values that most links leave unset (a page language of its own, a route, an items
    /// file, the route an item comes from, the long-link settings), in one shared box that a
    /// change copies first: a million plain links hold none.
    /// Equal by its values, so the fields' synthesized `==` compares them.
    @usableFromInline final class Rare: @unchecked Sendable, Equatable {
        @usableFromInline struct Values: Sendable, Equatable {
            var language: String? = nil
            @usableFromInline var route: Route? = nil
            var items: ItemsReference? = nil
            @usableFromInline var itemOf: Route? = nil
            var longLinks: LongLinkSettings? = nil

            var isEmpty: Bool { self == Values() }
        }

        /// Never changed once the box is shared (``changeRare(_:)`` copies it first).
        @usableFromInline let values: Values

        init(_ values: Values) { self.values = values }

        @usableFromInline static func == (lhs: Rare, rhs: Rare) -> Bool {
            lhs === rhs || lhs.values == rhs.values
        }
    }

    /// Applies `change` to the rare values, in a box of this link's own; none when all are unset.
    mutating func changeRare(_ change: (inout Rare.Values) -> Void) {
        var values = rare?.values ?? Rare.Values()
        change(&values)
        rare = values.isEmpty ? nil : Rare(values)
    }

    /// The keys of ``encode(to:)``: every value, in declaration order as they were all stored.
    private enum CodingKeys: String, CodingKey {
        case path, deepLink, title, description, webURL, campaign, language, options, location, webURLLocation
        case templateLocation, route, items, itemOf, longLinks
    }

    /// Encoded as when every value was stored in the link (unset optionals left out): the plain
    /// fingerprint encoder's bytes, which the fast one writes too (`PlanEntry+Fingerprint.swift`).
    @usableFromInline package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(path, forKey: .path)
        try container.encode(deepLink, forKey: .deepLink)
        try container.encode(title, forKey: .title)
        try container.encodeIfPresent(description, forKey: .description)
        try container.encodeIfPresent(webURL, forKey: .webURL)
        try container.encode(campaign, forKey: .campaign)
        try container.encodeIfPresent(language, forKey: .language)
        try container.encode(options, forKey: .options)
        try container.encode(location, forKey: .location)
        try container.encodeIfPresent(webURLLocation, forKey: .webURLLocation)
        try container.encode(templateLocation, forKey: .templateLocation)
        try container.encodeIfPresent(route, forKey: .route)
        try container.encodeIfPresent(items, forKey: .items)
        try container.encodeIfPresent(itemOf, forKey: .itemOf)
        try container.encodeIfPresent(longLinks, forKey: .longLinks)
    }

    /// The values as if all were stored (tests list a link's fields by reflection).
    @usableFromInline package var customMirror: Mirror {
        Mirror(
            self,
            children: [
                ("path", path as Any), ("deepLink", deepLink), ("title", title), ("description", description as Any),
                ("webURL", webURL as Any), ("campaign", campaign), ("language", language as Any),
                ("options", options), ("location", location), ("webURLLocation", webURLLocation as Any),
                ("templateLocation", templateLocation), ("route", route as Any), ("items", items as Any),
                ("itemOf", itemOf as Any), ("longLinks", longLinks as Any),
            ], displayStyle: .struct)
    }
}
