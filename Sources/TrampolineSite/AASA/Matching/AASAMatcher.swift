import Foundation
import TrampolineModel

/// Decides, offline, whether an apple-app-site-association file claims a URL for an app, following
/// Apple's `applinks` rules: `details` with `components` (`/`, `?`, `#`, `exclude`, `caseSensitive`,
/// `percentEncoded`), `defaults` at file, detail and rule level, `substitutionVariables` including
/// the built-ins, and the legacy `paths` (with `NOT `) and dictionary-shaped `details`.
///
/// Rules are tried in order and the first one whose specified components all match decides:
/// `exclude` for an exclusion rule, otherwise `match`. When no rule matches the result is
/// `no_match`.
///
/// Which entry's rules apply to an app follows iOS (see `Fixtures/aasa-conformance/SOURCE.md`):
/// an entry's apps are its `appIDs` array when it has one (an `appID` beside it is ignored),
/// else its `appID`; an entry that names no app is ignored; and an app named by several entries
/// gets the rules of the first one only. What iOS ignores is listed in ``notes``.
///
/// ```swift
/// let matcher = try AASAMatcher(data: fileData)
/// let verdict = matcher.verdict(for: "https://example.com/buy/42",
///                               appID: "ABCDE12345.com.example.app", domain: "example.com")
/// ```
package struct AASAMatcher: Sendable {
    /// Every app ID the file's `applinks` section names (as iOS reads the entries), in file order,
    /// without duplicates. Dictionary-shaped legacy `details` have no order, so their keys are
    /// listed sorted.
    package let appIDs: [String]

    /// The parts of the file iOS reads without error but ignores, in file order.
    package let notes: [AASAMatcherNote]

    let details: [Detail]
    /// App ID → the index of the one detail whose rules iOS applies to it: the first that names it.
    let detailForApp: [String: Int]
    /// Per detail, its rules and their index (``RuleSet``).
    let ruleSets: [RuleSet]

    /// One detail's rules, with the rules to try for a path: a site's AASA lists one plain-text
    /// rule per link (case-sensitive, percent-encoded, no wildcard or variable), which can only
    /// match that very path, so checking every link against every rule would be quadratic
    /// without this index. A class: the claims check looks it up once per app and shares it,
    /// where a struct was copied out of the matcher for every URL.
    final class RuleSet: Sendable {
        let rules: [Rule]
        /// Plain-text path → the indices of the rules that can only match it, ascending.
        let literal: [String: [Int]]
        /// Every other rule's index, ascending.
        let other: [Int]

        init(_ rules: [Rule]) {
            var literal: [String: [Int]] = [:]
            var other: [Int] = []
            for (i, rule) in rules.enumerated() {
                if let path = AASAMatcher.literalPath(of: rule) {
                    literal[path, default: []].append(i)
                } else {
                    other.append(i)
                }
            }
            self.rules = rules
            self.literal = literal
            self.other = other
        }

        /// The rules that may match `path`, in file order.
        func candidates(for path: String) -> [Int] {
            // A site whose links sit in folders has no plain-text rule: no need to hash the path.
            guard !literal.isEmpty, let literal = literal[path] else { return other }
            var merged: [Int] = []
            merged.reserveCapacity(literal.count + other.count)
            var i = 0
            var j = 0
            while i < literal.count || j < other.count {
                if j == other.count || (i < literal.count && literal[i] < other[j]) {
                    merged.append(literal[i])
                    i += 1
                } else {
                    merged.append(other[j])
                    j += 1
                }
            }
            return merged
        }

        /// What the first rule that matches `parts` (whose path reads `path` to rules) decides.
        func verdict(for parts: URLParts, path: String, appID: String) -> AASAVerdict {
            // A plain-text path can only match that exact path: only those and the other rules are tried.
            for index in candidates(for: path) {
                let rule = rules[index]
                if rule.matches(parts) {
                    return AASAVerdict(
                        decision: rule.exclude ? .exclude : .match, appID: appID, ruleIndex: index, rule: rule.text)
                }
            }
            return AASAVerdict(decision: .noMatch, appID: appID)
        }
    }

    /// Each of `appIDs` with the rules iOS applies to it (nil: the file names no such app), looked
    /// up once for the many URLs the claims check asks about.
    func ruleSets(for appIDs: [String]) -> [(appID: String, rules: RuleSet?)] {
        appIDs.map { ($0, detailForApp[$0].map { ruleSets[$0] }) }
    }

    /// Parses an apple-app-site-association file.
    /// - Throws: `AASAMatcherError` when the data is not JSON or a key has the wrong shape.
    package init(data: Data) throws {
        let object: Any
        do {
            object = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
        } catch {
            throw AASAMatcherError(location: "", message: "the file is not valid JSON (\(error.localizedDescription))")
        }
        try self.init(json: object)
    }

    /// Builds a matcher from an already-parsed file, as returned by `JSONSerialization`.
    /// - Throws: `AASAMatcherError` when a key has the wrong shape.
    package init(json: Any) throws {
        var notes: [AASAMatcherNote] = []
        let parsed = try Self.parse(JSONValue(any: json, at: ""), notes: &notes)
        details = parsed
        // iOS keeps one entry per app (swcd collects them in an ordered set keyed by app, service
        // and domain), so a later entry that names an app again adds nothing for it.
        var first: [String: Int] = [:]
        var ordered: [String] = []
        for (index, detail) in parsed.enumerated() {
            for appID in detail.appIDs {
                if let earlier = first[appID] {
                    if earlier != index {
                        notes.append(
                            AASAMatcherNote(
                                location: detail.location,
                                message:
                                    "names \(appID) again; iOS applies only the first entry that names an app (\(parsed[earlier].location)), so these rules do not apply to it",
                                appID: appID))
                    }
                } else {
                    first[appID] = index
                    ordered.append(appID)
                }
            }
        }
        detailForApp = first
        appIDs = ordered
        self.notes = notes
        ruleSets = parsed.map { RuleSet($0.rules) }
    }

    /// Decides what the file says about `url` for `appID`, when the file is served from `domain`.
    ///
    /// A URL whose host (and port) differ from `domain`, that is not `https` (iOS opens universal
    /// links over https only), or that cannot be parsed is never claimed. Otherwise the rules of
    /// the first detail that names the app are tried in order, and the first that matches decides.
    package func verdict(for url: String, appID: String, domain: String) -> AASAVerdict {
        verdicts(for: url, appIDs: [appID], domain: domain)[0]
    }

    /// The verdicts for several apps at once, parsing the URL once: what checking every link of a
    /// large site for every app ID needs.
    package func verdicts(for url: String, appIDs: [String], domain: String) -> [AASAVerdict] {
        guard let parts = URLParts(url), parts.scheme == "https", parts.isServed(by: domain) else {
            return appIDs.map { AASAVerdict(decision: .noMatch, appID: $0) }
        }
        return appIDs.map { verdict(for: parts, path: parts.normalizedPath, appID: $0) }
    }

    /// The verdicts for a URL already split, which `domain` serves (the caller checked it with
    /// ``URLParts/isServed(by:)``), for apps whose rules are looked up already (``ruleSets(for:)``):
    /// for the claims check, which splits each link's URL once and derives the URLs it probes from
    /// it (``URLParts/appending(path:query:)``).
    func verdicts(for parts: URLParts, apps: [(appID: String, rules: RuleSet?)]) -> [AASAVerdict] {
        guard parts.scheme == "https" else { return apps.map { AASAVerdict(decision: .noMatch, appID: $0.appID) } }
        return apps.map {
            $0.rules?.verdict(for: parts, path: parts.normalizedPath, appID: $0.appID)
                ?? AASAVerdict(decision: .noMatch, appID: $0.appID)
        }
    }

    /// The only path `rule` can match when its pattern is plain text, else nil.
    static func literalPath(of rule: Rule) -> String? {
        guard rule.percentEncoded, let path = rule.path, path.caseSensitive, path.variants.count == 1 else {
            return nil
        }
        var characters: [Character] = []
        for element in path.variants[0] {
            guard case .literal(let character, _) = element else { return nil }
            characters.append(character)
        }
        return String(characters)
    }

    private func verdict(for parts: URLParts, path: String, appID: String) -> AASAVerdict {
        guard let detailIndex = detailForApp[appID] else { return AASAVerdict(decision: .noMatch, appID: appID) }
        return ruleSets[detailIndex].verdict(for: parts, path: path, appID: appID)
    }
}
