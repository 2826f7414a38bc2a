import TrampolineModel

/// The renderer's side of the fast path `sealed-entries` (the builder's is
/// `SiteBuilder+SealedEntries.swift`): a lookup shard's entries told apart by their digests, so a
/// rebuild seals only the entries that changed and takes the others, sealed, from the shard it
/// wrote before. Sealing an entry is the same bytes every time (docs/link-table.md, "Sealed
/// entries"), so the shard is the same bytes either way; `SealedEntriesTests` holds the two to it.
extension SiteRenderer {
    /// An entry's digest: the first 16 bytes of SHA-256 over the renderer's context (site, app,
    /// templates, version) and the entry as its shard's fingerprint encodes it. Equal digests,
    /// equal sealed text.
    package typealias EntryDigest = SIMD2<UInt64>

    /// A lookup shard's fingerprint (what ``fingerprint(of:)`` gives) and its links' entry
    /// digests, in the order of its links, from one encoding; nil for other entries, and with the
    /// fast fingerprints off. The shard's fingerprint hashes its encoding with each entry's bytes
    /// replaced by their whole SHA-256 (the entry digest is its first half): each entry's bytes
    /// are hashed once, not twice.
    package func lookupShardFingerprints(of entry: PlanEntry) -> (shard: Fingerprint, entries: [EntryDigest])? {
        guard FastPath.fingerprint.isOn, let (bytes, ranges) = entry.lookupShardFingerprintBytes() else { return nil }
        var entries: [EntryDigest] = []
        entries.reserveCapacity(ranges.count)
        var composed: [UInt8] = []
        composed.reserveCapacity(64 + ranges.count * 40)
        var at = 0
        for range in ranges {
            composed += bytes[at..<range.lowerBound]
            let digest = Digest.fingerprint(contextDigest, bytes[range])
            for word in 0..<4 { withUnsafeBytes(of: digest.words[word].bigEndian) { composed += $0 } }
            entries.append(EntryDigest(digest.words[0], digest.words[1]))
            at = range.upperBound
        }
        composed += bytes[at...]
        return (Digest.fingerprint(contextDigest, composed), entries)
    }

    /// The bytes of `entry`; in a lookup shard, each entry `sealed` has a text for is that text,
    /// sealed before, instead of being sealed again.
    package func render(_ entry: PlanEntry, reusingSealed sealed: SealedTexts) -> [UInt8] {
        guard sealed.count > 0, case .lookupShard(_, let links) = entry.content else { return render(entry) }
        return lookupShardBytes(links, sealed: sealed)
    }
}
