extension CatalogReader {
    /// `site.claims: domain` opens the app for every path of the host: a `web_url` on that host
    /// could never show its web page, and a link at a QR code's path would stay in the browser.
    /// Either makes the catalog impossible to serve that way.
    mutating func checkWholeDomainClaim(site: SiteSettings, links: [Link]) {
        let host = Array(site.host.utf8).map(\.asciiLowercased)
        let qr = Array("/qr.svg".utf8)
        // By index: iterating would copy each Link (a dozen strings) for two fields.
        for index in links.indices {
            if links[index].route == nil, links[index].path.utf8.count > qr.count, links[index].path.utf8.suffix(qr.count).elementsEqual(qr) {
                error(
                    "path \(links[index].path) ends in /qr.svg, where the site keeps its QR codes; site.claims: domain leaves those paths in the browser",
                    at: links[index].location, hint: "choose another last segment, or set site.claims: links"
                )
            }
            if let web = links[index].webURL, let location = links[index].webURLLocation, Self.isOnHost(web, host: host) {
                error(
                    "web_url \(CatalogRules.quoted(web)) is on the site's own host, and site.claims: domain opens the app for every path of it\(claimsLocation.map { " (site.claims at \($0))" } ?? " (the default)")",
                    at: location, hint: "serve the web page from another host, or set site.claims: links so only the links' own paths open the app"
                )
            }
            if engine.errors.count >= Self.errorLimit { return }
        }
    }

    /// Whether `url`'s host (after `://`, past any user info, without the port) is `host`
    /// (lower-case ASCII bytes), compared without case. By bytes: it runs for every link.
    static func isOnHost(_ url: String, host: [UInt8]) -> Bool {
        var url = url
        return url.withUTF8 { isOnHost(bytes: $0, host: host) }
    }

    private static func isOnHost(bytes: UnsafeBufferPointer<UInt8>, host: [UInt8]) -> Bool {
        guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")), colon + 2 < bytes.count,
              bytes[colon + 1] == UInt8(ascii: "/"), bytes[colon + 2] == UInt8(ascii: "/")
        else { return false }
        let start = colon + 3
        let end = bytes[start...].firstIndex { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") } ?? bytes.endIndex
        var hostStart = start
        if let at = bytes[start..<end].lastIndex(of: UInt8(ascii: "@")) { hostStart = at + 1 }
        let hostEnd = bytes[hostStart..<end].lastIndex(of: UInt8(ascii: ":")) ?? end
        guard hostEnd - hostStart == host.count else { return false }
        for (offset, byte) in host.enumerated() where bytes[hostStart + offset].asciiLowercased != byte { return false }
        return true
    }
}
