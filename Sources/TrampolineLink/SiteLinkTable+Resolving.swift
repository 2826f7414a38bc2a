extension SiteLinkTable {
    /// The deep link `url` stands for by this table alone (a snapshot, or the table a build
    /// makes), or why there is none. ``LinkResolver`` does the same, then asks the live table.
    public func resolve(_ url: String, scheme: String) -> Result<String, LinkResolutionFailure> {
        resolve(url, scheme: scheme, hash: LinkSealing.plainHash)
    }

    /// ``resolve(_:scheme:)`` with another SHA-256: `check` resolves every link of a large site.
    @_spi(Generator) public func resolve(_ url: String, scheme: String, hash: LinkSealing.Hash) -> Result<
        String, LinkResolutionFailure
    > {
        let visited: VisitedURL
        switch VisitedURL.link(url, host: host) {
        case .success(let checked): visited = checked
        case .failure(let reason): return .failure(reason)
        }
        let found: LinkTarget?
        do { found = try target(path: visited.path, segments: visited.segments, hash: hash) } catch {
            return .failure(error)
        }
        guard let target = found else { return .failure(.notALink) }
        return Self.deepLink(target, visited: visited, scheme: scheme)
    }

    /// `target`'s deep link for the visit, if it is one of `scheme`'s.
    static func deepLink(_ target: LinkTarget, visited: VisitedURL, scheme: String) -> Result<
        String, LinkResolutionFailure
    > {
        guard let link = target.deepLink(visitedQuery: visited.query) else { return .failure(.malformedQuery) }
        guard let colon = link.firstIndex(of: ":"), link[..<colon].lowercased() == scheme.lowercased() else {
            return .failure(.otherScheme)
        }
        return .success(link)
    }
}
