import Foundation
import TrampolineTestSupport
import XCTest

@testable import TrampolinePreview

/// `trampoline serve` with routes, over real HTTP: a route's URLs get its page with status 200, as
/// Netlify applies the generated `_redirects`, plain links keep their pages, and the dashboard lists
/// each route with a sample URL.
final class ServeRoutesTests: XCTestCase {
    var project: TemporaryDirectory!
    var server: ServeProcess!

    static let catalog = """
        site:
          url: https://go.example.com
        \(TestCatalog.marryApp)
        links:
          - path: /restaurant/:id(digits)
            title: A restaurant
          - path: /restaurant/best
            deep_link: marry://best
            title: The best one
          - path: /files/*rest
            title: A file

        """

    override func setUpWithError() throws {
        project = try TemporaryDirectory()
        try project.write("site-config.yml", Self.catalog)
        server = try ServeProcess(arguments: ["--config", "site-config.yml"], in: project.url)
    }

    override func tearDown() {
        _ = server?.interrupt()
        server = nil
        project = nil
    }

    func testRouteURLsGetTheRoutePageAndOthersTheirOwn() throws {
        for target in [
            "/restaurant/42", "/restaurant/42/", "/restaurant/42?date=2026-12-01", "/restaurant/abc", "/files/a/b/c",
        ] {
            let response = try server.http.get(target)
            XCTAssertEqual(response.status, 200, target)
            XCTAssertTrue(
                response.text.contains(
                    target.hasPrefix("/files") ? "<title>A file</title>" : "<title>A restaurant</title>"), target)
            XCTAssertTrue(response.text.contains(#""route":["#), target)
        }
        let best = try server.http.get("/restaurant/best")
        XCTAssertEqual(best.status, 200)
        XCTAssertTrue(best.text.contains("<title>The best one</title>"))
        // Netlify's splat also takes nothing: /files gets the route's page, whose script, finding
        // no match (a rest needs a segment), hands it to the 404 page.
        XCTAssertTrue(try server.http.get("/files").text.contains("<title>A file</title>"))
        for target in ["/restaurant", "/restaurant/", "/nope"] {
            let response = try server.http.get(target)
            XCTAssertEqual(response.status, 404, target)
            XCTAssertTrue(response.text.contains(#""routes":["#), "the 404 page carries the route table: \(target)")
        }
    }

    func testTheDashboardListsEachRouteWithASampleURL() throws {
        let html = try server.http.get("/_trampoline/").text
        let start = try XCTUnwrap(html.range(of: "<tr data-path=\"/restaurant/:id(digits)\">"), html)
        let end = try XCTUnwrap(html.range(of: "</tr>", range: start.upperBound..<html.endIndex))
        let row = String(html[start.upperBound..<end.lowerBound])
        XCTAssertTrue(row.contains(#"sample <a href="/restaurant/123456">/restaurant/123456</a>"#), row)
        XCTAssertTrue(row.contains("<code>marry://restaurant/123456</code>"), row)
        XCTAssertTrue(row.contains("<code>https://go.example.com/restaurant/123456</code>"), row)
        XCTAssertTrue(row.contains(#"<td class="qr"><small>off</small></td>"#), "routes get no QR code")
    }
}
