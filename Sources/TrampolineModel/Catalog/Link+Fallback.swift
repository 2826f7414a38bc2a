extension Link {
    /// Where the page's button points without script, and where a desktop or an iPhone without
    /// the app is sent: the link's web page when its fallback is `web`, else the app's store (the
    /// App Store with the link's campaign, or Google Play for an Android-only app). The preview's
    /// simulation uses it too.
    package func fallbackURL(app: AppSettings) -> String? {
        options.fallback == .web ? (webURL ?? storeURL(app: app)) : storeURL(app: app)
    }

    /// The store this link's page sends a phone without the app to: the App Store, with the
    /// link's campaign, or Google Play for an app that is only on Android.
    package func storeURL(app: AppSettings) -> String? {
        app.ios.map { $0.appStoreURL(campaign: appStoreCampaignToken) } ?? app.android?.playStoreURL
    }
}

extension AppSettings {
    /// The App Store page (with the provider's campaign parameters but no link's campaign), or
    /// Google Play's for an app that is only on Android.
    package var storeURL: String? { ios.map { $0.appStoreURL(campaign: nil) } ?? android?.playStoreURL }
}
