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
    package static let defaults =
        [
            "template", "fallback", "android_fallback", "fallback_delay_ms", "deferred", "cookie_name", "cookie_days",
            "forward_query", "image", "in_app_browsers", "confirm_store", "desktop", "desktop_url",
            "app_store_campaign",
        ] + qr
    /// The QR code options (CatalogReader+QR.swift).
    static let qr = ["qr_code", "qr_error_correction"]
    static let linkOwn = ["path", "deep_link", "title", "description", "web_url", "campaign", "language"]
    package static let link = linkOwn + defaults
    /// A route's own keys beyond a link's: `items:`, its items file.
    package static let route = link + ["items"]
    /// The columns of an items file beyond the route's parameters.
    package static let item = ["title", "description", "image", "deep_link", "web_url"]
}
