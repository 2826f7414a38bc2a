import Foundation

/// Turns a catalog file into a ``SitePlan``: load, validate, render. Nothing here writes to disk.
public struct SiteBuilder: Sendable {
    /// The catalog file.
    public var configURL: URL
    /// How diagnostics name the catalog file (what the user typed).
    public var configDisplayPath: String

    public init(configURL: URL, configDisplayPath: String? = nil) {
        self.configURL = configURL
        self.configDisplayPath = configDisplayPath ?? configURL.path
    }

    /// The result of a successful build: the plan, the catalog it came from and any warnings.
    public struct Result: Sendable {
        public var plan: SitePlan
        public var catalog: Catalog
        public var warnings: [Diagnostic]
        /// How long each step took (templates, catalog, plan), for `build --timings`.
        public var timings: [Timing] = []
    }

    /// One step of a build and its wall-clock time.
    public struct Timing: Sendable {
        public var step: String
        public var duration: Duration

        public init(step: String, duration: Duration) {
            self.step = step
            self.duration = duration
        }
    }

    /// The `Templates/` folder beside the catalog, whose files override the built-ins by name.
    public var templatesURL: URL {
        configURL.deletingLastPathComponent().appendingPathComponent("Templates", isDirectory: true)
    }

    /// Builds the plan, or throws ``DiagnosticsError`` with every problem found.
    public func build() throws -> Result {
        var engine = DiagnosticEngine()
        let clock = ContinuousClock()
        var timings: [Timing] = []
        var last = clock.now
        func lap(_ step: String) {
            let now = clock.now
            timings.append(Timing(step: step, duration: now - last))
            last = now
        }
        let templatesDisplay = (configDisplayPath as NSString).deletingLastPathComponent
        let templates = TemplateSet.load(
            overrides: templatesURL,
            displayDirectory: templatesDisplay.isEmpty ? "Templates" : "\(templatesDisplay)/Templates",
            engine: &engine
        )
        lap("templates")
        let loader = CatalogLoader(knownTemplates: templates?.linkTemplateNames)
        let (catalog, catalogDiagnostics) = loader.load(contentsOf: configURL, displayPath: configDisplayPath)
        engine.append(contentsOf: catalogDiagnostics)
        lap("catalog")
        guard let catalog, let templates, !engine.hasErrors else {
            throw DiagnosticsError(engine.sorted)
        }
        let plan = Self.plan(for: catalog, templates: templates, engine: &engine)
        if engine.hasErrors { throw DiagnosticsError(engine.sorted) }
        lap("plan and claims")
        return Result(plan: plan, catalog: catalog, warnings: engine.sorted, timings: timings)
    }

    /// A rough page budget: phones on slow networks should get the page in one round trip.
    static let pageBudget = 8 * 1024

    /// Catalog values shorter than this (in bytes, all together) cannot push a page over the
    /// budget, so only longer ones are rendered here to measure; the rest render when written.
    static let budgetCheckThreshold = 1024

    static func plan(for catalog: Catalog, templates: TemplateSet, engine: inout DiagnosticEngine) -> SitePlan {
        let renderer = PageRenderer(catalog: catalog, templates: templates)
        var plan = SitePlan(renderer: renderer)
        for (index, link) in catalog.links.enumerated() {
            let valueBytes = link.title.utf8.count * 6 + (link.description?.utf8.count ?? 0) * 3
                + (link.image?.utf8.count ?? 0) * 3 + link.deepLink.utf8.count * 2 + (link.webURL?.utf8.count ?? 0) * 2
                + link.campaign.reduce(0) { $0 + ($1.name.utf8.count + $1.value.utf8.count) * 6 }
            if valueBytes > budgetCheckThreshold {
                let size = renderer.linkPageBytes(link).count
                if size > pageBudget {
                    engine.warning("the page for \(link.path) is \(size / 1024) KB, over the \(pageBudget / 1024) KB budget", at: link.location, hint: "shorten its description or title")
                }
            }
            plan.addPage(String(link.path.dropFirst()) + "/index.html", linkIndex: index)
        }
        plan.add("index.html", renderer.specialPage("index"))
        plan.add("404.html", renderer.specialPage("404"))
        plan.add("loadCookie.html", renderer.specialPage("loadCookie"))
        plan.add(".nojekyll", "")
        plan.add("_headers", Self.headers)
        let aasa = AppSiteAssociation.json(for: catalog)
        // Read the file back with Apple's matching rules: an AASA that misses a link, claims
        // loadCookie.html or is too large becomes a build error, so it is never written.
        ClaimVerifier.verify(aasa: Data(aasa.utf8), catalog: catalog, engine: &engine)
        plan.add(".well-known/apple-app-site-association", aasa)
        plan.add("apple-app-site-association", aasa)
        return plan
    }

    /// Netlify and Cloudflare Pages read `_headers`: serve the AASA as JSON, never cached for long.
    static let headers = """
    /.well-known/apple-app-site-association
      Content-Type: application/json
      Cache-Control: max-age=300
    /apple-app-site-association
      Content-Type: application/json
      Cache-Control: max-age=300

    """
}
