extension LinkOptions {
    /// The options' one field table, in declaration order (the plain encoder writes properties in
    /// that order, and the fingerprint's fast path walks this table). `defaults:` and each link
    /// accept exactly these keys (``CatalogKeys/defaults``). Read and written through the link:
    /// a closure over a generic root takes it indirectly, and a copy of a struct of strings per
    /// field retained each string.
    package static let fields: [LinkField<Link>] = [
        LinkField(
            "template", key: "template", firebaseColumn: "Enable forced redirect? (efr)",
            sample: "redirect", get: { $0.options.template }, set: { $0.options.template = $1 }),
        LinkField(
            "fallback", key: "fallback", firebaseColumn: "iOS fallback link (ifl)", sample: Fallback.web,
            get: { $0.options.fallback }, set: { $0.options.fallback = $1 }),
        LinkField(
            "androidFallback", key: "android_fallback",
            firebaseColumn: "Android fallback link (afl)", sample: Fallback.web, get: { $0.options.androidFallback },
            set: { $0.options.androidFallback = $1 }),
        LinkField(
            "fallbackDelayMs", key: "fallback_delay_ms", sample: 99, get: { $0.options.fallbackDelayMs },
            set: { $0.options.fallbackDelayMs = $1 }),
        LinkField(
            "deferred", key: "deferred", sample: [DeferredChannel.cookie], get: { $0.options.deferred },
            set: { $0.options.deferred = $1 }),
        LinkField(
            "cookieName", key: "cookie_name", sample: "__Host-other", get: { $0.options.cookieName },
            set: { $0.options.cookieName = $1 }),
        LinkField(
            "cookieDays", key: "cookie_days", sample: 9, get: { $0.options.cookieDays },
            set: { $0.options.cookieDays = $1 }),
        LinkField(
            "forwardQuery", key: "forward_query", inLinkTable: true, sample: false, get: { $0.options.forwardQuery },
            set: { $0.options.forwardQuery = $1 }),
        LinkField(
            "image", key: "image", firebaseColumn: "Social image link (si)",
            sample: "https://example.com/o.png", get: { $0.options.image }, set: { $0.options.image = $1 }),
        LinkField(
            "inAppBrowsers", key: "in_app_browsers", sample: InAppBrowsers.ignore, get: { $0.options.inAppBrowsers },
            set: { $0.options.inAppBrowsers = $1 }),
        LinkField(
            "confirmStore", key: "confirm_store", sample: "Go to the store?", get: { $0.options.confirmStore },
            set: { $0.options.confirmStore = $1 }),
        LinkField(
            "desktop", key: "desktop", sample: Desktop.store, get: { $0.options.desktop },
            set: { $0.options.desktop = $1 }),
        LinkField(
            "desktopURL", key: "desktop_url", firebaseColumn: "Desktop fallback link (ofl)",
            sample: "https://example.com/desk", get: { $0.options.desktopURL }, set: { $0.options.desktopURL = $1 }),
        LinkField(
            "appStoreCampaign", key: "app_store_campaign",
            firebaseColumn: "iTunes Connect campaign token (ct)", sample: "spring",
            get: { $0.options.appStoreCampaign },
            set: { $0.options.appStoreCampaign = $1 }),
        LinkField(
            "qrCode", key: "qr_code", sample: false, get: { $0.options.qrCode }, set: { $0.options.qrCode = $1 }),
        LinkField(
            "qrErrorCorrection", key: "qr_error_correction", sample: .high, get: { $0.options.qrErrorCorrection },
            set: { $0.options.qrErrorCorrection = $1 }),
    ]
}
