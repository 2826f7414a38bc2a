/// A link matched to a route: the pattern, its parameters and the link itself.
public struct RouteMatch: Sendable, Hashable {
    /// The link, with its query and source.
    public let link: IncomingLink
    /// The pattern that matched.
    public let pattern: RoutePattern
    /// The pattern's parameters, percent-decoded (`/plan/:id` on `/plan/42` gives `id: "42"`).
    public let parameters: [String: String]

    /// The path parameter `name`.
    public subscript(_ name: String) -> String? { parameters[name] }

    /// The first value of the query parameter `name` (`?x=1` gives `query("x") == "1"`).
    public func query(_ name: String) -> String? { link.value(of: name) }
}
