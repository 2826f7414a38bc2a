import Foundation

/// The fast paths a build can be made to go without, each standing for a plain path (or a library)
/// that produces the same bytes. `TRAMPOLINE_PLAIN_PATHS` turns them off: `all`, or names separated
/// by commas. It is read by tests (`PlainPathsTests` builds every test catalog both ways and
/// compares every byte) and by `Benchmarks/fast_paths.py`, which measures what each one saves;
/// users have no reason to set it. The map of all fast paths is contributing/fast-paths.md.
package enum FastPath: String, CaseIterable, Sendable {
    /// `YAMLSimpleList`: plain list entries read without libyaml.
    case yamlSimpleList = "yaml-simple-list"
    /// The link cache, the catalog layout and the list read in pieces: a rebuild reads only what changed.
    case linkCache = "link-cache"
    /// `CatalogReader+ItemsCache`: a rebuild decodes an items file's unchanged rows from its cache.
    case itemsCache = "items-cache"
    /// `CatalogReader+LinksFileCache.swift`: a CSV links file's rows looked up in its cache by their bytes.
    case linksFileCache = "links-file-cache"
    /// `CatalogRules.isPlainlyValidWebURL`: plain http(s) URLs accepted by bytes.
    case webURLBytes = "web-url-bytes"
    /// `UTF8Check`: the catalog's UTF-8 checked in place.
    case utf8Check = "utf8-check"
    /// `ClaimVerifier+FastProbes`: the claims check by bytes.
    case claimBytes = "claim-bytes"
    /// `ASCIIPattern`: AASA patterns matched by a byte program.
    case aasaBytePatterns = "aasa-byte-patterns"
    /// `ClaimCache`: a rebuild matches only the links not verified before.
    case claimCache = "claim-cache"
    /// `PlanEntry+Fingerprint`: link pages' and QR codes' fingerprints written directly.
    case fingerprint = "fingerprint"
    /// `SplicingTemplate`: values spliced into pre-rendered text instead of swift-mustache per page.
    case splicing = "splicing"
    /// `SiteWriter+FreshFolder`: a first build made beside the folder and renamed once.
    case freshFolder = "fresh-folder"
    /// `PreviousOutputRead` and `StampCache`: the last build's stamps and `stat`s, read early on all cores, prove
    /// files unchanged without reading them.
    case earlyStamps = "early-stamps"
    /// `BuildMemo`: a build whose inputs and output are as the last build left them replays its
    /// summary instead of reading the catalog.
    case buildMemo = "build-memo"
    /// `SiteBuilder+SealedEntries`: a compact rebuild seals only the lookup entries that changed,
    /// taking the others from the shard files it wrote before.
    case sealedEntries = "sealed-entries"
    /// `Link.source`: a link read from a catalog entry is fingerprinted by that entry's digest
    /// (under the link cache's key) instead of its values (`LinkBatchChecker`, `PlanEntry+Fingerprint`).
    case linkSources = "link-sources"

    package static let environmentVariable = "TRAMPOLINE_PLAIN_PATHS"

    /// The fast paths turned off for this process.
    package static let off: Set<FastPath> = parse(ProcessInfo.processInfo.environment[environmentVariable])

    package var isOn: Bool { !Self.off.contains(self) }

    static func parse(_ value: String?) -> Set<FastPath> {
        guard let value, !value.isEmpty else { return [] }
        if value == "all" { return Set(allCases) }
        return Set(value.split(separator: ",").compactMap { FastPath(rawValue: String($0)) })
    }
}
