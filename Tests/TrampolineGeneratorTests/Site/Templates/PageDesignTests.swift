import Foundation
import TrampolineModel
import XCTest

/// The built-in pages' design: texts in the site's language, right to left where it is written
/// so, the web link, both stores' buttons on the home page of an app on both.
final class PageDesignTests: XCTestCase {
    private func example(language: String) throws -> SiteFixture {
        try SiteFixture(
            catalog: SiteFixture.fixture("example.yml").replacingOccurrences(
                of: "  language: en\n", with: "  language: \(language)\n"))
    }

    private func button(in html: String) -> String? {
        guard let start = html.range(of: #"id="trampoline-open" class="button" href=""#) else { return nil }
        let rest = html[start.upperBound...].drop { $0 != ">" }.dropFirst()
        return String(rest.prefix { $0 != "<" })
    }

    func testEachBuiltInLanguageLabelsTheLinkPageAndTheNotFoundPage() throws {
        let expected = [
            "en": ("Open in Marry", "Link not found"), "ja": ("Marryで開く", "リンクが見つかりません"),
            "zh-Hans": ("在Marry中打开", "找不到链接"), "zh-Hant": ("在Marry中開啟", "找不到連結"),
            "ko": ("Marry에서 열기", "링크를 찾을 수 없습니다"), "es": ("Abrir en Marry", "Enlace no encontrado"),
            "fr": ("Ouvrir dans Marry", "Lien introuvable"), "de": ("In Marry öffnen", "Link nicht gefunden"),
            "pt-BR": ("Abrir no Marry", "Link não encontrado"),
        ]
        XCTAssertEqual(Set(expected.keys), Set(PageStrings.builtIn.map(\.tag)))
        for (language, (open, notFound)) in expected {
            let site = try example(language: language)
            let build = try site.build()
            XCTAssertEqual(build.warnings, [], language)
            let page = String(decoding: try XCTUnwrap(build["topic/1/index.html"]), as: UTF8.self)
            XCTAssertTrue(page.contains(#"<html lang="\#(language)">"#), language)
            XCTAssertEqual(button(in: page), open, language)
            let strings = PageStrings.forLanguage(language, app: "Marry")
            XCTAssertTrue(page.contains(">\(strings.continueWeb)</a>"), language)
            let missing = String(decoding: try XCTUnwrap(build["404.html"]), as: UTF8.self)
            XCTAssertTrue(missing.contains("<h1>\(notFound)</h1>"), language)
            XCTAssertTrue(missing.contains("<title>\(notFound) · Marry links</title>"), language)
            XCTAssertEqual(button(in: missing), strings.getAppStore, language)
        }
    }

    /// The long-link page's notice names the site in every language (`{site}`, filled in by the renderer).
    func testEveryLanguageNamesTheSiteInTheLongLinkNotice() {
        for (tag, strings) in PageStrings.builtIn {
            XCTAssertTrue(strings.longLinkRefused.contains("{site}"), tag)
            XCTAssertTrue(strings.longLinkHome.contains("{site}"), tag)
        }
    }

    func testLanguageTagsFindTheirBuiltInStrings() {
        let cases: [(String, String?)] = [
            ("en", "en"), ("EN-gb", "en"), ("fr-CA", "fr"), ("pt", "pt-BR"), ("pt-PT", "pt-BR"), ("zh", "zh-Hans"),
            ("zh-CN", "zh-Hans"), ("zh-TW", "zh-Hant"), ("zh-HK", "zh-Hant"), ("zh-Hant-TW", "zh-Hant"),
            ("zh-hans", "zh-Hans"), ("ja-JP", "ja"), ("ar", nil), ("tlh", nil), ("e", nil),
        ]
        for (tag, expected) in cases {
            XCTAssertEqual(PageStrings.builtInTag(for: tag), expected, tag)
        }
        XCTAssertTrue(PageStrings.isRightToLeft("ar"))
        XCTAssertTrue(PageStrings.isRightToLeft("he-IL"))
        XCTAssertTrue(PageStrings.isRightToLeft("az-Arab"))
        XCTAssertFalse(PageStrings.isRightToLeft("en"))
        XCTAssertFalse(PageStrings.isRightToLeft("az-Latn"))
    }

    func testALanguageWithoutBuiltInStringsWarnsAtItsPlaceAndTheRightToLeftPageIsMarked() throws {
        let build = try example(language: "ar").build()
        XCTAssertEqual(build.warnings.count, 1)
        let warning = try XCTUnwrap(build.warnings.first)
        XCTAssertEqual(warning.location, SourceLocation(file: "site-config.yml", line: 6, column: 13))
        XCTAssertEqual(warning.severity, .warning)
        XCTAssertTrue(warning.message.contains("no texts in 'ar'"), warning.message)
        XCTAssertTrue(warning.hint?.contains("zh-Hant") == true)
        let page = String(decoding: try XCTUnwrap(build["topic/1/index.html"]), as: UTF8.self)
        XCTAssertTrue(page.contains(#"<html lang="ar" dir="rtl">"#))
        XCTAssertEqual(button(in: page), "Open in Marry")
    }

    func testAProjectTemplateStillOverridesTheBuiltInStrings() throws {
        let site = try SiteFixture(
            catalog: SiteFixture.fixture("example.yml").replacingOccurrences(of: "language: en", with: "language: ja"),
            templates: ["interstitial.md": "---\nbutton: Jump into {{app}}\n---\n# {{title}}\n"])
        let page = try site.page("topic/1/index.html")
        XCTAssertEqual(button(in: page), "Jump into Marry")
    }

    func testTheHomePageOfAnAppOnBothStoresHasBothButtons() throws {
        let catalog = try SiteFixture.fixture("example.yml").replacingOccurrences(
            of: "    extra_app_ids: [ABCDE12345.com.example.marry.beta]\n",
            with: """
                    extra_app_ids: [ABCDE12345.com.example.marry.beta]
                  android:
                    package: com.example.marry
                    sha256_cert_fingerprints: [146de983c5730650d8eeb9952f34fc6416a08342e61dbea88a0496b23fcf44e5]

                """)
        let build = try SiteFixture(catalog: catalog).build()
        for path in ["index.html", "404.html"] {
            let page = String(decoding: try XCTUnwrap(build[path]), as: UTF8.self)
            XCTAssertEqual(button(in: page), "Get Marry on the App Store", path)
            XCTAssertTrue(
                page.contains(
                    #"<a class="button" href="https://play.google.com/store/apps/details?id=com.example.marry">Get Marry on Google Play</a>"#
                ), path)
        }
    }
}
