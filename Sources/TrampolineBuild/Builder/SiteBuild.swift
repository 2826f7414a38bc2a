import Foundation
import TrampolineCatalog
import TrampolineModel
import TrampolineSite

/// A successful build, before writing: the catalog, its plan, the renderer that makes each
/// planned file, and the warnings found on the way.
package struct SiteBuild: Sendable {
    package private(set) var plan: SitePlan
    package private(set) var renderer: SiteRenderer
    package var catalog: Catalog
    package var warnings: [Diagnostic]
    /// How long each step took (templates, catalog, plan, claims), for `build --timings`.
    package var timings: [SiteBuilder.Timing]
    /// The claims this build verified, to record beside the output folder once it is written;
    /// nil when the recorded ones are still exact.
    var claimCache: ClaimCache? = nil
    /// Files already rendered while planning, by index in the plan's entries: the compact
    /// layout's shards, rendered to check that each fits (``SiteBuilder/fittingLookupShards``).
    package var rendered: RenderedFiles? = nil
    /// Fingerprints computed while planning, by index: the compact layout's shards, each proven
    /// unchanged by its stamp (and then not rendered) or rendered.
    var fingerprinted: [Int: Fingerprint] = [:]
    /// The output folder's last write as its stamps record it, when planning read it to prove
    /// files unchanged; `check` proves files with it too.
    var provenOutput: SiteWriter.Previous? = nil
    /// The output folder's previous state, being read since the build knew the folder
    /// (``SiteBuilder/readsPreviousOutputEarly``).
    var previousOutput: PreviousOutputRead? = nil
    /// What the build read, when it noted it for a ``BuildMemo``.
    var inputs: InputLog? = nil
    /// The compact layout's ``LookupEntryRecord``, to leave beside the output once it is written.
    var lookupEntries: Pending<[UInt8]?>? = nil
    /// What the build tells its user besides warnings: each cache file it found damaged and ignored.
    package var notes: [String] = []

    /// How many files the site has: the plan's and the manifest.
    package var fileCount: Int { plan.entries.count + 1 }

    /// The bytes of the file at `path`, rendered now; nil when the plan has no such file.
    package subscript(path: OutputPath) -> Data? {
        plan[path].map { Data(renderer.render($0)) }
    }

    /// The bytes of the plan's entry `index`: already rendered while planning, or rendered now.
    package func bytes(ofEntryAt index: Int) -> [UInt8] {
        Self.bytes(of: plan.entries, at: index, rendered: rendered, renderer: renderer)
    }

    /// Entry `index` of `entries`: its bytes from `rendered`, or rendered now.
    static func bytes(of entries: [PlanEntry], at index: Int, rendered: RenderedFiles?, renderer: SiteRenderer)
        -> [UInt8]
    {
        if let bytes = rendered?[index] { return bytes }
        return renderer.render(entries[index])
    }

    /// The bytes of the file at `path` (`topic/1/index.html`), for tests and small sites.
    package subscript(path: String) -> Data? {
        self[OutputPath(path)]
    }

    /// Every file with its bytes, all rendered at once: for small sites and tests.
    package var files: [String: Data] {
        Dictionary(uniqueKeysWithValues: plan.entries.map { ($0.path.value, Data(renderer.render($0))) })
    }

    /// What the writer needs: each planned file with its fingerprint and a way to render it.
    package var outputFiles: [OutputFile] {
        let source = RenderSource(renderer: renderer, entries: plan.entries, rendered: rendered)
        let fingerprints = allFingerprints
        // Each file holds the one shared source and its index: capturing the renderer (a struct
        // of a few hundred bytes) in each of 200k closures cost tens of megabytes, and a closure
        // per file an allocation. Made on one core: on two, every file's retain of the one
        // source fought for its count.
        return source.entries.indices.map { index in
            OutputFile(path: source.entries[index].path, fingerprint: fingerprints[index], index: index, of: source)
        }
    }

    /// What every file of ``outputFiles`` is rendered from, shared by reference.
    private final class RenderSource: OutputFile.Source {
        let renderer: SiteRenderer
        let entries: [PlanEntry]
        /// Files already rendered while planning, by index (see ``SiteBuild/rendered``).
        let rendered: RenderedFiles?

        init(renderer: SiteRenderer, entries: [PlanEntry], rendered: RenderedFiles?) {
            self.renderer = renderer
            self.entries = entries
            self.rendered = rendered
        }

        func bytes(ofFile index: Int) -> [UInt8] {
            SiteBuild.bytes(of: entries, at: index, rendered: rendered, renderer: renderer)
        }
    }

    /// Fingerprints (each entry encoded whole and hashed) on every core: a no-op rebuild spends
    /// much of its time here. Small chunks: the link table's shards, a few hundred entries that
    /// each cost as much as a thousand pages, come last and must not all fall to one core.
    /// Those in `known` (by index) are not computed again.
    static func fingerprints(of entries: [PlanEntry], renderer: SiteRenderer, known: [Int: Fingerprint])
        -> [Fingerprint]
    {
        concurrentMap(entries.count, chunk: 64) { index in
            if !known.isEmpty, let fingerprint = known[index] { return fingerprint }
            return renderer.fingerprint(of: entries[index])
        }
    }

    /// The fingerprint of each file, those computed while planning reused.
    package var allFingerprints: [Fingerprint] {
        Self.fingerprints(of: plan.entries, renderer: renderer, known: fingerprinted)
    }
}
