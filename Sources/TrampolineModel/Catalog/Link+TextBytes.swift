extension Link {
    /// The UTF-8 bytes of every text the link's page shows or carries: what bounds its size
    /// (``CatalogRules/maximumLinkTextBytes``).
    package var textBytes: Int {
        var total = path.utf8.count + deepLink.utf8.count + title.utf8.count
        total += (description?.utf8.count ?? 0) + (webURL?.utf8.count ?? 0)
        total += (options.image?.utf8.count ?? 0) + (options.confirmStore?.utf8.count ?? 0)
        total += (options.desktopURL?.utf8.count ?? 0) + (options.appStoreCampaign?.utf8.count ?? 0)
        for parameter in campaign { total += parameter.name.utf8.count + parameter.value.utf8.count }
        return total
    }
}
