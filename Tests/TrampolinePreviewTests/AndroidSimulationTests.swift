import Foundation
import TrampolineBuild
import TrampolineTestSupport
import XCTest

@testable import TrampolinePreview

/// The dashboard's Android simulation, worked out from the built site as the page's script does.
final class AndroidSimulationTests: XCTestCase {
    static let catalog = """
        site: {url: "https://go.example.com"}
        app:
          name: Marry
          ios: {team_id: ABCDE12345, bundle_id: com.example.marry, app_store_id: "1356057329", scheme: marry}
          android:
            package: com.example.marry
            sha256_cert_fingerprints: ["146de983c5730650d8eeb9952f34fc6416a08342e61dbea88a0496b23fcf44e5"]
        links:
          - path: /plan/42
            template: redirect
            deep_link: marry://plan?id=42
            title: Plan
            campaign: {utm_source: qr, ref: "a b"}
          - {path: /web, title: Web, web_url: "https://example.com/w", android_fallback: web}

        """

    func flows(_ text: String) throws -> [LinkFlow] {
        let dir = try TemporaryDirectory()
        try dir.write("site-config.yml", text)
        return LinkFlow.flows(
            for: try SiteBuilder(configURL: dir.url.appendingPathComponent("site-config.yml")).build())
    }

    func testTheAndroidFlowMirrorsThePageScript() throws {
        let flows = try flows(Self.catalog)
        let android = try XCTUnwrap(flows[0].android)
        XCTAssertEqual(flows[0].deferredLink, "marry://plan?id=42&utm_source=qr&ref=a+b")
        XCTAssertEqual(
            android.referrer, "deep_link=marry%3A%2F%2Fplan%3Fid%3D42%26utm_source%3Dqr%26ref%3Da%2Bb&utm_source=qr")
        XCTAssertEqual(
            android.fallbackURL,
            "https://play.google.com/store/apps/details?id=com.example.marry&referrer=deep_link%3Dmarry%253A%252F%252Fplan%253Fid%253D42%2526utm_source%253Dqr%2526ref%253Da%252Bb%26utm_source%3Dqr"
        )
        XCTAssertTrue(
            android.intentURL.hasPrefix(
                "intent://plan?id=42&utm_source=qr&ref=a+b#Intent;scheme=marry;package=com.example.marry;S.browser_fallback_url=https%3A%2F%2Fplay.google.com%2F"
            ), android.intentURL)
        // Decoding once per level gives the deferred link back, as the app will read it.
        let referrer = try XCTUnwrap(
            URLComponents(string: android.fallbackURL)?.queryItems?.first { $0.name == "referrer" }?.value)
        let deepLink = URLComponents(string: "x:?" + referrer)?.queryItems?.first { $0.name == "deep_link" }?.value
        XCTAssertEqual(
            deepLink?.replacingOccurrences(of: "+", with: " "), "marry://plan?id=42&utm_source=qr&ref=a b",
            "form encoding: + is a space one level down")
        let web = try XCTUnwrap(flows[1].android)
        XCTAssertEqual(web.fallbackURL, "https://example.com/w")
        XCTAssertNil(web.referrer)

        let missing = SimulationPage(flow: flows[0], appInstalled: false, android: true).render()
        XCTAssertTrue(missing.contains("<h2>Android, app not installed</h2>"))
        XCTAssertTrue(missing.contains(#"<code id="sim-intent">intent://plan?id=42&amp;utm_source=qr"#), missing)
        XCTAssertTrue(missing.contains("Google Play hands the app the install referrer"))
        let installed = SimulationPage(flow: flows[0], appInstalled: true, android: true).render()
        XCTAssertTrue(installed.contains("<strong>cancelled</strong>"))
    }

    func testWithoutAnAndroidAppThePhoneIsNeverSentToTheAppStore() throws {
        let iosOnly = Self.catalog.replacingOccurrences(
            of: """
                  android:
                    package: com.example.marry
                    sha256_cert_fingerprints: ["146de983c5730650d8eeb9952f34fc6416a08342e61dbea88a0496b23fcf44e5"]

                """, with: ""
        ).replacingOccurrences(of: ", android_fallback: web", with: "")
        let flows = try flows(iosOnly)
        XCTAssertNil(flows[0].android)
        let page = SimulationPage(flow: flows[0], appInstalled: false, android: true).render()
        XCTAssertTrue(page.contains("It is never sent to the App Store."), page)
        XCTAssertFalse(page.contains("apps.apple.com"))
    }
}
