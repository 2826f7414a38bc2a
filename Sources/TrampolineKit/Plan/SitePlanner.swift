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
        for link in catalog.links {
            guard let template = templates.pages[link.options.template], template.behaviour.isLinkBehaviour else {
                engine.error("template '\(link.options.template)' is not a link template", at: link.templateLocation, hint: "use interstitial, redirect or a Templates/<name>.md with one of those behaviours")
                continue
            }
            if compact {
                table[LinkTable.shard(of: link.path, count: shardCount)].append(LinkTableEntry(link: link, behaviour: template.behaviour))
                continue
            }
            entries.append(PlanEntry(path: .linkPage(link.path), content: .linkPage(link, template: template.name, behaviour: template.behaviour)))
            if link.options.qrCode, let entry = qrEntry(for: link, catalog: catalog, engine: &engine) {
                entries.append(entry)
            }
        }
        for (index, links) in table.enumerated() {
            entries.append(PlanEntry(path: .linkTable(index), content: .linkTable(shard: index, links: links)))
        }
        let notFound = compact ? SpecialPage.linkLookup(shards: shardCount) : .notFound
        for page in [SpecialPage.home, notFound, .loadCookie(cookieNames: cookieNames(of: catalog))] {
            entries.append(PlanEntry(path: page.outputPath, content: .specialPage(page)))
        }
        entries.append(PlanEntry(path: .moreScript, content: .moreScript))
        for file in HostFile.allCases where file != .redirects || compact {
            entries.append(PlanEntry(path: file.outputPath, content: .hostFile(file)))
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

    /// The cookies `loadCookie.html` reads: every name a link with the cookie channel uses, in
    /// catalog order, or the default name when none does.
    static func cookieNames(of catalog: Catalog) -> [String] {
        var names: [String] = []
        for link in catalog.links where link.options.deferred.contains(.cookie) && !names.contains(link.options.cookieName) {
            names.append(link.options.cookieName)
        }
        return names.isEmpty ? [LinkOptions().cookieName] : names
    }
}
