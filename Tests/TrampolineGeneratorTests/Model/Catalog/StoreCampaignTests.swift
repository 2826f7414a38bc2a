/// App Store Connect's campaign parameters (`provider_token`, `affiliate_token`,
import Foundation
import XCTest

@testable import TrampolineModel

/// `app_store_campaign`) on every App Store URL a page opens, their errors, and the import of
/// Firebase's `pt`, `ct`, `mt` and `at`. The URL form is App Store Connect's campaign generator's
/// (`?pt=…&ct=…&mt=8`); the 40-byte limit is StoreKit's for campaign tokens.
final class StoreCampaignTests: XCTestCase {
    private func site(ios: String = "", defaults: String = "", _ linkLines: String = "") throws -> SiteFixture {
        try SiteFixture(
            catalog: """
                site: {url: "https://go.example.com"}
                app:
                  name: Marry
                  ios:
                    team_id: ABCDE12345
                    bundle_id: com.example.marry
                    app_store_id: "1356057329"
                    scheme: marry
                \(ios)
                defaults:
                  fallback: store
                \(defaults)
                links:
                  - path: /a
                    title: A
                \(linkLines)
                """)
    }

    private func data(_ html: String) -> String { SiteFixture.dataBlock(of: html) }

    func testTheLinksCampaignGoesOnEveryAppStoreURLOfItsPage() throws {
        let fixture = try site(
            ios: "    provider_token: \"118000\"",
            "    campaign: {utm_source: mail, utm_campaign: spring sale}\n    desktop: store")
        let page = try fixture.page("a/index.html")
        let url = "https://apps.apple.com/app/id1356057329?pt=118000&ct=spring+sale&mt=8"
        XCTAssertTrue(data(page).contains(#""store":"\#(url)""#), data(page))
        XCTAssertTrue(data(page).contains(#""desktop":"\#(url)""#), data(page))
        // The button without script goes there too (HTML-escaped in the attribute).
        XCTAssertTrue(page.contains(url.replacingOccurrences(of: "&", with: "&amp;")), page)
        // The home page: the provider's token, no campaign.
        let home = try fixture.page("index.html")
        XCTAssertTrue(
            home.contains("https://apps.apple.com/app/id1356057329?pt=118000&amp;mt=8"), "\(home.prefix(3000))")
    }

    func testAppStoreCampaignOverridesUTMAndDefaultsApply() throws {
        let own = try site(
            ios: "    provider_token: \"118000\"\n    affiliate_token: 1l3v",
            defaults: "  app_store_campaign: launch", "    app_store_campaign: \"été/2026\"")
        let ownPage = data(try own.page("a/index.html"))
        XCTAssertTrue(ownPage.contains("id1356057329?pt=118000&at=1l3v&ct=%C3%A9t%C3%A9%2F2026&mt=8"), ownPage)
        let inherited = try site(
            ios: "    provider_token: \"118000\"", defaults: "  app_store_campaign: launch",
            "    campaign: {utm_campaign: spring}")
        XCTAssertTrue(data(try inherited.page("a/index.html")).contains("pt=118000&ct=launch&mt=8"))
    }

    func testWithoutAProviderTokenTheStoreURLIsUnchanged() throws {
        let page = try site("    campaign: {utm_campaign: spring}\n    app_store_campaign: spring").page("a/index.html")
        XCTAssertTrue(data(page).contains(#""store":"https://apps.apple.com/app/id1356057329""#), data(page))
    }

    func testALongUTMCampaignIsCutToFortyBytesWithAWarning() throws {
        let long = String(repeating: "é", count: 25)  // 50 bytes
        let fixture = try site(ios: "    provider_token: \"118000\"", "    campaign: {utm_campaign: \(long)}")
        let build = try fixture.build()
        let warning = try XCTUnwrap(build.warnings.first { $0.message.contains("utm_campaign is 50 bytes") })
        XCTAssertEqual(warning.location?.line, 16)
        let cut = String(repeating: "%C3%A9", count: 20)
        XCTAssertTrue(data(try fixture.page("a/index.html")).contains("ct=\(cut)&mt=8"))
        XCTAssertEqual(IOSApp.campaignToken(from: "ab" + long).utf8.count, 40)
        XCTAssertEqual(IOSApp.campaignToken(from: "a" + long).utf8.count, 39)
    }

    func testBadValuesAreErrorsAtTheirPlace() throws {
        let cases: [(ios: String, link: String, line: Int, column: Int, says: String)] = [
            ("    provider_token: pt-118000", "", 9, 21, "is not an App Store Connect provider token"),
            ("    provider_token: \"11 8000\"", "", 9, 21, "is not an App Store Connect provider token"),
            ("    affiliate_token: \"a&b=c\"", "", 9, 22, "is not an affiliate token"),
            (
                "    provider_token: \"1\"\n    app_store_url: \"https://apps.apple.com/app/id1356057329?pt=9\"", "",
                10, 20, "app_store_url already has 'pt='"
            ),
            ("", "    app_store_campaign: \"\(String(repeating: "x", count: 41))\"", 16, 25, "must be 1 to 40 bytes"),
            ("", "    app_store_campaign: \"a\\u0007b\"", 16, 25, "contains the character U+0007"),
        ]
        for c in cases {
            XCTAssertThrowsError(try site(ios: c.ios, c.link).build(), c.ios + c.link) { error in
                let diagnostics = (error as? DiagnosticsError)?.diagnostics.filter { $0.severity == .error } ?? []
                XCTAssertEqual(diagnostics.count, 1, "\(c): \(diagnostics)")
                XCTAssertEqual(
                    diagnostics.first?.location,
                    SourceLocation(file: "site-config.yml", line: c.line, column: c.column), "\(c)")
                XCTAssertTrue(diagnostics.first?.message.contains(c.says) == true, "\(c): \(diagnostics)")
            }
        }
    }

    func testCampaignURLsKeepTheGivenQueryAndFragment() {
        var app = IOSApp(
            teamID: "ABCDE12345", bundleID: "b", appStoreID: "1", scheme: "s",
            appStoreURL: "https://apps.apple.com/us/app/marry/id1?l=en#top", extraAppIDs: [], providerToken: "7")
        XCTAssertEqual(
            app.appStoreURL(campaign: "x y"), "https://apps.apple.com/us/app/marry/id1?l=en&pt=7&ct=x+y&mt=8#top")
        app.providerToken = nil
        XCTAssertEqual(app.appStoreURL(campaign: "x"), "https://apps.apple.com/us/app/marry/id1?l=en#top")
    }
}
