import Foundation
import TrampolineLink
import XCTest

/// The shared table (Tests/Fixtures/route-patterns.json), run through the library. The generator's
/// tests run the same file through the generator (RoutePatternCatalogTests).
final class RoutePatternTableTests: XCTestCase {
    struct Table: Decodable {
        struct Match: Decodable {
            var pattern: String
            var path: String
            var params: [String: String]?
        }
        struct Failure: Decodable {
            var pattern: String
            var error: String
            var column: Int
        }
        var matches: [Match]
        var errors: [Failure]
    }

    static func table() throws -> Table {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../Fixtures/route-patterns.json").standardizedFileURL
        return try JSONDecoder().decode(Table.self, from: Data(contentsOf: url))
    }

    func testEveryMatchCase() throws {
        let table = try Self.table()
        XCTAssertGreaterThan(table.matches.count, 50)
        for c in table.matches {
            let pattern = try RoutePattern(c.pattern)
            XCTAssertEqual(pattern.match(path: c.path), c.params, "\(c.pattern) on \(c.path)")
        }
    }

    func testEveryMalformedPattern() throws {
        let table = try Self.table()
        XCTAssertGreaterThan(table.errors.count, 25)
        var kinds: Set<String> = []
        for c in table.errors {
            do {
                let parsed = try RoutePattern(c.pattern)
                XCTFail("\(c.pattern) parsed as \(parsed.segments); expected \(c.error)")
            } catch {
                XCTAssertEqual(error.kind.rawValue, c.error, c.pattern)
                XCTAssertEqual(error.column, c.column, "\(c.pattern): \(error)")
                XCTAssertFalse(error.description.isEmpty)
                kinds.insert(error.kind.rawValue)
            }
        }
        // Every kind of error but the length cap (tested below) has a case in the table.
        XCTAssertEqual(kinds, Set(RoutePatternError.Kind.allCases.map(\.rawValue)).subtracting(["tooLong"]))
    }

    func testLengthCap() {
        let long = "/" + String(repeating: "a", count: RoutePattern.maximumLength)
        XCTAssertThrowsError(try RoutePattern(long)) { XCTAssertEqual(($0 as? RoutePatternError)?.kind, .tooLong) }
        XCTAssertNoThrow(try RoutePattern(String(long.dropLast())))
    }

    func testSegmentsAndNames() throws {
        let p = try RoutePattern("/u/:user/p/:post(digits)/*rest/")
        XCTAssertEqual(
            p.segments,
            [
                .literal("u"), .parameter(name: "user", constraint: nil), .literal("p"),
                .parameter(name: "post", constraint: .digits), .rest(name: "rest"),
            ])
        XCTAssertEqual(p.parameterNames, ["user", "post", "rest"])
        XCTAssertEqual(p.description, "/u/:user/p/:post(digits)/*rest/")
        XCTAssertEqual(try RoutePattern("/").segments, [])
    }
}
