import TrampolineModel

/// Everything a build will write, as data: one ``PlanEntry`` per output file, decided before
/// anything is rendered or the disk is touched. The renderer turns entries into bytes, the writer
/// writes them, `check` compares them with the disk, `serve` makes a new plan on every change.
package struct SitePlan: Sendable, Equatable {
    /// The settings every entry is rendered with.
    package var site: SiteSettings
    package var app: AppSettings
    /// In the planner's order: link pages in catalog order, the special pages and host files, and
    /// the claim files (``OutputPath/isClaimFile``) last.
    package private(set) var entries: [PlanEntry]
    /// Where each path's entry is: made on first use (a build looks up a handful of paths;
    /// indexing 200k of them up front was half of a one-link rebuild's planning).
    private let positions: PlanPositions
    /// How many link-table shards the plan has (the compact layout), else 0.
    package private(set) var lookupShardCount = 0
    /// The links whose pages are under _case/ (``OutputPath/casePage(_:)``): their folders would
    /// differ from an earlier link's only in case.
    package private(set) var casePaths: Set<String>

    package init(site: SiteSettings, app: AppSettings, entries: [PlanEntry], casePaths: Set<String> = []) {
        self.site = site
        self.app = app
        self.casePaths = casePaths
        // Claim files last, the rest in the given order (a stable partition, no sort: a large plan
        // is one entry per link, and nothing downstream needs them sorted).
        // The planner puts them last already: then the array is kept as it is, since copying 200k
        // entries (each a link's dozen strings) was a third of planning a large site.
        // Looked at in place: iterating copied each entry (a retain and release of its link), a
        // tenth of a second of one core at 1M links.
        let (inOrder, shards) = entries.withUnsafeBufferPointer { entries -> (Bool, Int) in
            var firstClaim = entries.endIndex
            var shards = 0
            for index in entries.indices {
                if firstClaim == entries.endIndex, entries[index].path.isClaimFile { firstClaim = index }
                if case .lookupShard = entries[index].content { shards += 1 }
            }
            return (entries[firstClaim...].allSatisfy(\.path.isClaimFile), shards)
        }
        self.entries =
            inOrder ? entries : entries.filter { !$0.path.isClaimFile } + entries.filter(\.path.isClaimFile)
        positions = PlanPositions()
        lookupShardCount = shards
    }

    /// The position of the entry for `path` in ``entries`` (the first, if several have it).
    package func index(of path: OutputPath) -> Int? {
        // The claim files are last: found from the end without the index.
        if path.isClaimFile {
            var index = entries.endIndex
            var found: Int?
            while index > 0, entries[index - 1].path.isClaimFile {
                index -= 1
                if entries[index].path == path { found = index }
            }
            return found
        }
        return positions.index(of: path, in: entries)
    }

    /// The entry written at `path`, if the plan has one.
    package subscript(path: OutputPath) -> PlanEntry? {
        index(of: path).map { entries[$0] }
    }

    /// Every output path, in writing order.
    package var paths: [OutputPath] { entries.map(\.path) }

    /// Where the page of `link` is: its folder, or under _case/.
    package func pagePath(of link: Link) -> OutputPath {
        !casePaths.isEmpty && casePaths.contains(link.path) ? .casePage(link.path) : link.pageOutputPath
    }

    /// What the script of the link page at `linkPath` (`/topic/1`) does, as its template says.
    package func behaviour(ofLink linkPath: String) -> PageBehaviour? {
        let page = casePaths.contains(linkPath) ? OutputPath.casePage(linkPath) : .linkPage(linkPath)
        if case .linkPage(_, _, let behaviour)? = self[page]?.content { return behaviour }
        // The compact layout: the link's entry in the shard its id names.
        guard lookupShardCount > 0,
            case .lookupShard(_, let links)? = self[
                .lookupShard(LookupShards.shard(host: site.host.lowercased(), path: linkPath, count: lookupShardCount))]?
                .content
        else { return nil }
        return links.first { $0.link.path == linkPath }?.behaviour
    }

    /// The behaviour of a route's page.
    package func behaviour(ofRoute route: Route) -> PageBehaviour? {
        guard case .linkPage(_, _, let behaviour)? = self[.routePage(route)]?.content else { return nil }
        return behaviour
    }

    package static func == (lhs: SitePlan, rhs: SitePlan) -> Bool {
        lhs.site == rhs.site && lhs.app == rhs.app && lhs.entries == rhs.entries && lhs.casePaths == rhs.casePaths
    }
}
