import TrampolineLink

extension Route {
    /// The pattern pre-parsed for the page's script, as JSON: a literal is a string, a parameter
    /// `[":", name]` or `[":", name, constraint]`, a rest `["*", name]`. The script only matches
    /// and fills in; the grammar stays in one place (``RoutePattern``).
    package var scriptSegments: String {
        "["
            + pattern.segments.map { segment in
                switch segment {
                case .literal(let text): Escaping.jsonString(text)
                case .parameter(let name, let constraint):
                    "[\":\"," + Escaping.jsonString(name)
                        + (constraint.map { "," + Escaping.jsonString($0.rawValue) } ?? "") + "]"
                case .rest(let name): "[\"*\"," + Escaping.jsonString(name) + "]"
                }
            }.joined(separator: ",") + "]"
    }
}
