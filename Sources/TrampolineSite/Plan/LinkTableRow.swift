@_spi(Generator) import TrampolineLink
import TrampolineModel

/// A link of the link table as plain data: the link, and the id and shard it is found by. What
/// its entry holds (docs/link-table.md: the deep link with its campaign applied, the deep link's
/// own query names, `forward_query`) is made from the link where the entry is written
/// (``target``), not held: a million-link plan held a composed deep link per row. Its fingerprint
/// is what the entry is made of (``encode(to:)``).
package struct LinkTableRow: Sendable, Equatable, Encodable {
    /// The link (its box, shared with the catalog's).
    package var link: Link
    /// ``LinkSealing/name(host:path:shards:hash:)``: derived from the host and path, so the
    /// fingerprint (which has both) need not hold it.
    package var id: LinkID
    package var shard: Int

    /// `host` is the site's, lower case; `shards` how many the table has.
    package init(_ link: Link, host: String, shards: Int) {
        self.init(link, ids: LinkID.Namer(host: host), shards: shards)
    }

    /// A row whose id `ids` (the site's host) names.
    package init(_ link: Link, ids: LinkID.Namer, shards: Int) {
        self.link = link
        id = ids.id(of: link.path)
        shard = id.shard(of: shards)
    }

    package var path: String { link.path }
    package var forwardQuery: Bool { link.options.forwardQuery }

    /// The deep link as the page holds it before a visit (``Link/deferredLink``) and
    /// ``Link/fixedQueryKeys``, worked out together.
    package var target: (deepLink: String, fixed: [String]) {
        let fixed = link.fixedQueryKeys
        return (link.deferredLink(fixed: fixed), fixed)
    }

    /// SHA-256 from swift-crypto: the same digest as the app library's, several times faster.
    package static let hash: LinkSealing.Hash = { Digest.bytes($0) }

    /// One string for the fingerprint: what the entry is made of (``target``: the path, the deep
    /// link and the campaign, each length-prefixed so no two rows can run together), then `t` or
    /// `f` for `forward_query` and the campaign's count; not the entry itself, whose composed
    /// deep link was a tenth of a folders rebuild's fingerprinting. A keyed container per row
    /// cost more than the rest of the table. `PlanEntry+Fingerprint.swift` writes the same bytes
    /// without making the string (`LinkFingerprintTests`).
    package func encode(to encoder: Encoder) throws {
        let campaign = link.campaign
        var text = ""
        for field in [path, link.deepLink] + campaign.flatMap({ [$0.name, $0.value] }) {
            text += "\(field.utf8.count):" + field
        }
        var container = encoder.singleValueContainer()
        try container.encode(text + (forwardQuery ? "t" : "f") + "\(campaign.count)")
    }
}
