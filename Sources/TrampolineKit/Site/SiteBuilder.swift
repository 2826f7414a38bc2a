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
    }

    /// The `Templates/` folder beside the catalog, whose files override the built-ins by name.
    public var templatesURL: URL {
        configURL.deletingLastPathComponent().appendingPathComponent("Templates", isDirectory: true)
    }

    /// Builds the plan, or throws ``DiagnosticsError`` with every problem found.
    /// - Parameter progress: called as pages are rendered with (pages done, pages in all), at most
    ///   about a hundred times per build, so a terminal can show progress on large catalogs.
    public func build(progress: ((_ done: Int, _ total: Int) -> Void)? = nil) throws -> Result {
        var engine = DiagnosticEngine()
        let templatesDisplay = (configDisplayPath as NSString).deletingLastPathComponent
        let templates = TemplateSet.load(
            overrides: templatesURL,
            displayDirectory: templatesDisplay.isEmpty ? "Templates" : "\(templatesDisplay)/Templates",
            engine: &engine
        )
        let loader = CatalogLoader(knownTemplates: templates?.linkTemplateNames)
        let (catalog, catalogDiagnostics) = loader.load(contentsOf: configURL, displayPath: configDisplayPath)
        engine.append(contentsOf: catalogDiagnostics)
        guard let catalog, let templates, !engine.hasErrors else {
            throw DiagnosticsError(engine.sorted)
        }
        let plan = Self.plan(for: catalog, templates: templates, engine: &engine, progress: progress)
        if engine.hasErrors { throw DiagnosticsError(engine.sorted) }
        return Result(plan: plan, catalog: catalog, warnings: engine.sorted)
    }

    /// A rough page budget: phones on slow networks should get the page in one round trip.
    static let pageBudget = 8 * 1024

    static func plan(for catalog: Catalog, templates: TemplateSet, engine: inout DiagnosticEngine, progress: ((Int, Int) -> Void)? = nil) -> SitePlan {
        let renderer = PageRenderer(catalog: catalog, templates: templates)
        var plan = SitePlan()
        let total = catalog.links.count
        // Report every 1% (and the last page) so the callback never dominates a large build.
        let step = max(1, total / 100)
        for (index, link) in catalog.links.enumerated() {
            defer { if let progress, (index + 1) % step == 0 || index + 1 == total { progress(index + 1, total) } }
            let html = renderer.linkPage(link)
            if html.utf8.count > pageBudget {
                engine.warning("the page for \(link.path) is \(html.utf8.count / 1024) KB, over the \(pageBudget / 1024) KB budget", at: link.location, hint: "shorten its description or title")
            }
            plan.add(String(link.path.dropFirst()) + "/index.html", html)
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
