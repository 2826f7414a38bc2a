import Foundation

extension SiteBuilder {
    /// A rough page budget: phones on slow networks should get the page in one round trip.
    static let pageBudget = 8 * 1024

    /// Catalog values shorter than this (in bytes, all together) cannot push a page over the
    /// budget, so only longer ones are rendered here to measure; the rest render when written.
    static let budgetCheckThreshold = 1024

    /// A warning at each link whose page passes ``pageBudget``. Returns the fingerprints of every
    /// plan entry when it computed them (see below), for the writer.
    ///
    /// The fast path: a page whose fingerprint is the one `previous` (the output folder's stamp
    /// cache) recorded was written with those very bytes, so its size is the recorded one and it
    /// is not rendered again; a rebuild then renders only the pages that changed. Any other page
    /// (no stamp, another fingerprint, no size) is rendered to be measured, on every core, as the
    /// writer renders. `PageBudgetTests` holds the two paths to the same warnings.
    static func checkPageBudget(of site: SiteBuild, previous: () -> StampCache, engine: inout DiagnosticEngine) -> [Fingerprint]? {
        let links = site.catalog.links
        let measured = links.indices.filter { links[$0].budgetEstimate > budgetCheckThreshold }
        guard !measured.isEmpty else { return nil }
        let stamps = previous()
        // Against a cache, every entry's fingerprint: the writer needs them all next, so they are
        // computed once, here.
        let fingerprints = stamps.entries.isEmpty ? nil : SiteBuild.fingerprints(of: site.plan.entries, renderer: site.renderer)
        let sizes = concurrentMap(measured.count) { k in
            let path = links[measured[k]].pageOutputPath
            guard let index = site.plan.index(of: path) else { return 0 }
            if let fingerprints, let stamp = stamps.entries[path.value], stamp.fingerprint == fingerprints[index] {
                return stamp.size
            }
            return site.renderer.render(site.plan.entries[index]).count
        }
        for (k, index) in measured.enumerated() where sizes[k] > pageBudget {
            engine.warning("the page for \(links[index].path) is \(sizes[k]) bytes, over the \(pageBudget)-byte (\(pageBudget / 1024) KB) budget", at: links[index].location, hint: "shorten its description or title")
        }
        return fingerprints
    }
}
