import TrampolineModel

/// A link of the link table as plain data: its path and what its entry holds (docs/link-table.md):
/// the deep link with its campaign applied, the deep link's own query names, `forward_query`.
/// Made once by the planner; the renderer only writes it out.
package struct LinkTableRow: Sendable, Equatable, Encodable {
    package var path: String
    /// The deep link as the page holds it before a visit (``Link/deferredLink``).
    package var deepLink: String
    /// ``Link/fixedQueryKeys``.
    package var fixed: [String]
    package var forwardQuery: Bool

    package init(_ link: Link) {
        let fixed = link.fixedQueryKeys
        path = link.path
        deepLink = link.deferredLink(fixed: fixed)
        self.fixed = fixed
        forwardQuery = link.options.forwardQuery
    }

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
