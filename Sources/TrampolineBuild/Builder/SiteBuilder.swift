import Foundation
import TrampolineCatalog
import TrampolineModel
import TrampolineSite

/// Catalog file → validated ``Catalog`` → ``SitePlan`` → a ``SiteRenderer`` ready to make every
/// file: everything short of writing. Nothing here writes to disk; ``SiteBuilder/write(_:to:progress:)``
/// hands the result to the ``SiteWriter``.
package struct SiteBuilder: Sendable {
    /// The catalog file.
    package var configURL: URL
    /// How diagnostics name the catalog file (what the user typed).
    package var configDisplayPath: String
    /// Overrides the renderer's version stamp; tests use it to stand for an upgraded Trampoline.
    package var rendererVersion: String?
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
    /// Whether the build reads the output folder's stamps to prove files unchanged without
    /// rendering them, and keeps them in the ``SiteBuild`` for its caller (`check`, which writes
    /// nothing and compares: ``CheckPass``).
    package var provesWithStamps = false
    /// Whether the shards rendered while planning may go to a spool file in the output's private
    /// work folder once they pass ``RenderedFiles/memoryLimit`` (``RenderedFiles``): for callers
    /// that write (`build`, `serve`); `check` writes nothing.
    package var spoolsRenderedFiles = false
    /// How many bytes of those shards are held in memory before the spool takes the rest.
    package var renderedMemoryLimit = RenderedFiles.defaultMemoryLimit
    /// Whether ``write(_:to:progress:)`` may write into a folder of files without Trampoline's
    /// manifest (`--force`).
    package var forcesOutput = false
    /// Whether the build notes its inputs for a ``BuildMemo`` (`build` records one after writing,
    /// and replays it when nothing changed: ``unchangedBuild()``).
    package var keepsMemo = false

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
        configURL.deletingLastPathComponent().appendingPathComponent(TemplateSet.folder, isDirectory: true)
    }

    /// The catalog's folder, which every file the catalog names is read from.
    var project: ProjectFolder { project(log: nil) }

    /// The catalog's folder, noting each read in `log`.
    func project(log: InputLog?) -> ProjectFolder {
        ProjectFolder(root: configURL.deletingLastPathComponent(), log: log)
    }

    /// Names what reads the catalog and verifies claims: the binary, or a test's stand-in for an upgrade.
    var identity: String { rendererVersion ?? SiteRenderer.version + "\u{0}" + SiteRenderer.binaryIdentity }

    /// Builds the plan, or throws ``DiagnosticsError`` with every problem found. The steps, in
    /// order, are in `SiteBuilder+Steps.swift`; each one's time goes into the build's timings.
    package func build() throws -> SiteBuild {
        var engine = DiagnosticEngine()
        var clock = StepClock()
        let inputs = keepsMemo && FastPath.buildMemo.isOn ? InputLog() : nil
        let templates = loadTemplates(engine: &engine, log: inputs)
        clock.lap("templates")
        let reading = readCatalog(knownTemplates: templates?.linkTemplateNames, log: inputs)
        // The link cache is renewed on another thread while planning and claims go on.
        defer { reading.cacheWrite?.wait() }
        engine.append(contentsOf: reading.diagnostics)
        clock.lap("catalog", Self.describe(reading))
        guard let catalog = reading.catalog, let templates, !engine.hasErrors else {
            throw DiagnosticsError(engine.sorted)
        }
        templates.checkPolicy(allowedOrigins: catalog.site.allowedOrigins, engine: &engine)
        let output = try? outputURL(for: catalog, override: outputOverride)
        let previousOutput =
            readsPreviousOutputEarly && FastPath.earlyStamps.isOn
            ? output.map(PreviousOutputRead.init(outputURL:)) : nil
        let cachedClaims = Self.readClaimCacheEarly(beside: output, catalog: catalog)
        let proving =
            previousOutput?.peek()
            ?? (provesWithStamps && FastPath.earlyStamps.isOn
                ? output.map { url in Pending { SiteWriter(outputURL: url).readPrevious() } } : nil)
        let sealed = proving == nil ? nil : SealedEntries.reading(beside: output, records: readsPreviousOutputEarly)
        let (renderer, fitted) = makePlan(
            catalog: catalog, templates: templates, previous: proving, sealed: sealed, engine: &engine)
        let plan = fitted.plan
        clock.lap("plan", Self.describe(fitted))
        let claims = verifyClaims(
            SiteBuild(plan: plan, renderer: renderer, catalog: catalog, warnings: [], timings: []),
            cachedClaims: cachedClaims, engine: &engine)
        if engine.hasErrors { throw DiagnosticsError(engine.sorted) }
        clock.lap("claims", claims.map { Self.describe($0, of: catalog.links.count) })
        var build = SiteBuild(
            plan: plan, renderer: renderer, catalog: catalog, warnings: engine.sorted, timings: clock.timings,
            // Only when something was matched: else the recorded cache is still exact.
            claimCache: claims.flatMap {
                $0.matched > 0
                    ? ClaimCache(key: $0.key, probePaths: catalog.links.map(ClaimVerifier.probePath(of:))) : nil
            },
            rendered: fitted.rendered, fingerprinted: fitted.fingerprints,
            provenOutput: provesWithStamps ? proving?.value : nil, previousOutput: previousOutput, inputs: inputs,
            lookupEntries: fitted.record
        )
        let damagedClaims =
            cachedClaims?.value.isDamaged == true ? output.map { WorkFolder(outputURL: $0).claims } : nil
        let damagedStamps = proving?.value.damagedStamps
        build.notes = (reading.damagedCaches + [sealed?.damaged, damagedClaims, damagedStamps].compactMap { $0 }).map {
            "the cache \($0.path) cannot be read; ignored, and read as none"
        }
        return build
    }
}
