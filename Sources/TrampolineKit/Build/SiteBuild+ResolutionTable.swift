import Foundation
import TrampolineLink

extension SiteBuild {
    /// The link table of this build read back by the app library, index and every shard, as an
    /// app with a snapshot would hold it. Nil when a file is not what the library reads (a bug,
    /// which ``resolutionProblems()`` reports).
    package func resolutionTable() -> SiteLinkTable? {
        guard let data = self[.resolutionIndex], var table = try? SiteLinkTable(json: data, host: catalog.site.host)
        else { return nil }
        for shard in 0..<table.shards {
            guard let bytes = self[.resolutionShard(shard)], let links = try? SiteLinkTable.shardLinks(json: bytes)
            else { return nil }
            table.links.merge(links) { first, _ in first }
        }
        return table
    }

    /// The snapshot an app ships (docs/link-table.md): the index's members and every link.
    package func resolutionSnapshot() -> [UInt8]? {
        guard case .resolutionIndex(let index)? = plan[.resolutionIndex]?.content else { return nil }
        return SiteRenderer.resolutionSnapshotBytes(index, links: catalog.links)
    }

    /// The proof `check` gives: every link's URL, resolved by the app library through the table
    /// this build writes, is the deep link its page holds; a route's sample URL, its filled deep
    /// link. An error at each link where the two differ.
    package func resolutionProblems() -> [Diagnostic] {
        let top = SourceLocation(file: catalog.links.first?.location.file ?? "site-config.yml", line: 1, column: 1)
        guard let table = resolutionTable() else {
            return [
                Diagnostic(
                    .error, at: top, "the link table cannot be read back by TrampolineLink",
                    hint: "this is a bug in Trampoline; please report it")
            ]
        }
        let scheme = catalog.app.ios?.scheme ?? catalog.app.android?.scheme ?? ""
        var problems: [Diagnostic] = []
        for link in catalog.links {
            var url = catalog.site.url + link.path
            var expected = link.deferredLink
            if let route = link.route {
                url = catalog.site.url + route.samplePath
                guard let parameters = route.pattern.match(path: route.samplePath) else { continue }
                expected = DeepLinkTemplate.fill(expected, parameters: parameters, restNames: route.restNames)
            }
            let resolved = table.resolve(url, scheme: scheme)
            guard (try? resolved.get()) != expected else { continue }
            let got: String
            switch resolved {
            case .success(let link): got = "resolves to \(link)"
            case .failure(let reason): got = "does not resolve (\(reason))"
            }
            problems.append(
                Diagnostic(
                    .error, at: link.location, "\(url) \(got) through the link table, but its page opens \(expected)",
                    hint: "this is a bug in Trampoline; please report it with the link"
                ))
            if problems.count >= 20 { break }
        }
        return problems
    }
}
