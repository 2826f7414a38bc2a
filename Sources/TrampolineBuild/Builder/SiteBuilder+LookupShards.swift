import TrampolineModel
import TrampolineSite

extension SiteBuilder {
    /// What ``fittingLookupShards`` gives: the plan fitted, the bytes of the shards rendered
    /// (``RenderedFiles``) and the fingerprints of all (by index in the plan's entries), so
    /// neither is made a second time;
    /// the ``LookupEntryRecord`` to leave for the next build, and how many entries were taken
    /// sealed from the last one (``SealedEntries``).
    struct FittedShards {
        var plan: SitePlan
        var rendered: RenderedFiles? = nil
        var fingerprints: [Int: Fingerprint] = [:]
        /// Made on another core while the build goes on: a serial stretch of a rebuild.
        var record: Pending<[UInt8]?>? = nil
        var entries = 0
        var entriesTaken = 0
    }

    /// `plan` (compact layout) with every link-table shard within ``LookupShards/shardLimit``: the
    /// planner's shard count comes from an estimate, so the shards are measured, and the links
    /// planned again over more shards while one is too large. A shard whose stamp in `previous`
    /// proves the output holds its bytes (the same fingerprint, the file's stat unchanged) is
    /// measured by its stamp; the others are rendered (on every core), each entry that `sealed`
    /// holds unchanged taken from there. Each shard rendered is kept as it is made, in a
    /// ``RenderedFiles`` that `keeping` makes (one per attempt: a plan planned again drops the
    /// last attempt's).
    static func fittingLookupShards(
        _ plan: SitePlan, catalog: Catalog, templates: TemplateSet, renderer: SiteRenderer,
        previous: SiteWriter.Previous?, sealed: SealedEntries? = nil,
        keeping: () -> RenderedFiles = { RenderedFiles() }, engine: inout DiagnosticEngine
    ) -> FittedShards {
        var plan = plan
        for _ in 0..<4 {
            let rendered = keeping()
            let shards = plan.entries.indices.filter { index in
                if case .lookupShard = plan.entries[index].content { return true }
                return false
            }
            let entries = plan.entries
            let measured = concurrentMap(shards.count, chunk: 4) { position -> MeasuredShard in
                let index = shards[position]
                let (fingerprint, digests) =
                    renderer.lookupShardFingerprints(of: entries[index])
                    ?? (renderer.fingerprint(of: entries[index]), nil)
                if let size = previous?.provenSize(of: entries[index].path, at: index, fingerprint: fingerprint) {
                    return MeasuredShard(fingerprint: fingerprint, digests: digests, size: size)
                }
                var taken = SealedTexts.none
                if let sealed, let digests, case .lookupShard(let number, _) = entries[index].content {
                    taken = sealed.reusable(
                        entries[index], number: number, of: shards.count, at: index, digests: digests,
                        previous: previous)
                }
                let bytes = renderer.render(entries[index], reusingSealed: taken)
                rendered.store(bytes, at: index)
                return MeasuredShard(
                    fingerprint: fingerprint, digests: digests, size: bytes.count, isRendered: true, taken: taken.count)
            }
            let largest = measured.map(\.size).max() ?? 0
            guard largest > LookupShards.shardLimit else {
                var fitted = FittedShards(plan: plan, rendered: rendered)
                var digests: [Int: [SiteRenderer.EntryDigest]] = [:]
                for (index, shard) in zip(shards, measured) {
                    fitted.fingerprints[index] = shard.fingerprint
                    digests[index] = shard.digests
                    if shard.isRendered {
                        fitted.entries += shard.digests?.count ?? 0
                        fitted.entriesTaken += shard.taken
                    }
                }
                if sealed?.records == true {
                    let (made, fingerprints) = (plan, fitted.fingerprints)
                    fitted.record = Pending { [digests] in
                        lookupEntryRecord(of: made, shards: shards, fingerprints: fingerprints, digests: digests)
                    }
                }
                return fitted
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
        return FittedShards(plan: plan)
    }

    /// One lookup shard measured: by its stamp (no bytes) or rendered.
    private struct MeasuredShard: Sendable {
        var fingerprint: Fingerprint
        var digests: [SiteRenderer.EntryDigest]?
        var size: Int
        /// Whether it was rendered (its bytes are in the attempt's ``RenderedFiles``).
        var isRendered = false
        /// How many of its entries were taken sealed from the last write.
        var taken = 0
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
