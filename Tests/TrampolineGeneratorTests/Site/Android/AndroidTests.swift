import Foundation
import XCTest

@testable import TrampolineBuild
@testable import TrampolineCatalog
@testable import TrampolineModel
@testable import TrampolineSite

/// `app.android`: the catalog keys, `assetlinks.json`, the pages' Android data and the intent filter.
final class AndroidTests: XCTestCase {
    static let fingerprint =
        "14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5"

    /// Per-link claims unless `claims` says otherwise: most of these tests are about them.
    static func catalog(ios: Bool = true, android: String? = nil, links: String? = nil, claims: String = "links")
        -> String
    {
        var text = """
            site: {url: "https://go.example.com", claims: \(claims)}
            app:
              name: Marry

            """
        if ios {
            text +=
                "  ios: {team_id: ABCDE12345, bundle_id: com.example.marry, app_store_id: \"1356057329\", scheme: marry}\n"
        }
        text +=
            android ?? """
                  android:
                    package: com.example.marry
                    sha256_cert_fingerprints:
                      - 146de983c5730650d8eeb9952f34fc6416a08342e61dbea88a0496b23fcf44e5
                      - "\(fingerprint.lowercased())"

                """
        text +=
            links ?? """
                links:
                  - path: /plan/42
                    deep_link: marry://plan?id=42
                    title: Plan
                    campaign: {utm_source: qr, ref: x}
                  - path: /a&b
                    title: Ampersand
                    web_url: https://example.com/a
                    android_fallback: web

                """
        return text
    }

    func load(_ yaml: String) -> (Catalog?, [Diagnostic]) {
        let (catalog, engine) = CatalogLoader(knownTemplates: ["interstitial", "redirect"]).load(
            yaml: yaml, displayPath: "site-config.yml")
        return (catalog, engine.sorted)
    }

    func errors(_ yaml: String) -> [String] {
        load(yaml).1.filter { $0.severity == .error }.map(\.description)
    }

    func testFingerprintsAreNormalisedDeduplicatedAndTheRestDerived() throws {
        let (catalog, diagnostics) = load(Self.catalog())
        XCTAssertEqual(diagnostics, [])
        let android = try XCTUnwrap(catalog?.app.android)
        XCTAssertEqual(android.package, "com.example.marry")
        XCTAssertEqual(
            android.sha256CertFingerprints, [Self.fingerprint], "lower case and colon-less forms are one fingerprint")
        XCTAssertEqual(android.scheme, "marry", "the iOS scheme by default")
        XCTAssertEqual(android.playStoreURL, "https://play.google.com/store/apps/details?id=com.example.marry")
        XCTAssertEqual(catalog?.links[1].options.androidFallback, .web)
        XCTAssertNil(catalog?.links[0].options.androidFallback)
    }

    func testBadAndroidValuesAreErrorsAtTheirPosition() {
        let bad = Self.catalog(
            android: """
                  android:
                    package: 1com.example
                    sha256_cert_fingerprints: [AB:CD, "zz6de983c5730650d8eeb9952f34fc6416a08342e61dbea88a0496b23fcf44e5"]
                    play_store_url: "JavaScript:alert(1)"

                """)
        let found = errors(bad)
        XCTAssertTrue(
            found.contains {
                $0.hasPrefix("site-config.yml:6:14: error: package '1com.example' is not an Android application id")
            }, "\(found)")
        XCTAssertTrue(
            found.contains {
                $0.hasPrefix(
                    "site-config.yml:7:32: error: sha256_cert_fingerprints entry 'AB:CD' is not a SHA-256 fingerprint (32 bytes of hex)"
                ) && $0.contains("Play Console")
            }, "\(found)")
        XCTAssertTrue(
            found.contains { $0.hasPrefix("site-config.yml:7:39: error: sha256_cert_fingerprints entry 'zz6de") },
            "\(found)")
        XCTAssertTrue(
            found.contains { $0.hasPrefix("site-config.yml:8:21: error:") && $0.contains("javascript") }, "\(found)")
        XCTAssertEqual(
            errors(Self.catalog(android: "  android: {package: com.example.marry, sha256_cert_fingerprints: []}\n"))
                .first?.contains("error: sha256_cert_fingerprints is empty"), true)
        XCTAssertTrue(
            errors(Self.catalog(android: "  android: {sha256_cert_fingerprints: [\"\(Self.fingerprint)\"]}\n")).contains
            { $0.contains("missing the required key 'package'") })
        // An Android-only app must name its scheme; with it, the catalog is fine.
        let alone = "  android: {package: com.example.marry, sha256_cert_fingerprints: [\"\(Self.fingerprint)\"]}\n"
        XCTAssertTrue(
            errors(Self.catalog(ios: false, android: alone)).contains {
                $0.contains("missing the required key 'scheme'")
            })
        XCTAssertEqual(
            errors(
                Self.catalog(ios: false, android: alone.replacingOccurrences(of: "}\n", with: ", scheme: marry}\n"))),
            [])
        // Neither platform is an error that says what to add.
        XCTAssertTrue(
            errors(Self.catalog(ios: false, android: "")).contains {
                $0.contains("app needs an ios: or an android: section")
            })
        // android_fallback: web needs a web_url, like fallback: web.
        let noWeb = Self.catalog(links: "links:\n  - {path: /x, title: X, android_fallback: web}\n")
        XCTAssertTrue(
            errors(noWeb).contains { $0.contains("android_fallback is 'web' but the link has no web_url") },
            "\(errors(noWeb))")
        XCTAssertTrue(
            errors(Self.catalog(links: "links:\n  - {path: /x, title: X, android_fallback: play}\n")).contains {
                $0.contains("android_fallback must be 'store' or 'web'")
            })
    }

    func testAPlayStoreURLElsewhereIsAWarning() {
        let (_, diagnostics) = load(
            Self.catalog(
                android: """
                      android:
                        package: com.example.marry
                        sha256_cert_fingerprints: ["\(Self.fingerprint)"]
                        play_store_url: https://example.com/get

                    """))
        XCTAssertEqual(
            diagnostics.map(\.description),
            [
                "site-config.yml:8:21: warning: play_store_url does not point at play.google.com; people without the app will not reach Google Play unless this page sends them there"
            ])
    }

    func testAssetLinksIsExactDeterministicServedAsJSONAndNeverClaimed() throws {
        let first = try SiteFixture(catalog: Self.catalog()).build()
        let second = try SiteFixture(catalog: Self.catalog()).build()
        let bytes = try XCTUnwrap(first[.assetLinks])
        XCTAssertEqual(bytes, second[.assetLinks])
        XCTAssertEqual(
            String(decoding: bytes, as: UTF8.self),
            """
            [{
              "relation": ["delegate_permission/common.handle_all_urls"],
              "target": {
                "namespace": "android_app",
                "package_name": "com.example.marry",
                "sha256_cert_fingerprints": [
                    "\(Self.fingerprint)"
                ]
              }
            }]

            """)
        // Google's rules read it back: one statement, for the package, with the fingerprint.
        let statements = try AssetLinks.validate(bytes)
        XCTAssertEqual(
            statements,
            [
                .init(
                    relations: [AssetLinks.relation],
                    target: .androidApp(package: "com.example.marry", sha256CertFingerprints: [Self.fingerprint]))
            ])
        XCTAssertTrue(
            String(decoding: try XCTUnwrap(first["_headers"]), as: UTF8.self).contains(
                "/.well-known/assetlinks.json\n  Content-Type: application/json"))
        let matcher = try AASAMatcher(data: try XCTUnwrap(first[.appSiteAssociation]))
        XCTAssertNotEqual(
            matcher.verdict(
                for: "https://go.example.com/.well-known/assetlinks.json", appID: "ABCDE12345.com.example.marry",
                domain: "go.example.com"
            ).decision, .match)
        // Written last, with the AASA, and listed in the manifest.
        XCTAssertTrue(first.plan.paths.suffix(3).contains(.assetLinks))
        let fixture = try SiteFixture(catalog: Self.catalog())
        try SiteWriter(outputURL: fixture.outputURL).write(try fixture.build().outputFiles)
        XCTAssertTrue(Manifest.read(from: fixture.outputURL).paths.contains(".well-known/assetlinks.json"))
        // Absent without app.android.
        XCTAssertNil(try SiteFixture(catalog: Self.catalog(android: "")).build()[.assetLinks])
    }

    func testAnAndroidOnlySiteHasNoAASANoSmartBannerAndGoogleAsItsStore() throws {
        let site = try SiteFixture(
            catalog: Self.catalog(
                ios: false,
                android: """
                      android: {package: com.example.marry, scheme: marry, sha256_cert_fingerprints: ["\(Self.fingerprint)"]}

                    """)
        ).build()
        XCTAssertNil(site[.appSiteAssociation])
        XCTAssertNil(site[.rootAppSiteAssociation])
        XCTAssertNotNil(site[.assetLinks])
        let page = String(decoding: try XCTUnwrap(site["plan/42/index.html"]), as: UTF8.self)
        XCTAssertFalse(page.contains("apple-itunes-app"), "no Smart App Banner without an iOS app")
        XCTAssertTrue(page.contains(#""store":null"#), page)
        XCTAssertTrue(
            page.contains(#"href="https://play.google.com/store/apps/details?id=com.example.marry""#),
            "the script-less button goes to Google Play")
        XCTAssertFalse(
            String(decoding: try XCTUnwrap(site["_headers"]), as: UTF8.self).contains("apple-app-site-association"))
    }

    func testThePageDataCarriesWhatTheScriptNeedsEscaped() throws {
        let hostile = Self.catalog(
            links: """
                links:
                  - path: /x
                    title: X
                    campaign: {utm_source: "</script><b>", utm_term: "\\u2028"}

                """)
        let page = String(
            decoding: try XCTUnwrap(try SiteFixture(catalog: hostile).build()["x/index.html"]), as: UTF8.self)
        XCTAssertTrue(
            page.contains(
                #""deferredLink":"marry://x?utm_source=%3C%2Fscript%3E%3Cb%3E&utm_term=%E2%80%A8""#
            ), page)
        // The app's Android values are trampoline-more.js's; a link names only its fallback.
        XCTAssertTrue(page.contains(#""android":"store""#), page)
        let more = String(
            decoding: try XCTUnwrap(try SiteFixture(catalog: hostile).build()["trampoline-more.js"]), as: UTF8.self)
        XCTAssertTrue(
            more.contains(
                #""android":{"package":"com.example.marry","scheme":"marry","play":"https://play.google.com/store/apps/details?id=com.example.marry"}"#
            ), String(more.suffix(600)))
        XCTAssertEqual(page.components(separatedBy: "</script>").count, 3, "only the two script elements close")
    }

    func testTheIntentFilterClaimsExactlyTheLinkPages() throws {
        let catalog = try XCTUnwrap(load(Self.catalog()).0)
        let xml = try XCTUnwrap(IntentFilter.xml(for: catalog))
        XCTAssertTrue(xml.contains(#"<intent-filter android:autoVerify="true">"#))
        XCTAssertTrue(xml.contains(#"<data android:host="go.example.com" />"#))
        for path in ["/plan/42", "/plan/42/", "/a&amp;b", "/a&amp;b/"] {
            XCTAssertTrue(xml.contains("<data android:path=\"\(path)\" />"), path)
        }
        for page in ["\"/\"", "index.html", "404.html", "loadCookie", "pathPrefix", "pathPattern"] {
            XCTAssertFalse(xml.contains(page), page)
        }
        XCTAssertEqual(xml.components(separatedBy: "<data android:path=").count - 1, 4, "two per link, nothing else")
        XCTAssertTrue(xml.contains(#"<data android:scheme="marry" />"#))
        XCTAssertNil(IntentFilter.xml(for: try XCTUnwrap(load(Self.catalog(android: "")).0)))
    }

    /// `site.claims: domain`: the manifest claims the host whole, and `assetlinks.json` carries
    /// Android 15's dynamic rules (developer.android.com/training/app-links/configure-assetlinks,
    /// "dynamic_app_link_components": the AASA's component dictionaries, first match decides).
    /// No Android device runs here: the rules are read back with the AASA matcher, which
    /// models that shared syntax, and Google's statement rules still accept the file.
    func testTheDomainIsClaimedWholeWithDynamicRulesForTheSiteFiles() throws {
        let catalog = try XCTUnwrap(load(Self.catalog(claims: "domain")).0)
        let xml = try XCTUnwrap(IntentFilter.xml(for: catalog))
        XCTAssertTrue(xml.contains(#"<data android:host="go.example.com" />"#))
        XCTAssertFalse(xml.contains("android:path"), xml)
        let build = try SiteFixture(catalog: Self.catalog(claims: "domain")).build()
        let bytes = try XCTUnwrap(build[.assetLinks])
        XCTAssertEqual(
            try AssetLinks.validate(bytes),
            [
                .init(
                    relations: [AssetLinks.relation],
                    target: .androidApp(package: "com.example.marry", sha256CertFingerprints: [Self.fingerprint]))
            ])
        let statement = try XCTUnwrap((try JSONSerialization.jsonObject(with: bytes) as? [[String: Any]])?.first)
        let extensions = try XCTUnwrap(statement["relation_extensions"] as? [String: Any])
        let rules = try XCTUnwrap(
            (extensions[AssetLinks.relation] as? [String: Any])?["dynamic_app_link_components"] as? [Any])
        let aasa = try JSONSerialization.data(withJSONObject: [
            "applinks": ["details": [["appIDs": ["A.android"], "components": rules]]]
        ])
        let matcher = try AASAMatcher(data: aasa)
        func decision(_ path: String) -> AASADecision {
            matcher.verdict(for: "https://go.example.com" + path, appID: "A.android", domain: "go.example.com").decision
        }
        for path in ["/plan/42", "/plan/42/", "/a&b", "/anything/else?x=1"] {
            XCTAssertEqual(decision(path), .match, path)
        }
        for path in [
            "/", "/index.html", "/404.html", "/loadCookie.html", "/.well-known/trampoline/v2/index.json",
            "/plan/42/qr.svg", "/trampoline-more.js", "/plan/42?debug=1",
        ] {
            XCTAssertNotEqual(decision(path), .match, path)
        }
    }
}
