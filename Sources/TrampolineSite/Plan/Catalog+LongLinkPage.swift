import TrampolineModel

extension Catalog {
    /// The link the long-link page is rendered from (the redirect template: it opens the app at once,
    /// as the long link did): the catalog's defaults, the app's name as
    /// its title, and no deep link until the script has read one.
    var longLinkPageLink: Link? {
        guard let settings = site.longLinks else { return nil }
        let start = settings.location
        var options = settings.options
        options.template = "redirect"
        options.qrCode = false
        options.desktop = nil
        options.desktopURL = nil
        var link = Link(
            path: "/" + OutputPath.longLinkFolder,
            deepLink: app.scheme + "://", title: app.name, description: nil, webURL: nil,
            campaign: [], options: options, location: start, webURLLocation: nil, templateLocation: start)
        link.longLinks = settings
        return link
    }
}
