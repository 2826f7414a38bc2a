import TrampolineModel
import TrampolineSite

extension SiteBuilder {
    /// `plan` (compact layout) with every link-table shard within ``LookupShards/shardLimit``: the
    /// planner's shard count comes from an estimate, so the shards are measured, and the links
    /// planned again over more shards while one is too large. A shard whose stamp in `previous`
    /// proves the output holds its bytes (the same fingerprint, the file's stat unchanged) is
    /// measured by its stamp; the others are rendered (on every core). Returns the bytes of the
    /// shards rendered and the fingerprints of all (by index in the plan's entries), so neither is
    /// made a second time.
    static func fittingLookupShards(
        _ plan: SitePlan, catalog: Catalog, templates: TemplateSet, renderer: SiteRenderer,
        previous: SiteWriter.Previous?, engine: inout DiagnosticEngine
    ) -> (plan: SitePlan, rendered: [Int: [UInt8]], fingerprints: [Int: Fingerprint]) {
        var plan = plan
        for _ in 0..<4 {
            let shards = plan.entries.indices.filter { index in
                if case .lookupShard = plan.entries[index].content { return true }
                return false
            }
            let entries = plan.entries
            let measured = concurrentMap(shards.count, chunk: 4) { position -> (Fingerprint, Int, [UInt8]?) in
                let index = shards[position]
                let fingerprint = renderer.fingerprint(of: entries[index])
                if let size = previous?.provenSize(of: entries[index].path, at: index, fingerprint: fingerprint) {
                    return (fingerprint, size, nil)
                }
                let bytes = renderer.render(entries[index])
                return (fingerprint, bytes.count, bytes)
            }
            let largest = measured.map(\.1).max() ?? 0
            guard largest > LookupShards.shardLimit else {
                var rendered: [Int: [UInt8]] = [:]
                var fingerprints: [Int: Fingerprint] = [:]
                for (index, (fingerprint, _, bytes)) in zip(shards, measured) {
                    fingerprints[index] = fingerprint
                    if let bytes { rendered[index] = bytes }
                }
                return (plan, rendered, fingerprints)
            }
            var again = DiagnosticEngine()
            plan = SitePlanner.plan(
                for: catalog, templates: templates, shards: shards.count * largest / LookupShards.shardTarget + 1,
                engine: &again)
        }
        engine.error(
            "the link table does not fit in shards of \(LookupShards.shardLimit / 1024) KB",
            at: SourceLocation(file: catalog.links.first?.location.file ?? "site-config.yml", line: 1, column: 1),
            hint:
                "a single link is too large for the compact layout; shorten its description or use site.layout: folders"
        )
        return (plan, [:], [:])
    }

    /// A warning at `site.host` when the site has more files than that host takes.
    static func checkHostLimits(of plan: SitePlan, catalog: Catalog, engine: inout DiagnosticEngine) {
        guard let host = catalog.site.hosting, let limit = host.fileLimit else { return }
        // The plan's files and the manifest (as SiteBuild.fileCount counts them).
        let files = plan.entries.count + 1
        guard files > limit else { return }
        engine.warning(
            "the site has \(files) files, over the \(limit) files \(host.displayName) takes per deployment",
            at: catalog.hostLocation
                ?? SourceLocation(file: catalog.links.first?.location.file ?? "site-config.yml", line: 1, column: 1),
            hint: catalog.site.layout == .folders
                ? "use site.layout: compact (a few hundred files for 100,000 links; docs/compact.md), turn off qr_code, or move to a host with a higher limit"
                : "the compact layout needs one shard per \(LookupShards.shardTarget / 1024) KB of links; split the links across several sites"
        )
    }
}
