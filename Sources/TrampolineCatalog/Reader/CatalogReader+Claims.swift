import TrampolineModel

extension CatalogReader {
    /// `site.claims: domain` opens the app for every path of the host: a `web_url` on that host
    /// could never show its web page, and a link at a QR code's path would stay in the browser.
    /// Either makes the catalog impossible to serve that way.
    mutating func checkWholeDomainClaim(site: SiteSettings, links: [Link]) {
        let host = Array(site.host.utf8).map(\.asciiLowercased)
        let qr = Array("/qr.svg".utf8)
        // Each link looked at on every core (a million links' web_url each build), the few found
        // reported in order. By index: iterating would copy each Link (a dozen strings) for two fields.
        let chunk = 4096
        let found = concurrentMap((links.count + chunk - 1) / chunk, chunk: 1) { part -> [(Int, qr: Bool, web: Bool)] in
            var found: [(Int, qr: Bool, web: Bool)] = []
            for index in (part * chunk)..<min(links.count, (part + 1) * chunk) {
                let atQR =
                    !links[index].isRoute && links[index].path.utf8.count > qr.count
                    && links[index].path.utf8.suffix(qr.count).elementsEqual(qr)
                let onHost =
                    links[index].webURLLocation != nil
                    && links[index].webURL.map { Self.isOnHost($0, host: host) } == true
                if atQR || onHost { found.append((index, atQR, onHost)) }
            }
            return found
        }
        for (index, atQR, onHost) in found.joined() {
            if atQR {
                error(
                    "path \(links[index].path) ends in /qr.svg, where the site keeps its QR codes; site.claims: domain leaves those paths in the browser",
                    at: links[index].location, hint: "choose another last segment, or set site.claims: links"
                )
            }
            if onHost, let web = links[index].webURL, let location = links[index].webURLLocation {
                error(
                    "web_url \(CatalogRules.quoted(web)) is on the site's own host, and site.claims: domain opens the app for every path of it\(claimsLocation.map { " (site.claims at \($0))" } ?? " (the default)")",
                    at: location,
                    hint:
                        "serve the web page from another host, or set site.claims: links so only the links' own paths open the app"
                )
            }
            if engine.errors.count >= Self.errorLimit { return }
        }
    }

    /// Whether `url`'s host (``URLAuthority``, the catalog's one URL splitter) is `host`
    /// (lower-case ASCII bytes), compared without case.
    static func isOnHost(_ url: String, host: [UInt8]) -> Bool {
        // The host is a part of the URL's text: a URL whose bytes do not hold it (without case)
        // is on another host, found without splitting it (a million links' web_url each build).
        if !host.isEmpty, url.utf8.withContiguousStorageIfAvailable({ Self.holdsWithoutCase($0, host) }) == false {
            return false
        }
        return isOnHostSplitting(url, host: host)
    }

    /// ``isOnHost(_:host:)`` by splitting the URL alone: what it stands for.
    static func isOnHostSplitting(_ url: String, host: [UInt8]) -> Bool {
        guard let separator = url.firstRange(of: "://") else { return false }
        return URLAuthority(afterScheme: url[separator.upperBound...]).host.utf8.lazy.map(\.asciiLowercased)
            .elementsEqual(host)
    }

    /// Whether `bytes` holds `lowered` (lower-case ASCII) anywhere, without case.
    static func holdsWithoutCase(_ bytes: UnsafeBufferPointer<UInt8>, _ lowered: [UInt8]) -> Bool {
        guard bytes.count >= lowered.count else { return false }
        let first = lowered[0]
        for start in 0...(bytes.count - lowered.count) where bytes[start].asciiLowercased == first {
            var index = 1
            while index < lowered.count, bytes[start + index].asciiLowercased == lowered[index] { index += 1 }
            if index == lowered.count { return true }
        }
        return false
    }
}
