import TrampolineModel

/// A link in the compact layout's link table, with its id (as the app's link table names it,
/// ``LinkTableRow/id``) and the behaviour of its template.
package struct LookupShardEntry: Sendable, Equatable, Encodable {
    package var link: Link
    package var id: LinkID
    package var behaviour: PageBehaviour

    package init(link: Link, id: LinkID, behaviour: PageBehaviour) {
        self.link = link
        self.id = id
        self.behaviour = behaviour
    }

    private enum CodingKeys: String, CodingKey { case link, id, behaviour }

    /// As when the id was its hex string (fingerprints keep their bytes).
    package func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(link, forKey: .link)
        try container.encode(id.hex, forKey: .id)
        try container.encode(behaviour, forKey: .behaviour)
    }
}
