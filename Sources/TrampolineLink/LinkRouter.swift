/// Matches links against route patterns. Patterns are tried in the order they were added and the
/// first match wins, so add specific routes (`/plan/new`) before general ones (`/plan/:id`).
/// Universal links and custom-scheme URLs share one table: both arrive as an ``IncomingLink``
/// whose ``IncomingLink/path`` is the same for the same screen.
public struct LinkRouter: Sendable, Hashable {
    /// The patterns, in the order they are tried.
    public private(set) var patterns: [RoutePattern]

    public init(_ patterns: [RoutePattern] = []) {
        self.patterns = patterns
    }

    /// Adds `pattern` after the ones already there.
    public mutating func add(_ pattern: RoutePattern) {
        patterns.append(pattern)
    }

    /// The first route matching `link`, or nil (the caller hands the link to its fallback).
    public func match(_ link: IncomingLink) -> (index: Int, match: RouteMatch)? {
        for (index, pattern) in patterns.enumerated() {
            if let parameters = pattern.match(segments: link.segments) {
                return (index, RouteMatch(link: link, pattern: pattern, parameters: parameters))
            }
        }
        return nil
    }
}
