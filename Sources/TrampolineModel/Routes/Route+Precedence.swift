import TrampolineLink

extension Route {
    /// Whether `self` is tried before `other`: segment by segment from the left, a literal beats
    /// a constrained parameter, which beats a parameter, which beats `*rest`; the first segment
    /// where two routes differ decides. Two different literals (or constraints) there mean the
    /// routes never match the same path, and they go by their text, for a readable order. When one
    /// route's segments start the other's, the longer goes first; routes that differ only in
    /// parameter names have the same ``shape``, which the catalog rejects.
    ///
    /// The same order is used by `_redirects` (first rule wins), the 404 page's table and `match`.
    package func precedes(_ other: Route) -> Bool {
        let a = pattern.segments.map(Self.key)
        let b = other.pattern.segments.map(Self.key)
        for (x, y) in zip(a, b) where x != y {
            return x.rank != y.rank ? x.rank < y.rank : x.text < y.text
        }
        if a.count != b.count { return a.count > b.count }
        return pattern.text < other.pattern.text
    }

    /// A segment's place in the order: its kind (0 for the most specific), then its literal text
    /// or constraint.
    static func key(_ segment: RoutePattern.Segment) -> (rank: Int, text: String) {
        switch segment {
        case .literal(let text): (0, text)
        case .parameter(_, let constraint?): (1, constraint.rawValue)
        case .parameter(_, nil): (2, "")
        case .rest: (3, "")
        }
    }

    /// `routes` in the order they are tried.
    package static func ordered(_ routes: [Route]) -> [Route] {
        routes.sorted { $0.precedes($1) }
    }
}
