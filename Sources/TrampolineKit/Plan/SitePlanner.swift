/// Catalog → ``SitePlan``: which files the site has and what each is made from. Pure: it renders
/// nothing and reads nothing from disk.
enum SitePlanner {
    /// The plan for `catalog`; a link whose template the set lacks is an error in `engine` (the
    /// catalog reader checks template names already, so this only guards the renderer).
    ///
    /// In the compact layout the links go into `shards` link-table files (by default as many as
    /// their estimated size needs; the builder asks again with more if one turns out too large),
    /// served by the lookup page at `404.html` and a rewrite rule; they get no QR codes.
    static func plan(for catalog: Catalog, templates: TemplateSet, shards: Int? = nil, engine: inout DiagnosticEngine) -> SitePlan {
        var entries: [PlanEntry] = []
        let compact = catalog.site.layout == .compact
        entries.reserveCapacity(compact ? 64 : catalog.links.count * 2 + 8)
        if !compact { checkQRCollisions(catalog, engine: &engine) }
        let shardCount = compact ? (shards ?? LinkTable.shardCount(for: catalog.links)) : 0
        var table = [[LinkTableEntry]](repeating: [], count: shardCount)
        // Each link's entries on every core (a large catalog's plan is mostly copying links into
        // entries), then gathered in catalog order with their diagnostics.
        let links = catalog.links
        let perLink = concurrentMap(links.count, chunk: 1024) { index -> (page: PlanEntry?, qr: PlanEntry?, diagnostics: DiagnosticEngine) in
            var local = DiagnosticEngine()
            let link = links[index]
            guard let template = templates.pages[link.options.template], template.behaviour.isLinkBehaviour else {
                local.error("template '\(link.options.template)' is not a link template", at: link.templateLocation, hint: "use interstitial, redirect or a Templates/<name>.md with one of those behaviours")
                return (nil, nil, local)
            }
            if compact && link.route == nil {
                return (nil, nil, local)
            }
            // A route's page is served for every URL it matches; a QR code needs one URL, so routes get none.
            let page = PlanEntry(path: link.pageOutputPath, content: .linkPage(link, template: template.name, behaviour: template.behaviour))
            let qr = link.route == nil && link.options.qrCode ? qrEntry(for: link, catalog: catalog, engine: &local) : nil
            return (page, qr, local)
        }
        for index in links.indices {
            let (page, qr, diagnostics) = perLink[index]
            engine.append(contentsOf: diagnostics)
            if let page { entries.append(page) }
            if let qr { entries.append(qr) }
            if compact, links[index].route == nil, diagnostics.diagnostics.isEmpty, let behaviour = templates.pages[links[index].options.template]?.behaviour {
                table[LinkTable.shard(of: links[index].path, count: shardCount)].append(LinkTableEntry(link: links[index], behaviour: behaviour))
            }
        }
        for (index, links) in table.enumerated() {
            entries.append(PlanEntry(path: .linkTable(index), content: .linkTable(shard: index, links: links)))
        }
        let routes = catalog.routes
        let notFound = compact ? SpecialPage.linkLookup(shards: shardCount, routes: routes) : .notFound(routes: routes)
        for page in [SpecialPage.home, notFound, .loadCookie(cookieNames: cookieNames(of: catalog))] {
            entries.append(PlanEntry(path: page.outputPath, content: .specialPage(page)))
        }
        entries.append(PlanEntry(path: .moreScript, content: .moreScript))
        for file in [HostFile.noJekyll, .headers] {
            entries.append(PlanEntry(path: file.outputPath, content: .hostFile(file)))
        }
        if !routes.isEmpty {
            entries.append(PlanEntry(path: .routeScript, content: .routeScript))
        }
        // Hosts that apply rules before files (Cloudflare Pages) get no catch-all, which would
        // hide the shards and scripts; they serve 404.html for a path without a file anyway.
        let catchAll = compact && catalog.site.hosting?.rulesBeforeFiles != true
        if !routes.isEmpty || catchAll {
            // Cloudflare Pages applies rules before files: a plain link a route's rule would take
            // (/restaurant/best beside /restaurant/:id) gets a rule of its own, first.
            let kept = catalog.links.filter { link in link.route == nil && routes.contains { $0.rewriteRuleTakes(link.path) } }.map(\.path)
            entries.append(PlanEntry(path: .redirects, content: .hostFile(.redirects(routes: routes, kept: kept, lookup: compact, catchAll: catchAll))))
            checkRewriteRuleLimits(routes: routes.count, kept: kept.count, catalog: catalog, engine: &engine)
        }
        if catalog.app.ios != nil {
            let claims = AppSiteAssociation.claimPatterns(for: catalog)
            for path in OutputPath.appSiteAssociationFiles {
                entries.append(PlanEntry(path: path, content: .appSiteAssociation(appIDs: catalog.app.appIDs, claims: claims)))
            }
        }
        if let android = catalog.app.android {
            entries.append(PlanEntry(path: .assetLinks, content: .assetLinks(package: android.package, fingerprints: android.sha256CertFingerprints)))
        }
        return SitePlan(site: catalog.site, app: catalog.app, entries: entries)
    }

    /// Cloudflare Pages reads at most 2,000 static and 100 dynamic `_redirects` rules (and ignores
    /// the file past them); a catalog beyond either gets a warning, since Netlify has no such cap.
    static let cloudflareStaticRuleLimit = 2_000, cloudflareDynamicRuleLimit = 100

    static func checkRewriteRuleLimits(routes: Int, kept: Int, catalog: Catalog, engine: inout DiagnosticEngine) {
        guard routes > cloudflareDynamicRuleLimit || kept > cloudflareStaticRuleLimit else { return }
        let top = SourceLocation(file: catalog.links.first?.location.file ?? "site-config.yml", line: 1, column: 1)
        engine.warning(
            "_redirects has \(routes) route rules and \(kept) rules keeping plain links beside routes; Cloudflare Pages reads at most \(cloudflareDynamicRuleLimit) and \(cloudflareStaticRuleLimit)",
            at: top, hint: "on Cloudflare Pages, use fewer routes or move plain links out of the routes' folders; Netlify and GitHub Pages are not affected"
        )
    }

    /// The cookies `loadCookie.html` reads: every name a link with the cookie channel uses, in
    /// catalog order, or the default name when none does.
    static func cookieNames(of catalog: Catalog) -> [String] {
        var names: [String] = []
        // By index: iterating would copy each Link (a dozen strings) for two fields.
        let links = catalog.links
        for index in links.indices where links[index].options.deferred.contains(.cookie) && !names.contains(links[index].options.cookieName) {
            names.append(links[index].options.cookieName)
        }
        return names.isEmpty ? [LinkOptions().cookieName] : names
    }
}
