extension Catalog {
    /// The keys the catalog accepts, by section, as the reader checks them: `root`, `site`, `app`,
    /// `app.ios`, `app.android`, `defaults` and `link` (one entry of `links:`). Read-only; for tools that must stay
    /// in step with the reader, such as the JSON Schema's test.
    package static var acceptedKeys: [String: [String]] {
        [
            "root": CatalogKeys.root,
            "site": CatalogKeys.site,
            "app": CatalogKeys.app,
            "app.ios": CatalogKeys.ios,
            "app.android": CatalogKeys.android,
            "defaults": CatalogKeys.defaults,
            "site.long_links": CatalogKeys.longLinks,
            "link": CatalogKeys.route,
        ]
    }
}
