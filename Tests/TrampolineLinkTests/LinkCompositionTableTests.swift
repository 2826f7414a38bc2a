import Foundation
import TrampolineLink
import TrampolineTestSupport
import XCTest

/// The shared table of deep-link composition (Tests/Fixtures/deep-link-composition.json), run
/// through the library's resolver: each case's table entry, each visit's deep link. The build runs
/// the same cases from the catalog side (TrampolineGeneratorTests/LinkTableTests), the pages' script in
/// Chromium and WebKit (Tests/Browser/test_link_table.py), the Android library in Kotlin.
final class LinkCompositionTableTests: XCTestCase {
    typealias Table = CompositionTable

    static func table() throws -> Table { try CompositionTable.load() }

    /// The cases' entries as one snapshot: plain links by path, routes in the table's order.
    static func snapshot(_ table: Table) throws -> SiteLinkTable {
        var snapshot = SiteLinkTable(host: "go.example.com", scheme: "marry", shards: 1)
        for c in table.cases {
            guard let link = c.link, let entry = c.entry else { continue }
            let target = LinkTarget(
                deepLink: entry.deep_link, fixed: entry.fixed ?? [], forwardQuery: entry.forward_query ?? false)
            if link.isRoute {
                snapshot.routes.append(.init(pattern: try RoutePattern(link.path), target: target))
            } else {
                snapshot.insert(target, path: link.path)
            }
        }
        return snapshot
    }

    func testEveryVisitResolvesToTheExpectedDeepLink() async throws {
        let table = try Self.table()
        let resolver = LinkResolver(
            host: "go.example.com", scheme: "marry", snapshot: try Self.snapshot(table), fetcher: nil)
        var visits = 0
        for c in table.cases {
            for visit in c.visits {
                visits += 1
                let result = await resolver.resolve("https://go.example.com" + visit.url)
                switch result {
                case .success(let link): XCTAssertEqual(link, visit.expected, "\(c.name): \(visit.url)")
                case .failure(let reason): XCTAssertNil(visit.expected, "\(c.name): \(visit.url) gave \(reason)")
                }
            }
        }
        XCTAssertGreaterThan(visits, 30)
    }

    /// Site files are handed back, unknown paths are no link: both reasons, never a deep link.
    func testReasonsForURLsThatAreNoLinks() async throws {
        let resolver = LinkResolver(
            host: "go.example.com", scheme: "marry", snapshot: try Self.snapshot(try Self.table()), fetcher: nil)
        let cases: [(String, LinkResolutionFailure)] = [
            ("https://go.example.com/", .siteFile),
            ("https://go.example.com/404.html", .siteFile),
            ("https://go.example.com/loadCookie.html", .siteFile),
            ("https://go.example.com/.well-known/trampoline/v2/index.json", .siteFile),
            ("https://go.example.com/trampoline-more.js", .siteFile),
            ("https://go.example.com/spring-sale/qr.svg", .siteFile),
            ("https://go.example.com/nope", .notALink),
            ("https://evil.example/spring-sale", .otherHost),
            ("http://go.example.com/spring-sale", .otherHost),
            ("https://go.example.com:8443/spring-sale", .otherHost),
            ("https://user@go.example.com/spring-sale", .otherHost),
            ("https://go.example.com/a%2Fb", .malformedPath),
            ("https://go.example.com/a%5Cb", .malformedPath),
            ("https://go.example.com/docs/%2E%2E/x", .malformedPath),
            ("https://go.example.com/docs/../x", .malformedPath),
            ("https://go.example.com/a%00", .malformedPath),
            ("https://go.example.com/a%FF", .malformedPath),
            ("https://go.example.com/a%zz", .malformedPath),
            ("https://go.example.com/a//b", .malformedPath),
            ("https://go.example.com/a\u{7}b", .malformedPath),
            ("https://go.example.com/" + String(repeating: "a", count: 5000), .malformedPath),
            ("https://go.example.com/fwd?q=%E0%A4", .malformedQuery),
        ]
        for (url, reason) in cases {
            let result = await resolver.resolve(url)
            XCTAssertEqual(result, .failure(reason), url)
        }
    }

    /// A table that maps a path to another app's scheme is refused, never delivered.
    func testADeepLinkOfAnotherSchemeIsRefused() async {
        var snapshot = SiteLinkTable(host: "go.example.com", scheme: "marry", shards: 1)
        snapshot.insert(LinkTarget(deepLink: "other://x"), path: "/x")
        let resolver = LinkResolver(host: "go.example.com", scheme: "marry", snapshot: snapshot, fetcher: nil)
        let result = await resolver.resolve("https://go.example.com/x")
        XCTAssertEqual(result, .failure(.otherScheme))
    }
}
