import TrampolineLink

extension Route {
    /// The AASA pattern that claims the route: each parameter a `*` (`/restaurant/*`). Apple's `*`
    /// also crosses `/`, so it claims a little more than the route (`/restaurant/42/menu`, and the
    /// trailing-slash form); the app shows its own "not found" for a link it does not know. A
    /// route starts with a literal segment, so no claim can reach the site's own top-level files.
    package var claimPattern: String {
        "/"
            + pattern.segments.map { segment in
                if case .literal(let text) = segment { text } else { "*" }
            }.joined(separator: "/")
    }

    /// A path the route matches, for `check` and the claim verifier: parameters get a value their
    /// constraint accepts (`123456`, a UUID, `sample`), a rest two segments.
    package var samplePath: String {
        "/"
            + pattern.segments.map { segment in
                switch segment {
                case .literal(let text): text
                case .parameter(_, .digits): "123456"
                case .parameter(_, .uuid): "123e4567-e89b-12d3-a456-426614174000"
                case .parameter(_, nil): "sample"
                case .rest: "a/b"
                }
            }.joined(separator: "/")
    }

    /// Android's `<data>` element: `pathPrefix` when the only parameter is a final `*rest`
    /// (`/files/`), otherwise a `pathPattern` in which a parameter is `..*` (one character or more;
    /// Android's `.*` also crosses `/`) and a literal `.` is escaped (`\\.` in the manifest).
    package var intentFilterData: (attribute: String, value: String) {
        let literals = pattern.segments.dropLast()
        if case .rest = pattern.segments.last, literals.allSatisfy({ if case .literal = $0 { true } else { false } }) {
            return (
                "pathPrefix",
                "/" + literals.map { if case .literal(let text) = $0 { text } else { "" } }.joined(separator: "/") + "/"
            )
        }
        let value =
            "/"
            + pattern.segments.map { segment in
                if case .literal(let text) = segment {
                    text.replacingOccurrences(of: ".", with: "\\\\.")
                } else {
                    "..*"
                }
            }.joined(separator: "/")
        return ("pathPattern", value)
    }
}
