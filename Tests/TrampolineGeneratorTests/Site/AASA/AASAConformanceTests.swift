import Foundation
import TrampolineSite
import XCTest

/// Runs the Apple-checked conformance corpus (see Fixtures/aasa-conformance/SOURCE.md) and Apple's
/// documentation examples through `AASAMatcher`.
final class AASAConformanceTests: XCTestCase {
    private static let app = "ABCDE12345.com.example.app"

    private func fixturesDirectory() throws -> URL {
        let fixtures = try XCTUnwrap(
            Bundle.module.url(forResource: "Fixtures", withExtension: nil),
            "Fixtures folder missing from the test bundle")
        return fixtures.appendingPathComponent("aasa-conformance", isDirectory: true)
    }

    private func cases(_ file: String) throws -> [[String: Any]] {
        let data = try Data(contentsOf: fixturesDirectory().appendingPathComponent(file))
        let corpus = try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [String: Any])
        return try XCTUnwrap(corpus["matching"] as? [[String: Any]])
    }

    /// Runs every case in-process; returns the failures, one line each.
    private func failures(_ cases: [[String: Any]]) -> [String] {
        var failures: [String] = []
        for entry in cases {
            let name = entry["name"] as? String ?? "<unnamed>"
            guard let aasa = entry["aasa"], let domain = entry["domain"] as? String,
                let appID = entry["appId"] as? String,
                let url = entry["url"] as? String, let expectText = entry["expect"] as? String,
                let expected = AASADecision(rawValue: expectText)
            else {
                failures.append("\(name): case is missing a field")
                continue
            }
            do {
                let verdict = try AASAMatcher(json: aasa).verdict(for: url, appID: appID, domain: domain)
                if verdict.decision != expected {
                    failures.append(
                        "\(name): \(url) expected \(expected.rawValue), got \(verdict.decision.rawValue) (rule \(verdict.rule ?? "none"))"
                    )
                }
            } catch {
                failures.append("\(name): threw \(error)")
            }
        }
        return failures
    }

    func testEveryConformanceCasePasses() throws {
        let cases = try cases("cases.json")
        XCTAssertEqual(cases.count, 100, "the corpus should hold 100 matching cases")
        let failed = failures(cases)
        XCTAssertEqual(failed, [], "conformance failures:\n" + failed.joined(separator: "\n"))
    }

    /// Trampoline's own cases for how a details entry names its apps (see SOURCE.md): each
    /// passes, and each says where its expectation comes from.
    func testEveryTrampolineCasePasses() throws {
        let cases = try cases("trampoline-cases.json")
        XCTAssertEqual(cases.count, 13)
        for entry in cases {
            let name = entry["name"] as? String ?? "<unnamed>"
            XCTAssertEqual(entry["status"] as? String, "swcd", name)
            XCTAssertFalse((entry["source"] as? [String] ?? []).isEmpty, "\(name) names no source")
            XCTAssertFalse((entry["note"] as? String ?? "").isEmpty, "\(name) has no note")
        }
        XCTAssertEqual(Set(cases.compactMap { $0["name"] as? String }).count, cases.count, "case names must be unique")
        let failed = failures(cases)
        XCTAssertEqual(failed, [], "conformance failures:\n" + failed.joined(separator: "\n"))
    }

    func testEveryAppleFixtureParses() throws {
        let directory = try fixturesDirectory().appendingPathComponent("apple-fixtures", isDirectory: true)
        let files = try FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "json" }
        XCTAssertEqual(files.count, 7)
        for file in files {
            XCTAssertNoThrow(try AASAMatcher(data: Data(contentsOf: file)), file.lastPathComponent)
        }
    }

    private func fixture(_ name: String) throws -> AASAMatcher {
        try AASAMatcher(
            data: Data(contentsOf: fixturesDirectory().appendingPathComponent("apple-fixtures/\(name).json")))
    }

    private func decision(_ matcher: AASAMatcher, _ url: String, app: String = app) -> AASADecision {
        matcher.verdict(for: url, appID: app, domain: "www.example.com").decision
    }

    func testAppLinksOverviewDocumentedDecisions() throws {
        let matcher = try fixture("applinks-overview")
        XCTAssertEqual(matcher.appIDs, [Self.app, "ABCDE12345.com.example.app2"])
        XCTAssertEqual(decision(matcher, "https://www.example.com/buy/42", app: "ABCDE12345.com.example.app2"), .match)
        XCTAssertEqual(decision(matcher, "https://www.example.com/buy/42#no_universal_links"), .exclude)
        XCTAssertEqual(decision(matcher, "https://www.example.com/help/website/contact"), .exclude)
        XCTAssertEqual(decision(matcher, "https://www.example.com/help/123?articleNumber=4815"), .match)
        XCTAssertEqual(decision(matcher, "https://www.example.com/help/123?articleNumber=481"), .noMatch)
        XCTAssertEqual(decision(matcher, "https://www.example.com/about"), .noMatch)
    }

    func testComponentsAllMustMatchDocumentedDecisions() throws {
        let matcher = try fixture("components-all-must-match")
        XCTAssertEqual(decision(matcher, "https://www.example.com/abc?def"), .match)
        XCTAssertEqual(decision(matcher, "https://www.example.com/abc?def#anything"), .match)
        // Apple: "https://www.example.com/abc" does not match because the query is missing.
        XCTAssertEqual(decision(matcher, "https://www.example.com/abc"), .noMatch)
    }

    func testCaseInsensitiveDetailDocumentedDecisions() throws {
        let matcher = try fixture("details-case-insensitive")
        XCTAssertEqual(decision(matcher, "https://www.example.com/BUY/1#My_Great_Product_123"), .match)
        XCTAssertEqual(decision(matcher, "https://www.example.com/buy/1#other"), .noMatch)
    }

    func testLegacyFixturesDocumentedDecisions() throws {
        let dictionary = try fixture("legacy-details-dictionary")
        XCTAssertEqual(dictionary.appIDs, [Self.app])
        XCTAssertEqual(decision(dictionary, "https://www.example.com/wwdc/news/"), .match)
        XCTAssertEqual(decision(dictionary, "https://www.example.com/videos/wwdc/2015/102"), .match)
        XCTAssertEqual(decision(dictionary, "https://www.example.com/videos/wwdc/2016/102"), .noMatch)

        let paths = try fixture("legacy-paths")
        XCTAssertEqual(decision(paths, "https://www.example.com/test/page"), .match)
        let excluded = paths.verdict(
            for: "https://www.example.com/path/1/x", appID: Self.app, domain: "www.example.com")
        XCTAssertEqual(excluded.decision, .exclude)
        XCTAssertEqual(excluded.ruleIndex, 1)
        XCTAssertEqual(excluded.rule, "NOT /path/1/*")
    }

    func testSubstitutionAndServicesFixturesDocumentedDecisions() throws {
        let substitution = try fixture("substitution-variables")
        XCTAssertEqual(decision(substitution, "https://www.example.com/en_US/pizza/"), .match)
        XCTAssertEqual(decision(substitution, "https://www.example.com/fr_CA/sushi/"), .match)
        XCTAssertEqual(decision(substitution, "https://www.example.com/en_US/tacos/"), .noMatch)

        let services = try fixture("all-services")
        XCTAssertEqual(services.appIDs, [Self.app])
        XCTAssertEqual(decision(services, "https://www.example.com/anything/at/all"), .match)
        XCTAssertEqual(
            decision(services, "https://www.example.com/x", app: "ABCDE12345.com.example.app.Clip"), .noMatch)
    }
}
