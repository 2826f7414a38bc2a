import Foundation
import TrampolineBuild
import XCTest

final class ConformanceRunnerTests: XCTestCase {
    private func answer(_ line: String, _ number: Int = 1) throws -> [String: Any] {
        let text = try XCTUnwrap(ConformanceRunner.answer(line: line, lineNumber: number))
        XCTAssertFalse(text.contains("\n"))
        return try XCTUnwrap(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    private let aasa =
        #"{"applinks": {"details": [{"appIDs": ["T.a"], "components": [{"/": "/x", "exclude": true}, {"/": "/*"}]}]}}"#

    func testACaseIsAnsweredWithItsIdAndDecision() throws {
        let result = try answer(
            #"{"id": 7, "aasa": \#(aasa), "domain": "e.com", "appId": "T.a", "url": "https://e.com/y"}"#)
        XCTAssertEqual(result["id"] as? Int, 7)
        XCTAssertEqual(result["decision"] as? String, "match")
        XCTAssertNil(result["error"])
        XCTAssertEqual(
            try answer(#"{"id": "x", "aasa": \#(aasa), "domain": "e.com", "appId": "T.a", "url": "https://e.com/x"}"#)[
                "decision"] as? String, "exclude")
        XCTAssertEqual(
            try answer(#"{"id": "x", "aasa": \#(aasa), "domain": "e.com", "appId": "T.b", "url": "https://e.com/y"}"#)[
                "decision"] as? String, "no_match")
    }

    func testUndecidableCasesGetAnError() throws {
        let notJSON = try answer("{id: 3", 4)
        XCTAssertTrue(notJSON["id"] is NSNull)
        XCTAssertEqual(notJSON["error"] as? String, "line 4: not valid JSON")

        let missing = try answer(#"{"id": 5, "aasa": \#(aasa), "domain": "e.com", "url": "https://e.com/y"}"#)
        XCTAssertEqual(missing["id"] as? Int, 5)
        XCTAssertEqual(missing["error"] as? String, #"missing "appId""#)
        XCTAssertNil(missing["decision"])

        let badFile = try answer(
            #"{"id": 6, "aasa": {"applinks": {"details": 3}}, "domain": "e.com", "appId": "T.a", "url": "https://e.com/y"}"#
        )
        XCTAssertTrue(
            (badFile["error"] as? String)?.contains("malformed apple-app-site-association") == true, "\(badFile)")

        XCTAssertEqual(try answer("[1, 2]")["error"] as? String, "line 1: a case must be a JSON object")
        XCTAssertNil(ConformanceRunner.answer(line: "   ", lineNumber: 9))
    }
}
