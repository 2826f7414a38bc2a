/// One `name=value` pair of a link's query, percent- and form-decoded (`+` is a space), as the
/// pages' `URLSearchParams` wrote it.
public struct QueryParameter: Sendable, Hashable {
    public var name: String
    public var value: String

    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }
}
