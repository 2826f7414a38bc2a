import TrampolineModel

/// A link in the compact layout's link table, with the behaviour of its template.
package struct LookupShardEntry: Sendable, Equatable, Encodable {
    package var link: Link
    package var behaviour: PageBehaviour

    package init(link: Link, behaviour: PageBehaviour) {
        self.link = link
        self.behaviour = behaviour
    }
}
