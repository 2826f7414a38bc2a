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

    /// The link table whose files `files` gives, index and every shard, merged.
    func linkTable(files: @Sendable (OutputPath) -> Data?) -> SiteLinkTable? {
        shardTables(files: files).map { tables in
            var table = tables.index
            for shard in tables.shards { table.links.merge(shard.links) { first, _ in first } }
            return table
        }
    }

    /// The index, and for each shard the table an app holds after fetching the index and that
    /// shard (what it does without a snapshot); the shards read on every core.
    func shardTables(files: @Sendable (OutputPath) -> Data?) -> (index: SiteLinkTable, shards: [SiteLinkTable])? {
        guard let data = files(.linkTableIndex), let index = try? SiteLinkTable(json: data, host: catalog.site.host)
        else { return nil }
        let links = concurrentMap(index.shards, chunk: 1) { shard in
            files(.linkTableShard(shard)).flatMap { try? SiteLinkTable.shardLinks(json: $0) }
        }
        var shards: [SiteLinkTable] = []
        for shardLinks in links {
            guard let shardLinks else { return nil }
            var table = index
            table.links = shardLinks
            shards.append(table)
        }
        return (index, shards)
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
        guard let data = files(.linkTableIndex), let index = try? SiteLinkTable(json: data, host: catalog.site.host)
        else { return unreadable }
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
                guard
                    let shardLinks = files(.linkTableShard(shard)).flatMap({ try? SiteLinkTable.shardLinks(json: $0) })
                else { return nil }
                table.links = shardLinks
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
