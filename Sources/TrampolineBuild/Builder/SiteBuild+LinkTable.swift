import Foundation
@_spi(Generator) import TrampolineLink
import TrampolineModel
import TrampolineSite

extension SiteBuild {
    /// The link table of this build read back by the app library, index and every shard, as an
    /// app with a snapshot would hold it. Nil when a file is not what the library reads (a bug,
    /// which ``linkTableProblems(files:)`` reports).
    package func linkTable() -> SiteLinkTable? {
        linkTable(files: { self[$0] })
    }

    /// The link table whose files `files` gives, index and every shard (read on every core), merged.
    func linkTable(files: @Sendable (OutputPath) -> Data?) -> SiteLinkTable? {
        guard var table = tableIndex(files: files) else { return nil }
        let shards = concurrentMap(table.shards, chunk: 1) { Self.shardLinks($0, files: files) }
        for links in shards {
            guard let links else { return nil }
            table.links.merge(links) { first, _ in first }
        }
        return table
    }

    /// The table's index as the app library reads it from `files`.
    private func tableIndex(files: (OutputPath) -> Data?) -> SiteLinkTable? {
        files(.linkTableIndex).flatMap { try? SiteLinkTable(json: $0, host: catalog.site.host) }
    }

    /// Shard `shard`'s links as the app library reads them from `files`.
    private static func shardLinks(_ shard: Int, files: (OutputPath) -> Data?) -> [String: String]? {
        files(.linkTableShard(shard)).flatMap { try? SiteLinkTable.shardLinks(json: $0) }
    }

    /// The snapshot an app ships (docs/link-table.md): the index's members and every link.
    package func linkTableSnapshot() -> [UInt8]? {
        guard case .linkTableIndex(let index)? = plan[.linkTableIndex]?.content else { return nil }
        return SiteRenderer.linkTableSnapshotBytes(index, links: catalog.links)
    }

    /// The proof `check` gives: every link's URL, resolved by the app library through the table
    /// this build writes, is the deep link its page holds; a route's sample URL, its filled deep
    /// link. An error at each link where the two differ.
    /// `files` gives the table's files (`check` has them from its walk). Shard by shard, on every
    /// core, each read, used for its own links and let go: all of a million links' shards read at
    /// once were some 300 MB of `check`'s peak.
    package func linkTableProblems(files: @Sendable (OutputPath) -> Data?) -> [Diagnostic] {
        let top = SourceLocation(file: catalog.links.first?.location.file ?? "site-config.yml", line: 1, column: 1)
        let unreadable = [
            Diagnostic(
                .error, at: top, "the link table cannot be read back by TrampolineLink",
                hint: "this is a bug in Trampoline; please report it")
        ]
        guard let index = tableIndex(files: files) else { return unreadable }
        let scheme = catalog.app.ios?.scheme ?? catalog.app.android?.scheme ?? ""
        let links = catalog.links
        let site = catalog.site.url
        // Each link through its own shard, as an app without a snapshot resolves it.
        let count = index.shards
        let shardOf = concurrentMap(links.count, chunk: 1024) { position in
            count == 0 ? 0 : LinkTable.shard(host: index.host, path: links[position].path, count: count)
        }
        var grouped = [[Int]](repeating: [], count: max(count, 1))
        for position in links.indices { grouped[shardOf[position]].append(position) }
        let members = grouped
        let found = concurrentMap(members.count, chunk: 1) { shard -> [Int]? in
            var table = index
            if count > 0 {
                guard let links = Self.shardLinks(shard, files: files) else { return nil }
                table.links = links
            }
            return members[shard].filter { Self.problem(links[$0], site: site, table, scheme) != nil }
        }
        guard !found.contains(where: { $0 == nil }) else { return unreadable }
        let failed = found.flatMap { $0 ?? [] }.sorted()
        guard !failed.isEmpty else { return [] }
        // A link whose path the app spells otherwise hashes to another shard: the whole table decides.
        guard let whole = linkTable(files: files) else { return unreadable }
        return Array(failed.lazy.compactMap { Self.problem(links[$0], site: site, whole, scheme) }.prefix(20))
    }

    /// The error for `link` when the table resolves its URL to another deep link than its page's.
    private static func problem(_ link: Link, site: String, _ table: SiteLinkTable, _ scheme: String) -> Diagnostic? {
        var url = site + link.path
        var expected = link.deferredLink
        if let route = link.route {
            url = site + route.samplePath
            guard let parameters = route.pattern.match(path: route.samplePath) else { return nil }
            expected = DeepLinkTemplate.fill(expected, parameters: parameters, restNames: route.restNames)
        }
        let resolved = table.resolve(url, scheme: scheme, hash: LinkTableRow.hash)
        guard (try? resolved.get()) != expected else { return nil }
        let got: String
        switch resolved {
        case .success(let link): got = "resolves to \(link)"
        case .failure(let reason): got = "does not resolve (\(reason))"
        }
        return Diagnostic(
            .error, at: link.location, "\(url) \(got) through the link table, but its page opens \(expected)",
            hint: "this is a bug in Trampoline; please report it with the link")
    }
}
