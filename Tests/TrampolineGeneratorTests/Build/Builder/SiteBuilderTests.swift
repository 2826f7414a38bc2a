import Foundation
import TrampolineModel
import TrampolineSite
import XCTest

final class SiteBuilderTests: XCTestCase {
    func testOutputFolderLayout() throws {
        let site = try SiteFixture(catalog: SiteFixture.fixture("example.yml"))
        let plan = try site.build()
        XCTAssertEqual(
            plan.files.keys.sorted(),
            [
                ".nojekyll", ".well-known/apple-app-site-association", ".well-known/trampoline/v2/index.json",
                ".well-known/trampoline/v2/links/0.json", "404.html", "_count/app.txt", "_count/attempt.txt",
                "_count/desktop-qr.txt", "_count/in-app.txt", "_count/shown.txt", "_count/store.txt", "_count/web.txt",
                "_headers", "apple-app-site-association",
                "index.html", "invite/index.html", "invite/qr.svg", "loadCookie.html", "spring-sale/index.html",
                "spring-sale/qr.svg", "topic/1/index.html", "topic/1/qr.svg", "topic/2/index.html", "topic/2/qr.svg",
                "trampoline-more.js", "vendors/photographers/index.html", "vendors/photographers/qr.svg",
            ])
        XCTAssertEqual(plan[".well-known/apple-app-site-association"], plan["apple-app-site-association"])
        XCTAssertEqual(plan.plan.paths.suffix(2), [.appSiteAssociation, .rootAppSiteAssociation])
        XCTAssertTrue(
            String(decoding: plan["_headers"]!, as: UTF8.self).contains(
                "/.well-known/apple-app-site-association\n  Content-Type: application/json"))
    }

    func testBuildIsByteIdenticalForIdenticalInput() throws {
        let text = try SiteFixture.fixture("example.yml")
        let first = try SiteFixture(catalog: text).build().plan
        let second = try SiteFixture(catalog: text).build().plan
        XCTAssertEqual(first, second)
    }

    func testEveryPageStaysWithinEightKilobytes() throws {
        let plan = try SiteFixture(catalog: SiteFixture.fixture("example.yml")).build()
        for (path, data) in plan.files where path.hasSuffix(".html") {
            XCTAssertLessThanOrEqual(data.count, 8 * 1024, path)
        }
    }

    func testLinkPageCarriesBannerSocialTagsAndData() throws {
        let site = try SiteFixture(catalog: SiteFixture.fixture("example.yml"))
        let html = try site.page("topic/1/index.html")
        XCTAssertTrue(html.contains(#"<html lang="en">"#))
        XCTAssertTrue(html.contains(#"<meta name="viewport" content="width=device-width, initial-scale=1">"#))
        XCTAssertTrue(
            html.contains(
                #"<meta name="apple-itunes-app" content="app-id=1356057329, app-argument=https://go.example.com/topic/1">"#
            ))
        XCTAssertTrue(html.contains(#"<meta property="og:title" content="Wedding checklist">"#))
        XCTAssertTrue(
            html.contains(
                #"<meta property="og:description" content="Everything for the big day, from the dress to the first dance.">"#
            ))
        XCTAssertTrue(html.contains(#"<meta property="og:image" content="https://example.com/og/topic-1.png">"#))
        XCTAssertTrue(html.contains(#"<meta property="og:url" content="https://go.example.com/topic/1">"#))
        XCTAssertTrue(html.contains(#"<meta name="twitter:card" content="summary_large_image">"#))
        XCTAssertTrue(
            html.contains("<p>Everything for the <strong>big day</strong>, from the dress to the first dance.</p>"))
        XCTAssertTrue(
            html.contains(
                #"<a id="trampoline-open" class="button" href="https://apps.apple.com/app/id1356057329">Open in Marry</a>"#
            ))
        XCTAssertTrue(
            html.contains(#""deferredLink":"marry://topic?id=1&utm_source=line&utm_campaign=spring""#))
        XCTAssertFalse(html.contains("<script src"), "no external scripts")
        XCTAssertFalse(html.contains("<link rel=\"stylesheet\""), "no external styles")
    }

    func testHostileValuesStayInertInEveryContext() throws {
        let hostile = #"\"><script>alert(1)</script><img src=x onerror=alert(2)> </script><!-- ' \u2028 {{app}}"#
        let catalog = """
            site: {url: "https://go.example.com", title: "\(hostile)"}
            app:
              name: "\(hostile)"
              ios: {team_id: ABCDE12345, bundle_id: com.example.app, app_store_id: "1", scheme: ex}
            links:
              - path: /x
                title: "\(hostile)"
                description: "\(hostile) [click](javascript:alert(3)) <b onclick=alert(4)>b</b>"
                campaign: {"k\\"<": "\(hostile)"}
                image: "https://example.com/a.png?q=%22%3E"

            """
        let site = try SiteFixture(catalog: catalog)
        for path in ["x/index.html", "index.html", "404.html", "loadCookie.html"] {
            let html = try site.page(path)
            XCTAssertFalse(html.contains("<script>alert"), path)
            XCTAssertFalse(html.contains("<img src=x"), path)
            XCTAssertFalse(html.contains("<b onclick"), path)
            XCTAssertFalse(html.contains("javascript:alert(3)"), path)
            if let data = html.range(of: #"<script type="application/json" id="trampoline-data">"#) {
                let block = html[data.upperBound...].prefix { $0 != "<" }
                XCTAssertFalse(block.contains("\u{2028}"), "raw U+2028 inside the script data of \(path)")
            }
            // Exactly the tool's own script elements: the data block and the behaviour script.
            let scripts = html.components(separatedBy: "<script").count - 1
            XCTAssertEqual(scripts, path == "index.html" || path == "404.html" ? 0 : 2, path)
            // Placeholders inside values are not expanded again.
            XCTAssertTrue(html.contains("{{app}}") || path != "x/index.html", path)
        }
        let page = try site.page("x/index.html")
        XCTAssertTrue(page.contains("&lt;script&gt;alert(1)&lt;/script&gt;"), "title shown as text")
        XCTAssertTrue(
            page.contains(#"<meta property="og:title" content="&quot;&gt;&lt;script&gt;"#),
            "title escaped in attributes")
    }

    func testMarkdownDescriptionIsRenderedInSafeMode() throws {
        let catalog = try SiteFixture.fixture("example.yml").replacingOccurrences(
            of: "description: Until **May 31**.",
            with:
                "description: \"Until *May* <script>alert(1)</script> [x](javascript:alert(1)) [ok](https://example.com)\""
        )
        let html = try SiteFixture(catalog: catalog).page("spring-sale/index.html")
        XCTAssertTrue(html.contains("<em>May</em>"))
        XCTAssertTrue(html.contains("<!-- raw HTML omitted -->"))
        XCTAssertTrue(html.contains(#"<a href="">x</a>"#), "cmark's safe mode empties javascript: links")
        XCTAssertTrue(html.contains(#"<a href="https://example.com">ok</a>"#))
    }

    func testTemplateOverrideBesideTheCatalogReplacesTheBuiltIn() throws {
        let site = try SiteFixture(
            catalog: SiteFixture.fixture("example.yml"),
            templates: [
                "interstitial.md": "---\nbehaviour: interstitial\nbutton: Get {{app}} now\n---\n## Custom {{title}}\n",
                "promo.md": "---\nbehaviour: redirect\n---\nPromo {{title}}\n",
            ]
        )
        let html = try site.page("topic/1/index.html")
        XCTAssertTrue(html.contains("<h2>Custom Wedding checklist</h2>"))
        XCTAssertTrue(html.contains(">Get Marry now</a>"))
        let promo = try SiteFixture(
            catalog: SiteFixture.fixture("example.yml").replacingOccurrences(
                of: "template: redirect\n    fallback_delay_ms: 2000",
                with: "template: promo\n    fallback_delay_ms: 2000"),
            templates: ["promo.md": "---\nbehaviour: redirect\n---\nPromo {{title}}\n"]
        )
        XCTAssertTrue(try promo.page("invite/index.html").contains("<p>Promo You're invited</p>"))
        // The preview reads what a custom template's script does from its front matter.
        let plan = try promo.build().plan
        XCTAssertEqual(plan.behaviour(ofLink: "/invite"), .redirect, "the promo template's front matter")
        XCTAssertEqual(plan.behaviour(ofLink: "/topic/1"), .interstitial)
        XCTAssertNil(plan.behaviour(ofLink: "/missing"))
    }

    func testBrokenTemplateIsReportedWithItsLocation() throws {
        let site = try SiteFixture(
            catalog: SiteFixture.fixture("example.yml"),
            templates: ["redirect.md": "---\nbehaviour: teleport\nbuton: x\n---\n{{#title}}\n"])
        XCTAssertThrowsError(try site.build()) { error in
            let text = (error as? DiagnosticsError)?.description ?? "\(error)"
            XCTAssertTrue(
                text.contains(
                    "Templates/redirect.md:2:1: error: behaviour must be one of interstitial, redirect, page, load-cookie"
                ), text)
            XCTAssertTrue(
                text.contains(
                    "Templates/redirect.md:3:1: error: unknown front matter key 'buton'; did you mean 'button'?"), text)
        }
    }

    func testGeneratedAASAClaimsExactlyTheLinkPages() throws {
        let result = try SiteFixture(
            catalog: SiteFixture.fixture("example.yml").replacingOccurrences(
                of: "  title: Marry links\n", with: "  claims: links\n")
        ).build()
        let data = try XCTUnwrap(result["apple-app-site-association"])
        let matcher = try AASAMatcher(data: data)
        for appID in result.catalog.app.appIDs {
            for link in result.catalog.links {
                for url in [
                    "https://go.example.com\(link.path)", "https://go.example.com\(link.path)/",
                    "https://go.example.com\(link.path)?utm_source=x",
                ] {
                    XCTAssertEqual(
                        matcher.verdict(for: url, appID: appID, domain: "go.example.com").decision, .match,
                        "\(appID) \(url)")
                }
            }
            for path in ["/", "/index.html", "/404.html", "/loadCookie.html", "/topic", "/topic/3", "/invite/extra"] {
                XCTAssertNotEqual(
                    matcher.verdict(for: "https://go.example.com\(path)", appID: appID, domain: "go.example.com")
                        .decision, .match, path)
            }
        }
        // The legacy half (iOS 9-12) makes the same claims.
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [String: Any])
        let details = try XCTUnwrap((json["applinks"] as? [String: Any])?["details"] as? [[String: Any]])
        let legacy = details.filter { $0["paths"] != nil }
        XCTAssertEqual(legacy.compactMap { $0["appID"] as? String }, result.catalog.app.appIDs)
        XCTAssertEqual(
            legacy[0]["paths"] as? [String],
            [
                "NOT /", "NOT /index.html", "NOT /404.html", "NOT /loadCookie.html", "/topic/1", "/topic/1/",
                "/topic/2", "/topic/2/", "/invite", "/invite/", "/vendors/photographers", "/vendors/photographers/",
                "/spring-sale", "/spring-sale/",
            ])
    }

    func testOversizedAASAFailsTheBuildWithAHint() throws {
        var catalog = try SiteFixture.fixture("example.yml").replacingOccurrences(
            of: "  title: Marry links\n", with: "  claims: links\n")
        // Top-level links are claimed one by one: 1,500 of them cannot fit in 128 KB.
        for i in 0..<1500 { catalog += "  - {path: /a-rather-long-campaign-path-number-\(i), title: T}\n" }
        XCTAssertThrowsError(try SiteFixture(catalog: catalog).build()) { error in
            let text = "\(error)"
            XCTAssertTrue(text.contains("error: the apple-app-site-association file would be"), text)
            XCTAssertTrue(text.contains("iOS ignores files over 128 KB"), text)
            XCTAssertTrue(text.contains("put them in folders"), text)
        }
    }

    func testLargeCatalogsAreClaimedByFolderAndStillExactlyRight() throws {
        var catalog = try SiteFixture.fixture("example.yml").replacingOccurrences(
            of: "  title: Marry links\n", with: "  claims: links\n")
        for i in 0..<3000 { catalog += "  - {path: /p/\(i), title: T}\n" }
        let result = try SiteFixture(catalog: catalog).build()
        let data = try XCTUnwrap(result["apple-app-site-association"])
        XCTAssertLessThan(data.count, 4096, "folded, not 3,000 rules")
        let text = String(decoding: data, as: UTF8.self)
        XCTAssertTrue(text.contains(#"{"/": "/p/*"}"#), text)
        XCTAssertTrue(text.contains(#"{"/": "/topic/*"}"#), text)
        XCTAssertTrue(text.contains(#"{"/": "/invite"}"#), "top-level links stay exact: \(text)")
        let matcher = try AASAMatcher(data: data)
        for path in ["/p/0", "/p/2999/", "/topic/1", "/invite/", "/spring-sale"] {
            XCTAssertEqual(
                matcher.verdict(
                    for: "https://go.example.com\(path)", appID: "ABCDE12345.com.example.marry",
                    domain: "go.example.com"
                ).decision, .match, path)
        }
        for path in ["/", "/index.html", "/404.html", "/loadCookie.html", "/other"] {
            XCTAssertNotEqual(
                matcher.verdict(
                    for: "https://go.example.com\(path)", appID: "ABCDE12345.com.example.marry",
                    domain: "go.example.com"
                ).decision, .match, path)
        }
    }
}
