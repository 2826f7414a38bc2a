import Foundation

extension AASAMatcher {
    /// The same verdicts as ``AASAMatcher/verdict(for:appID:domain:)``, faster when one file is
    /// asked about many URLs (`build` checks three URLs per link, for every app, against a file
    /// with two rules per link: quadratic work).
    ///
    /// Each rule is still decided by the matcher itself; this only skips, without running it, a
    /// rule that cannot match: one whose path is plain text (no `*`, `?` or `$(…)`), compared
    /// case-sensitively and percent-encoded, matches only a URL path equal to that text.
    struct Bulk: Sendable {
        let matcher: AASAMatcher
        /// Per detail, per rule: the characters of the only path the rule can match, or nil when
        /// the rule must always be run.
        private let literalPaths: [[[Character]?]]

        init(_ matcher: AASAMatcher) {
            self.matcher = matcher
            literalPaths = matcher.details.map { detail in
                detail.rules.map { rule in
                    guard rule.percentEncoded, let path = rule.path, path.caseSensitive, path.variants.count == 1 else { return nil }
                    var characters: [Character] = []
                    for element in path.variants[0] {
                        guard case .literal(let character, _) = element else { return nil }
                        characters.append(character)
                    }
                    return characters
                }
            }
        }

        func verdict(for url: String, appID: String, domain: String) -> AASAVerdict {
            let noMatch = AASAVerdict(decision: .noMatch, appID: appID)
            // The same gate as the matcher's own verdict.
            guard let parts = URLParts(url), parts.scheme == "https", parts.isServed(by: domain) else { return noMatch }
            let path = Array(Rule.normalizedPath(parts.path))
            for (detailIndex, detail) in matcher.details.enumerated() where detail.appIDs.contains(appID) {
                let literals = literalPaths[detailIndex]
                for (index, rule) in detail.rules.enumerated() {
                    if let literal = literals[index], literal != path { continue }
                    if rule.matches(parts) {
                        return AASAVerdict(decision: rule.exclude ? .exclude : .match, appID: appID, ruleIndex: index, rule: rule.text)
                    }
                }
            }
            return noMatch
        }
    }
}
