extension RoutePattern {
    /// One segment of a ``RoutePattern``.
    public enum Segment: Sendable, Hashable {
        /// Matches exactly this text (case-sensitive, compared with the decoded segment).
        case literal(String)
        /// `:name` or `:name(constraint)`: one non-empty segment.
        case parameter(name: String, constraint: RouteConstraint?)
        /// `*name`: the rest of the path, one or more segments.
        case rest(name: String)
    }
}
