/// A route's `items:` value: the file's name in the project and where the catalog names it.
@usableFromInline package struct ItemsReference: Sendable, Equatable, Encodable {
    package var name: String
    package var location: SourceLocation

    package init(name: String, location: SourceLocation) {
        self.name = name
        self.location = location
    }
}
