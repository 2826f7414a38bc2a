import Foundation
import XCTest

@testable import TrampolineCatalog
@testable import TrampolineModel
@testable import TrampolineSite

/// `in_app_browsers`, `confirm_store` and the debug view's pieces: catalog keys, what reaches the
/// page's data block, `trampoline-more.js` and the Content-Security-Policy.
final class PageOptionsTests: XCTestCase {
    private func catalog(defaults: String = "", link: String = "") -> String {
        """
        site: {url: "https://go.example.com"}
        app:
          name: Marry
          ios: {team_id: ABCDE12345, bundle_id: com.example.marry, app_store_id: "1356057329", scheme: marry}
        defaults:
          template: redirect
        \(defaults)
        links:
          - path: /plan/42
            title: Plan
        \(link)
          - path: /plain
            title: Plain

        """
    }

    private func load(_ yaml: String) -> (Catalog?, [String]) {
        let (catalog, engine) = CatalogLoader(knownTemplates: ["interstitial", "redirect"]).load(
            yaml: yaml, displayPath: "site-config.yml")
        return (catalog, engine.sorted.map(\.description))
    }

    private func data(_ page: String) throws -> [String: Any] {
        let start = try XCTUnwrap(page.range(of: #"<script type="application/json" id="trampoline-data">"#))
        let end = try XCTUnwrap(page.range(of: "</script>", range: start.upperBound..<page.endIndex))
        let json = String(page[start.upperBound..<end.lowerBound])
        return try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    }

    func testDefaultsEscapeInAppBrowsersAndAskNothing() throws {
        let (loaded, diagnostics) = load(catalog())
        XCTAssertEqual(diagnostics, [])
        let options = try XCTUnwrap(loaded?.links.first?.options)
        XCTAssertEqual(options.inAppBrowsers, .escape)
        XCTAssertNil(options.confirmStore)
        // Nothing in the page for the defaults: every byte is in every page.
        let page = try SiteFixture(catalog: catalog()).page("plan/42/index.html")
        let block = try data(page)
        XCTAssertNil(block["inApp"])
        XCTAssertNil(block["confirm"])
    }

    func testDefaultsAndLinksSetBothAndThePageCarriesThem() throws {
        let yaml = catalog(
            defaults: "  confirm_store: \"Install <Marry> from the store?\"",
            link: "    in_app_browsers: ignore\n    confirm_store: 'Get \"Marry\"?'"
        )
        let (loaded, diagnostics) = load(yaml)
        XCTAssertEqual(diagnostics, [])
        XCTAssertEqual(loaded?.links[0].options.inAppBrowsers, .ignore)
        XCTAssertEqual(loaded?.links[0].options.confirmStore, #"Get "Marry"?"#)
        XCTAssertEqual(loaded?.links[1].options.confirmStore, "Install <Marry> from the store?")
        let site = try SiteFixture(catalog: yaml)
        let first = try site.page("plan/42/index.html")
        XCTAssertEqual(try data(first)["inApp"] as? String, "ignore")
        XCTAssertEqual(try data(first)["confirm"] as? String, #"Get "Marry"?"#)
        // The question is data in a JSON block: no raw < reaches the HTML.
        let second = try site.page("plain/index.html")
        XCTAssertTrue(second.contains(#""confirm":"Install \u003cMarry\u003e from the store?""#), second)
    }

    func testBadValuesAreErrorsWithTheirPosition() {
        let (_, badMode) = load(catalog(link: "    in_app_browsers: block"))
        XCTAssertEqual(badMode.count, 1)
        XCTAssertTrue(
            badMode[0].hasPrefix(
                "site-config.yml:11:22: error: in_app_browsers must be 'escape' or 'ignore', found 'block'"), badMode[0]
        )
        let (_, empty) = load(catalog(link: "    confirm_store: \"  \""))
        XCTAssertEqual(
            empty.first?.hasPrefix(
                "site-config.yml:11:20: error: confirm_store must be a question of 1 to 300 characters"), true,
            empty.description)
        let (_, long) = load(catalog(defaults: "  confirm_store: \"\(String(repeating: "a", count: 301))\""))
        XCTAssertEqual(long.count, 1)
        let (_, twoLines) = load(catalog(link: "    confirm_store: \"a\\nb\""))
        XCTAssertEqual(twoLines.count, 1, twoLines.description)
    }

    func testTheMoreScriptCarriesTheSiteValuesAndTheRenderedInAppText() throws {
        let site = try SiteFixture(catalog: catalog())
        let script = String(decoding: try XCTUnwrap(try site.build()["trampoline-more.js"]), as: UTF8.self)
        XCTAssertFalse(script.contains("TRAMPOLINE_CONFIG"), "the marker is replaced")
        XCTAssertTrue(script.contains(#""appIDs":["ABCDE12345.com.example.marry"]"#), script)
        XCTAssertTrue(script.contains(#""assetLinks":false"#))
        // Templates/in-app.md, rendered by cmark, its app name filled in, escaped for a script.
        XCTAssertTrue(
            script.contains(#"\u003cstrong\u003eMarry can't open inside this app's browser.\u003c/strong\u003e"#),
            script)
        XCTAssertTrue(script.contains(##"\u003ca href=\"#trampoline-copy\"\u003e"##), script)
        XCTAssertFalse(script.contains("</"), "no closing tag in the script's text")
    }

    func testAnOverrideWithoutTheConfigMarkerIsAnError() throws {
        let site = try SiteFixture(catalog: catalog(), templates: ["trampoline-more.js": "(function (C) {})(null);\n"])
        XCTAssertThrowsError(try site.build()) { error in
            XCTAssertTrue(
                "\(error)".contains("Templates/trampoline-more.js has lost its TRAMPOLINE_CONFIG marker"), "\(error)")
        }
    }

    /// The compact layout's lookup behaviour is the build's own: a template cannot claim it.
    func testATemplateCannotDeclareTheLookupBehaviour() throws {
        let site = try SiteFixture(
            catalog: catalog(), templates: ["promo.md": "---\nbehaviour: link-lookup\n---\n# {{title}}\n"])
        XCTAssertThrowsError(try site.build()) { error in
            XCTAssertTrue(
                "\(error)".contains(
                    "Templates/promo.md:2:1: error: behaviour must be one of interstitial, redirect, page, load-cookie"),
                "\(error)")
        }
    }

    func testTheLinkPagePolicyLetsOnlyItsOwnScriptLoadMore() throws {
        let site = try SiteFixture(catalog: catalog())
        let page = try site.page("plan/42/index.html")
        XCTAssertTrue(page.contains("script-src 'sha256-"), page)
        XCTAssertTrue(page.contains("' 'strict-dynamic'; style-src"), page)
        // loadCookie.html runs its own script and loads nothing.
        let loadCookie = try site.page("loadCookie.html")
        XCTAssertFalse(loadCookie.contains("strict-dynamic"))
        XCTAssertFalse(loadCookie.contains("trampoline-more"), "the link pages' script is not in loadCookie.html")
        XCTAssertTrue(loadCookie.contains("cookieNames"))
        // And the link pages do not carry loadCookie.html's.
        XCTAssertFalse(page.contains("cookieNames"))
    }

    func testTheAASAKeepsTheDebugViewInTheBrowser() throws {
        let (loaded, _) = load(catalog())
        let aasa = AppSiteAssociation.json(for: try XCTUnwrap(loaded))
        let matcher = try AASAMatcher(data: Data(aasa.utf8))
        let app = "ABCDE12345.com.example.marry"
        func decision(_ url: String) -> AASADecision {
            matcher.verdict(for: url, appID: app, domain: "go.example.com").decision
        }
        XCTAssertEqual(decision("https://go.example.com/plan/42"), .match)
        XCTAssertEqual(decision("https://go.example.com/plan/42?utm_source=x"), .match)
        XCTAssertEqual(decision("https://go.example.com/plan/42?debug=1"), .exclude)
        XCTAssertEqual(decision("https://go.example.com/plan/42/?a=b&debug=1"), .exclude)
        // Only debug=1 is the debug view; the page shows it for exactly that value.
        XCTAssertEqual(decision("https://go.example.com/plan/42?debug=0"), .match)
    }
}
