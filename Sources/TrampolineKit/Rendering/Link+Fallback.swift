extension Link {
    /// Where a phone without the app is sent: the App Store, or the link's web page when its
    /// fallback is `web`. The page's button and the preview's simulation both use this.
    public func fallbackURL(appStoreURL: String) -> String {
        options.fallback == .web ? (webURL ?? appStoreURL) : appStoreURL
    }
}
