@_spi(Generator) import TrampolineLink
import TrampolineModel

/// A link of the link table as plain data: its path, the id and shard it is found by, and what
/// its entry holds (docs/link-table.md): the deep link with its campaign applied, the deep link's
/// own query names, `forward_query`. Made once by the planner; the renderer seals and writes it.
package struct LinkTableRow: Sendable, Equatable, Encodable {
    package var path: String
    /// ``LinkSealing/name(host:path:shards:hash:)``: derived from the host and path, so the
    /// fingerprint (which has both) need not hold it.
    package var id: LinkID
    package var shard: Int
    /// The deep link as the page holds it before a visit (``Link/deferredLink``).
    package var deepLink: String
    /// ``Link/fixedQueryKeys``.
    package var fixed: [String]
    package var forwardQuery: Bool

    /// `host` is the site's, lower case; `shards` how many the table has.
    package init(_ link: Link, host: String, shards: Int) {
        let fixed = link.fixedQueryKeys
        path = link.path
        id = LinkID(host: host, path: link.path)
        shard = id.shard(of: shards)
        deepLink = link.deferredLink(fixed: fixed)
        self.fixed = fixed
        forwardQuery = link.options.forwardQuery
    }

    /// SHA-256 from swift-crypto: the same digest as the app library's, several times faster.
    package static let hash: LinkSealing.Hash = { Digest.bytes($0) }

    /// One string for the fingerprint, each field length-prefixed (no two rows can run together):
    /// a keyed container per row cost more than the rest of the table. `PlanEntry+Fingerprint.swift`
    /// writes the same bytes without making the string (`LinkFingerprintTests`).

    package func encode(to encoder: Encoder) throws {
        var text = ""
        for field in [path, deepLink] + fixed { text += "\(field.utf8.count):" + field }
        var container = encoder.singleValueContainer()
        try container.encode(text + (forwardQuery ? "t" : "f") + "\(fixed.count)")
    }
}
