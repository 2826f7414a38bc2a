extension LinkOptions {
    /// The options' one field table, in declaration order (the plain encoder writes properties in
    /// that order, and the fingerprint's fast path walks this table). `defaults:` and each link
    /// accept exactly these keys (``CatalogKeys/defaults``). Read and written through the link,
    /// so that one ``LinkFieldAccess`` serves both tables.
    package static let fields: [LinkField] = [
        LinkField(
            "template", key: "template", firebaseColumn: "Enable forced redirect? (efr)", sample: .text("redirect"),
            .text(get: { $0.options.template }, set: { $0.options.template.assign($1) })),
        LinkField(
            "fallback", key: "fallback", firebaseColumn: "iOS fallback link (ifl)", sample: .text("web"),
            .text(get: { $0.options.fallback.fieldText }, set: { $0.options.fallback.assign($1) })),
        LinkField(
            "androidFallback", key: "android_fallback", firebaseColumn: "Android fallback link (afl)",
            sample: .optionalText("web"),
            .optionalText(
                get: { $0.options.androidFallback.fieldText }, set: { $0.options.androidFallback.assign($1) })),
        LinkField(
            "fallbackDelayMs", key: "fallback_delay_ms", sample: .number(99),
            .number(get: { $0.options.fallbackDelayMs }, set: { $0.options.fallbackDelayMs = $1 })),
        LinkField(
            "deferred", key: "deferred", sample: .texts(["cookie"]),
            .texts(get: { $0.options.deferred.fieldTexts }, set: { $0.options.deferred.assign($1) })),
        LinkField(
            "cookieName", key: "cookie_name", sample: .text("__Host-other"),
            .text(get: { $0.options.cookieName }, set: { $0.options.cookieName.assign($1) })),
        LinkField(
            "cookieDays", key: "cookie_days", sample: .number(9),
            .number(get: { $0.options.cookieDays }, set: { $0.options.cookieDays = $1 })),
        LinkField(
            "forwardQuery", key: "forward_query", inLinkTable: true, sample: .flag(false),
            .flag(get: { $0.options.forwardQuery }, set: { $0.options.forwardQuery = $1 })),
        LinkField(
            "image", key: "image", firebaseColumn: "Social image link (si)",
            sample: .optionalText("https://example.com/o.png"),
            .optionalText(get: { $0.options.image }, set: { $0.options.image.assign($1) })),
        LinkField(
            "inAppBrowsers", key: "in_app_browsers", sample: .text("ignore"),
            .text(get: { $0.options.inAppBrowsers.fieldText }, set: { $0.options.inAppBrowsers.assign($1) })),
        LinkField(
            "confirmStore", key: "confirm_store", sample: .optionalText("Go to the store?"),
            .optionalText(get: { $0.options.confirmStore }, set: { $0.options.confirmStore.assign($1) })),
        LinkField(
            "desktop", key: "desktop", sample: .optionalText("store"),
            .optionalText(get: { $0.options.desktop.fieldText }, set: { $0.options.desktop.assign($1) })),
        LinkField(
            "desktopURL", key: "desktop_url", firebaseColumn: "Desktop fallback link (ofl)",
            sample: .optionalText("https://example.com/desk"),
            .optionalText(get: { $0.options.desktopURL }, set: { $0.options.desktopURL.assign($1) })),
        LinkField(
            "appStoreCampaign", key: "app_store_campaign", firebaseColumn: "iTunes Connect campaign token (ct)",
            sample: .optionalText("spring"),
            .optionalText(get: { $0.options.appStoreCampaign }, set: { $0.options.appStoreCampaign.assign($1) })),
        LinkField(
            "qrCode", key: "qr_code", sample: .flag(false),
            .flag(get: { $0.options.qrCode }, set: { $0.options.qrCode = $1 })),
        LinkField(
            "qrErrorCorrection", key: "qr_error_correction", sample: .text("H"),
            .text(get: { $0.options.qrErrorCorrection.fieldText }, set: { $0.options.qrErrorCorrection.assign($1) })),
    ]
}
