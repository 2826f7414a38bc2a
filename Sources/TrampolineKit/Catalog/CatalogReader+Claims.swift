extension CatalogReader {
    /// `site.claims: domain` opens the app for every path of the host, so a `web_url` on that host
    /// could never show its web page: the catalog cannot be served that way.
    mutating func checkWholeDomainClaim(site: SiteSettings, links: [Link]) {
        let host = site.host.lowercased()
        for link in links where link.route == nil && link.path.hasSuffix("/qr.svg") {
            error(
                "path \(link.path) ends in /qr.svg, where the site keeps its QR codes; site.claims: domain leaves those paths in the browser",
                at: link.location, hint: "choose another last segment, or set site.claims: links"
            )
        }
        for link in links {
            guard let web = link.webURL, let location = link.webURLLocation,
                  let scheme = web.range(of: "://"),
                  URLAuthority(afterScheme: web[scheme.upperBound...]).host.lowercased() == host
            else { continue }
            error(
                "web_url \(CatalogRules.quoted(web)) is on the site's own host, and site.claims: domain opens the app for every path of it\(claimsLocation.map { " (site.claims at \($0))" } ?? " (the default)")",
                at: location, hint: "serve the web page from another host, or set site.claims: links so only the links' own paths open the app"
            )
            if engine.errors.count >= Self.errorLimit { return }
        }
    }
}
