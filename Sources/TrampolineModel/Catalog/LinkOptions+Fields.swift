extension LinkOptions {
    /// The options' one field table, in declaration order (the plain encoder writes properties in
    /// that order, and the fingerprint's fast path walks this table). `defaults:` and each link
    /// accept exactly these keys (``CatalogKeys/defaults``).
    package static let fields: [LinkField<LinkOptions>] = [
        LinkField(
            "template", \.template, key: "template", firebaseColumn: "Enable forced redirect? (efr)",
            sample: "redirect"),
        LinkField(
            "fallback", \.fallback, key: "fallback", firebaseColumn: "iOS fallback link (ifl)", sample: Fallback.web),
        LinkField(
            "androidFallback", \.androidFallback, key: "android_fallback",
            firebaseColumn: "Android fallback link (afl)", sample: Fallback.web),
        LinkField("fallbackDelayMs", \.fallbackDelayMs, key: "fallback_delay_ms", sample: 99),
        LinkField("deferred", \.deferred, key: "deferred", sample: [DeferredChannel.cookie]),
        LinkField("cookieName", \.cookieName, key: "cookie_name", sample: "__Host-other"),
        LinkField("cookieDays", \.cookieDays, key: "cookie_days", sample: 9),
        LinkField("forwardQuery", \.forwardQuery, key: "forward_query", inLinkTable: true, sample: false),
        LinkField(
            "image", \.image, key: "image", firebaseColumn: "Social image link (si)",
            sample: "https://example.com/o.png"),
        LinkField("inAppBrowsers", \.inAppBrowsers, key: "in_app_browsers", sample: InAppBrowsers.ignore),
        LinkField("confirmStore", \.confirmStore, key: "confirm_store", sample: "Go to the store?"),
        LinkField("desktop", \.desktop, key: "desktop", sample: Desktop.store),
        LinkField(
            "desktopURL", \.desktopURL, key: "desktop_url", firebaseColumn: "Desktop fallback link (ofl)",
            sample: "https://example.com/desk"),
        LinkField(
            "appStoreCampaign", \.appStoreCampaign, key: "app_store_campaign",
            firebaseColumn: "iTunes Connect campaign token (ct)", sample: "spring"),
        LinkField("qrCode", \.qrCode, key: "qr_code", sample: false),
        LinkField("qrErrorCorrection", \.qrErrorCorrection, key: "qr_error_correction", sample: .high),
    ]
}
