import Foundation
import TrampolineCatalog
import TrampolineIncremental
import TrampolineModel
import TrampolineSite

/// The steps of ``SiteBuilder/build()``, in the order it takes them.
extension SiteBuilder {
    /// Wall-clock time per step, for `build --timings`.
    struct StepClock {
        private let clock = ContinuousClock()
        private var last: ContinuousClock.Instant
        private(set) var timings: [Timing] = []

        init() { last = clock.now }

        mutating func lap(_ step: String, _ detail: String? = nil) {
            let now = clock.now
            timings.append(Timing(step: step, duration: now - last, detail: detail))
            last = now
        }
    }

    /// The built-in templates with the project's overrides (`Templates/` beside the catalog).
    func loadTemplates(engine: inout DiagnosticEngine, log: InputLog? = nil) -> TemplateSet? {
        let templatesDisplay = (configDisplayPath as NSString).deletingLastPathComponent
        return TemplateSet.load(
            overrides: project(log: log),
            displayDirectory: templatesDisplay.isEmpty ? "Templates" : "\(templatesDisplay)/Templates",
            engine: &engine
        )
    }

    /// The catalog, read through the ``LinkCache`` when the build uses one.
    func readCatalog(knownTemplates: Set<String>?, log: InputLog? = nil) -> CatalogLoader.Reading {
        var loader = CatalogLoader(knownTemplates: knownTemplates)
        loader.inputLog = log
        if usesLinkCache, FastPath.linkCache.isOn, let secret = cacheSecret() {
            let url = WorkFolder.linkCache(forCatalog: configURL)
            // Read and checked on another core while this one reads the catalog's text.
            loader.linkCache = LinkCache.Setup(
                url: url, version: identity, secret: secret, early: Pending { LinkCache.load(from: url) },
                earlyLayout: Pending { CatalogLayout.load(from: CatalogLayout.url(besideLinkCache: url)) },
                readOnly: linkCacheIsReadOnly)
        }
        // The link cache and layout read early are let go when the loader goes, not when the build
        // returns: the link cache's 40-odd MB (mapped) were part of a rebuild's peak of memory.
        return loader.read(contentsOf: configURL, displayPath: configDisplayPath)
    }

    /// The key secret; a read-only build (check) with none makes up one that no cache file
    /// matches, so that it still reads the catalog as a build does, in pieces on all cores.
    private func cacheSecret() -> [UInt8]? {
        LinkCache.localSecret(create: !linkCacheIsReadOnly) ?? (linkCacheIsReadOnly ? LinkCache.newSecret() : nil)
    }

    static func describe(_ reading: CatalogLoader.Reading) -> String? {
        var parts: [String] = []
        if let cache = reading.cacheHits {
            parts.append(
                cache.hits == 0
                    ? "all \(cache.links) links read" + (reading.pieces.map { " in \($0) pieces on all cores" } ?? "")
                    : "\(cache.links - cache.hits) of \(cache.links) links read; the rest came unchanged from the link cache"
            )
            if let unparsed = reading.layoutUnparsed {
                parts.append("\(unparsed) stood unchanged in place and were not parsed")
            }
        }
        if let file = reading.linksFileCacheHits {
            parts.append("\(file.hits) of \(file.links) links of the links file came unchanged from its cache")
        }
        if let items = reading.itemsCacheHits {
            parts.append("\(items.hits) of \(items.items) items came unchanged from their cache")
        }
        return parts.isEmpty ? nil : parts.joined(separator: "; ")
    }

    /// The last build's verified claims (a line per link), read on another core while this one
    /// plans, with which of this catalog's links' probe paths it records.
    static func readClaimCacheEarly(beside output: URL?, catalog: Catalog) -> Pending<
        FoundCache<(key: Fingerprint, recorded: [Bool])>
    >? {
        output.flatMap { output in
            catalog.app.ios == nil || !FastPath.claimCache.isOn
                ? nil
                : Pending {
                    ClaimCache.read(beside: output).map {
                        (
                            key: $0.key,
                            recorded: $0.recorded.contains(each: catalog.links.map(ClaimVerifier.probePath(of:)))
                        )
                    }
                }
        }
    }

    /// The plan and its renderer; in the compact layout, its lookup shards fitted, with the
    /// bytes of those rendered and the fingerprints of all (``fittingLookupShards``), proven
    /// unchanged by `previous` where its stamps can, their unchanged entries taken from `sealed`.
    func makePlan(
        catalog: Catalog, templates: TemplateSet, previous: Pending<SiteWriter.Previous>?, sealed: SealedEntries?,
        engine: inout DiagnosticEngine
    ) -> (SiteRenderer, FittedShards) {
        let plan = SitePlanner.plan(for: catalog, templates: templates, engine: &engine)
        let renderer = SiteRenderer(
            site: catalog.site, app: catalog.app, templates: templates, version: rendererVersion)
        var fitted = FittedShards(plan: plan)
        if plan.lookupShardCount > 0 {
            var spoolFolder: (@Sendable () -> URL?)? = nil
            if spoolsRenderedFiles {
                let builder = self
                spoolFolder = { builder.spoolFolder(for: catalog) }
            }
            fitted = Self.fittingLookupShards(
                plan, catalog: catalog, templates: templates, renderer: renderer, previous: previous?.value,
                sealed: sealed,
                keeping: { [spoolFolder] in
                    RenderedFiles(makingSpoolFolder: spoolFolder, memoryLimit: renderedMemoryLimit)
                }, engine: &engine)
        }
        Self.checkHostLimits(of: fitted.plan, catalog: catalog, engine: &engine)
        return (renderer, fitted)
    }

    /// The output folder's private ``WorkFolder``, made if need be, for the spool of the shards
    /// rendered while planning (``RenderedFiles``, which asks only once it spools); nil when it
    /// cannot be made (they are then held in memory, and the write reports the folder's problem).
    private func spoolFolder(for catalog: Catalog) -> URL? {
        guard let output = try? outputURL(for: catalog, override: outputOverride) else { return nil }
        let work = WorkFolder(outputURL: output)
        return (try? work.prepare()) == nil ? nil : work.url
    }

    /// What the plan step did with a compact site's shards, when it rendered some with a record
    /// of the last write to take sealed entries from.
    static func describe(_ fitted: FittedShards) -> String? {
        guard fitted.entries > 0, fitted.entriesTaken > 0 else { return nil }
        return
            "\(fitted.entries - fitted.entriesTaken) of \(fitted.entries) entries of the \(fitted.rendered?.count ?? 0) "
            + "lookup shards rendered were sealed; the rest came sealed from the shards written before"
    }

    /// Reads the AASA back with Apple's matching rules: one that misses a link, claims
    /// loadCookie.html or is too large is a build error, so it is never written. A rebuild matches
    /// only links whose path the last build did not verify against the same AASA. The same for
    /// Android: assetlinks.json read back with the Digital Asset Links rules.
    func verifyClaims(
        _ site: SiteBuild, cachedClaims: Pending<FoundCache<(key: Fingerprint, recorded: [Bool])>>?,
        engine: inout DiagnosticEngine
    ) -> (key: Fingerprint, matched: Int)? {
        var claims: (key: Fingerprint, matched: Int)?
        if let aasa = site[.appSiteAssociation] {
            let key = ClaimCache.key(aasa: aasa, catalog: site.catalog, version: identity)
            let cached = cachedClaims?.value.value
            let verified = cached?.key == key ? cached!.recorded : nil
            let matched = ClaimVerifier.verify(
                aasa: aasa, catalog: site.catalog, verifiedLinks: verified, engine: &engine)
            claims = (key, matched)
        }
        if let assetLinks = site[.assetLinks] {
            AssetLinksVerifier.verify(assetLinks, catalog: site.catalog, engine: &engine)
        }
        return claims
    }

    package static func describe(_ claims: (key: Fingerprint, matched: Int), of links: Int) -> String {
        claims.matched == links
            ? "all \(claims.matched) links matched"
            : "\(claims.matched) of \(links) links matched; the rest were verified against the same AASA by an earlier build"
    }
}
