import Foundation
import TrampolineTestSupport
import XCTest

final class MatchCommandTests: XCTestCase {
    private func example() throws -> String {
        let url = try XCTUnwrap(Bundle.module.url(forResource: "Fixtures/example.yml", withExtension: nil))
        return try String(contentsOf: url, encoding: .utf8)
    }

    private let app = "ABCDE12345.com.example.marry"
    private let beta = "ABCDE12345.com.example.marry.beta"

    func testTextOutputGivesEachAppItsDecisionAndRule() throws {
        let dir = try TemporaryDirectory()
        try dir.write("site-config.yml", try example())
        // Per-link claims (in place of the title: every line stays where it was).
        try dir.write(
            "site-config.yml",
            try example().replacingOccurrences(of: "  title: Marry links\n", with: "  claims: links\n"))
        let result = try TrampolineProcess.run(
            ["match", "https://go.example.com/topic/1", "/loadCookie.html", "https://go.example.com/nope?x=1"],
            in: dir.url)
        XCTAssertEqual(result.status, 0, result.stderr)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.first, "https://go.example.com/topic/1 (served by go.example.com)")
        XCTAssertTrue(
            lines.contains { $0.hasPrefix("  \(app): match by rule ") && $0.hasSuffix(#": {"/": "/topic/1"}"#) },
            result.stdout)
        XCTAssertTrue(
            lines.contains { $0.hasPrefix("  \(beta): match by rule ") && $0.hasSuffix(#": {"/": "/topic/1"}"#) },
            result.stdout)
        // A path is put on the catalog's host.
        XCTAssertTrue(
            lines.contains("https://go.example.com/loadCookie.html (served by go.example.com)"), result.stdout)
        XCTAssertTrue(
            lines.contains {
                $0.hasPrefix("  \(app): exclude by rule ")
                    && $0.hasSuffix(#"{"/": "/loadCookie.html", "exclude": true}"#)
            }, result.stdout)
        // No match is still a successful answer.
        XCTAssertTrue(lines.contains("  \(app): no_match (no rule matches this URL)"), result.stdout)
        XCTAssertEqual(lines.filter { $0.hasPrefix("  ") && !$0.hasPrefix("  app receives") }.count, 6)
        // What TrampolineLink delivers for each: the deep link, or why nothing.
        XCTAssertEqual(
            lines.filter { $0.hasPrefix("  app receives") },
            [
                "  app receives: marry://topic?id=1&utm_source=line&utm_campaign=spring",
                "  app receives: nothing (not_claimed)",
                "  app receives: nothing (not_claimed)",
            ])
    }

    /// The domain claimed whole (the default): every path opens the app, which gets the deep link
    /// of a link, and nothing (with the reason) for a path that is no link or a site file.
    func testJSONSaysWhatTheAppReceivesForEachURL() throws {
        let dir = try TemporaryDirectory()
        try dir.write("site-config.yml", try example())
        let result = try TrampolineProcess.run(
            ["match", "--format", "json", "/topic/1?ref=x&id=9", "/nope", "/loadCookie.html", "/topic/1?debug=1"],
            in: dir.url)
        XCTAssertEqual(result.status, 0, result.stderr)
        let objects = try result.stdout.split(separator: "\n").map {
            try XCTUnwrap(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
        XCTAssertEqual(objects.count, 4)
        XCTAssertEqual(objects[0]["url"] as? String, "https://go.example.com/topic/1?ref=x&id=9")
        XCTAssertEqual(
            objects[0]["app_receives"] as? String, "marry://topic?id=1&utm_source=line&utm_campaign=spring&ref=x")
        XCTAssertNil(objects[0]["reason"])
        for (object, reason) in zip(objects.dropFirst(), ["not_a_link", "not_claimed", "not_claimed"]) {
            XCTAssertTrue(object["app_receives"] is NSNull, "\(object)")
            XCTAssertEqual(object["reason"] as? String, reason, "\(object)")
        }
        XCTAssertEqual((objects[1]["verdicts"] as? [[String: Any]])?.first?["decision"] as? String, "match")
    }

    func testTheCatalogsAASAIsTheOneBuildWrites() throws {
        let dir = try TemporaryDirectory()
        // A link added to the catalog is claimed at once, without building.
        try dir.write("links/site.yml", try example() + "\n  - path: /new\n    title: New\n")
        let result = try TrampolineProcess.run(
            ["match", "--config", "links/site.yml", "https://go.example.com/new/"], in: dir.url)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.contains(#"  \#(app): match by rule "#), result.stdout)
        XCTAssertTrue(dir.contents(of: "links/_site").isEmpty, "match must not build")
    }

    func testAnAASAFileIsServedByEachURLsHostOrByDomain() throws {
        let dir = try TemporaryDirectory()
        try dir.write(
            "aasa.json", #"{"applinks": {"details": [{"appIDs": ["T.shop"], "components": [{"/": "/buy/*"}]}]}}"#)
        let own = try TrampolineProcess.run(
            ["match", "--aasa", "aasa.json", "https://shop.example/buy/42"], in: dir.url)
        XCTAssertEqual(own.status, 0, own.stderr)
        XCTAssertEqual(
            own.stdout,
            """
            https://shop.example/buy/42 (served by shop.example)
              T.shop: match by rule 0: {"/": "/buy/*"}

            """)
        let other = try TrampolineProcess.run(
            ["match", "--aasa", "aasa.json", "--domain", "other.example", "https://shop.example/buy/42", "/buy/1"],
            in: dir.url)
        XCTAssertEqual(other.status, 0, other.stderr)
        XCTAssertTrue(
            other.stdout.contains("  T.shop: no_match (the URL's host is not other.example, which serves the file)"),
            other.stdout)
        XCTAssertTrue(
            other.stdout.contains("https://other.example/buy/1 (served by other.example)\n  T.shop: match by rule 0"),
            other.stdout)
    }

    func testInvalidInputExitsOneWithAClearError() throws {
        let dir = try TemporaryDirectory()
        try dir.write("bad.json", "{\"applinks\": ")
        try dir.write(
            "site-config.yml", try example().replacingOccurrences(of: "team_id: ABCDE12345", with: "team_id: nope"))
        let cases: [([String], String)] = [
            (["match", "--aasa", "missing.json", "https://a.example/x"], "cannot read missing.json"),
            (["match", "--aasa", "bad.json", "https://a.example/x"], "bad.json: malformed apple-app-site-association"),
            (["match", "--aasa", "bad.json", "--domain", "a.example", "/x"], "bad.json"),
            (["match", "https://go.example.com/topic/1"], "site-config.yml:12:"),
        ]
        for (arguments, message) in cases {
            let result = try TrampolineProcess.run(arguments, in: dir.url)
            XCTAssertEqual(result.status, 1, "\(arguments)")
            XCTAssertTrue(result.stderr.contains(message), "\(arguments): \(result.stderr)")
            XCTAssertEqual(result.stdout, "", "\(arguments)")
        }
        try dir.write("aasa.json", #"{"applinks": {"details": [{"appIDs": ["T.shop"], "components": [{"/": "*"}]}]}}"#)
        let notURL = try TrampolineProcess.run(
            ["match", "--aasa", "aasa.json", "https://a.example/x", "buy/1"], in: dir.url)
        XCTAssertEqual(notURL.status, 1)
        XCTAssertTrue(notURL.stderr.contains("'buy/1' is not an absolute URL"), notURL.stderr)
        XCTAssertEqual(notURL.stdout, "", "nothing is printed when one URL is invalid")
        // Usage mistakes are refused by the argument parser before anything runs.
        let both = try TrampolineProcess.run(
            ["match", "--aasa", "aasa.json", "--config", "site-config.yml", "https://a.example/x"], in: dir.url)
        XCTAssertNotEqual(both.status, 0)
        XCTAssertTrue(both.stderr.contains("Pass --config or --aasa, not both."), both.stderr)
    }

    // MARK: - The runner contract (--jsonl)

    private func conformanceCases(_ file: String = "cases.json") throws -> [[String: Any]] {
        // The one copy of the corpus lives with the matcher's own tests.
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../TrampolineGeneratorTests/Fixtures/aasa-conformance/\(file)").standardizedFileURL
        let corpus = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
        return try XCTUnwrap(corpus["matching"] as? [[String: Any]])
    }

    private func line(_ object: [String: Any]) throws -> String {
        String(decoding: try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]), as: UTF8.self)
    }

    private func answers(_ stdout: String) throws -> [[String: Any]] {
        try stdout.split(separator: "\n").map {
            try XCTUnwrap(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any], String($0))
        }
    }

    /// Feeds `cases` to `match --jsonl` and returns the failures, one line each.
    private func jsonlFailures(_ cases: [[String: Any]]) throws -> [String] {
        let input =
            try cases.enumerated().map { index, entry in
                try line([
                    "id": index, "aasa": entry["aasa"]!, "domain": entry["domain"]!, "appId": entry["appId"]!,
                    "url": entry["url"]!,
                ])
            }.joined(separator: "\n") + "\n"
        let result = try TrampolineProcess.run(
            ["match", "--jsonl"], in: FileManager.default.temporaryDirectory, stdin: input)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stderr, "")
        let answers = try answers(result.stdout)
        XCTAssertEqual(answers.count, cases.count)
        var decided: [Int: String] = [:]
        for answer in answers {
            let id = try XCTUnwrap(answer["id"] as? Int, "\(answer)")
            decided[id] = answer["decision"] as? String ?? "error: \(answer["error"] ?? "")"
        }
        var failures: [String] = []
        for (index, entry) in cases.enumerated() where decided[index] != entry["expect"] as? String {
            failures.append(
                "\(index) \(entry["name"] ?? ""): expected \(entry["expect"] ?? ""), got \(decided[index] ?? "nothing")"
            )
        }
        return failures
    }

    func testJSONLPassesTheWholeConformanceCorpus() throws {
        let cases = try conformanceCases()
        XCTAssertEqual(cases.count, 100)
        let failures = try jsonlFailures(cases)
        XCTAssertEqual(failures, [], failures.joined(separator: "\n"))
    }

    /// How a details entry names its apps (appID / appIDs), as iOS reads it: see
    /// Fixtures/aasa-conformance/SOURCE.md.
    func testJSONLPassesTrampolinesAppNamingCases() throws {
        let cases = try conformanceCases("trampoline-cases.json")
        XCTAssertEqual(cases.count, 13)
        let failures = try jsonlFailures(cases)
        XCTAssertEqual(failures, [], failures.joined(separator: "\n"))
    }

    func testJSONLAnswersMalformedLinesWithAnErrorAndCarriesOn() throws {
        let aasa: [String: Any] = ["applinks": ["details": [["appIDs": ["T.a"], "components": [["/": "/x"]]]]]]
        let input = [
            try line(["id": "first", "aasa": aasa, "domain": "e.com", "appId": "T.a", "url": "https://e.com/x"]),
            "this is not JSON",
            try line(["id": 2, "aasa": aasa, "domain": "e.com", "url": "https://e.com/x"]),
            try line([
                "id": 3, "aasa": ["applinks": ["details": "nope"]], "domain": "e.com", "appId": "T.a",
                "url": "https://e.com/x",
            ]),
            "",
            try line(["id": 4, "aasa": aasa, "domain": "e.com", "appId": "T.a", "url": "https://e.com/y"]),
        ].joined(separator: "\n")
        let result = try TrampolineProcess.run(
            ["match", "--jsonl"], in: FileManager.default.temporaryDirectory, stdin: input)
        XCTAssertEqual(result.status, 0, result.stderr)
        let answers = try answers(result.stdout)
        XCTAssertEqual(answers.count, 5, result.stdout)
        XCTAssertEqual(answers[0]["id"] as? String, "first")
        XCTAssertEqual(answers[0]["decision"] as? String, "match")
        XCTAssertTrue(answers[1]["id"] is NSNull)
        XCTAssertEqual(answers[1]["error"] as? String, "line 2: not valid JSON")
        XCTAssertEqual(answers[2]["id"] as? Int, 2)
        XCTAssertEqual(answers[2]["error"] as? String, #"missing "appId""#)
        XCTAssertEqual(answers[3]["id"] as? Int, 3)
        XCTAssertNotNil(answers[3]["error"])
        XCTAssertNil(answers[3]["decision"])
        XCTAssertEqual(answers[4]["id"] as? Int, 4)
        XCTAssertEqual(answers[4]["decision"] as? String, "no_match")
    }
}
