@_spi(Generator) import TrampolineLink

/// The catalog's rules for routes: paths with parameters.
extension CatalogRules {
    /// A broken rule at a column of the value (1-based, in Unicode scalars), when one is known.
    package struct PlacedViolation: Error {
        package var violation: RuleViolation
        package var column: Int?
    }

    /// Whether a catalog path is a route rather than a plain link: a segment starts with `:` or
    /// `*`, or the path has a `*` (which plain paths never allow). `/x/:y` is a route.
    package static func isRoutePath(_ raw: String) -> Bool {
        // Byte scans first: most paths have neither character, and this runs for every link.
        if raw.containsBytes("*") { return true }
        guard raw.containsBytes(":") else { return false }
        return raw.split(separator: "/").contains { $0.hasPrefix(":") }
    }

    /// Parses a route path with the app library's grammar, drops one trailing slash, and applies
    /// the rules plain paths follow to its literal segments (no hidden or `..` segments, no
    /// reserved folders).
    package static func route(_ raw: String) -> Result<Route, PlacedViolation> {
        var text = raw
        if text.count > 1, text.hasSuffix("/"), !text.hasSuffix("//") { text.removeLast() }
        let pattern: RoutePattern
        switch routePattern(text) {
        case .success(let parsed): pattern = parsed
        case .failure(let error):
            return .failure(PlacedViolation(violation: violation(error, in: raw), column: error.column))
        }
        guard !pattern.parameterNames.isEmpty else {
            return .failure(PlacedViolation(violation: .init("route \(quoted(raw)) has no parameter"), column: nil))
        }
        // A route that starts with a parameter would take over the site's own files (/index.html,
        // /loadCookie.html, /.well-known/…) on hosts whose rewrite rules beat existing files.
        guard case .literal = pattern.segments.first else {
            return .failure(
                PlacedViolation(
                    violation: .init(
                        "route \(quoted(raw)) starts with a parameter",
                        hint:
                            "start a route with a literal segment, such as /restaurant/:id; the site's own pages live at the top"
                    ), column: 2))
        }
        var column = 2
        var literalPrefix = ""
        var prefixOpen = true
        for segment in pattern.segments {
            defer { column += 1 }
            guard case .literal(let literal) = segment else {
                prefixOpen = false
                column += segmentLength(segment)
                continue
            }
            if prefixOpen { literalPrefix += "/" + literal }
            if literal.contains("..") {
                return .failure(
                    PlacedViolation(
                        violation: .init(
                            "route \(quoted(raw)) has a segment containing '..'", hint: "spell the path out without .."),
                        column: column))
            }
            if literal.hasPrefix(".") {
                return .failure(
                    PlacedViolation(
                        violation: .init(
                            "route \(quoted(raw)) has a segment starting with '.', which hosts treat as hidden",
                            hint: "start each segment with a letter or digit"), column: column))
            }
            if literal.utf8.count > 200 {
                return .failure(
                    PlacedViolation(
                        violation: .init(
                            "route \(quoted(raw)) has a segment longer than 200 bytes", hint: "shorten it"),
                        column: column))
            }
            column += literal.unicodeScalars.count
        }
        let lowered = literalPrefix.lowercased()
        if !lowered.isEmpty, reservedPaths.contains(where: { lowered == $0 || lowered.hasPrefix($0 + "/") }) {
            return .failure(
                PlacedViolation(
                    violation: .init(
                        "route \(quoted(raw)) is under a path reserved for Trampoline's own files",
                        hint: "choose another first segment"), column: 1))
        }
        return .success(Route(pattern))
    }

    /// Scalars of a parameter segment as written (`:id(digits)` is 11).
    private static func segmentLength(_ segment: RoutePattern.Segment) -> Int {
        switch segment {
        case .literal(let text): text.unicodeScalars.count
        case .parameter(let name, let constraint):
            1 + name.unicodeScalars.count + (constraint.map { $0.rawValue.count + 2 } ?? 0)
        case .rest(let name): 1 + name.unicodeScalars.count
        }
    }

    /// The first placeholder of `deepLink` that names no parameter of `route`, or any in the
    /// deep link's host: a visitor would choose which of the app's hosts (screens) opens.
    package static func unknownPlaceholder(in deepLink: String, route: Route) -> (
        violation: RuleViolation, column: Int
    )? {
        if let bad = DeepLinkTemplate.authorityPlaceholders(in: deepLink).first {
            return (
                RuleViolation(
                    "deep_link puts the parameter '\(bad.name)' in its host, where a visitor would choose which screen of the app opens",
                    hint:
                        "put parameters in the deep link's path or query (marry://screen/:\(bad.name)), never after '//'"
                ),
                bad.column
            )
        }
        let names = Set(route.pattern.parameterNames)
        guard let bad = Route.placeholders(in: deepLink).first(where: { !names.contains($0.name) }) else { return nil }
        let known = route.pattern.parameterNames.map { ":" + $0 }.joined(separator: ", ")
        return (
            RuleViolation(
                "deep_link uses the parameter '\(bad.name)', which the path \(quoted(route.pattern.text)) does not have",
                hint: "use a parameter of the path (\(known)), or percent-encode the ':' as %3A"), bad.column
        )
    }
}
