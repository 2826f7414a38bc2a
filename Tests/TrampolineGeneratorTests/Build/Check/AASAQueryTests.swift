import Foundation
import TrampolineBuild
import XCTest

final class AASAQueryTests: XCTestCase {
    private let file = Data(
        #"{"applinks": {"details": [{"appIDs": ["T.a", "T.b"], "components": [{"/": "/private/*", "exclude": true}, {"/": "/buy/*"}]}]}}"#
            .utf8)

    func testEachAppGetsItsDecisionAndRule() throws {
        let answer = try AASAQuery(aasa: file).answer(for: "https://shop.example/buy/42")
        XCTAssertEqual(answer.domain, "shop.example")
        XCTAssertEqual(answer.verdicts.map(\.decision), [.match, .match])
        XCTAssertEqual(
            answer.text,
            """
            https://shop.example/buy/42 (served by shop.example)
              T.a: match by rule 1: {"/": "/buy/*"}
              T.b: match by rule 1: {"/": "/buy/*"}

            """)
    }

    func testExcludeAndNoMatchSayWhy() throws {
        let query = try AASAQuery(aasa: file, appIDs: ["T.a", "T.other"], domain: "shop.example")
        XCTAssertEqual(
            try query.answer(for: "/private/1").text,
            """
            https://shop.example/private/1 (served by shop.example)
              T.a: exclude by rule 0: {"/": "/private/*", "exclude": true}
              T.other: no_match (the file does not list this app)

            """)
        XCTAssertTrue(
            try query.answer(for: "https://elsewhere.example/buy/1").text.contains(
                "T.a: no_match (the URL's host is not shop.example, which serves the file)"))
        XCTAssertTrue(
            try query.answer(for: "http://shop.example/buy/1").text.contains("T.a: no_match (iOS opens only https URLs")
        )
        XCTAssertTrue(
            try query.answer(for: "https://shop.example/about").text.contains(
                "T.a: no_match (no rule matches this URL)"))
    }

    func testAnAppNamedWhereIOSDoesNotLookIsExplained() throws {
        let file = Data(
            #"{"applinks": {"details": [{"appIDs": ["T.a"], "appID": "T.old", "components": [{"/": "*"}]}]}}"#.utf8)
        let query = try AASAQuery(aasa: file, appIDs: ["T.a", "T.old"], domain: "shop.example")
        XCTAssertEqual(
            try query.answer(for: "/x").text,
            """
            https://shop.example/x (served by shop.example)
              T.a: match by rule 0: {"/": "*"}
              T.old: no_match (the file does not list this app for iOS: applinks.details[0].appID: names T.old beside an "appIDs" array; iOS reads only "appIDs" and ignores "appID")

            """)
    }

    func testInvalidInputThrowsADiagnostic() throws {
        let query = try AASAQuery(aasa: file)
        XCTAssertThrowsError(try query.answer(for: "/buy/1")) { XCTAssertTrue("\($0)".contains("is a path")) }
        XCTAssertThrowsError(try query.answer(for: "buy/1")) { XCTAssertTrue("\($0)".contains("not an absolute URL")) }
        XCTAssertThrowsError(try AASAQuery(aasa: Data("[1,".utf8), displayName: "x.json")) {
            XCTAssertTrue("\($0)".contains("x.json"))
        }
        XCTAssertThrowsError(try AASAQuery(aasa: Data(#"{"applinks": {"details": []}}"#.utf8))) {
            XCTAssertTrue("\($0)".contains("names no app"))
        }
    }
}
