@_spi(Generator) import TrampolineLink
import TrampolineModel

/// Catalog → ``SitePlan``: which files the site has and what each is made from. Pure: it renders
/// nothing and reads nothing from disk.
package enum SitePlanner {
    /// The plan for `catalog`; a link whose template the set lacks is an error in `engine` (the
    /// catalog reader checks template names already, so this only guards the renderer).
    ///
    /// In the compact layout the links go into `shards` link-table files (by default as many as
    /// their estimated size needs; the builder asks again with more if one turns out too large),
    /// served by the lookup page at `404.html` and a rewrite rule; they get no QR codes.
    package static func plan(
        for catalog: Catalog, templates: TemplateSet, shards: Int? = nil, engine: inout DiagnosticEngine
    )
        -> SitePlan
    {
        var entries: [PlanEntry] = []
        let compact = catalog.site.layout == .compact
        entries.reserveCapacity(compact ? 64 : catalog.links.count * 2 + 8)
        if !compact { checkQRCollisions(catalog, engine: &engine) }
        // Links whose paths differ only in case would share a folder on case-insensitive disks
        // and hosts: in the folders layout they get none, and the lookup page finds them.
        let folded = compact ? [] : caseFoldedPaths(catalog.links)
        let looksUp: @Sendable (Link) -> Bool = { link in !link.isRoute && (compact || folded.contains(link.path)) }
        if !folded.isEmpty { warnAboutCaseFolding(folded, catalog: catalog, engine: &engine) }
        let shardCount =
            compact
            ? (shards ?? LookupShards.shardCount(for: catalog.links))
            : folded.isEmpty ? 0 : (shards ?? LookupShards.shardCount(for: catalog.links.filter(looksUp)))
        var table = [[LookupShardEntry]](repeating: [], count: shardCount)
        // Each link's entries on every core (a large catalog's plan is mostly copying links into
        // entries), then gathered in catalog order with their diagnostics.
        let links = catalog.links
        let linkTableShards = LinkTable.shardCount(for: links)
        var rows = [[LinkTableRow]](repeating: [], count: linkTableShards)
        concurrentMap(links.count, chunk: 1024) { index in
            perLinkEntries(
                links[index], catalog: catalog, templates: templates, looksUp: looksUp, rowShards: linkTableShards)
        } consumedBy: { planned in
            let (link, page, qr, row, diagnostics) = planned
            if let row { rows[row.shard].append(row.row) }
            if let page { entries.append(page) }
            if let qr { entries.append(qr) }
            if looksUp(link), diagnostics.diagnostics.isEmpty,
                let behaviour = templates.pages[link.options.template]?.behaviour
            {
                table[LookupShards.shard(of: link.path, count: shardCount)].append(
                    LookupShardEntry(link: link, behaviour: behaviour))
            }
            engine.append(contentsOf: diagnostics)
        }
        for (index, links) in table.enumerated() {
            entries.append(PlanEntry(path: .lookupShard(index), content: .lookupShard(shard: index, links: links)))
        }
        entries += linkTableEntries(for: catalog, shards: rows)
        entries += siteFileEntries(for: catalog, shardCount: shardCount, engine: &engine)
        return SitePlan(site: catalog.site, app: catalog.app, entries: entries)
    }

    /// What one link adds to the plan: its page and QR code (none when the lookup page serves it),
    /// its link-table row with the shard it goes in, and what is wrong with it.
    private static func perLinkEntries(
        _ link: Link, catalog: Catalog, templates: TemplateSet, looksUp: (Link) -> Bool, rowShards: Int
    ) -> (link: Link, page: PlanEntry?, qr: PlanEntry?, row: (row: LinkTableRow, shard: Int)?, DiagnosticEngine) {
        var local = DiagnosticEngine()
        let row = link.isRoute ? nil : LinkTableRow(link)
        let placed = row.map { ($0, SiteLinkTable.shard(of: $0.path, count: rowShards)) }
        guard let template = templates.pages[link.options.template], template.behaviour.isLinkBehaviour else {
            local.error(
                "template '\(link.options.template)' is not a link template", at: link.templateLocation,
                hint: "use interstitial, redirect or a Templates/<name>.md with one of those behaviours")
            return (link, nil, nil, placed, local)
        }
        if looksUp(link) {
            return (link, nil, nil, placed, local)
        }
        // A route's page is served for every URL it matches; a QR code needs one URL, so routes get none.
        let page = PlanEntry(
            path: link.pageOutputPath, content: .linkPage(link, template: template.name, behaviour: template.behaviour))
        let qr = !link.isRoute && link.options.qrCode ? qrEntry(for: link, catalog: catalog, engine: &local) : nil
        return (link, page, qr, placed, local)
    }

    /// The files of the site that are not links: the special pages, the scripts, the app's icon,
    /// the host files
    /// (with `_redirects` for routes and the compact layout's catch-all) and the association files.
    static func siteFileEntries(for catalog: Catalog, shardCount: Int, engine: inout DiagnosticEngine) -> [PlanEntry] {
        var entries: [PlanEntry] = []
        let routes = catalog.routes
        let notFound =
            shardCount > 0 ? SpecialPage.linkLookup(shards: shardCount, routes: routes) : .notFound(routes: routes)
        for page in [SpecialPage.home, notFound, .loadCookie(cookieNames: cookieNames(of: catalog))] {
            entries.append(PlanEntry(path: page.outputPath, content: .specialPage(page)))
        }
        entries.append(PlanEntry(path: .moreScript, content: .moreScript))
        if let icon = catalog.app.icon?.file {
            entries.append(PlanEntry(path: icon, content: .appIcon))
        }
        for file in [HostFile.noJekyll, .headers] {
            entries.append(PlanEntry(path: file.outputPath, content: .hostFile(file)))
        }
        if catalog.site.counts.logsRequests {
            entries += PageOutcome.allCases.map { PlanEntry(path: $0.outputPath, content: .countFile) }
        }
        if !routes.isEmpty {
            entries.append(PlanEntry(path: .routeScript, content: .routeScript))
        }
        if let link = catalog.longLinkPageLink {
            entries.append(
                PlanEntry(
                    path: .longLinkPage, content: .linkPage(link, template: "redirect", behaviour: .redirect)))
            entries.append(PlanEntry(path: .longLinkScript, content: .longLinkScript))
        }
        // Hosts that apply rules before files (Cloudflare Pages) get no catch-all, which would
        // hide the shards and scripts; they serve 404.html for a path without a file anyway.
        let compact = catalog.site.layout == .compact
        let catchAll = compact && catalog.site.hosting?.rulesBeforeFiles != true
        if !routes.isEmpty || catchAll {
            // Cloudflare Pages applies rules before files: a plain link a route's rule would take
            // (/restaurant/best beside /restaurant/:id) gets a rule of its own, first. Items (which
            // can be a hundred thousand) get one only on such a host: elsewhere the host serves
            // their files before any rule.
            let itemRules = catalog.site.hosting?.rulesBeforeFiles == true
            let kept = catalog.links.filter { link in
                !link.isRoute && (!link.isItem || itemRules)
                    && routes.contains { $0.rewriteRuleTakes(link.path) }
            }.map(\.path)
            entries.append(
                PlanEntry(
                    path: .redirects,
                    content: .hostFile(.redirects(routes: routes, kept: kept, lookup: compact, catchAll: catchAll))))
            checkRewriteRuleLimits(routes: routes.count, kept: kept.count, catalog: catalog, engine: &engine)
        }
        entries += hostFileEntries(for: catalog, routes: routes, compact: compact, engine: &engine)
        if catalog.app.ios != nil {
            let claims = AppSiteAssociation.claimPatterns(for: catalog)
            for path in OutputPath.appSiteAssociationFiles {
                entries.append(
                    PlanEntry(
                        path: path,
                        content: .appSiteAssociation(
                            appIDs: catalog.app.appIDs, claims: claims,
                            excluded: AppSiteAssociation.excluded(for: catalog))))
            }
        }
        if let android = catalog.app.android {
            entries.append(
                PlanEntry(
                    path: .assetLinks,
                    content: .assetLinks(
                        package: android.package, fingerprints: android.sha256CertFingerprints,
                        excluded: catalog.site.claims == .domain ? SiteFiles.unclaimedPatterns : nil)))
        }
        return entries
    }

    /// The link table apps resolve universal links with (every layout): its index, then its
    /// shards, each row in the shard its link's path hashes to. `shards` are the plain links'
    /// rows so placed, in catalog order (made on every core with their pages).
    static func linkTableEntries(for catalog: Catalog, shards: [[LinkTableRow]]) -> [PlanEntry] {
        let links = catalog.links
        // By index: iterating would copy each Link (a dozen strings) for one field.
        var routeLink: [Route: Int] = [:]
        for index in links.indices {
            if let route = links[index].route, routeLink[route] == nil { routeLink[route] = index }
        }
        let index = LinkTable(
            host: catalog.site.host.lowercased(), scheme: catalog.app.ios?.scheme,
            androidScheme: catalog.app.android?.scheme,
            shards: shards.count, routes: catalog.routes.compactMap { routeLink[$0].map { links[$0] } }
        )
        var entries = [PlanEntry(path: .linkTableIndex, content: .linkTableIndex(index))]
        for (number, shard) in shards.enumerated() {
            entries.append(
                PlanEntry(path: .linkTableShard(number), content: .linkTableShard(shard: number, rows: shard)))
        }
        return entries
    }

    /// The paths of links that share their lower-case spelling with another link's (`/Xy7a` and
    /// `/xy7a`, as Firebase's short links can).
    static func caseFoldedPaths(_ links: [Link]) -> Set<String> {
        // A pair needs an upper-case letter in one of its paths: most catalogs have none, and then
        // no path is lower-cased at all.
        let isUpper = { (byte: UInt8) in byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") }
        var lowered: [String: [String]] = [:]
        for index in links.indices where !links[index].isRoute && links[index].path.utf8.contains(where: isUpper) {
            lowered[links[index].path.lowercased(), default: []].append(links[index].path)
        }
        guard !lowered.isEmpty else { return [] }
        for index in links.indices where !links[index].isRoute && !links[index].path.utf8.contains(where: isUpper) {
            lowered[links[index].path]?.append(links[index].path)
        }
        var folded = Set<String>()
        for paths in lowered.values where paths.count > 1 { folded.formUnion(paths) }
        return folded
    }

    /// Says once how links that differ only in case are served.
    static func warnAboutCaseFolding(_ folded: Set<String>, catalog: Catalog, engine: inout DiagnosticEngine) {
        let example = folded.sorted().prefix(2).joined(separator: " and ")
        let first =
            catalog.links.first { folded.contains($0.path) }?.location
            ?? SourceLocation(file: "site-config.yml", line: 1, column: 1)
        engine.warning(
            "\(folded.count) links have paths that differ from another link's only in case (\(example)…): they get no folder and no QR code of their own; 404.html finds each in the link table (_links/) by its exact path",
            at: first,
            hint:
                "the host must serve /404.html for paths without a file (Netlify, Cloudflare Pages, GitHub Pages and Firebase Hosting do; on S3 + CloudFront set it as the custom error response); rename one of each pair to give both a page of their own"
        )
    }

    /// Cloudflare Pages reads at most 2,000 static and 100 dynamic `_redirects` rules (and ignores
    /// the file past them); a catalog beyond either gets a warning, since Netlify has no such cap.
    static let cloudflareStaticRuleLimit = 2_000, cloudflareDynamicRuleLimit = 100

    static func checkRewriteRuleLimits(routes: Int, kept: Int, catalog: Catalog, engine: inout DiagnosticEngine) {
        guard routes > cloudflareDynamicRuleLimit || kept > cloudflareStaticRuleLimit else { return }
        let top = SourceLocation(file: catalog.links.first?.location.file ?? "site-config.yml", line: 1, column: 1)
        engine.warning(
            "_redirects has \(routes) route rules and \(kept) rules keeping plain links beside routes; Cloudflare Pages reads at most \(cloudflareDynamicRuleLimit) and \(cloudflareStaticRuleLimit)",
            at: top,
            hint:
                "on Cloudflare Pages, use fewer routes or move plain links out of the routes' folders; Netlify and GitHub Pages are not affected"
        )
    }

    /// The cookies `loadCookie.html` reads: every name a link with the cookie channel uses, in
    /// catalog order, or the default name when none does.
    static func cookieNames(of catalog: Catalog) -> [String] {
        var names: [String] = []
        // By index: iterating would copy each Link (a dozen strings) for two fields.
        let links = catalog.links
        for index in links.indices
        where links[index].options.deferred.contains(.cookie) && !names.contains(links[index].options.cookieName) {
            names.append(links[index].options.cookieName)
        }
        if names.isEmpty { names = [LinkOptions.defaultCookieName] }
        if names.contains(LinkOptions.defaultCookieName), !names.contains(LinkOptions.legacyCookieName) {
            names.append(LinkOptions.legacyCookieName)
        }
        return names
    }
}
