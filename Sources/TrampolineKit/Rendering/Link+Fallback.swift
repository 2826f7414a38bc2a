extension Link {
    /// Where the page's button points without script, and where a desktop or an iPhone without
    /// the app is sent: the link's web page when its fallback is `web`, else the app's store (the
    /// App Store, or Google Play for an Android-only app). The preview's simulation uses it too.
    package func fallbackURL(app: AppSettings) -> String? {
        options.fallback == .web ? (webURL ?? app.storeURL) : app.storeURL
    }
}

extension AppSettings {
    /// The App Store page, or Google Play's for an app that is only on Android.
    package var storeURL: String? { ios?.appStoreURL ?? android?.playStoreURL }
}
