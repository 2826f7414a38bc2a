/// The `site:` section.
package struct SiteSettings: Sendable, Equatable, Encodable {
    /// `https://host` with no path, query or trailing slash.
    package var url: String
    package var host: String
    package var title: String?
    /// The `<html lang>` value.
    package var language: String
    /// The output folder as written in the catalog, if any.
    package var output: String?
    package var layout: SiteLayout = .folders
    /// What the association files claim (`site.claims`).
    package var claims: SiteClaims = .domain
    /// Where the site is deployed (`site.host`), if the catalog says.
    package var hosting: StaticHost?
    /// Origins (`https://host[:port]`) the pages' Content-Security-Policy lets images, styles and
    /// fonts load from, beyond the site itself (`site.allowed_origins`).
    package var allowedOrigins: [String] = []
    /// `site.long_links`: the site serves Firebase-style long links (`/?link=…`) to these targets.
    package var longLinks: LongLinkSettings? = nil
    /// `site.counts`: where the pages report what happened on them (docs/counts.md).
    package var counts = SiteCounts.log

    package init(
        url: String,
        host: String,
        title: String? = nil,
        language: String,
        output: String? = nil,
        layout: SiteLayout = .folders,
        claims: SiteClaims = .domain,
        hosting: StaticHost? = nil,
        allowedOrigins: [String] = [],
        longLinks: LongLinkSettings? = nil,
        counts: SiteCounts = .log
    ) {
        self.url = url
        self.host = host
        self.title = title
        self.language = language
        self.output = output
        self.layout = layout
        self.claims = claims
        self.hosting = hosting
        self.allowedOrigins = allowedOrigins
        self.longLinks = longLinks
        self.counts = counts
    }
}
