import Foundation
import TrampolineModel
import XCTest

final class AssetLinksConformanceTests: XCTestCase {

    // MARK: - Google's compatibility suite

    /// Number of cases `convert.py` produces from the pinned suite commit; a
    /// broken fixture or converter fails here instead of passing vacuously.
    private static let expectedCaseCount = 74

    func testFixtureHasEveryConvertedCase() throws {
        let fixture = try Self.loadFixture()
        XCTAssertEqual(fixture.cases.count, Self.expectedCaseCount)
        XCTAssertEqual(Set(fixture.cases.map(\.id)).count, fixture.cases.count, "case ids must be unique")
        // Every case must carry at least one query to check, or it proves nothing.
        for testCase in fixture.cases {
            XCTAssertFalse(testCase.checkQueries.isEmpty && testCase.listQueries.isEmpty, testCase.id)
        }
    }

    func testGoogleCompatibilitySuite() throws {
        let fixture = try Self.loadFixture()
        var ran = 0
        for testCase in fixture.cases {
            if let reason = testCase.skipReason {
                // Explicit, visible skip: the reason is recorded in the fixture.
                print("SKIPPED \(testCase.id): \(reason)")
                continue
            }
            // Keep going after a thrown failure so one bad case hides no others.
            do {
                try run(testCase)
            } catch {
                XCTFail("\(testCase.id): \(error)")
            }
            ran += 1
        }
        XCTAssertEqual(ran + fixture.cases.filter { $0.skipReason != nil }.count, Self.expectedCaseCount)
    }

    /// Evaluates one suite case the way Google's API would answer its queries:
    /// FETCH_ERROR when the list or any entry is rejected or nothing is left,
    /// while check/list answers come from the statements that did parse.
    private func run(_ testCase: SuiteCase) throws {
        let id = testCase.id
        var links = Set<Link>()
        var problems: [String] = []
        do {
            let result = try AssetLinks.parse(Data(testCase.statementList.utf8))
            var statements = result.statements
            problems += result.problems.filter { $0 != .noStatements }.map(\.description)
            // Include files are resolved from the case's hosted documents only
            // (comptest2005); fetching is not this component's job.
            var pending = result.includes
            var budget = 10
            while !pending.isEmpty, budget > 0 {
                budget -= 1
                let url = pending.removeFirst()
                guard let body = testCase.hosted.first(where: { $0.url == url })?.body else {
                    XCTFail("\(id): include \(url) is not hosted by the case")
                    continue
                }
                do {
                    let included = try AssetLinks.parse(Data(body.utf8))
                    statements += included.statements
                    pending += included.includes
                    problems += included.problems.filter { $0 != .noStatements }.map(\.description)
                } catch {
                    problems.append(error.description)
                }
            }
            if statements.isEmpty {
                problems.append(AssetLinksError.noStatements.description)
            }
            links = Link.expand(statements)
        } catch {
            problems.append(error.description)
        }

        let outcome = problems.isEmpty ? "SUCCESS" : "FETCH_ERROR"
        XCTAssertEqual(outcome, testCase.expectedOutcome, "\(id): problems: \(problems)")

        for query in testCase.checkQueries {
            XCTAssertEqual(query.outcome, testCase.expectedOutcome, "\(id): \(query.name)")
            try assertErrorExpectations(query.errorMessageRegex, query.errorCodes, problems, "\(id): \(query.name)")
            let wanted = try Link(relation: query.relation, asset: query.target, context: id)
            XCTAssertEqual(links.contains(wanted), query.linked, "\(id): \(query.name): \(wanted) in \(links)")
        }
        for query in testCase.listQueries {
            XCTAssertEqual(query.outcome, testCase.expectedOutcome, "\(id): \(query.name)")
            try assertErrorExpectations(query.errorMessageRegex, query.errorCodes, problems, "\(id): \(query.name)")
            let expected = try Set(
                query.statements.map { try Link(relation: $0.relation, asset: $0.target, context: id) })
            let actual = links.filter { query.relation == nil || $0.relation == query.relation }
            XCTAssertEqual(actual, expected, "\(id): \(query.name)")
        }
    }

    /// The suite's error regex must match one of our problem descriptions,
    /// and every error code it names must be one we model.
    private func assertErrorExpectations(
        _ regex: String?, _ codes: [String], _ problems: [String], _ context: String
    ) throws {
        for code in codes {
            // Parsing problems are all "malformed content" in Google's API.
            XCTAssertEqual(code, "ERROR_CODE_MALFORMED_CONTENT", context)
        }
        guard let regex else { return }
        let expression = try NSRegularExpression(pattern: regex)
        let matched = problems.contains { problem in
            expression.firstMatch(in: problem, range: NSRange(problem.startIndex..., in: problem)) != nil
        }
        XCTAssertTrue(matched, "\(context): /\(regex)/ matches none of \(problems)")
    }

    // MARK: - Hand-written tests

    private static let exampleFingerprint =
        "14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5"

    func testTypicalAssetLinksFile() throws {
        let json = """
            [{"relation": ["delegate_permission/common.handle_all_urls"], "target": {"namespace": "android_app", \
            "package_name": "com.example.app", "sha256_cert_fingerprints": ["\(Self.exampleFingerprint)"]}}]
            """
        let expected = [
            AssetLinks.Statement(
                relations: ["delegate_permission/common.handle_all_urls"],
                target: .androidApp(package: "com.example.app", sha256CertFingerprints: [Self.exampleFingerprint]))
        ]

        let result = try AssetLinks.parse(Data(json.utf8))
        XCTAssertEqual(result.statements, expected)
        XCTAssertEqual(result.includes, [])
        XCTAssertEqual(result.problems, [])
        XCTAssertTrue(result.isValid)
        XCTAssertEqual(try AssetLinks.validate(Data(json.utf8)), expected)
    }

    func testFingerprintFormat() {
        XCTAssertTrue(AssetLinks.isValidFingerprint(Self.exampleFingerprint))
        XCTAssertTrue(AssetLinks.isValidFingerprint(Array(repeating: "00", count: 32).joined(separator: ":")))

        let invalid = [
            "",
            Self.exampleFingerprint.lowercased(),  // lower case (comptest2312)
            Self.exampleFingerprint.replacingOccurrences(of: ":", with: ""),  // no colons
            String(Self.exampleFingerprint.dropFirst(3)),  // 31 pairs (comptest2314)
            Self.exampleFingerprint + ":00",  // 33 pairs
            Self.exampleFingerprint + ":",  // trailing colon
            " " + Self.exampleFingerprint,  // padded
            "GG" + Self.exampleFingerprint.dropFirst(2),  // not hex (comptest2313)
            Self.exampleFingerprint.replacingOccurrences(of: ":", with: "-"),  // wrong separator
            "1:46D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5",
        ]
        for value in invalid {
            XCTAssertFalse(AssetLinks.isValidFingerprint(value), value)
        }
    }

    func testMalformedFingerprintDescriptionSaysHowToFix() {
        let lower = AssetLinksError.StatementProblem.malformedFingerprint(
            position: 0, value: Self.exampleFingerprint.lowercased())
        XCTAssertTrue(
            lower.description.contains("Use upper-case hex digits: \"\(Self.exampleFingerprint)\""), lower.description)
        let bare = AssetLinksError.StatementProblem.malformedFingerprint(
            position: 1, value: Self.exampleFingerprint.replacingOccurrences(of: ":", with: ""))
        XCTAssertTrue(
            bare.description.contains("Insert ':' between the byte pairs: \"\(Self.exampleFingerprint)\""),
            bare.description)
        XCTAssertTrue(bare.description.contains("sha256_cert_fingerprints[1]"), bare.description)
    }

    func testSkippedEntriesKeepValidStatementsAndReportIndexes() throws {
        let json = """
            [{"relation": ["delegate_permission/common.handle_all_urls"], "target": {"namespace": "web", "site": "https://a.example"}},
             42,
             {"relation": ["delegate_permission/common.handle_all_urls"], "target": {"namespace": "android_app", \
            "package_name": "com.example.app", "sha256_cert_fingerprints": ["\(Self.exampleFingerprint.lowercased())"]}}]
            """
        let result = try AssetLinks.parse(Data(json.utf8))
        XCTAssertEqual(result.statements.map(\.target), [.web(site: "https://a.example")])
        XCTAssertEqual(
            result.problems,
            [
                .invalidStatement(index: 1, problem: .notAnObject(found: "a number")),
                .invalidStatement(
                    index: 2, problem: .malformedFingerprint(position: 0, value: Self.exampleFingerprint.lowercased())),
            ])
        XCTAssertFalse(result.isValid)
        XCTAssertThrowsError(try AssetLinks.validate(Data(json.utf8))) { error in
            XCTAssertEqual(
                error as? AssetLinksError, .invalidStatement(index: 1, problem: .notAnObject(found: "a number")))
        }
    }

    func testEmptyListIsReportedAsNoStatements() throws {
        let result = try AssetLinks.parse(Data("[]".utf8))
        XCTAssertEqual(result.statements, [])
        XCTAssertEqual(result.problems, [.noStatements])
        XCTAssertThrowsError(try AssetLinks.validate(Data(" [ ] ".utf8))) { error in
            XCTAssertEqual(error as? AssetLinksError, .noStatements)
        }
    }

    func testIncludeDirectives() throws {
        let good = #"[{"include": "https://example.com/includes/links.json", "comment": "extra fields are allowed"}]"#
        let result = try AssetLinks.parse(Data(good.utf8))
        XCTAssertEqual(result.includes, ["https://example.com/includes/links.json"])
        XCTAssertEqual(result.problems, [])

        let cases: [(String, AssetLinksError.StatementProblem)] = [
            (
                #"[{"include": "https://example.com/a.json", "relation": []}]"#,
                .includeWithStatementFields(["relation"])
            ),
            (#"[{"include": 7}]"#, .includeNotAString(found: "a number")),
            (
                #"[{"include": "mailto://user@example.com"}]"#,
                .invalidIncludeURL("mailto://user@example.com", .notHTTP(scheme: "mailto"))
            ),
            (
                #"[{"include": "https://example.com:999999"}]"#,
                .invalidIncludeURL(
                    "https://example.com:999999", .malformed("port 999999 is not a number from 1 to 65535"))
            ),
        ]
        for (json, problem) in cases {
            let result = try AssetLinks.parse(Data(json.utf8))
            XCTAssertEqual(result.problems, [.invalidStatement(index: 0, problem: problem), .noStatements], json)
        }
    }

    func testStatementRulesBeyondTheSuite() throws {
        func problems(_ statement: String) throws -> [AssetLinksError] {
            try AssetLinks.parse(Data("[\(statement)]".utf8)).problems
        }
        let web = #""target": {"namespace": "web", "site": "https://example.com"}"#
        // Unknown fields in statements and descriptors are ignored (extensibility).
        XCTAssertEqual(try problems(#"{"relation": ["navigate/x"], \#(web), "note": {"a": [1, true, null]}}"#), [])
        XCTAssertEqual(
            try problems(#"{"relation": [], \#(web)}"#),
            [.invalidStatement(index: 0, problem: .emptyRelationArray), .noStatements])
        XCTAssertEqual(
            try problems(#"{"relation": ["a/b"], "target": {"namespace": "ios_app", "appid": "1"}}"#),
            [.invalidStatement(index: 0, problem: .unrecognizedNamespace("ios_app")), .noStatements])
        XCTAssertEqual(
            try problems(#"{"relation": ["a/b"], "target": {"site": "https://example.com"}}"#),
            [.invalidStatement(index: 0, problem: .missingNamespace), .noStatements])
        XCTAssertEqual(
            try problems(#"{"relation": ["a/b"], "target": {"namespace": "web", "site": ""}}"#),
            [.invalidStatement(index: 0, problem: .missingSite), .noStatements])
        XCTAssertEqual(
            try problems(#"{"relation": ["a/b"], "target": {"namespace": "android_app", "package_name": 5}}"#),
            [.invalidStatement(index: 0, problem: .packageNameNotAString(found: "a number")), .noStatements])
        // Duplicate keys: the last one wins, as in common JSON parsers.
        XCTAssertEqual(
            try AssetLinks.parse(Data(#"[{"relation": 1, "relation": ["a/b"], \#(web)}]"#.utf8)).statements,
            [AssetLinks.Statement(relations: ["a/b"], target: .web(site: "https://example.com"))])
    }

    func testPackageNames() {
        for name in ["com.example.app", "org.digitalassetlinks.comptest2301", "a.b", "Com.Example_2.x9"] {
            XCTAssertTrue(AssetLinks.isValidPackageName(name), name)
        }
        for name in [
            "", "B A D", "app", "com..app", ".com.app", "com.app.", "com.1app", "com._app", " com.app", "com.app ",
            "com.exämple",
        ] {
            XCTAssertFalse(AssetLinks.isValidPackageName(name), name)
        }
    }

    func testRelations() {
        XCTAssertNil(AssetLinks.relationProblem("delegate_permission/common.handle_all_urls"))
        XCTAssertNil(AssetLinks.relationProblem("navigate/yellow_brick_road"))
        XCTAssertEqual(AssetLinks.relationProblem("a/b/c"), .notKindSlashDetail)
        XCTAssertEqual(AssetLinks.relationProblem("Delegate_permission/x"), .invalidKind)
        XCTAssertEqual(AssetLinks.relationProblem("delegate_permission/common.*"), .invalidDetail)
    }

    func testSites() {
        XCTAssertEqual(AssetLinks.canonicalSite("HTTPS://Example.COM.:443"), "https://example.com")
        XCTAssertEqual(AssetLinks.canonicalSite("http://example.com:80"), "http://example.com")
        XCTAssertEqual(AssetLinks.canonicalSite("https://example.com:8443"), "https://example.com:8443")
        XCTAssertNil(AssetLinks.canonicalSite("https://example.com/"))

        let problems: [(String, AssetLinksError.SiteProblem)] = [
            ("example.com", .missingScheme),
            ("example.com:8080", .missingScheme),
            ("ftp://example.com", .notHTTP(scheme: "ftp")),
            ("https:example.com", .malformed("expected '//' after 'https:'")),
            ("https://", .malformed("\"\" is not a valid host name")),
            (
                "https://exa mple.com",
                .malformed(
                    "it contains a space; URLs must be ASCII without spaces (write international host names in their xn-- form)"
                )
            ),
            ("https://a..b", .malformed("\"a..b\" is not a valid host name")),
            ("https://example.com:", .malformed("the port after ':' is empty; remove the ':' or give a port")),
            ("https://example.com:0", .malformed("port 0 is not a number from 1 to 65535")),
            ("https://u@example.com", .hasLoginInfo),
            ("https://example.com/", .hasPath),
            ("https://example.com?", .hasQuery),
            ("https://example.com#", .hasFragment),
        ]
        for (site, problem) in problems {
            XCTAssertEqual(AssetLinks.siteProblem(site), problem, site)
        }
    }

    func testStrictJSON() throws {
        let rejected: [(String, String)] = [
            ("", "the file is empty"),
            ("null", "the top-level value is null"),
            ("[1,]", "trailing comma before ']'"),
            (#"[{"a": 1,}]"#, "trailing comma before '}'"),
            ("[1,,2]", "expected a value but found ','"),
            ("// c\n[]", "comments are not allowed"),
            ("['a']", "double quotes"),
            ("[01]", "leading zeros"),
            ("[NaN]", "unexpected character 'N'"),
            ("[\"a\tb\"]", "control character"),
            (#"["\x"]"#, "invalid escape sequence \\x"),
            (#"["\ud800"]"#, "unpaired UTF-16 surrogate"),
            ("[] []", "unexpected content after the end"),
            ("\u{FEFF}[]", "byte order mark"),
            ("{\"a\" 1}", "expected ':' after the key \"a\""),
            (String(repeating: "[", count: 600) + String(repeating: "]", count: 600), "nesting is deeper than 512"),
        ]
        for (json, reason) in rejected {
            XCTAssertThrowsError(try AssetLinks.parse(Data(json.utf8)), json) { error in
                guard case .invalidJSON(let actual, _, _)? = error as? AssetLinksError else {
                    return XCTFail("\(json): expected invalidJSON, got \(error)")
                }
                XCTAssertTrue(actual.contains(reason), "\(json): \(actual)")
            }
        }
        XCTAssertThrowsError(try AssetLinks.parse(Data([0x5B, 0x22, 0xFF, 0x22, 0x5D]))) { error in
            XCTAssertEqual(
                error as? AssetLinksError,
                .invalidJSON(reason: "the file is not valid UTF-8; save it as UTF-8", line: 1, column: 3))
        }
        // Positions are 1-based lines and columns, counting characters, not bytes.
        XCTAssertThrowsError(try AssetLinks.parse(Data("[\n  \"é\",\n  ]".utf8))) { error in
            XCTAssertEqual(
                error as? AssetLinksError,
                .invalidJSON(reason: "trailing comma before ']'; remove it", line: 3, column: 3))
        }
        XCTAssertThrowsError(try AssetLinks.parse(Data(#"{"relation": []}"#.utf8))) { error in
            XCTAssertEqual(error as? AssetLinksError, .notAnArray(found: "an object"))
        }
        // Escapes decode, including surrogate pairs, so the site check sees real text.
        let escaped =
            #"[{"relation": ["a\/b"], "target": {"namespace": "web", "site": "https:\/\/\u0065xample.com"}}, {"x": "\ud83d\ude00\n"}]"#
        let result = try AssetLinks.parse(Data(escaped.utf8))
        XCTAssertEqual(
            result.statements, [AssetLinks.Statement(relations: ["a/b"], target: .web(site: "https://example.com"))])
        XCTAssertEqual(result.problems, [.invalidStatement(index: 1, problem: .missingRelation)])
    }

    func testDescriptionsAreReadable() {
        let error = AssetLinksError.invalidStatement(index: 3, problem: .invalidSite("https://example.com/", .hasPath))
        XCTAssertEqual(
            error.description,
            "Could not parse statement list entry at index 3 (the entry is skipped): Invalid site \"https://example.com/\": "
                + "a site cannot contain a path, not even a trailing '/'. Use only scheme://host[:port], e.g. \"https://example.com\"."
        )
        XCTAssertEqual(error.errorDescription, error.description)
        XCTAssertTrue(
            AssetLinksError.invalidJSON(reason: "x", line: 2, column: 5).description.contains("(line 2, column 5): x."))
    }
}

// MARK: - Fixture model

private struct Fixture: Decodable {
    var cases: [SuiteCase]
}

private struct SuiteCase: Decodable {
    struct Hosted: Decodable {
        var url: String
        var body: String
    }

    var id: String
    var statementList: String
    var hosted: [Hosted]
    var expectedOutcome: String
    var checkQueries: [CheckQuery]
    var listQueries: [ListQuery]
    var skipReason: String?
}

private struct CheckQuery: Decodable {
    var name: String
    var outcome: String
    var errorMessageRegex: String?
    var errorCodes: [String]
    var relation: String
    var target: Asset
    var linked: Bool
}

private struct ListQuery: Decodable {
    struct Expected: Decodable {
        var relation: String
        var target: Asset
    }

    var name: String
    var outcome: String
    var errorMessageRegex: String?
    var errorCodes: [String]
    var relation: String?
    var statements: [Expected]
}

/// An asset as Google's API models it: one certificate per Android app.
private struct Asset: Decodable {
    struct Web: Decodable {
        var site: String
    }

    struct AndroidApp: Decodable {
        var packageName: String
        var sha256Fingerprint: String
    }

    var web: Web?
    var androidApp: AndroidApp?
}

/// One (relation, target) pair in Google's model, with web sites canonical so
/// that "HtTpS://host." and "https://host" compare equal, as the API does.
private struct Link: Hashable, CustomStringConvertible {
    var relation: String
    var target: String

    var description: String { "\(relation) -> \(target)" }

    init(relation: String, target: String) {
        self.relation = relation
        self.target = target
    }

    init(relation: String, asset: Asset, context: String) throws {
        self.relation = relation
        if let web = asset.web {
            target =
                "web "
                + (try XCTUnwrap(AssetLinks.canonicalSite(web.site), "\(context): bad expected site \(web.site)"))
        } else {
            let app = try XCTUnwrap(asset.androidApp, "\(context): empty asset")
            target = "android_app \(app.packageName) \(app.sha256Fingerprint)"
        }
    }

    /// A statement with R relations and C certificates is R×C links.
    static func expand(_ statements: [AssetLinks.Statement]) -> Set<Link> {
        var links = Set<Link>()
        for statement in statements {
            let targets: [String]
            switch statement.target {
            case .web(let site):
                targets = ["web " + (AssetLinks.canonicalSite(site) ?? "invalid \(site)")]
            case .androidApp(let package, let fingerprints):
                targets = fingerprints.map { "android_app \(package) \($0)" }
            }
            for relation in statement.relations {
                for target in targets {
                    links.insert(Link(relation: relation, target: target))
                }
            }
        }
        return links
    }
}

extension AssetLinksConformanceTests {
    fileprivate static func loadFixture() throws -> Fixture {
        let url = try XCTUnwrap(
            Bundle.module.url(
                forResource: "dal-compatibility", withExtension: "json", subdirectory: "Fixtures/digitalassetlinks"))
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        return try decoder.decode(Fixture.self, from: Data(contentsOf: url))
    }
}
