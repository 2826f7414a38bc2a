import Foundation

/// Catalog file → validated ``Catalog`` → ``SitePlan`` → a ``SiteRenderer`` ready to make every
/// file: everything short of writing. Nothing here writes to disk; ``SiteBuilder/write(_:to:progress:)``
/// hands the result to the ``SiteWriter``.
package struct SiteBuilder: Sendable {
    /// The catalog file.
    package var configURL: URL
    /// How diagnostics name the catalog file (what the user typed).
    package var configDisplayPath: String
    /// Overrides the renderer's version stamp; tests use it to stand for an upgraded Trampoline.
    var rendererVersion: String?
    /// `--output`, as ``outputURL(for:override:)`` takes it: the claim cache of that folder
    /// tells which links need not be matched against the AASA again.
    package var outputOverride: String?
    /// Whether the build reads and renews the catalog's ``LinkCache`` (beside the catalog, in
    /// `.trampoline/`), so a rebuild reads only the links whose text changed.
    package var usesLinkCache = true
    /// Whether the link cache is only read, never made or renewed (`check` writes nothing).
    package var linkCacheIsReadOnly = false
    /// Whether ``build()`` starts reading the output folder's previous state as soon as it knows
    /// the folder, for a ``write(_:to:progress:)`` that follows (``PreviousOutputRead``). For
    /// callers that write (`build`, `serve`); a `check` has no use for it.
    package var readsPreviousOutputEarly = false

    package init(configURL: URL, configDisplayPath: String? = nil) {
        self.configURL = configURL
        self.configDisplayPath = configDisplayPath ?? configURL.path
    }

    /// One step of a build and its wall-clock time.
    package struct Timing: Sendable {
        package var step: String
        package var duration: Duration
        /// What the step did, when that explains its time (`3 of 100000 links matched`).
        package var detail: String?

        package init(step: String, duration: Duration, detail: String? = nil) {
            self.step = step
            self.duration = duration
            self.detail = detail
        }
    }

    /// The `Templates/` folder beside the catalog, whose files override the built-ins by name.
    package var templatesURL: URL {
        configURL.deletingLastPathComponent().appendingPathComponent("Templates", isDirectory: true)
    }

    /// Names what reads the catalog and verifies claims: the binary, or a test's stand-in for an upgrade.
    private var identity: String { rendererVersion ?? SiteRenderer.version + "\u{0}" + SiteRenderer.binaryIdentity }

    /// Builds the plan, or throws ``DiagnosticsError`` with every problem found.
    package func build() throws -> SiteBuild {
        var engine = DiagnosticEngine()
        let clock = ContinuousClock()
        var timings: [Timing] = []
        var last = clock.now
        func lap(_ step: String, _ detail: String? = nil) {
            let now = clock.now
            timings.append(Timing(step: step, duration: now - last, detail: detail))
            last = now
        }
        let templatesDisplay = (configDisplayPath as NSString).deletingLastPathComponent
        let templates = TemplateSet.load(
            overrides: templatesURL,
            displayDirectory: templatesDisplay.isEmpty ? "Templates" : "\(templatesDisplay)/Templates",
            engine: &engine
        )
        lap("templates")
        var loader = CatalogLoader(knownTemplates: templates?.linkTemplateNames)
        if usesLinkCache, FastPath.linkCache.isOn, let secret = LinkCache.localSecret(create: !linkCacheIsReadOnly) {
            let url = WorkFolder.linkCache(forCatalog: configURL)
            // Read and checked on another core while this one reads the catalog's text.
            loader.linkCache = LinkCache.Setup(
                url: url, version: identity, secret: secret, early: Pending { LinkCache.load(from: url) },
                earlyLayout: Pending { CatalogLayout.load(from: CatalogLayout.url(besideLinkCache: url)) },
                readOnly: linkCacheIsReadOnly)
        }
        let reading = loader.read(contentsOf: configURL, displayPath: configDisplayPath)
        // The link cache and layout read early are let go now, not when the build returns: the
        // link cache's 40-odd MB (mapped) were part of a rebuild's peak of memory while it planned.
        loader.linkCache = nil
        // The link cache is renewed on another thread while planning and claims go on.
        defer { reading.cacheWrite?.wait() }
        let catalog = reading.catalog
        engine.append(contentsOf: reading.diagnostics)
        lap(
            "catalog",
            reading.cacheHits.map { cache in
                let read =
                    cache.hits == 0
                    ? "all \(cache.links) links read" + (reading.pieces.map { " in \($0) pieces on all cores" } ?? "")
                    : "\(cache.links - cache.hits) of \(cache.links) links read; the rest came unchanged from the link cache"
                return reading.layoutUnparsed.map { "\(read); \($0) stood unchanged in place and were not parsed" }
                    ?? read
            })
        guard let catalog, let templates, !engine.hasErrors else {
            throw DiagnosticsError(engine.sorted)
        }
        let output = try? outputURL(for: catalog, override: outputOverride)
        let previousOutput =
            readsPreviousOutputEarly && FastPath.earlyStamps.isOn
            ? output.map(PreviousOutputRead.init(outputURL:)) : nil
        // The last build's verified claims (a line per link) are read on another core while this one plans.
        // With it, which links' probe paths it records (`verified` below, under its key).
        let cachedClaims = output.flatMap { output in
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
        var plan = SitePlanner.plan(for: catalog, templates: templates, engine: &engine)
        let renderer = SiteRenderer(
            site: catalog.site, app: catalog.app, templates: templates, version: rendererVersion)
        var rendered: [Int: [UInt8]] = [:]
        if plan.linkTableShards > 0 {
            (plan, rendered) = Self.fittingLinkTable(
                plan, catalog: catalog, templates: templates, renderer: renderer, engine: &engine)
        }
        Self.checkHostLimits(of: plan, catalog: catalog, engine: &engine)
        lap("plan")
        let site = SiteBuild(plan: plan, renderer: renderer, catalog: catalog, warnings: [], timings: [])
        // Read the AASA back with Apple's matching rules: one that misses a link, claims
        // loadCookie.html or is too large is a build error, so it is never written.
        // A rebuild matches only links whose path the last build did not verify against the same AASA.
        var claims: (key: Fingerprint, matched: Int)?
        if let aasa = site[.appSiteAssociation] {
            let key = ClaimCache.key(aasa: aasa, catalog: catalog, version: identity)
            let cached = cachedClaims?.value
            let verified = cached?.key == key ? cached!.recorded : nil
            let matched = ClaimVerifier.verify(aasa: aasa, catalog: catalog, verifiedLinks: verified, engine: &engine)
            claims = (key, matched)
        }
        // The same for Android: assetlinks.json read back with the Digital Asset Links rules.
        if let assetLinks = site[.assetLinks] {
            AssetLinksVerifier.verify(assetLinks, catalog: catalog, engine: &engine)
        }
        if engine.hasErrors { throw DiagnosticsError(engine.sorted) }
        lap(
            "claims",
            claims.map { claims in
                claims.matched == catalog.links.count
                    ? "all \(claims.matched) links matched"
                    : "\(claims.matched) of \(catalog.links.count) links matched; the rest were verified against the same AASA by an earlier build"
            })
        return SiteBuild(
            plan: plan, renderer: renderer, catalog: catalog, warnings: engine.sorted, timings: timings,
            // Only when something was matched: else the recorded cache is still exact.
            claimCache: claims.flatMap {
                $0.matched > 0
                    ? ClaimCache(key: $0.key, probePaths: catalog.links.map(ClaimVerifier.probePath(of:))) : nil
            },
            rendered: rendered, previousOutput: previousOutput
        )
    }
}
