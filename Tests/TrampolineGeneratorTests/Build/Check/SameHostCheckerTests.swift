import Foundation
import XCTest

@testable import TrampolineBuild
@testable import TrampolineCatalog
@testable import TrampolineModel

final class SameHostCheckerTests: XCTestCase {
    private func warnings(_ yaml: String, templates: [String: String] = [:]) throws -> [Diagnostic] {
        // Per-link claims: with the domain claimed whole a web_url there is an error (below).
        var files = [
            "site-config.yml": yaml.replacingOccurrences(of: "  title: Marry links\n", with: "  claims: links\n")
        ]
        for (name, text) in templates { files["Templates/\(name)"] = text }
        let folder = try CheckFixtures.folder(files)
        defer { try? FileManager.default.removeItem(at: folder) }
        let builder = SiteBuilder(
            configURL: folder.appendingPathComponent("site-config.yml"), configDisplayPath: "site-config.yml")
        return SiteChecker(builder: builder).run().diagnostics
    }

    func testAWebURLOnTheSitesClaimedHostIsAWarningAtWebURL() throws {
        let yaml = CheckFixtures.yaml.replacingOccurrences(
            of: "https://example.com/budget", with: "https://go.example.com/topic/1")
        let diagnostics = try warnings(yaml)
        XCTAssertEqual(diagnostics.count, 1, "\(diagnostics)")
        let warning = try XCTUnwrap(diagnostics.first)
        XCTAssertEqual(warning.severity, .warning)
        XCTAssertEqual(warning.location?.line, 20)
        XCTAssertTrue(warning.message.contains("web_url https://go.example.com/topic/1"), warning.message)
        XCTAssertTrue(warning.hint?.contains("Safari") == true)
    }

    func testTheButtonFallingBackToWebURLIsReportedOnce() throws {
        let yaml = CheckFixtures.yaml
            .replacingOccurrences(of: "https://example.com/budget", with: "https://go.example.com/invite")
            .replacingOccurrences(
                of: "    title: Budget planner\n", with: "    title: Budget planner\n    fallback: web\n")
        let diagnostics = try warnings(yaml)
        XCTAssertEqual(diagnostics.count, 1, "\(diagnostics)")
        XCTAssertEqual(diagnostics.first?.location?.line, 21)
    }

    func testUnclaimedPagesAndOtherHostsAreFine() throws {
        // /about.html is on the site but not a link, so iOS has nothing to open the app for.
        XCTAssertEqual(
            try warnings(
                CheckFixtures.yaml.replacingOccurrences(
                    of: "https://example.com/budget", with: "https://go.example.com/about.html")), [])
        XCTAssertEqual(try warnings(CheckFixtures.yaml), [])
    }

    func testADescriptionLinkToAnotherLinkPageIsAWarningAtTheLink() throws {
        let yaml = CheckFixtures.yaml.replacingOccurrences(
            of: "Everything for the big day.", with: "See [the budget](https://go.example.com/topic/2).")
        let diagnostics = try warnings(yaml)
        XCTAssertEqual(diagnostics.count, 1, "\(diagnostics)")
        XCTAssertEqual(diagnostics.first?.location?.line, 13)
        XCTAssertTrue(
            diagnostics.first?.message.contains("description of /topic/1 links to https://go.example.com/topic/2")
                == true, "\(diagnostics)")
    }

    func testATemplateButtonToAClaimedPageIsAWarningAtTheTemplate() throws {
        let index = "---\nbehaviour: page\n---\n# Links\n\n[Checklist](/topic/1)\n"
        let diagnostics = try warnings(CheckFixtures.yaml, templates: ["index.md": index])
        XCTAssertEqual(diagnostics.count, 1, "\(diagnostics)")
        XCTAssertEqual(diagnostics.first?.location, SourceLocation(file: "Templates/index.md", line: 1, column: 1))
        XCTAssertTrue(
            diagnostics.first?.message.contains("index.html links to https://go.example.com/topic/1") == true,
            "\(diagnostics)")
    }

    func testAnchorsAreReadWithEitherQuoteAndDecoded() {
        let html =
            #"<link rel="canonical" href="https://a/x"><a class="b" href='https://a/y?p=1&amp;q=2'>y</a><A HREF="/z">z</A>"#
        XCTAssertEqual(HTMLAnchors.targets(in: Array(html.utf8)), ["https://a/y?p=1&q=2", "/z"])
    }

    /// With `site.claims: domain` (the default) every path of the host opens the app: a web_url
    /// there can never show its page, an error at the web_url.
    func testAWebURLOnTheSiteWhenTheDomainIsClaimedWholeIsAnError() throws {
        let yaml = CheckFixtures.yaml.replacingOccurrences(
            of: "https://example.com/budget", with: "https://go.example.com/about.html")
        let (catalog, engine) = CatalogLoader().load(yaml: yaml, displayPath: "site-config.yml")
        XCTAssertNil(catalog)
        XCTAssertEqual(
            engine.diagnostics.map(\.description),
            [
                "site-config.yml:20:14: error: web_url 'https://go.example.com/about.html' is on the site's own host, and site.claims: domain opens the app for every path of it (the default); serve the web page from another host, or set site.claims: links so only the links' own paths open the app"
            ])
    }

    /// Links are looked at on every core in parts of 4,096: what is found comes out in catalog
    /// order, a link's QR-code path before its web_url, as one pass over them gives it.
    func testWholeDomainErrorsComeInCatalogOrderAcrossParts() throws {
        let links = (0..<9_000).map { index -> String in
            switch index {
            case 10, 8_999: return "  - {path: /p/\(index), title: P, web_url: \"https://GO.example.com/\(index)\"}\n"
            case 4_096: return "  - {path: /p/\(index)/qr.svg, title: P, web_url: \"https://go.example.com/q\"}\n"
            case 4_095: return "  - {path: /p/\(index)/qr.svg, title: P}\n"
            default: return "  - {path: /p/\(index), title: P, web_url: \"https://example.com/\(index)\"}\n"
            }
        }
        let yaml = """
            site: {url: https://go.example.com}
            app: {name: M, ios: {team_id: ABCDE12345, bundle_id: com.example.m, app_store_id: "1356057329", scheme: m}}
            links:

            """ + links.joined()
        let (catalog, engine) = CatalogLoader().load(yaml: yaml, displayPath: "site-config.yml")
        XCTAssertNil(catalog)
        XCTAssertEqual(
            engine.errors.map { "\($0.location!.line) \($0.message.prefix(8))" },
            ["14 web_url ", "4099 path /p/", "4100 path /p/", "4100 web_url ", "9003 web_url "])
    }
}
