import Foundation
import XCTest

@testable import TrampolineModel

/// A link's own `language`: its page's `<html lang>`, direction and built-in texts, while the
/// rest of the site keeps `site.language`.
final class LinkLanguageTests: XCTestCase {
    private func site(_ linkLines: String) throws -> SiteFixture {
        try SiteFixture(
            catalog: """
                site: {url: "https://go.example.com", language: fr}
                app:
                  name: Marry
                  ios: {team_id: ABCDE12345, bundle_id: com.example.marry, app_store_id: "1356057329", scheme: marry}
                links:
                  - path: /fr
                    title: Bonjour
                    web_url: https://example.com/fr
                  - path: /a
                    title: A
                    web_url: https://example.com/a
                \(linkLines)
                """)
    }

    func testALinksLanguageSetsItsPageAndNoOther() throws {
        let fixture = try site("    language: ja")
        let page = try fixture.page("a/index.html")
        XCTAssertTrue(page.contains(#"<html lang="ja""#), String(page.prefix(200)))
        XCTAssertTrue(page.contains("Marryで開く"), page)
        XCTAssertTrue(page.contains("ウェブで続ける"), page)
        XCTAssertFalse(page.contains("Ouvrir dans Marry"))
        let french = try fixture.page("fr/index.html")
        XCTAssertTrue(french.contains(#"<html lang="fr""#))
        XCTAssertTrue(french.contains("Ouvrir dans Marry"), french)
        let home = try fixture.page("index.html")
        XCTAssertTrue(home.contains(#"<html lang="fr""#))
    }

    func testARightToLeftLinkGetsDirAndTheSitesOwnLanguageChangesNothing() throws {
        let arabic = try site("    language: ar").page("a/index.html")
        XCTAssertTrue(arabic.contains(#"dir="rtl""#), String(arabic.prefix(300)))
        XCTAssertTrue(arabic.contains(#"lang="ar""#))
        let same = try site("    language: fr").page("a/index.html")
        let none = try site("").page("a/index.html")
        XCTAssertEqual(same, none)
    }

    func testABadTagIsAnErrorAndAnUnknownOneAWarning() throws {
        XCTAssertThrowsError(try site("    language: \"en_US!\"").build()) { error in
            let diagnostics = (error as? DiagnosticsError)?.diagnostics ?? []
            XCTAssertEqual(diagnostics.count, 1, "\(diagnostics)")
            XCTAssertEqual(diagnostics.first?.location, SourceLocation(file: "site-config.yml", line: 12, column: 15))
            XCTAssertTrue(diagnostics.first?.message.contains("is not a language tag") == true)
        }
        let build = try site("    language: sw").build()
        let warning = try XCTUnwrap(build.warnings.first { $0.message.contains("no texts in 'sw'") })
        XCTAssertEqual(warning.location, SourceLocation(file: "site-config.yml", line: 12, column: 15))
    }
}
