import Foundation

extension SiteBuilder {
    /// A rough page budget: phones on slow networks should get the page in one round trip.
    static let pageBudget = 8 * 1024

    /// Catalog values shorter than this (in bytes, all together) cannot push a page over the
    /// budget, so ``pageBudgetWarnings(of:)`` renders only longer ones to measure.
    static let budgetCheckThreshold = 1024

    /// A warning at each link whose page has more than ``pageBudget`` bytes, in catalog order;
    /// `size` gives the size of the plan entry at an index.
    ///
    /// A build measures nothing of its own: the writer renders every page it writes (or proves an
    /// unchanged one by its stamp, whose size is the file's), so ``write(_:to:progress:)`` takes
    /// the sizes from it and no page is rendered twice. `check`, which writes nothing, renders the
    /// pages it must measure (``pageBudgetWarnings(of:)``). `PageBudgetTests` holds the two to the
    /// same warnings.
    static func pageBudgetWarnings(of site: SiteBuild, size: (Int) -> Int?) -> [Diagnostic] {
        var engine = DiagnosticEngine()
        // The plan holds link pages in catalog order: walk it, sizes first (no lookup per link).
        for (index, entry) in site.plan.entries.enumerated() {
            guard let bytes = size(index), bytes > pageBudget, case .linkPage(let link, _, _) = entry.content,
                entry.path == link.pageOutputPath
            else { continue }
            engine.warning(
                "the page for \(link.path) is \(bytes) bytes, over the \(pageBudget)-byte (\(pageBudget / 1024) KB) budget",
                at: link.location, hint: "shorten its description or title")
        }
        return engine.diagnostics
    }

    /// The same warnings without a write: the pages whose values could pass the budget rendered,
    /// on every core, and measured.
    static func pageBudgetWarnings(of site: SiteBuild) -> [Diagnostic] {
        let links = site.catalog.links
        let measured = links.indices.filter { links[$0].budgetEstimate > budgetCheckThreshold }
        let indexes = measured.compactMap { site.plan.index(of: links[$0].pageOutputPath) }
        let sizes = concurrentMap(indexes.count) { site.renderer.render(site.plan.entries[indexes[$0]]).count }
        let byIndex = Dictionary(zip(indexes, sizes), uniquingKeysWith: { first, _ in first })
        return pageBudgetWarnings(of: site, size: { byIndex[$0] })
    }
}
