import Foundation
import TrampolineTestSupport
import XCTest

@testable import TrampolineLink

/// ``LinkBuilder``, the inverse of routing: whatever it makes, the router matches back to the
/// same values; whatever the router would not match, it refuses with a typed error.
final class LinkBuilderTests: XCTestCase {
    let links = LinkBuilder(host: "go.example.com")

    func testALinkForARouteAndItsCampaign() throws {
        let pattern = try RoutePattern("/recipe/:id(digits)")
        XCTAssertEqual(
            try links.url(
                for: pattern, parameters: ["id": "12345"], campaign: [("utm_source", "share"), ("k", "a b&c")]),
            "https://go.example.com/recipe/12345?utm_source=share&k=a+b%26c")
        XCTAssertEqual(
            try links.url(for: RoutePattern("/files/*rest"), parameters: ["rest": "a b/ü/%"]),
            "https://go.example.com/files/a%20b/%C3%BC/%25")
        XCTAssertEqual(try links.url(path: "/spring-sale"), "https://go.example.com/spring-sale")
    }

    func testMadeLinksMatchBackToTheirValues() throws {
        var generator = SeededGenerator(seed: 48)
        let pieces = [
            "a", "Z", "9", " ", "%", "?", "#", "/", "+", "&", "=", "é", "東", "😀", "~", ".", "'", "\"", "\u{200D}",
        ]
        let patterns = try ["/r/:id", "/r/:a/x/:b", "/f/*rest", "/u/:name/*rest"].map(RoutePattern.init)
        var made = 0
        for round in 0..<4_000 {
            let pattern = patterns[round % patterns.count]
            var values: [String: String] = [:]
            for name in pattern.parameterNames {
                let length = round % 97 == 0 ? 1_000 : Int.random(in: 1...8, using: &generator)
                values[name] = (0..<length).map { _ in pieces.randomElement(using: &generator)! }.joined()
            }
            do {
                let url = try links.url(for: pattern, parameters: values)
                let path = String(url.dropFirst("https://go.example.com".count))
                XCTAssertEqual(pattern.match(path: path), values, url)
                XCTAssertNotNil(URL(string: url), url)
                made += 1
            } catch {
                // Refused only for what the router would not match back.
                guard case .invalidValue(let name, let value) = error else {
                    if case .tooLong = error { continue }
                    return XCTFail("\(error) for \(values)")
                }
                let parts =
                    pattern.segments.contains(.rest(name: name))
                    ? value.split(separator: "/", omittingEmptySubsequences: false).map(String.init) : [value]
                XCTAssertFalse(parts.allSatisfy(LinkBuilder.isSegmentValue), "\(name)=\(value.debugDescription)")
            }
        }
        XCTAssertGreaterThan(made, 1_000)
    }

    /// The app names a route by its pattern as the catalog writes it; the table it reads (its
    /// shipped snapshot or the site's) supplies the pattern's rules.
    func testARouteOfTheLinkTable() throws {
        let table = SiteLinkTable(
            host: "go.example.com", scheme: "marry", shards: 1,
            routes: [
                .init(
                    pattern: try RoutePattern("/recipe/:id(digits)"), target: LinkTarget(deepLink: "marry://recipe/:id")
                )
            ])
        let url = try links.url(route: "/recipe/:id(digits)", in: table, parameters: ["id": "12345"])
        XCTAssertEqual(url, "https://go.example.com/recipe/12345")
        XCTAssertEqual(table.resolve(url, scheme: "marry"), .success("marry://recipe/12345"))
        XCTAssertThrowsError(try links.url(route: "/recipe/:id(digits)", in: table, parameters: ["id": "x"])) {
            XCTAssertEqual($0 as? LinkBuildError, .constraintFailed(name: "id", constraint: .digits))
        }
        XCTAssertThrowsError(try links.url(route: "/recipe/:id", in: table, parameters: ["id": "1"])) {
            XCTAssertEqual($0 as? LinkBuildError, .unknownRoute("/recipe/:id"))
        }
    }

    func testInvalidInputIsATypedError() throws {
        let pattern = try RoutePattern("/restaurant/:id(digits)/:slug")
        func error(_ parameters: [String: String]) -> LinkBuildError? {
            do {
                _ = try links.url(for: pattern, parameters: parameters)
                return nil
            } catch { return error }
        }
        XCTAssertEqual(error(["slug": "x"]), .missingParameter("id"))
        XCTAssertEqual(error(["id": "1", "slug": "x", "slg": "y"]), .unknownParameter("slg"))
        XCTAssertEqual(error(["id": "abc", "slug": "x"]), .constraintFailed(name: "id", constraint: .digits))
        for bad in ["", ".", "..", "a/b", "a\u{0}b", "\u{202E}abc", "a\nb"] {
            XCTAssertEqual(
                error(["id": "1", "slug": bad]), .invalidValue(name: "slug", value: bad), bad.debugDescription)
        }
        XCTAssertEqual(
            error(["id": "1", "slug": String(repeating: "x", count: 5_000)]), .tooLong)
        for path in ["spring", "//evil.example/x", "/a?b", "/a#b", "/a b", "/a/../b", "/a//b", "/%2e"] {
            XCTAssertThrowsError(try links.url(path: path), path) {
                XCTAssertEqual($0 as? LinkBuildError, .invalidPath(path))
            }
        }
        XCTAssertThrowsError(try links.url(path: "/a", campaign: [("tl_t", "1")])) {
            XCTAssertEqual($0 as? LinkBuildError, .invalidCampaignName("tl_t"))
        }
    }

    // MARK: - The shared table (Tests/Fixtures/link-making.json), which the Android library runs too

    struct Table: Decodable {
        struct Route: Decodable {
            var pattern: String
            var parameters: [String: String]
            var campaign: [[String]]?
            var url: String?
            var error: String?
        }
        struct Path: Decodable {
            var path: String
            var campaign: [[String]]?
            var url: String?
            var error: String?
        }
        var host: String
        var routes: [Route]
        var paths: [Path]
    }

    static func table() throws -> Table {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../Fixtures/link-making.json").standardizedFileURL
        return try JSONDecoder().decode(Table.self, from: Data(contentsOf: url))
    }

    /// The error's case name, as the table spells it.
    static func name(_ error: LinkBuildError) -> String {
        String(String(describing: error).prefix { $0 != "(" })
    }

    func testTheSharedTable() throws {
        let table = try Self.table()
        let links = LinkBuilder(host: table.host)
        XCTAssertGreaterThan(table.routes.count + table.paths.count, 30)
        for c in table.routes {
            let pattern = try RoutePattern(c.pattern)
            let campaign = (c.campaign ?? []).map { (name: $0[0], value: $0[1]) }
            let made = Result { () throws(LinkBuildError) -> String in
                try links.url(for: pattern, parameters: c.parameters, campaign: campaign)
            }
            switch made {
            case .success(let url):
                XCTAssertEqual(url, c.url, c.pattern)
                XCTAssertNil(c.error, "\(c.pattern) \(c.parameters): made \(url)")
                let path = url.dropFirst("https://\(table.host)".count).prefix { $0 != "?" }
                XCTAssertEqual(pattern.match(path: String(path)), c.parameters, url)
            case .failure(let error):
                XCTAssertEqual(Self.name(error), c.error, "\(c.pattern) \(c.parameters)")
            }
        }
        for c in table.paths {
            let campaign = (c.campaign ?? []).map { (name: $0[0], value: $0[1]) }
            switch Result(catching: { () throws(LinkBuildError) in try links.url(path: c.path, campaign: campaign) }) {
            case .success(let url):
                XCTAssertEqual(url, c.url, c.path)
                XCTAssertNil(c.error, c.path)
            case .failure(let error):
                XCTAssertEqual(Self.name(error), c.error, c.path)
            }
        }
    }

    /// Make, visit, resolve: every URL the table makes is a visit of the composition table
    /// (deep-link-composition.json), which the library, the generator, the pages in both engines
    /// and the Android library resolve to the deep link it expects.
    func testEveryMadeURLIsVisitedByTheCompositionTable() throws {
        let table = try Self.table()
        let composition = try CompositionTable.load()
        let visits = Set(composition.cases.flatMap { $0.visits.map(\.url) })
        let made = table.routes.compactMap(\.url) + table.paths.compactMap(\.url)
        let routes = made.filter { !table.paths.compactMap(\.url).contains($0) }
        XCTAssertGreaterThan(routes.count, 8)
        for url in routes {
            XCTAssertTrue(visits.contains(String(url.dropFirst("https://\(table.host)".count))), url)
        }
    }
}
