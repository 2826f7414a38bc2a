/// A link in the compact layout's link table, with the behaviour of its template.
public struct LinkTableEntry: Sendable, Equatable, Encodable {
    public var link: Link
    public var behaviour: PageBehaviour

    public init(link: Link, behaviour: PageBehaviour) {
        self.link = link
        self.behaviour = behaviour
    }
}
