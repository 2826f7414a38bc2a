import Foundation
import TrampolineTestSupport
import XCTest

@testable import TrampolineCatalog
@testable import TrampolineModel
@testable import TrampolineSite

/// The rules that keep a catalog change (untrusted input, SECURITY.md) from reaching past the
/// site: each failed on main before issue #51.
final class UntrustedCatalogTests: XCTestCase {
    func reading(_ text: String) -> (catalog: Catalog?, diagnostics: [Diagnostic]) {
        let (catalog, engine) = CatalogLoader().load(yaml: text, displayPath: "site-config.yml")
        return (catalog, engine.sorted)
    }

    func catalogText(url: String = "https://go.example.com", scheme: String = "marry", links: String = "") -> String {
        """
        site:
          url: \(url)
        app:
          name: Marry
          ios: {team_id: ABCDE12345, bundle_id: com.example.marry, app_store_id: "1356057329", scheme: "\(scheme)"}
        links:
          - {path: /a, title: A}
        \(links)
        """
    }

    func testSiteURLMustBeAPublicDomainNameWithoutAPort() {
        for url in [
            "https://go.example.com:8443", "https://go.example.com:443", "https://127.0.0.1", "https://127.1",
            "https://2130706433", "https://0x7f.1", "https://[::1]", "https://localhost", "https://x.localhost",
            "https://printer.local", "https://metadata.google.internal", "https://intranet",
        ] {
            let (catalog, diagnostics) = reading(catalogText(url: url))
            XCTAssertNil(catalog, url)
            XCTAssertTrue(
                diagnostics.contains { $0.message.hasPrefix("site.url '\(url)'") && $0.location?.line == 2 },
                "\(url): \(diagnostics)")
        }
        for url in ["https://go.example.com", "https://go.example.com.", "https://links.example.co.uk"] {
            XCTAssertNotNil(reading(catalogText(url: url)).catalog, url)
        }
    }

    func testSystemSchemesAreNotAppSchemes() {
        for scheme in ["itms-services", "ITMS-APPS", "intent", "tel", "sms", "x-safari-https", "market", "mailto"] {
            let (catalog, diagnostics) = reading(catalogText(scheme: scheme))
            XCTAssertNil(catalog, scheme)
            XCTAssertTrue(
                diagnostics.contains { $0.message.contains("belongs to the system") }, "\(scheme): \(diagnostics)")
        }
        XCTAssertNotNil(reading(catalogText(scheme: "marry-app")).catalog)
    }

    func testNoRouteParameterInTheDeepLinksHost() {
        for deepLink in ["marry://:host/x", "marry://*host/x", "marry://user=:host@x/y"] {
            let (catalog, diagnostics) = reading(
                catalogText(links: "  - {path: \"/x/:host\", title: X, deep_link: \"\(deepLink)\"}"))
            XCTAssertNil(catalog, deepLink)
            XCTAssertTrue(
                diagnostics.contains { $0.message.contains("puts the parameter 'host' in its host") },
                "\(deepLink): \(diagnostics)")
        }
        let (ok, diagnostics) = reading(
            catalogText(links: "  - {path: \"/x/:host\", title: X, deep_link: \"marry://screen/:host?h=:host\"}"))
        XCTAssertNotNil(ok, "\(diagnostics)")
    }

    func testTheDefaultCookieIsAHostCookieAndOtherNamesAreWarned() throws {
        let (catalog, _) = reading(catalogText())
        XCTAssertEqual(catalog?.links.first?.options.cookieName, "__Host-deferredDeepLink")
        XCTAssertEqual(
            SitePlanner.cookieNames(of: try XCTUnwrap(catalog)), ["__Host-deferredDeepLink", "deferredDeepLink"],
            "loadCookie.html reads the old default too, for visits made before the upgrade")
        let (named, diagnostics) = reading(
            catalogText(links: "  - {path: /b, title: B, cookie_name: deferredDeepLink}"))
        XCTAssertNotNil(named)
        XCTAssertTrue(
            diagnostics.contains {
                $0.severity == .warning && $0.message.contains("has no __Host- prefix") && $0.location?.line == 8
            }, "\(diagnostics)")
    }

    func testACampaignOfFiftyThousandKeysIsOneErrorAndQuick() {
        let keys = (0..<50_000).map { "k\($0): v" }.joined(separator: ", ")
        let (catalog, diagnostics) = reading(catalogText(links: "  - {path: /b, title: B, campaign: {\(keys)}}"))
        XCTAssertNil(catalog)
        XCTAssertEqual(diagnostics.map(\.message), ["campaign has 50000 parameters; the limit is 64"])
        let limit = (0..<64).map { "k\($0): v" }.joined(separator: ", ")
        XCTAssertNotNil(reading(catalogText(links: "  - {path: /b, title: B, campaign: {\(limit)}}")).catalog)
    }

    func testAliasesMayNotRepeatMoreThanTheBudget() {
        // 1 KB repeated 9^4 times is 6.5 MB, under; 9^5 times is 59 MB, over.
        let base = String(repeating: "x", count: 1000)
        func bomb(levels: Int) -> String {
            var lines = ["a0: &a0 \"\(base)\""]
            for level in 1...levels {
                lines.append(
                    "a\(level): &a\(level) [" + Array(repeating: "*a\(level - 1)", count: 9).joined(separator: ", ")
                        + "]")
            }
            return lines.joined(separator: "\n") + "\n" + catalogText()
        }
        let (_, under) = reading(bomb(levels: 4))
        XCTAssertFalse(under.contains { $0.message.contains("aliases repeat") }, "\(under)")
        let (catalog, over) = reading(bomb(levels: 5))
        XCTAssertNil(catalog)
        XCTAssertTrue(
            over.contains { $0.message.contains("aliases repeat more than 16 MB") && $0.location?.line == 6 }, "\(over)"
        )
    }

    func testALinksTextIsCapped() {
        let long = String(repeating: "y", count: 66_000)
        let (catalog, diagnostics) = reading(catalogText(links: "  - {path: /b, title: B, description: \(long)}"))
        XCTAssertNil(catalog)
        XCTAssertTrue(diagnostics.contains { $0.message.hasPrefix("the link's text is 66012 bytes") }, "\(diagnostics)")
    }

    func testSpreadsheetFormulaCellsRoundTrip() {
        var generator = SeededGenerator(seed: 51)
        let pieces = ["=", "+", "-", "@", "\t", "\r", "'", "a", "1", " ", "é"]
        for _ in 0..<5_000 {
            let value = (0..<Int.random(in: 0...5, using: &generator)).map { _ in
                pieces.randomElement(using: &generator)!
            }.joined()
            let cell = SpreadsheetCell.escaped(value)
            XCTAssertEqual(SpreadsheetCell.value(cell), value, value.debugDescription)
            if let first = cell.unicodeScalars.first {
                XCTAssertFalse(SpreadsheetCell.isFormulaStart(first), "\(cell.debugDescription) would run as a formula")
            }
        }
        XCTAssertEqual(
            SpreadsheetCell.escaped("=HYPERLINK(\"https://evil.example\")"), "'=HYPERLINK(\"https://evil.example\")")
        XCTAssertEqual(SpreadsheetCell.escaped("/spring"), "/spring")
    }

    func testEveryPrintedDiagnosticIsInert() {
        let hostile =
            "a\u{1B}[2J\u{1B}]8;;https://evil.example\u{7}link\u{1B}]8;;\u{7}\u{9B}31m\u{202E}txt\nforged: error: x\r"
        let diagnostic = Diagnostic(
            .error, at: SourceLocation(file: "f\u{1B}.yml", line: 1, column: 2), hostile, hint: hostile,
            detail: .init(code: "c", url: "https://x/\u{1B}", expected: hostile, seen: hostile))
        for format in DiagnosticFormat.allCases {
            let text = DiagnosticPrinter.render([diagnostic], format: format)
            let body = format == .json ? text.replacingOccurrences(of: "\n", with: "") : String(text.dropLast())
            XCTAssertFalse(
                body.unicodeScalars.contains { InertText.isUnsafe($0) }, "\(format): \(text.debugDescription)")
            XCTAssertTrue(text.contains("\\u{1b}[2J"), "\(format): the text is shown, escaped: \(text)")
        }
        XCTAssertFalse(diagnostic.description.unicodeScalars.contains { InertText.isUnsafe($0) })
    }
}
