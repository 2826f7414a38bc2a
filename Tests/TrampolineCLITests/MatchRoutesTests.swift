import Foundation
import TrampolineTestSupport
import XCTest

/// `trampoline match` on a catalog with routes: besides Apple's decision, which page serves each
/// URL (a plain link before any route, routes most specific first) and the deep link it opens.
final class MatchRoutesTests: XCTestCase {
    static let catalog = """
        site:
          url: https://go.example.com
        app:
          name: Tabi
          ios: {team_id: ABCDE12345, bundle_id: com.example.tabi, app_store_id: "1356057329", scheme: tabi}
        links:
          - path: /restaurant/:id(digits)
            title: A restaurant
          - path: /restaurant/best
            deep_link: tabi://best
            title: Our pick
          - path: /restaurant/*name
            deep_link: tabi://search/*name
            title: Search

        """

    func testEachURLNamesItsPageAndTheDeepLinkItOpens() throws {
        let dir = try TemporaryDirectory()
        try dir.write("site-config.yml", Self.catalog)
        let result = try TrampolineProcess.run(
            [
                "match", "/restaurant/123456?date=2026-12-01", "/restaurant/best/", "/restaurant/a%20b/%22c",
                "/restaurant", "/loadCookie.html", "/", "https://go.example.com",
                "/.well-known/trampoline/v2/index.json",
            ], in: dir.url)
        XCTAssertEqual(result.status, 0, result.stderr)
        let pages = result.stdout.split(separator: "\n").filter { $0.hasPrefix("  page: ") }
        XCTAssertEqual(
            pages,
            [
                "  page: /_routes/restaurant/_id/ (the route /restaurant/:id(digits)) opens tabi://restaurant/123456",
                "  page: /restaurant/best/ (the link /restaurant/best) opens tabi://best",
                "  page: /_routes/restaurant/_name/ (the route /restaurant/*name) opens tabi://search/a%20b/%22c",
                "  page: /404.html (no link or route takes the path)",
                "  page: /loadCookie.html (the page that hands the deferred link to the app)",
                "  page: /index.html (the home page)", "  page: /index.html (the home page)",
                "  page: /.well-known/trampoline/v2/index.json (the link table for apps, docs/link-table.md)",
            ], result.stdout)
        // The domain is claimed whole: one rule for every path but the site's own files.
        XCTAssertTrue(result.stdout.contains(#"match by rule 19: {"/": "*"}"#), result.stdout)
        XCTAssertTrue(
            result.stdout.contains(#"exclude by rule 4: {"/": "/loadCookie.html", "exclude": true}"#), result.stdout)
        // And the app, given each universal link, resolves it to what the page opens.
        let receives = result.stdout.split(separator: "\n").filter { $0.hasPrefix("  app receives: ") }
        XCTAssertEqual(
            receives,
            [
                "  app receives: tabi://restaurant/123456?date=2026-12-01", "  app receives: tabi://best",
                "  app receives: tabi://search/a%20b/%22c",
                "  app receives: nothing (not_a_link)", "  app receives: nothing (not_claimed)",
                "  app receives: nothing (not_claimed)", "  app receives: nothing (not_claimed)",
                "  app receives: nothing (not_claimed)",
            ], result.stdout)
    }
}
