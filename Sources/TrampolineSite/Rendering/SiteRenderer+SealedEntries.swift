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
        guard FastPath.fingerprint.isOn else { return nil }
        if let sourced = sourcedLookupShardFingerprints(of: entry) { return sourced }
        guard let (bytes, ranges) = entry.lookupShardFingerprintBytes() else { return nil }
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

    /// ``lookupShardFingerprints(of:)`` for a shard whose links all have a ``Link/source``
    /// (``FastPath/linkSources``; every link read through a cache): no entry is encoded or hashed.
    /// An entry's sealed text follows from the renderer's context, its link's values (which the
    /// source stands for), its id (the site's host, in the context, and the link's path, in the
    /// source) and its behaviour; so its digest is the source XORed with a mask that is SHA-256
    /// of the context and the behaviour. Both are SHA-256 outputs, the source keyed with the
    /// user's secret: a change of either changes the digest, and nobody can aim two entries at
    /// one. The shard's fingerprint hashes the context, a tag no encoding starts with (``FingerprintBytes``
    /// starts with `{`), the shard and its digests in order. Nil for other entries.
    func sourcedLookupShardFingerprints(of entry: PlanEntry) -> (shard: Fingerprint, entries: [EntryDigest])? {
        guard FastPath.linkSources.isOn, case .lookupShard(let number, let links) = entry.content else { return nil }
        var masks: [(PageBehaviour, EntryDigest)] = []
        var entries: [EntryDigest] = []
        entries.reserveCapacity(links.count)
        let complete = links.withUnsafeBufferPointer { links in
            for index in links.indices {
                guard let source = links[index].link.source else { return false }
                let behaviour = links[index].behaviour
                let mask: EntryDigest
                if let known = masks.first(where: { $0.0 == behaviour }) {
                    mask = known.1
                } else {
                    let words = Digest.fingerprint(contextDigest, Array("#sealed-entry/\(behaviour.rawValue)".utf8))
                        .words
                    mask = EntryDigest(words[0], words[1])
                    masks.append((behaviour, mask))
                }
                entries.append(source ^ mask)
            }
            return true
        }
        guard complete else { return nil }
        var composed = Array("#sourced-lookup-shard/\(number)/\(entry.path.value)/\(links.count)\n".utf8)
        composed.reserveCapacity(composed.count + entries.count * 16)
        for digest in entries {
            for word in 0..<2 { withUnsafeBytes(of: digest[word].bigEndian) { composed += $0 } }
        }
        return (Digest.fingerprint(contextDigest, composed), entries)
    }

    /// The bytes of `entry`; in a lookup shard, each entry `sealed` has a text for is that text,
    /// sealed before, instead of being sealed again.
    package func render(_ entry: PlanEntry, reusingSealed sealed: SealedTexts) -> [UInt8] {
        guard sealed.count > 0, case .lookupShard(_, let links) = entry.content else { return render(entry) }
        return lookupShardBytes(links, sealed: sealed)
    }
}
