import TrampolineKit
import TrampolineLink

/// Which of the catalog's links a requested path is a visit of: the link itself, or the route
/// whose pattern it matches (an item of a route counts for its route, or with `items` for itself).
/// Keys are the links' paths and the routes' patterns, numbered in the catalog's order.
struct StatsLinks {
    /// What each key number stands for, in report order (the catalog's, then items seen).
    private(set) var keys: [String] = []
    private var exact: [String: Int] = [:]
    private let routes: [(pattern: RoutePattern, key: Int)]
    private let items: Bool
    private let siteFiles: [String]
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
        for link in catalog.links where link.route == nil {
            if let route = link.itemOf, !items, let key = routeKeyByPath[route.pattern.text] {
                exact[link.path] = key
            } else if exact[link.path] == nil {
                exact[link.path] = keys.count
                keys.append(link.path)
            }
        }
        siteFiles = SiteFiles.unclaimedPatterns
    }

    /// The key of a visit to `path` (as requested, percent-encoded; a trailing `/` or `/index.html`
    /// is the same page), and whether a route gave it; nil when the path is no link of the catalog.
    mutating func key(forPath raw: String) -> (key: Int, route: Bool)? {
        var path = raw
        if path.hasSuffix("/index.html") { path.removeLast("index.html".count) }
        if path.utf8.count > 1, path.hasSuffix("/") { path.removeLast() }
        if path.contains("%"), let decoded = path.removingPercentEncodingNoFoundation() { path = decoded }
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

    private func isSiteFile(_ path: String) -> Bool {
        siteFiles.contains { Self.glob($0, matches: path) }
    }

    /// AASA-style `*` (any run of characters) in `pattern`.
    static func glob(_ pattern: String, matches text: String) -> Bool {
        let parts = pattern.split(separator: "*", omittingEmptySubsequences: false)
        guard parts.count > 1 else { return pattern == text }
        guard text.hasPrefix(parts[0]), text.hasSuffix(parts[parts.count - 1]),
            text.utf8.count >= parts[0].utf8.count + parts[parts.count - 1].utf8.count
        else { return false }
        var rest = text.dropFirst(parts[0].count).dropLast(parts[parts.count - 1].count)
        for middle in parts.dropFirst().dropLast() where !middle.isEmpty {
            guard let found = rest.range(of: middle) else { return false }
            rest = rest[found.upperBound...]
        }
        return true
    }
}

extension String {
    /// `%XX` escapes decoded as UTF-8; nil when one is malformed or the bytes are not UTF-8.
    func removingPercentEncodingNoFoundation() -> String? {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(utf8.count)
        var iterator = utf8.makeIterator()
        while let byte = iterator.next() {
            guard byte == UInt8(ascii: "%") else {
                bytes.append(byte)
                continue
            }
            guard let high = iterator.next().flatMap(Self.hexValue), let low = iterator.next().flatMap(Self.hexValue)
            else { return nil }
            bytes.append(high << 4 | low)
        }
        return String(validating: bytes, as: UTF8.self)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
