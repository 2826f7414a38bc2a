import Foundation

extension ClaimVerifier {
    /// The claims check's fast path: whether a link's probe URLs get the decisions they must,
    /// from bytes, with no URL parts, verdicts or Strings per probe. Checking claims had been 4 %
    /// of a full build's CPU, half of it reference counting, in a step before any page is written.
    ///
    /// Every probe of a link has the same path as rules see it (the link's, normalised) and one of
    /// five fixed queries, so a rule's query and fragment parts are tried once per check, against
    /// each probe's query (``AASAMatcher/Rule/accepts(query:fragment:)``), and its path pattern
    /// once per link, by its byte program (``AASAMatcher/ASCIIPattern``). The first rule that
    /// matches a probe decides, as in ``AASAMatcher/RuleSet``.
    ///
    /// It covers a generated AASA and a plain link path: path patterns with byte programs, no
    /// more than a few plain-text rules (which the rule set indexes by path), an `https` site URL
    /// without a query or fragment; a link path that starts with `/`, is ASCII, and holds no `?`,
    /// `#`, carriage return or trailing blank (nor `%` when a rule decodes), short enough for the
    /// byte programs. Anything else is nil, and the check takes ``LinkProbes``.
    /// `ClaimFastProbesTests` hold the two to the same answers.
    struct FastProbes {
        /// One rule as the probes need it.
        struct Rule {
            /// Nil: the rule has no `/` key and any path will do.
            let path: AASAMatcher.ASCIIPattern?
            /// Bit `i` set when its query and fragment parts match probe `i` (``claimedProbes``, then ``debugProbes``).
            let acceptedProbes: UInt32
            let decision: AASADecision
        }

        /// Per app ID to check, its rules; nil when the file does not name the app.
        let apps: [[Rule]?]
        /// The site URL's path, to which each link's path is appended.
        let sitePath: [UInt8]
        /// Whether some rule decodes the path (`percentEncoded: false`): a `%` in it then needs the slow path.
        let decodes: Bool

        static let probes = claimedProbes + debugProbes
        /// A bit for each of ``probes``, and for each of ``ClaimVerifier/claimedProbes`` (the first ones).
        private static let every: UInt32 = 1 << UInt32(probes.count) - 1,
            claimed: UInt32 = 1 << UInt32(claimedProbes.count) - 1

        /// Nil when the site's URL or any app's rules fall outside what this path covers.
        init?(apps: [(appID: String, rules: AASAMatcher.RuleSet?)], siteParts: AASAMatcher.URLParts?) {
            guard let siteParts, siteParts.scheme == "https", siteParts.query == nil, siteParts.fragment == nil else {
                return nil
            }
            var compiled: [[Rule]?] = []
            var decodes = false
            for app in apps {
                guard let ruleSet = app.rules else {
                    compiled.append(nil)
                    continue
                }
                // Plain-text rules are indexed by path in the rule set; tried in turn here.
                guard ruleSet.literal.count <= 32 else { return nil }
                var rules: [Rule] = []
                for rule in ruleSet.rules {
                    var path: AASAMatcher.ASCIIPattern?
                    if let pattern = rule.path {
                        guard let ascii = pattern.ascii else { return nil }
                        path = ascii
                        if !rule.percentEncoded { decodes = true }
                    }
                    let accepted = Self.probes.enumerated().reduce(UInt32(0)) { bits, probe in
                        rule.accepts(query: probe.element.query, fragment: nil)
                            ? bits | 1 << UInt32(probe.offset) : bits
                    }
                    rules.append(Rule(path: path, acceptedProbes: accepted, decision: rule.exclude ? .exclude : .match))
                }
                compiled.append(rules)
            }
            self.apps = compiled
            self.decodes = decodes
            sitePath = Array(siteParts.path.utf8)
        }

        /// Whether `link` (a ``ClaimVerifier/probePath(of:)``) passes: every ``claimedProbes``
        /// URL matched and no ``debugProbes`` URL matched, for every app. Nil when this path does
        /// not cover the link (the check then takes ``LinkProbes``, which also explains a failure).
        func passes(_ link: String) -> Bool? {
            link.withUTF8Bytes { link -> Bool? in
                guard link.first == UInt8(ascii: "/"), let last = link.last, last != UInt8(ascii: " "),
                    last != UInt8(ascii: "\t"),
                    !link.contains(where: {
                        $0 >= 0x80 || $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") || $0 == 13
                            || (decodes && $0 == UInt8(ascii: "%"))
                    })
                else { return nil }
                // The path as rules see it (``AASAMatcher/Rule/normalizedPath(_:)``): a slash and
                // what lies between the leading and trailing slashes; the same for the probes
                // with `/` after the link. Made after a slash, so the leading one is always there.
                var path: [UInt8] = [UInt8(ascii: "/")]
                path.append(contentsOf: sitePath)
                path.append(contentsOf: link)
                return path.withUnsafeBufferPointer { buffer -> Bool? in
                    let (first, end) = AASAMatcher.Rule.trimmedSlashes(buffer)
                    guard end - first + 1 <= AASAMatcher.ASCIIPattern.maxLength else { return nil }
                    let normalized =
                        first == end
                        ? UnsafeBufferPointer(rebasing: buffer[0..<0])
                        : UnsafeBufferPointer(rebasing: buffer[(first - 1)..<end])
                    let every = Self.every
                    let claimed = Self.claimed
                    for rules in apps {
                        guard let rules else { return false }
                        // Per probe, bit by bit: whether a rule has decided it yet, and whether that rule claims it.
                        var decided: UInt32 = 0
                        var matched: UInt32 = 0
                        for rule in rules {
                            if let pattern = rule.path {
                                guard let matches = pattern.matches(bytes: normalized) else { return nil }
                                if !matches { continue }
                            }
                            let now = rule.acceptedProbes & ~decided
                            if rule.decision == .match { matched |= now }
                            decided |= now
                            if decided == every { break }
                        }
                        // The claimed probes must match; the debug probes must not.
                        if matched != claimed { return false }
                    }
                    return true
                }
            }
        }
    }
}
