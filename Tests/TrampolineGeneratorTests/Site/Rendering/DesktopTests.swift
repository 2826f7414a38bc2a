import Foundation
import TrampolineModel
import XCTest

/// `desktop` and `desktop_url`: what a link's page does on a desktop, and their errors.
final class DesktopTests: XCTestCase {
    private func site(_ linkLines: String) throws -> SiteFixture {
        try SiteFixture(
            catalog: """
                site: {url: "https://go.example.com"}
                app:
                  name: Marry
                  ios: {team_id: ABCDE12345, bundle_id: com.example.marry, app_store_id: "1356057329", scheme: marry}
                links:
                  - path: /a
                    title: A
                \(linkLines)
                """)
    }

    private func data(_ html: String) -> String { SiteFixture.dataBlock(of: html) }

    func testWithoutAWebPageADesktopGetsTheQRCodeAndWithOneTheWebPage() throws {
        let qr = try site("").page("a/index.html")
        XCTAssertTrue(data(qr).contains(#""desktop":"""#), data(qr))
        XCTAssertTrue(
            qr.contains(
                #"<div class="qr" hidden><img src="/a/qr.svg" alt=""><p>Scan with your phone</p></div>"#
            ),
            qr)
        let web = try site("    web_url: https://example.com/a").page("a/index.html")
        XCTAssertFalse(data(web).contains("desktop"), data(web))
        XCTAssertFalse(web.contains(#"class="qr""#))
        let desk = try site("    web_url: https://example.com/a\n    desktop_url: https://example.com/desk").page(
            "a/index.html")
        XCTAssertTrue(data(desk).contains(#""desktop":"https://example.com/desk""#), data(desk))
        let store = try site("    desktop: store").page("a/index.html")
        XCTAssertTrue(data(store).contains(#""desktop":"https://apps.apple.com/app/id1356057329""#), data(store))
        XCTAssertFalse(store.contains(#"class="qr""#))
        // No QR file, no QR code on the page: the desktop gets the text of the page alone.
        let noFile = try site("    qr_code: false").page("a/index.html")
        XCTAssertFalse(noFile.contains(#"class="qr""#))
        XCTAssertTrue(data(noFile).contains(#""desktop":"""#))
    }

    func testBadValuesAreErrorsAtTheirPlace() throws {
        let cases: [(lines: String, line: Int, column: Int, says: String)] = [
            ("    desktop: phone", 8, 14, "desktop must be 'qr', 'web' or 'store'"),
            ("    desktop_url: javascript:alert(1)", 8, 18, "desktop_url"),
            ("    desktop_url: \"https://example.com/\\u0001\"", 8, 18, "desktop_url contains"),
            ("    desktop: web", 6, 5, "desktop is 'web' but the link has no desktop_url or web_url"),
        ]
        for (lines, line, column, says) in cases {
            XCTAssertThrowsError(try site(lines).build(), lines) { error in
                let diagnostics = (error as? DiagnosticsError)?.diagnostics ?? []
                XCTAssertEqual(diagnostics.count, 1, "\(lines): \(diagnostics)")
                XCTAssertEqual(
                    diagnostics.first?.location, SourceLocation(file: "site-config.yml", line: line, column: column),
                    lines)
                XCTAssertTrue(diagnostics.first?.message.contains(says) == true, "\(lines): \(diagnostics)")
            }
        }
    }

    func testDefaultsSetTheDesktopForEveryLink() throws {
        let fixture = try SiteFixture(
            catalog: """
                site: {url: "https://go.example.com"}
                app:
                  name: Marry
                  ios: {team_id: ABCDE12345, bundle_id: com.example.marry, app_store_id: "1356057329", scheme: marry}
                defaults:
                  desktop_url: https://example.com/get-the-app
                links:
                  - path: /a
                    title: A
                """)
        let page = try fixture.page("a/index.html")
        XCTAssertTrue(data(page).contains(#""desktop":"https://example.com/get-the-app""#), data(page))
    }
}
