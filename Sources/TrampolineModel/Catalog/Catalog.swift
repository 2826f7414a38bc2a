/// A validated link catalog: everything `build` needs, with every value already checked.
package struct Catalog: Sendable, Equatable {
    package var site: SiteSettings
    package var app: AppSettings
    package var links: [Link]
    /// Where `site.host` is written, for findings about the host's limits.
    package var hostLocation: SourceLocation?
    /// The project files the links come from besides the catalog (`links_file`, routes' `items`),
    /// relative to the catalog's folder: what `serve` watches with it.
    package var dataFiles: [String] = []
    /// Values of `init`'s starter catalog still where the team's own belong (`check` warns).
    package var starterPlaceholders: [StarterPlaceholder] = []

    package init(site: SiteSettings, app: AppSettings, links: [Link], hostLocation: SourceLocation? = nil) {
        self.site = site
        self.app = app
        self.links = links
        self.hostLocation = hostLocation
    }

    /// The links that are routes, in the order they are tried (``Route/precedes(_:)``).
    package var routes: [Route] { Route.ordered(links.compactMap(\.route)) }
}
