import Foundation
import TrampolineLink
import XCTest

@testable import TrampolineModel

/// The shared route-pattern table (Tests/Fixtures/route-patterns.json), run through the generator's
/// entry point (CatalogRules.routePattern), as the library's tests run it through RoutePattern: the
/// catalog and the app must read every pattern the same way.
final class RoutePatternCatalogTests: XCTestCase {
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

    func table() throws -> Table {
        let url = TestPaths.sharedFixtures.appendingPathComponent("route-patterns.json")
        return try JSONDecoder().decode(Table.self, from: Data(contentsOf: url))
    }

    func testTheSharedTableThroughTheCatalogRules() throws {
        let table = try table()
        XCTAssertGreaterThan(table.matches.count, 50)
        for c in table.matches {
            switch CatalogRules.routePattern(c.pattern) {
            case .success(let pattern):
                XCTAssertEqual(pattern.match(path: c.path), c.params, "\(c.pattern) on \(c.path)")
            case .failure(let error): XCTFail("\(c.pattern): \(error)")
            }
        }
        for c in table.errors {
            switch CatalogRules.routePattern(c.pattern) {
            case .success(let pattern): XCTFail("\(c.pattern) parsed as \(pattern.segments); expected \(c.error)")
            case .failure(let error):
                XCTAssertEqual(error.kind.rawValue, c.error, c.pattern)
                XCTAssertEqual(error.column, c.column, c.pattern)
                XCTAssertTrue(CatalogRules.violation(error, in: c.pattern).message.hasPrefix("route '"))
            }
        }
    }

    /// Every path the catalog accepts today reads as a literal route, unless a segment starts with
    /// ':' (which the route grammar reads as a parameter): the catch the routes issue must handle.
    func testCatalogPathsAreLiteralRoutesThatMatchThemselves() throws {
        for path in ["/topic/1", "/vendors/photographers", "/a-b_c~d/!&()+,;=@", "/x/a:b", "/spring-sale"] {
            guard case .success(let normalized) = CatalogRules.normalizedPath(path) else { return XCTFail(path) }
            let pattern = try CatalogRules.routePattern(normalized).get()
            XCTAssertEqual(pattern.parameterNames, [], path)
            XCTAssertEqual(pattern.match(path: normalized), [:], path)
        }
        guard case .success(let colon) = CatalogRules.normalizedPath("/x/:y") else { return XCTFail("/x/:y") }
        XCTAssertEqual(try CatalogRules.routePattern(colon).get().parameterNames, ["y"])
    }

    /// The marker the pages' script appends is the one the app library strips.
    func testThePagesScriptWritesTheLibrarysMarker() throws {
        let script = try String(
            contentsOf: TestPaths.repository.appendingPathComponent("Templates/trampoline.js"), encoding: .utf8)
        XCTAssertTrue(
            script.contains("MARKER = \"\(DeferredLink.marker)\";"),
            "Templates/trampoline.js must append \(DeferredLink.marker)")
    }
}
