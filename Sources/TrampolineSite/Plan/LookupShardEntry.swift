import TrampolineModel

/// A link in the compact layout's link table, with its id (as the app's link table names it,
/// ``LinkTableRow/id``) and the behaviour of its template.
package struct LookupShardEntry: Sendable, Equatable, Encodable {
    package var link: Link
    package var id: String
    package var behaviour: PageBehaviour

    package init(link: Link, id: String, behaviour: PageBehaviour) {
        self.link = link
        self.id = id
        self.behaviour = behaviour
    }
}
