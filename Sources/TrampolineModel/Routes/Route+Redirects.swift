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
