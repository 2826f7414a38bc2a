import TrampolineLink

extension Route {
    /// Whether this route's rewrite rule (``redirectSource``, constraints aside) takes the plain
    /// link path `path`: hosts that apply rules before files need a rule that keeps that link's page.
    package func rewriteRuleTakes(_ path: String) -> Bool {
        let parts = path.split(separator: "/", omittingEmptySubsequences: false).dropFirst()
        for (i, segment) in pattern.segments.enumerated() {
            switch segment {
            case .literal(let text):
                guard i < parts.count, parts[parts.startIndex + i] == text else { return false }
            case .parameter:
                guard i < parts.count else { return false }
            case .rest:
                return parts.count > i
            }
        }
        return parts.count == pattern.segments.count
    }
}

extension Route {
    /// The route as a Firebase Hosting glob (firebase.google.com/docs/hosting/full-config, "Glob
    /// pattern matching"): a parameter is `*`, one segment; a rest is `**`. A literal's characters
    /// that start an extended glob (`!(…)`, `+(…)`, `@(…)`) are escaped with `\`.
    package var firebaseGlob: String {
        "/"
            + segments(
                literal: { Escaping.backslashed($0, before: Self.firebaseGlobSpecials) }, parameter: "*", rest: "**")
    }

    /// The characters of a link path that Firebase's globs read as syntax (extglob), escaped.
    package static let firebaseGlobSpecials = "!()+@"

    /// The route as an nginx regular expression (PCRE), anchored, one trailing slash allowed: a
    /// parameter is one segment, a rest one or more; a literal's characters are escaped.
    package var nginxRegex: String {
        "^/"
            + segments(literal: { Escaping.backslashed($0, before: "\\^$.|?*+()[]{}") }, parameter: "[^/]+", rest: ".+")
            + "/?$"
    }

    /// The pattern's segments in another syntax, joined by `/`.
    func segments(literal: (String) -> String, parameter: String, rest: String) -> String {
        pattern.segments.map { segment in
            switch segment {
            case .literal(let text): literal(text)
            case .parameter: parameter
            case .rest: rest
            }
        }.joined(separator: "/")
    }
}
