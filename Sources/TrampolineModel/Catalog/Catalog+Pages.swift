@_spi(Generator) import TrampolineLink

extension Catalog {
    /// Which page serves the percent-encoded `path`, as the hosts and the pages decide: a plain
    /// link with that path first (one trailing slash ignored), then the first route, in the order
    /// they are tried (``routes``), that matches it. Nil when the 404 page answers.
    package func page(forPath path: String) -> PageMatch? {
        guard let segments = RoutePattern.decodedSegments(ofPath: path) else { return nil }
        let plain = "/" + segments.joined(separator: "/")
        if let link = links.first(where: { !$0.isRoute && $0.path == plain }) {
            return PageMatch(link: link, pagePath: link.path + "/", deepLink: link.deepLink)
        }
        for route in routes {
            guard let parameters = route.pattern.match(segments: segments),
                let link = links.first(where: { $0.route == route })
            else { continue }
            return PageMatch(
                link: link, pagePath: route.pageFolder + "/",
                deepLink: Route.fill(link.deepLink, parameters: parameters, restNames: route.restNames))
        }
        return nil
    }
}
