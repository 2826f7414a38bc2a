import XCTest

@testable import TrampolineSite

/// ``ClaimVerifier/FastProbes``, the claims check's byte path, must pass exactly the links that
/// ``ClaimVerifier/LinkProbes`` (URLs split and matched rule by rule) passes, or say nothing.
final class ClaimFastProbesTests: XCTestCase {
    private let site = "https://go.example.com", domain = "go.example.com"
    private let app = "ABCDE12345.com.example.app"

    /// What the slow path says: every claimed probe matched and no debug probe matched, for every app.
    private func slowPasses(
        _ path: String, matcher: AASAMatcher, apps: [(appID: String, rules: AASAMatcher.RuleSet?)], site: String
    ) -> Bool {
        let probes = ClaimVerifier.LinkProbes(
            site: site, parts: ClaimVerifier.LinkProbes.parts(of: site, domain: domain), path: path,
            matcher: matcher, apps: apps, domain: domain)
        return ClaimVerifier.claimedProbes.allSatisfy { probes.verdicts($0).allSatisfy { $0.decision == .match } }
            && ClaimVerifier.debugProbes.allSatisfy { !probes.verdicts($0).contains { $0.decision == .match } }
    }

    /// Link paths made of pieces that touch every condition of the byte path.
    private func paths(_ count: Int, using generator: inout SystemRandomNumberGenerator) -> [String] {
        let common = [
            "/", "/", "/", "//", "p", "P", "1", "42", "buy", "Buy", "-", ".", "%20", "%2F", "a b", "*", "x", "debug",
            "promo", "long", "index.html",
        ]
        let rare = ["é", "?", "#", "\r", " ", "\t", String(repeating: "long", count: 17)]
        var paths = [
            "/", "", "/p/1", "/p/1/", "/P/1", "/buy", "/buy/42", "/index.html", "/loadCookie.html", "/404.html", "p/1",
            "/a b/1", "/a%20b/1",
        ]
        for _ in 0..<count {
            // Mostly what the byte path takes (a leading slash, ASCII), now and then what it leaves.
            let pieces = (0..<Int.random(in: 1...7, using: &generator)).map { _ in
                Int.random(in: 0..<20, using: &generator) == 0
                    ? rare.randomElement(using: &generator)! : common.randomElement(using: &generator)!
            }
            paths.append((Int.random(in: 0..<10, using: &generator) == 0 ? "" : "/") + pieces.joined())
        }
        return paths
    }

    private func check(
        _ aasa: String, appIDs: [String], site: String? = nil, expectFast: Bool, file: StaticString = #filePath,
        line: UInt = #line
    ) throws -> (fast: Int, passed: Int, total: Int) {
        let site = site ?? self.site
        let matcher = try AASAMatcher(data: Data(aasa.utf8))
        let apps = matcher.ruleSets(for: appIDs)
        guard
            let fast = ClaimVerifier.FastProbes(
                apps: apps, siteParts: ClaimVerifier.LinkProbes.parts(of: site, domain: domain))
        else {
            XCTAssertFalse(expectFast, "no byte path for \(aasa)", file: file, line: line)
            return (0, 0, 0)
        }
        XCTAssertTrue(expectFast, "a byte path for \(aasa)", file: file, line: line)
        var generator = SystemRandomNumberGenerator()
        var answered = 0
        var passed = 0
        let all = paths(1_500, using: &generator)
        for path in all {
            guard let answer = fast.passes(path) else { continue }
            answered += 1
            if answer { passed += 1 }
            XCTAssertEqual(
                answer, slowPasses(path, matcher: matcher, apps: apps, site: site),
                "\(path.debugDescription) against \(aasa)", file: file, line: line)
        }
        return (answered, passed, all.count)
    }

    func testAGeneratedAASAGetsTheSlowPathsAnswers() throws {
        // The shape the generator writes (AppSiteAssociation): the debug view and the site's own
        // pages excluded, then the links' folders and top-level links.
        let aasa = """
            {"applinks": {"details": [{"appIDs": ["\(app)", "ABCDE12345.com.example.other"], "components": [
                {"/": "*", "?": {"debug": "1"}, "exclude": true}, {"/": "/", "exclude": true}, {"/": "/index.html", "exclude": true},
                {"/": "/404.html", "exclude": true}, {"/": "/loadCookie.html", "exclude": true},
                {"/": "/p/*"}, {"/": "/buy/*"}, {"/": "/promo"}, {"/": "/a b"}]}]}}
            """
        let counts = try check(aasa, appIDs: [app, "ABCDE12345.com.example.other"], expectFast: true)
        // Most random paths are for the byte path; the rest go the slow way.
        XCTAssertGreaterThan(counts.fast, counts.total / 3)
        // Both answers come up: links that pass and links that do not (the site's own pages, `/a b`'s neighbours…).
        XCTAssertGreaterThan(counts.passed, 20)
        XCTAssertGreaterThan(counts.fast - counts.passed, 10)
        // An app the file does not name passes nothing.
        _ = try check(aasa, appIDs: [app, "ZZZZZ.com.example.missing"], expectFast: true)
        // Under a site URL with a path of its own.
        _ = try check(aasa, appIDs: [app], site: "https://go.example.com/base", expectFast: true)
    }

    func testRulesOfEveryKindTheBytePathTakes() throws {
        // Case-insensitive rules, queries whole and by item, fragments, wildcards, `?`, and a
        // rule that decodes (`percentEncoded: false`), which keeps paths with `%` on the slow path.
        let components = [
            #"{"/": "/P/*", "caseSensitive": false}"#,
            #"{"/": "/buy/?", "?": "*"}"#,
            #"{"/": "/buy/*", "?": "x=1", "exclude": true}"#,
            #"{"/": "*", "?": {"DEBUG": "1"}, "caseSensitive": false, "exclude": true}"#,
            #"{"/": "*", "?": {"utm_source": "?*"}}"#,
            ##"{"/": "/*", "#": "top"}"##,
            ##"{"/": "/*", "#": "*", "exclude": true}"##,
            #"{"/": "/a%20b/*", "percentEncoded": false}"#,
            #"{"/": "/long*"}"#,
            #"{"?": {"x": "1"}}"#,
        ]
        var generator = SystemRandomNumberGenerator()
        var fast = 0
        for _ in 0..<40 {
            let chosen = components.shuffled(using: &generator).prefix(
                Int.random(in: 1...components.count, using: &generator))
            let aasa =
                #"{"applinks": {"details": [{"appIDs": [""# + app + #""], "components": ["#
                + chosen.joined(separator: ",") + "]}]}}"
            fast += try check(aasa, appIDs: [app], expectFast: true).fast
        }
        XCTAssertGreaterThan(fast, 10_000)
    }

    func testWhatTheBytePathLeavesToTheSlowPath() throws {
        // A pattern with a non-ASCII literal has no byte program.
        _ = try check(
            #"{"applinks": {"details": [{"appIDs": [""# + app + #""], "components": [{"/": "/é/*"}]}]}}"#,
            appIDs: [app], expectFast: false)
        // Many plain-text rules: the rule set's index by path beats trying them in turn.
        let many = (0..<40).map { #"{"/": "/p\#($0)"}"# }.joined(separator: ",")
        _ = try check(
            #"{"applinks": {"details": [{"appIDs": [""# + app + #""], "components": ["# + many + "]}]}}", appIDs: [app],
            expectFast: false)
        // A site that is not https, or not served from the domain.
        let aasa = #"{"applinks": {"details": [{"appIDs": [""# + app + #""], "components": [{"/": "/p/*"}]}]}}"#
        _ = try check(aasa, appIDs: [app], site: "http://go.example.com", expectFast: false)
        _ = try check(aasa, appIDs: [app], site: "https://elsewhere.example.com", expectFast: false)
    }

    func testTheAppleFixturesGetTheSlowPathsAnswers() throws {
        let directory = try XCTUnwrap(Bundle.module.url(forResource: "Fixtures", withExtension: nil))
            .appendingPathComponent("aasa-conformance/apple-fixtures", isDirectory: true)
        var fast = 0
        for name in try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
        where name.hasSuffix(".json") {
            let text = try String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)
            let matcher = try AASAMatcher(data: Data(text.utf8))
            // Whichever way each file goes, where the byte path answers it agrees.
            let apps = matcher.ruleSets(for: matcher.appIDs)
            guard
                let probes = ClaimVerifier.FastProbes(
                    apps: apps, siteParts: ClaimVerifier.LinkProbes.parts(of: site, domain: domain))
            else { continue }
            var generator = SystemRandomNumberGenerator()
            for path in paths(500, using: &generator) {
                guard let answer = probes.passes(path) else { continue }
                fast += 1
                XCTAssertEqual(
                    answer, slowPasses(path, matcher: matcher, apps: apps, site: site),
                    "\(path.debugDescription) in \(name)")
            }
        }
        XCTAssertGreaterThan(fast, 500)
    }
}
