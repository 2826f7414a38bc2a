/// The keys the catalog accepts, per section: the single place the catalog's shape is spelled out.
package enum CatalogKeys {
    package static let root = ["site", "app", "defaults", "links", "links_file"]
    package static let site = [
        "url", "title", "language", "output", "layout", "host", "claims", "allowed_origins", "long_links", "counts",
    ]
    /// `site.long_links`.
    package static let longLinks = ["allow"]
    /// `site.counts` as a mapping.
    package static let counts = ["plausible", "domain"]
    package static let app = ["name", "icon", "ios", "android"]
    package static let ios = [
        "team_id", "bundle_id", "app_store_id", "scheme", "app_store_url", "extra_app_ids", "provider_token",
        "affiliate_token",
    ]
    package static let android = ["package", "sha256_cert_fingerprints", "scheme", "play_store_url"]
    /// The options `defaults:` and each link may set: the keys of ``LinkOptions/fields``.
    package static let defaults = LinkOptions.fields.map(\.key)
    /// A link's own keys: those of ``Link/Fields/table``.
    static let linkOwn = Link.Fields.table.map(\.key)
    package static let link = linkOwn + defaults
    /// A route's own keys beyond a link's: `items:`, its items file.
    package static let route = link + ["items"]
    /// The columns of an items file beyond the route's parameters.
    package static let item = ["title", "description", "image", "deep_link", "web_url"]
}
