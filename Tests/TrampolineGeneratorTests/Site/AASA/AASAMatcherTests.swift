import Foundation
import TrampolineSite
import XCTest

/// Unit tests for `AASAMatcher`, one group per rule family. Every file here is served from
/// example.com and checked for `app` unless a test says otherwise.
final class AASAMatcherTests: XCTestCase {
    private let app = "ABCDE12345.com.example.app"

    /// A file with one detail for `app` whose `components` are `components` (JSON text).
    private func file(components: String, detailExtras: String = "", applinksExtras: String = "") -> String {
        """
        {"applinks": {\(applinksExtras)"details": [{"appIDs": ["\(app)"], \(detailExtras)"components": [\(components)]}]}}
        """
    }

    private func verdict(_ json: String, _ url: String, appID: String? = nil, domain: String = "example.com") throws
        -> AASAVerdict
    {
        let matcher = try AASAMatcher(data: Data(json.utf8))
        return matcher.verdict(for: url, appID: appID ?? app, domain: domain)
    }

    private func decision(_ json: String, _ url: String, appID: String? = nil, domain: String = "example.com") throws
        -> AASADecision
    {
        try verdict(json, url, appID: appID, domain: domain).decision
    }

    // MARK: - Wildcards and path shape

    func testStarMatchesAnyRunIncludingSlashes() throws {
        let json = file(components: #"{"/": "/buy/*"}"#)
        XCTAssertEqual(try decision(json, "https://example.com/buy/42"), .match)
        XCTAssertEqual(try decision(json, "https://example.com/buy/42/details"), .match)
        XCTAssertEqual(try decision(json, "https://example.com/buyer"), .noMatch)
        XCTAssertEqual(try decision(json, "https://example.com/bu"), .noMatch)
    }

    func testStarInTheMiddleNeedsItsSlashes() throws {
        let json = file(components: #"{"/": "/a/*/c"}"#)
        XCTAssertEqual(try decision(json, "https://example.com/a/b/c"), .match)
        XCTAssertEqual(try decision(json, "https://example.com/a/x/y/c"), .match)
        XCTAssertEqual(try decision(json, "https://example.com/a/c"), .noMatch)
    }

    func testQuestionMarkMatchesExactlyOneCharacter() throws {
        let json = file(components: #"{"/": "/id/????"}"#)
        XCTAssertEqual(try decision(json, "https://example.com/id/4815"), .match)
        XCTAssertEqual(try decision(json, "https://example.com/id/481"), .noMatch)
        XCTAssertEqual(try decision(json, "https://example.com/id/48159"), .noMatch)
        let oneOrMore = file(components: #"{"/": "/a/?*"}"#)
        XCTAssertEqual(try decision(oneOrMore, "https://example.com/a/b"), .match)
        XCTAssertEqual(try decision(oneOrMore, "https://example.com/a/"), .noMatch)
    }

    func testPatternMustCoverTheWholePath() throws {
        let json = file(components: #"{"/": "/abc"}"#)
        XCTAssertEqual(try decision(json, "https://example.com/abc"), .match)
        XCTAssertEqual(try decision(json, "https://example.com/abcd"), .noMatch)
        XCTAssertEqual(try decision(json, "https://example.com/x/abc"), .noMatch)
    }

    func testSlashesAtThePathEndsAreInsignificant() throws {
        XCTAssertEqual(try decision(file(components: #"{"/": "abc"}"#), "https://example.com/abc"), .match)
        XCTAssertEqual(try decision(file(components: #"{"/": "//abc"}"#), "https://example.com/abc"), .match)
        XCTAssertEqual(try decision(file(components: #"{"/": "/buy/"}"#), "https://example.com/buy"), .match)
        XCTAssertEqual(try decision(file(components: #"{"/": "/buy"}"#), "https://example.com/buy//"), .match)
        XCTAssertEqual(try decision(file(components: #"{"/": "/buy/*"}"#), "https://example.com/buy"), .match)
        XCTAssertEqual(try decision(file(components: #"{"/": "/"}"#), "https://example.com"), .match)
        XCTAssertEqual(try decision(file(components: #"{"/": "/"}"#), "https://example.com/x"), .noMatch)
    }

    // MARK: - Query

    func testQueryStringMustCoverTheWholeQuery() throws {
        let json = file(components: #"{"?": "a=1"}"#)
        XCTAssertEqual(try decision(json, "https://example.com/x?a=1"), .match)
        XCTAssertEqual(try decision(json, "https://example.com/x?a=1&b=2"), .noMatch)
        XCTAssertEqual(try decision(json, "https://example.com/x"), .noMatch)
        // An absent query reads as empty.
        XCTAssertEqual(try decision(file(components: #"{"?": "*"}"#), "https://example.com/x"), .match)
        XCTAssertEqual(try decision(file(components: #"{"?": "?*"}"#), "https://example.com/x"), .noMatch)
    }

    func testQueryDictionaryChecksNamedItemsOnly() throws {
        let json = file(components: #"{"?": {"articleNumber": "????"}}"#)
        XCTAssertEqual(try decision(json, "https://example.com/x?articleNumber=4815&utm_source=mail"), .match)
        XCTAssertEqual(try decision(json, "https://example.com/x?utm_source=mail&articleNumber=4815"), .match)
        XCTAssertEqual(try decision(json, "https://example.com/x?articleNumber=481"), .noMatch)
        XCTAssertEqual(try decision(json, "https://example.com/x?other=4815"), .noMatch)
    }

    func testQueryDictionaryMissingItemReadsAsEmpty() throws {
        XCTAssertEqual(try decision(file(components: #"{"?": {"b": "*"}}"#), "https://example.com/x?a=1"), .match)
        XCTAssertEqual(try decision(file(components: #"{"?": {"b": ""}}"#), "https://example.com/x"), .match)
        XCTAssertEqual(try decision(file(components: #"{"?": {"b": "?*"}}"#), "https://example.com/x?a=1"), .noMatch)
        // An item written without "=" has an empty value.
        XCTAssertEqual(try decision(file(components: #"{"?": {"flag": ""}}"#), "https://example.com/x?flag"), .match)
    }

    func testQueryDictionaryRepeatedNameMustMatchEveryTime() throws {
        let json = file(components: #"{"?": {"id": "7"}}"#)
        XCTAssertEqual(try decision(json, "https://example.com/x?id=7&id=7"), .match)
        XCTAssertEqual(try decision(json, "https://example.com/x?id=7&id=42"), .noMatch)
        XCTAssertEqual(try decision(json, "https://example.com/x?id=42&id=7"), .noMatch)
    }

    func testQueryDictionaryWithANonStringValueIsIgnoredWhole() throws {
        let json = file(components: #"{"/": "/x", "?": {"a": "1", "flag": true}}"#)
        XCTAssertEqual(try decision(json, "https://example.com/x?a=2"), .match)
        XCTAssertEqual(try decision(json, "https://example.com/y?a=1"), .noMatch)
    }

    // MARK: - Fragment

    func testFragmentPattern() throws {
        let json = file(components: ##"{"#": "section-?"}"##)
        XCTAssertEqual(try decision(json, "https://example.com/x#section-2"), .match)
        XCTAssertEqual(try decision(json, "https://example.com/x#section-22"), .noMatch)
        XCTAssertEqual(try decision(json, "https://example.com/x"), .noMatch)
        XCTAssertEqual(try decision(file(components: ##"{"#": "*"}"##), "https://example.com/x"), .match)
        XCTAssertEqual(try decision(file(components: ##"{"#": ""}"##), "https://example.com/x"), .match)
        XCTAssertEqual(try decision(file(components: ##"{"#": "?*"}"##), "https://example.com/x"), .noMatch)
    }

    // MARK: - Order and exclusion

    func testFirstMatchingRuleDecides() throws {
        let excludeFirst = file(components: #"{"/": "/a/private/*", "exclude": true}, {"/": "/a/*"}"#)
        let blocked = try verdict(excludeFirst, "https://example.com/a/private/x")
        XCTAssertEqual(blocked.decision, .exclude)
        XCTAssertEqual(blocked.ruleIndex, 0)
        XCTAssertEqual(blocked.rule, #"{"/": "/a/private/*", "exclude": true}"#)
        let allowed = try verdict(excludeFirst, "https://example.com/a/public")
        XCTAssertEqual(allowed.decision, .match)
        XCTAssertEqual(allowed.ruleIndex, 1)
        XCTAssertEqual(allowed.rule, #"{"/": "/a/*"}"#)

        let matchFirst = file(components: #"{"/": "/a/*"}, {"/": "/a/private/*", "exclude": true}"#)
        XCTAssertEqual(try decision(matchFirst, "https://example.com/a/private/x"), .match)
    }

    func testEveryKeyOfARuleMustMatchAndMissingKeysMatchAnything() throws {
        let json = file(components: ##"{"/": "/abc", "?": "def", "#": "*", "comment": "Apple's example"}"##)
        XCTAssertEqual(try decision(json, "https://example.com/abc?def"), .match)
        XCTAssertEqual(try decision(json, "https://example.com/abc"), .noMatch)
        XCTAssertEqual(try decision(file(components: "{}"), "https://example.com/any/thing?at=all#really"), .match)
        let noMatch = try verdict(json, "https://example.com/elsewhere")
        XCTAssertEqual(noMatch, AASAVerdict(decision: .noMatch, appID: app))
    }

    // MARK: - caseSensitive

    func testCaseSensitiveByDefault() throws {
        let json = file(components: #"{"/": "/Help/*"}"#)
        XCTAssertEqual(try decision(json, "https://example.com/Help/1"), .match)
        XCTAssertEqual(try decision(json, "https://example.com/help/1"), .noMatch)
    }

    func testCaseInsensitiveRuleFoldsPathQueryAndFragment() throws {
        let json = file(
            components: ##"{"/": "/Help/*", "?": {"Topic": "Billing"}, "#": "Top", "caseSensitive": false}"##)
        XCTAssertEqual(try decision(json, "https://example.com/HELP/1?topic=BILLING#top"), .match)
        XCTAssertEqual(try decision(json, "https://example.com/HELP/1?topic=refunds#top"), .noMatch)
    }

    // MARK: - percentEncoded

    func testPercentEncodedByDefaultComparesTheURLAsWritten() throws {
        XCTAssertEqual(try decision(file(components: #"{"/": "/a%20b"}"#), "https://example.com/a%20b"), .match)
        XCTAssertEqual(try decision(file(components: #"{"/": "/a b"}"#), "https://example.com/a%20b"), .noMatch)
        // %2F is not a separator, and escape hex case counts.
        XCTAssertEqual(try decision(file(components: #"{"/": "/a/b"}"#), "https://example.com/a%2Fb"), .noMatch)
        XCTAssertEqual(
            try decision(file(components: #"{"/": "/caf%C3%A9"}"#), "https://example.com/caf%c3%a9"), .noMatch)
    }

    func testPercentEncodedFalseDecodesTheURL() throws {
        XCTAssertEqual(
            try decision(
                file(components: #"{"/": "/café/*", "percentEncoded": false}"#), "https://example.com/caf%C3%A9/menu"),
            .match)
        XCTAssertEqual(
            try decision(file(components: #"{"/": "/a b", "percentEncoded": false}"#), "https://example.com/a%20b"),
            .match)
        XCTAssertEqual(
            try decision(file(components: #"{"/": "/a%20b", "percentEncoded": false}"#), "https://example.com/a%20b"),
            .noMatch)
        let query = file(components: #"{"?": {"q": "a&b"}, "percentEncoded": false}"#)
        XCTAssertEqual(try decision(query, "https://example.com/s?q=a%26b"), .match)
        XCTAssertEqual(
            try decision(file(components: ##"{"#": "a b", "percentEncoded": false}"##), "https://example.com/x#a%20b"),
            .match)
    }

    // MARK: - defaults

    func testFileLevelDefaultsApply() throws {
        let json = file(components: #"{"/": "/Help/*"}"#, applinksExtras: #""defaults": {"caseSensitive": false}, "#)
        XCTAssertEqual(try decision(json, "https://example.com/help/1"), .match)
    }

    func testDetailDefaultsOverrideFileDefaults() throws {
        let json = file(
            components: #"{"/": "/Help/*"}"#,
            detailExtras: #""defaults": {"caseSensitive": true}, "#,
            applinksExtras: #""defaults": {"caseSensitive": false}, "#)
        XCTAssertEqual(try decision(json, "https://example.com/help/1"), .noMatch)
        XCTAssertEqual(try decision(json, "https://example.com/Help/1"), .match)
    }

    func testRuleSettingsOverrideDetailDefaults() throws {
        let json = file(
            components: #"{"/": "/Loose/*", "caseSensitive": false}, {"/": "/Strict/*"}"#,
            detailExtras: #""defaults": {"caseSensitive": true}, "#,
            applinksExtras: #""defaults": {"caseSensitive": false}, "#)
        XCTAssertEqual(try decision(json, "https://example.com/loose/1"), .match)
        XCTAssertEqual(try decision(json, "https://example.com/strict/1"), .noMatch)
    }

    func testPercentEncodedDefaultsApply() throws {
        let json = file(
            components: #"{"/": "/a b"}, {"/": "/c d", "percentEncoded": true}"#,
            detailExtras: #""defaults": {"percentEncoded": false}, "#)
        XCTAssertEqual(try decision(json, "https://example.com/a%20b"), .match)
        XCTAssertEqual(try decision(json, "https://example.com/c%20d"), .noMatch)
    }

    func testDefaultsCanCarryComponentKeys() throws {
        // Apple documents defaults as a subclass of components; swcutil applies "/" and "exclude" from it.
        let path = file(components: ##"{"#": "*"}"##, applinksExtras: ##""defaults": {"/": "/foo/*"}, "##)
        XCTAssertEqual(try decision(path, "https://example.com/foo/1"), .match)
        XCTAssertEqual(try decision(path, "https://example.com/bar"), .noMatch)
        let exclude = file(components: ##"{"#": "*"}"##, applinksExtras: ##""defaults": {"exclude": true}, "##)
        XCTAssertEqual(try decision(exclude, "https://example.com/bar"), .exclude)
    }

    func testUnknownAndMisspelledKeysAreIgnored() throws {
        let json = file(components: #"{"/": "/foo/*", "casesensitive": false, "future": {"a": "b"}}"#)
        XCTAssertEqual(try decision(json, "https://example.com/foo/1"), .match)
        XCTAssertEqual(try decision(json, "https://example.com/FOO/1"), .noMatch)
    }

    // MARK: - Substitution variables

    func testCustomSubstitutionVariables() throws {
        let json = file(
            components: #"{"/": "/menu/$(food)/"}"#,
            applinksExtras: #""substitutionVariables": {"food": ["burrito", "pizza", "sushi*"]}, "#)
        XCTAssertEqual(try decision(json, "https://example.com/menu/pizza/"), .match)
        XCTAssertEqual(try decision(json, "https://example.com/menu/sushi-deluxe"), .match)
        XCTAssertEqual(try decision(json, "https://example.com/menu/tacos/"), .noMatch)
        XCTAssertEqual(try decision(json, "https://example.com/menu/$(food)/"), .noMatch)
    }

    func testUndefinedVariableNeverMatches() throws {
        let json = file(components: #"{"/": "/menu/$(drink)"}"#)
        XCTAssertEqual(try decision(json, "https://example.com/menu/cola"), .noMatch)
        XCTAssertEqual(try decision(json, "https://example.com/menu/$(drink)"), .noMatch)
    }

    func testCharacterClassVariablesMatchOneCharacter() throws {
        let cases: [(variable: String, accepts: String, rejects: String)] = [
            ("alpha", "q", "7"), ("upper", "Q", "q"), ("lower", "q", "Q"),
            ("alnum", "7", "-"), ("digit", "7", "x"), ("xdigit", "f", "g"),
        ]
        for entry in cases {
            let json = file(components: #"{"/": "/id/$(\#(entry.variable))"}"#)
            XCTAssertEqual(try decision(json, "https://example.com/id/\(entry.accepts)"), .match, entry.variable)
            XCTAssertEqual(try decision(json, "https://example.com/id/\(entry.rejects)"), .noMatch, entry.variable)
            XCTAssertEqual(
                try decision(json, "https://example.com/id/\(entry.accepts)\(entry.accepts)"), .noMatch, entry.variable)
        }
    }

    func testBuiltInsFoldUnderCaseInsensitivity() throws {
        let json = file(components: #"{"/": "/id/$(upper)", "caseSensitive": false}"#)
        XCTAssertEqual(try decision(json, "https://example.com/id/q"), .match)
    }

    func testRegionAndLanguageVariablesUseISOLists() throws {
        let json = file(components: #"{"/": "/$(lang)_$(region)/home"}"#)
        XCTAssertEqual(try decision(json, "https://example.com/en_GB/home"), .match)
        XCTAssertEqual(try decision(json, "https://example.com/fil_PH/home"), .match)
        XCTAssertEqual(try decision(json, "https://example.com/en_UK/home"), .noMatch)  // UK is not an ISO code
        XCTAssertEqual(try decision(json, "https://example.com/qq_US/home"), .noMatch)
        XCTAssertEqual(try decision(json, "https://example.com/en_ZZ/home"), .noMatch)
    }

    // MARK: - Legacy formats

    func testLegacyPathsWithNOT() throws {
        let json = #"{"applinks": {"apps": [], "details": [{"appID": "\#(app)", "paths": ["NOT /private/*", "/*"]}]}}"#
        let excluded = try verdict(json, "https://example.com/private/notes")
        XCTAssertEqual(excluded.decision, .exclude)
        XCTAssertEqual(excluded.ruleIndex, 0)
        XCTAssertEqual(excluded.rule, "NOT /private/*")
        let matched = try verdict(json, "https://example.com/public?x=1#y")
        XCTAssertEqual(matched.decision, .match)
        XCTAssertEqual(matched.rule, "/*")
    }

    func testLegacyPathsMatchThePathOnly() throws {
        let json = #"{"applinks": {"apps": [], "details": [{"appID": "\#(app)", "paths": ["/search"]}]}}"#
        XCTAssertEqual(try decision(json, "https://example.com/search?q=shoes#top"), .match)
        XCTAssertEqual(try decision(json, "https://example.com/searches"), .noMatch)
    }

    func testLegacyDictionaryDetails() throws {
        let json =
            #"{"applinks": {"apps": [], "details": {"TEAM2.com.b": {"paths": ["/b/*"]}, "TEAM1.com.a": {"paths": ["/a/*"]}}}}"#
        let matcher = try AASAMatcher(data: Data(json.utf8))
        XCTAssertEqual(matcher.appIDs, ["TEAM1.com.a", "TEAM2.com.b"])
        XCTAssertEqual(
            matcher.verdict(for: "https://example.com/a/1", appID: "TEAM1.com.a", domain: "example.com").decision,
            .match)
        XCTAssertEqual(
            matcher.verdict(for: "https://example.com/b/1", appID: "TEAM1.com.a", domain: "example.com").decision,
            .noMatch)
        XCTAssertEqual(
            matcher.verdict(for: "https://example.com/b/1", appID: "TEAM2.com.b", domain: "example.com").decision,
            .match)
    }

    func testComponentsTakePrecedenceOverPaths() throws {
        let json =
            #"{"applinks": {"details": [{"appIDs": ["\#(app)"], "components": [{"/": "/new/*"}], "paths": ["/old/*"]}]}}"#
        XCTAssertEqual(try decision(json, "https://example.com/new/1"), .match)
        XCTAssertEqual(try decision(json, "https://example.com/old/1"), .noMatch)
    }

    // MARK: - App IDs and host

    func testAppIDsAndUnlistedApps() throws {
        let json = #"""
            {"applinks": {"details": [
                {"appIDs": ["T.one", "T.two"], "components": [{"/": "/a/*"}]},
                {"appIDs": ["T.two", "T.three"], "components": [{"/": "/b/*", "exclude": true}, {"/": "*"}]}
            ]}, "webcredentials": {"apps": ["T.web"]}}
            """#
        let matcher = try AASAMatcher(data: Data(json.utf8))
        XCTAssertEqual(matcher.appIDs, ["T.one", "T.two", "T.three"])
        XCTAssertEqual(
            matcher.verdict(for: "https://example.com/a/1", appID: "T.one", domain: "example.com").decision, .match)
        XCTAssertEqual(
            matcher.verdict(for: "https://example.com/b/1", appID: "T.one", domain: "example.com").decision, .noMatch)
        XCTAssertEqual(
            matcher.verdict(for: "https://example.com/b/1", appID: "T.three", domain: "example.com").decision, .exclude)
        XCTAssertEqual(
            matcher.verdict(for: "https://example.com/c", appID: "T.three", domain: "example.com").decision, .match)
        XCTAssertEqual(
            matcher.verdict(for: "https://example.com/a/1", appID: "T.web", domain: "example.com").decision, .noMatch)
    }

    /// iOS keeps one entry per app: the first that names it. A later entry's rules never apply
    /// to that app (scanning on into it would match /b/1 and exclude /c below).
    func testAnAppNamedTwiceGetsTheFirstEntrysRulesOnly() throws {
        let json = #"""
            {"applinks": {"details": [
                {"appIDs": ["T.one"], "components": [{"/": "/a/*"}]},
                {"appIDs": ["T.one", "T.two"], "components": [{"/": "/c", "exclude": true}, {"/": "*"}]}
            ]}}
            """#
        let matcher = try AASAMatcher(data: Data(json.utf8))
        XCTAssertEqual(
            matcher.verdict(for: "https://example.com/a/1", appID: "T.one", domain: "example.com").decision, .match)
        XCTAssertEqual(
            matcher.verdict(for: "https://example.com/b/1", appID: "T.one", domain: "example.com").decision, .noMatch)
        XCTAssertEqual(
            matcher.verdict(for: "https://example.com/c", appID: "T.one", domain: "example.com").decision, .noMatch)
        XCTAssertEqual(
            matcher.verdict(for: "https://example.com/c", appID: "T.two", domain: "example.com").decision, .exclude)
        XCTAssertEqual(
            matcher.notes,
            [
                AASAMatcherNote(
                    location: "applinks.details[1]",
                    message:
                        "names T.one again; iOS applies only the first entry that names an app (applinks.details[0]), so these rules do not apply to it",
                    appID: "T.one")
            ])
    }

    /// An entry with both keys: iOS reads the `appIDs` array and never looks at `appID`.
    func testAppIDsArrayWinsOverAppID() throws {
        let json =
            #"{"applinks": {"details": [{"appIDs": ["T.one"], "appID": "T.legacy", "components": [{"/": "*"}]}]}}"#
        let matcher = try AASAMatcher(data: Data(json.utf8))
        XCTAssertEqual(matcher.appIDs, ["T.one"])
        XCTAssertEqual(
            matcher.verdict(for: "https://example.com/x", appID: "T.one", domain: "example.com").decision, .match)
        XCTAssertEqual(
            matcher.verdict(for: "https://example.com/x", appID: "T.legacy", domain: "example.com").decision, .noMatch)
        XCTAssertEqual(matcher.notes.map(\.location), ["applinks.details[0].appID"])
        XCTAssertEqual(matcher.notes.first?.appID, "T.legacy")

        // Even an empty array wins; a non-array appIDs is ignored and appID names the app.
        let empty = try AASAMatcher(
            data: Data(
                #"{"applinks": {"details": [{"appIDs": [], "appID": "T.legacy", "components": [{"/": "*"}]}]}}"#.utf8))
        XCTAssertEqual(empty.appIDs, [])
        XCTAssertEqual(
            empty.verdict(for: "https://example.com/x", appID: "T.legacy", domain: "example.com").decision, .noMatch)
        let notArray = try AASAMatcher(
            data: Data(
                #"{"applinks": {"details": [{"appIDs": "T.one", "appID": "T.legacy", "components": [{"/": "*"}]}]}}"#
                    .utf8))
        XCTAssertEqual(notArray.appIDs, ["T.legacy"])
        XCTAssertEqual(notArray.notes.map(\.location), ["applinks.details[0].appIDs"])
    }

    /// What iOS skips without rejecting the file: entries that name no app or are not objects,
    /// appIDs items and appID values that are not strings.
    func testEntriesThatNameNoAppAreIgnoredNotFatal() throws {
        let json = #"""
            {"applinks": {"details": [
                {"components": [{"/": "*"}]},
                "T.one",
                {"appID": 42, "components": [{"/": "*"}]},
                {"appIDs": [7, "T.one"], "components": [{"/": "/x"}]}
            ]}}
            """#
        let matcher = try AASAMatcher(data: Data(json.utf8))
        XCTAssertEqual(matcher.appIDs, ["T.one"])
        XCTAssertEqual(
            matcher.verdict(for: "https://example.com/x", appID: "T.one", domain: "example.com").decision, .match)
        XCTAssertEqual(
            matcher.verdict(for: "https://example.com/y", appID: "T.one", domain: "example.com").decision, .noMatch)
        XCTAssertEqual(
            matcher.notes.map(\.location),
            [
                "applinks.details[0]", "applinks.details[1]", "applinks.details[2].appID", "applinks.details[2]",
                "applinks.details[3].appIDs[0]",
            ])
        XCTAssertTrue(matcher.notes[0].message.contains("names no app"), matcher.notes[0].message)
        XCTAssertEqual(matcher.notes[1].description, "applinks.details[1]: is a string, not an object; iOS skips it")

        // Its rules are never read, so even a broken one does not void the file.
        let none = try AASAMatcher(data: Data(#"{"applinks": {"details": [{"components": [{"/": 5}]}]}}"#.utf8))
        XCTAssertEqual(none.appIDs, [])
        XCTAssertEqual(
            none.verdict(for: "https://example.com/x", appID: "T.one", domain: "example.com").decision, .noMatch)
    }

    /// Dictionary-shaped details: iOS reads the key as the entry's appID, so an appIDs array
    /// inside the entry wins over the key.
    func testLegacyDictionaryKeyActsAsAppID() throws {
        let json =
            #"{"applinks": {"details": {"T.key": {"appIDs": ["T.inner"], "paths": ["*"]}, "T.plain": {"paths": ["/p"]}}}}"#
        let matcher = try AASAMatcher(data: Data(json.utf8))
        XCTAssertEqual(matcher.appIDs, ["T.inner", "T.plain"])
        XCTAssertEqual(
            matcher.verdict(for: "https://example.com/x", appID: "T.key", domain: "example.com").decision, .noMatch)
        XCTAssertEqual(
            matcher.verdict(for: "https://example.com/x", appID: "T.inner", domain: "example.com").decision, .match)
    }

    func testHostMustBeTheDomain() throws {
        let json = file(components: #"{"/": "*"}"#)
        XCTAssertEqual(try decision(json, "https://EXAMPLE.com/x"), .match)
        XCTAssertEqual(try decision(json, "https://example.com./x"), .match)
        XCTAssertEqual(try decision(json, "https://evil.test/x"), .noMatch)
        XCTAssertEqual(try decision(json, "https://www.example.com/x"), .noMatch)
        XCTAssertEqual(try decision(json, "https://example.com.evil.test/x"), .noMatch)
        XCTAssertEqual(try decision(json, "https://example.com:8443/x"), .noMatch)
        XCTAssertEqual(try decision(json, "https://example.com:8443/x", domain: "example.com:8443"), .match)
        XCTAssertEqual(try decision(json, "HTTPS://example.com/x"), .match)
        XCTAssertEqual(try decision(json, "http://example.com/x"), .noMatch)
        XCTAssertEqual(try decision(json, "ftp://example.com/x"), .noMatch)
        XCTAssertEqual(try decision(json, "not a url"), .noMatch)
    }

    func testFileWithoutAppLinksClaimsNothing() throws {
        let json = #"{"webcredentials": {"apps": ["\#(app)"]}}"#
        let matcher = try AASAMatcher(data: Data(json.utf8))
        XCTAssertEqual(matcher.appIDs, [])
        XCTAssertEqual(
            matcher.verdict(for: "https://example.com/x", appID: app, domain: "example.com").decision, .noMatch)
    }

    // MARK: - Malformed files

    private func assertMalformed(_ json: String, mentions fragment: String, line: UInt = #line) {
        XCTAssertThrowsError(try AASAMatcher(data: Data(json.utf8)), line: line) { error in
            guard let error = error as? AASAMatcherError else {
                return XCTFail("expected AASAMatcherError, got \(error)", line: line)
            }
            XCTAssertTrue(
                error.description.contains(fragment), "\(error.description) should mention \(fragment)", line: line)
        }
    }

    func testMalformedFilesThrowWithLocation() {
        assertMalformed("{\"applinks\": ", mentions: "not valid JSON")
        assertMalformed("[1, 2]", mentions: "must be a JSON object")
        assertMalformed(#"{"applinks": "yes"}"#, mentions: "applinks: must be an object")
        assertMalformed(#"{"applinks": {"details": "x"}}"#, mentions: "applinks.details")
        assertMalformed(
            #"{"applinks": {"details": [{"appIDs": ["T.a"], "components": {"/": "*"}}]}}"#,
            mentions: "components: must be an array")
        assertMalformed(
            #"{"applinks": {"details": [{"appIDs": ["T.a"], "components": ["/x"]}]}}"#, mentions: "components[0]")
        assertMalformed(
            #"{"applinks": {"details": [{"appIDs": ["T.a"], "components": [{"/": 5}]}]}}"#, mentions: "components[0]./")
        assertMalformed(
            #"{"applinks": {"details": [{"appIDs": ["T.a"], "components": [{"/": "/x", "exclude": "yes"}]}]}}"#,
            mentions: "exclude: must be true or false")
        assertMalformed(
            #"{"applinks": {"details": [{"appIDs": ["T.a"], "components": [{"/": "/x", "caseSensitive": 1}]}]}}"#,
            mentions: "caseSensitive")
        assertMalformed(#"{"applinks": {"details": [{"appID": "T.a", "paths": ["/x", 7]}]}}"#, mentions: "paths[1]")
        assertMalformed(
            #"{"applinks": {"substitutionVariables": {"food": "pizza"}, "details": []}}"#,
            mentions: "substitutionVariables.food")
        assertMalformed(#"{"applinks": {"defaults": [], "details": []}}"#, mentions: "applinks.defaults")
    }

    func testInitFromJSONSerializationOutput() throws {
        let object: [String: Any] = [
            "applinks": ["details": [["appIDs": [app], "components": [["/": "/x", "exclude": true]]]]]
        ]
        let matcher = try AASAMatcher(json: object)
        XCTAssertEqual(
            matcher.verdict(for: "https://example.com/x", appID: app, domain: "example.com").decision, .exclude)
        XCTAssertThrowsError(
            try AASAMatcher(json: ["applinks": ["details": [["appIDs": [app], "components": [["exclude": 1]]]]]]))
    }

    func testDecisionRawValuesMatchTheConformanceVocabulary() throws {
        XCTAssertEqual(AASADecision.noMatch.rawValue, "no_match")
        let encoded = try JSONEncoder().encode([AASADecision.match, .exclude, .noMatch])
        XCTAssertEqual(String(decoding: encoded, as: UTF8.self), #"["match","exclude","no_match"]"#)
    }
}
