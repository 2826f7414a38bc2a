@_spi(Generator) import TrampolineLink
import TrampolineModel

/// Which of the catalog's links a requested path is a visit of: the link itself, or the route
/// whose pattern it matches (an item of a route counts for its route, or with `items` for itself).
/// Keys are the links' paths and the routes' patterns, numbered in the catalog's order.
struct StatsLinks {
    /// What each key number stands for, in report order (the catalog's, then items seen).
    private(set) var keys: [String] = []
    private var exact: [String: Int] = [:]
    private let routes: [(pattern: RoutePattern, key: Int)]
    private let items: Bool
    /// Items beyond this many (a log scanning made-up URLs) count for their route.
    private let itemLimit = 200_000
    private var itemCount = 0

    init(catalog: Catalog, items: Bool) {
        self.items = items
        var routeKeys: [(RoutePattern, Int)] = []
        var routeKeyByPath: [String: Int] = [:]
        for link in catalog.links {
            guard let route = link.route else { continue }
            routeKeyByPath[route.pattern.text] = keys.count
            keys.append(link.path)
        }
        for route in catalog.routes {
            if let key = routeKeyByPath[route.pattern.text] { routeKeys.append((route.pattern, key)) }
        }
        routes = routeKeys
        for link in catalog.links where !link.isRoute {
            if let route = link.itemOf, !items, let key = routeKeyByPath[route.pattern.text] {
                exact[link.path] = key
            } else if exact[link.path] == nil {
                exact[link.path] = keys.count
                keys.append(link.path)
            }
        }
    }

    /// The key of a visit to `path` (as requested, percent-encoded; a trailing `/` or `/index.html`
    /// is the same page), and whether a route gave it; nil when the path is no link of the catalog.
    mutating func key(forPath raw: String) -> (key: Int, route: Bool)? {
        var path = raw
        if path.hasSuffix("/index.html") { path.removeLast("index.html".count) }
        if path.utf8.count > 1, path.hasSuffix("/") { path.removeLast() }
        // Decoded as the app libraries decode a visited path (link paths hold no `%`).
        if path.contains("%"), let segments = RoutePattern.decodedSegments(ofPath: path) {
            path = "/" + segments.joined(separator: "/")
        }
        if let key = exact[path] { return (key, false) }
        guard let route = routes.first(where: { $0.pattern.match(path: raw) != nil }), !isSiteFile(path) else {
            return nil
        }
        guard items, itemCount < itemLimit else { return (route.key, true) }
        itemCount += 1
        exact[path] = keys.count
        keys.append(path)
        return (keys.count - 1, true)
    }

    /// Whether a route matches `path` (an item's URL).
    func isRouted(_ path: String) -> Bool {
        routes.contains { $0.pattern.match(path: path) != nil } && !isSiteFile(path)
    }

    /// Whether `path` is a site file a route's pattern can match. Routes start with a literal
    /// segment that is no reserved folder or top-level file (``CatalogRules``), so the one site
    /// file under them is a link's QR code (`/restaurant/qr.svg` beside a link `/restaurant`).
    private func isSiteFile(_ path: String) -> Bool {
        path.hasSuffix("/qr.svg")
    }
}
