import Foundation

/// Resolves a universal link of the site to the deep link its page would attempt, through the
/// site's link table (docs/link-table.md): first the snapshot the app ships, then the live table
/// from the site's own host (revalidated with `ETag`), and when neither knows the path, a reason.
///
/// ```swift
/// let resolver = LinkResolver(host: "go.example.com", scheme: "marry",
///                             snapshot: try? SiteLinkTable(contentsOf: Bundle.main.url(forResource: "trampoline-links", withExtension: "json")!, host: "go.example.com"))
/// ```
public actor LinkResolver {
    /// The host of `site.url`, lower case.
    public let host: String
    /// The app's scheme: a table mapping a path to any other scheme is refused.
    public let scheme: String
    private let snapshot: SiteLinkTable?
    private let fetcher: (any LinkTableFetching)?
    private let base: URL?
    private var index: (table: SiteLinkTable, etag: String?)?
    private var shards: [Int: (links: [String: String], etag: String?, shards: Int)] = [:]

    /// - Parameters:
    ///   - host: the host of the catalog's `site.url`.
    ///   - scheme: the app's scheme (`app.ios.scheme`, or Android's).
    ///   - snapshot: the table the app ships (`trampoline link-table` writes it), read first.
    ///   - fetcher: how the live table is read; nil for none (snapshot only).
    ///   - tableBase: where the live table is read from; `https://<host>` unless a test serves it elsewhere.
    public init(
        host: String, scheme: String, snapshot: SiteLinkTable? = nil,
        fetcher: (any LinkTableFetching)? = LinkResolver.defaultFetcher(), tableBase: URL? = nil
    ) {
        self.host = host.lowercased()
        self.scheme = scheme.lowercased()
        self.snapshot = snapshot
        self.fetcher = fetcher
        self.base = tableBase ?? URL(string: "https://" + host.lowercased())
    }

    /// How the live table is read unless told otherwise: ``URLSessionLinkTableFetcher``; none in a
    /// build without networking (the tool's static release, which never reads a live table).
    public static func defaultFetcher() -> (any LinkTableFetching)? {
        #if TRAMPOLINE_LINK_WITHOUT_NETWORKING
        return nil
        #else
        return URLSessionLinkTableFetcher()
        #endif
    }

    /// The deep link `url` stands for, or why there is none.
    public func resolve(_ url: String) async -> Result<String, LinkResolutionFailure> {
        let visited: VisitedURL
        switch VisitedURL.link(url, host: host) {
        case .success(let checked): visited = checked
        case .failure(let reason): return .failure(reason)
        }
        var target: LinkTarget?
        do { target = try snapshot?.target(path: visited.path, segments: visited.segments) } catch {
            return .failure(error)
        }
        if target == nil {
            switch await liveTarget(visited) {
            case .success(let found): target = found
            case .failure(let reason): return .failure(reason)
            }
        }
        guard let target else { return .failure(.notALink) }
        return SiteLinkTable.deepLink(target, visited: visited, scheme: scheme)
    }

    /// The target from the live table: the index (revalidated), then the path's shard.
    private func liveTarget(_ visited: VisitedURL) async -> Result<LinkTarget?, LinkResolutionFailure> {
        guard let fetcher, let base else { return snapshot == nil ? .failure(.noTable) : .failure(.notALink) }
        guard let indexURL = Self.url(base, SiteLinkTable.indexPath) else { return .failure(.unreachable) }
        switch await fetcher.fetch(indexURL, ifNoneMatch: index?.etag) {
        case .body(let data, let etag):
            do { index = (try SiteLinkTable(json: data, host: host), etag) } catch { return .failure(error) }
        case .notModified:
            guard index != nil else { return .failure(.malformedTable) }
        case .failed(let reason):
            return .failure(reason)
        }
        guard let table = index?.table else { return .failure(.malformedTable) }
        do {
            if let link = try table.link(path: visited.path) { return .success(link) }
        } catch { return .failure(error) }
        let number = SiteLinkTable.shard(host: host, path: visited.path, count: table.shards)
        guard let shardURL = Self.url(base, SiteLinkTable.shardPath(number)) else { return .failure(.unreachable) }
        let held = shards[number].flatMap { $0.shards == table.shards ? $0 : nil }
        switch await fetcher.fetch(shardURL, ifNoneMatch: held?.etag) {
        case .body(let data, let etag):
            do { shards[number] = (try SiteLinkTable.shardLinks(json: data), etag, table.shards) } catch {
                return .failure(error)
            }
        case .notModified:
            guard held != nil else { return .failure(.malformedTable) }
        case .failed(let reason):
            return .failure(reason)
        }
        do {
            if let held = shards[number],
                let link = try SiteLinkTable.lookUp(held.links, host: host, path: visited.path)
            {
                return .success(link)
            }
            return .success(try table.target(path: visited.path, segments: visited.segments))
        } catch { return .failure(error) }
    }

    /// `path` (from the site's root) under `base`, which may itself have a path.
    private static func url(_ base: URL, _ path: String) -> URL? {
        var text = base.absoluteString
        while text.hasSuffix("/") { text.removeLast() }
        return URL(string: text + path)
    }
}
