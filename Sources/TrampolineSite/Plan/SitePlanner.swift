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
        // A page per link, and a QR code for those that have one.
        entries.reserveCapacity(
            compact ? 64 : catalog.links.count + catalog.links.lazy.filter(\.options.qrCode).count + 8)
        if !compact { checkQRCollisions(catalog, engine: &engine) }
        // Links whose folders differ only in case from an earlier link's would share a folder on
        // case-insensitive disks: their pages go under _case/, which the hosts' rules serve at
        // their URLs; the lookup page finds them too, where a host has no rules (GitHub Pages).
        let relocated = compact ? [] : caseRelocatedPaths(catalog.links)
        // Most sites relocate nothing: then no path is hashed to learn it.
        let relocates = !relocated.isEmpty
        let looksUp: @Sendable (Link) -> Bool = { link in
            !link.isRoute && (compact || (relocates && relocated.contains(link.path)))
        }
        if !relocated.isEmpty { warnAboutCaseFolding(relocated, catalog: catalog, engine: &engine) }
        let shardCount =
            compact
            ? (shards ?? LookupShards.shardCount(for: catalog.links))
            : relocated.isEmpty ? 0 : (shards ?? LookupShards.shardCount(for: catalog.links.filter(looksUp)))
        var table = [[LookupShardEntry]](repeating: [], count: shardCount)
        // Each link's entries on every core (a large catalog's plan is mostly copying links into
        // entries), then gathered in catalog order with their diagnostics.
        let links = catalog.links
        let linkTableShards = LinkTable.shardCount(for: links)
        var rows = [[LinkTableRow]](repeating: [], count: linkTableShards)
        let ids = LinkID.Namer(host: catalog.site.host.lowercased())
        // Each template's behaviour by name: looking up the template itself copied it (a retain
        // and release of each of its parts) twice for every link.
        let behaviours = templates.pages.mapValues(\.behaviour)
        concurrentMap(links.count, chunk: 1024) { index in
            perLinkEntries(
                links[index], catalog: catalog, ids: ids, behaviours: behaviours, compact: compact,
                relocated: relocates && relocated.contains(links[index].path), rowShards: linkTableShards)
        } consumedBy: { planned in
            let (link, page, qr, row, diagnostics) = planned
            if let row { rows[row.shard].append(row.row) }
            if let page { entries.append(page) }
            if let qr { entries.append(qr) }
            if looksUp(link), diagnostics.diagnostics.isEmpty, let row,
                let behaviour = behaviours[link.options.template]
            {
                // The same digest names the link in both tables: its number picks the shard.
                table[row.row.id.shard(of: shardCount)].append(
                    LookupShardEntry(link: link, id: row.row.id, behaviour: behaviour))
            }
            engine.append(contentsOf: diagnostics)
        }
        for (index, links) in table.enumerated() {
            entries.append(PlanEntry(path: .lookupShard(index), content: .lookupShard(shard: index, links: links)))
        }
        entries += linkTableEntries(for: catalog, shards: rows)
        let cases = relocated.isEmpty ? [] : catalog.links.lazy.map(\.path).filter(relocated.contains)
        entries += siteFileEntries(for: catalog, shardCount: shardCount, cases: Array(cases), engine: &engine)
        return SitePlan(site: catalog.site, app: catalog.app, entries: entries, casePaths: relocated)
    }

    /// What one link adds to the plan: its page and QR code (none in the compact layout, where the
    /// lookup page serves it; under _case/ when `relocated`), its link-table row with the shard it
    /// goes in, and what is wrong with it.
    private static func perLinkEntries(
        _ link: Link, catalog: Catalog, ids: LinkID.Namer, behaviours: [String: PageBehaviour], compact: Bool,
        relocated: Bool, rowShards: Int
    ) -> (link: Link, page: PlanEntry?, qr: PlanEntry?, row: (row: LinkTableRow, shard: Int)?, DiagnosticEngine) {
        var local = DiagnosticEngine()
        // `ids`: the site's host, made once for every link.
        let row = link.isRoute ? nil : LinkTableRow(link, ids: ids, shards: rowShards)
        let placed = row.map { ($0, $0.shard) }
        let template = link.options.template
        guard let behaviour = behaviours[template], behaviour.isLinkBehaviour else {
            local.error(
                "template '\(link.options.template)' is not a link template", at: link.templateLocation,
                hint: "use interstitial, redirect or a Templates/<name>.md with one of those behaviours")
            return (link, nil, nil, placed, local)
        }
        if compact && !link.isRoute {
            return (link, nil, nil, placed, local)
        }
        // A route's page is served for every URL it matches; a QR code needs one URL, so routes get none.
        let page = PlanEntry(
            path: relocated ? .casePage(link.path) : link.pageOutputPath,
            content: .linkPage(link, template: template, behaviour: behaviour))
        let qr =
            !link.isRoute && link.options.qrCode
            ? qrEntry(
                for: link, at: relocated ? .caseQRCode(link.path) : .qrCode(link.path), catalog: catalog, engine: &local
            )
            : nil
        return (link, page, qr, placed, local)
    }

    /// The files of the site that are not links: the special pages, the scripts, the app's icon,
    /// the host files (with `_redirects` for routes, the compact layout's catch-all and `cases`,
    /// the links whose pages are under _case/) and the association files.
    static func siteFileEntries(
        for catalog: Catalog, shardCount: Int, cases: [String], engine: inout DiagnosticEngine
    ) -> [PlanEntry] {
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
        // GitHub Pages reads no _redirects and would publish it, paths of plain links and all.
        if !routes.isEmpty || catchAll || !cases.isEmpty, catalog.site.hosting != .githubPages {
            // Cloudflare Pages applies rules before files: a plain link a route's rule would take
            // (/restaurant/best beside /restaurant/:id) gets a rule of its own, first. Items (which
            // can be a hundred thousand) get one only on such a host: elsewhere the host serves
            // their files before any rule.
            let itemRules = catalog.site.hosting?.rulesBeforeFiles == true
            let caseSet = Set(cases)
            let kept = catalog.links.filter { link in
                !link.isRoute && (!link.isItem || itemRules) && !caseSet.contains(link.path)
                    && routes.contains { $0.rewriteRuleTakes(link.path) }
            }.map(\.path)
            entries.append(
                PlanEntry(
                    path: .redirects,
                    content: .hostFile(
                        .redirects(routes: routes, kept: kept, lookup: compact, catchAll: catchAll, cases: cases))))
            checkRewriteRuleLimits(routes: routes.count, kept: kept.count, catalog: catalog, engine: &engine)
        }
        entries += hostFileEntries(for: catalog, routes: routes, compact: compact, cases: cases, engine: &engine)
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
    /// shards, each row in the shard its link's id names. `shards` are the plain links'
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

    /// The paths of links whose page folder, or one of its parents, differs only in case from an
    /// earlier link's (`/ABC` after `/abc`, `/Promo/b` after `/promo/a`), as Firebase's short links
    /// can: on a case-insensitive disk the two folders would be one, so these pages go to
    /// ``OutputPath/casePage(_:)`` and the host's rules serve them at the link's URL.
    static func caseRelocatedPaths(_ links: [Link]) -> Set<String> {
        // A clash needs an upper-case letter in one of the paths: most catalogs have none, and
        // then no path is lower-cased at all.
        let isUpper = { (byte: UInt8) in byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") }
        var contested = Set<String>()
        for index in links.indices where !links[index].isRoute && links[index].path.utf8.contains(where: isUpper) {
            contested.formUnion(folders(of: links[index].path.lowercased()))
        }
        guard !contested.isEmpty else { return [] }
        var spelling: [String: String] = [:]
        var relocated = Set<String>()
        for index in links.indices where !links[index].isRoute {
            let path = links[index].path
            let hasUpper = path.utf8.contains(where: isUpper)
            let lowered = hasUpper ? path.lowercased() : path
            let keys = folders(of: lowered)
            guard keys.contains(where: contested.contains) else { continue }
            let pairs = zip(hasUpper ? folders(of: path) : keys, keys).filter { contested.contains($0.1) }
            if pairs.contains(where: { folder, key in spelling[key].map { $0 != folder } ?? false }) {
                relocated.insert(path)
            } else {
                for (folder, key) in pairs where spelling[key] == nil { spelling[key] = folder }
            }
        }
        return relocated
    }

    /// `path` and the folders above it (`/a/b/c` → `/a`, `/a/b`, `/a/b/c`).
    static func folders(of path: String) -> [String] {
        var out: [String] = []
        var index = path.utf8.index(after: path.utf8.startIndex)
        while let slash = path.utf8[index...].firstIndex(of: UInt8(ascii: "/")) {
            out.append(String(path[..<slash]))
            index = path.utf8.index(after: slash)
        }
        out.append(path)
        return out
    }

    /// Says once, on a host that has no rewrite rules (GitHub Pages), how links that differ only
    /// in case are served there: by the lookup page, with status 404.
    static func warnAboutCaseFolding(_ relocated: Set<String>, catalog: Catalog, engine: inout DiagnosticEngine) {
        guard catalog.site.hosting == .githubPages else { return }
        let example = relocated.sorted().prefix(2).joined(separator: ", ")
        let first =
            catalog.links.first { relocated.contains($0.path) }?.location
            ?? SourceLocation(file: "site-config.yml", line: 1, column: 1)
        engine.warning(
            "\(relocated.count) links have paths that differ from another link's only in case (\(example)…): GitHub Pages has no rewrite rules to serve their pages (written under _case/) at their URLs, so 404.html's script finds each in the link table and opens it with status 404; chat previews and link checkers see \"Link not found\"",
            at: first,
            hint:
                "host on Netlify, Cloudflare Pages, Firebase Hosting, nginx or S3 + CloudFront (each gets rules that serve both spellings with 200), or give these links paths that differ in more than case"
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
