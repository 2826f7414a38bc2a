import Foundation
import TrampolineTestSupport
import XCTest

/// `site.long_links` (issue #48): the build writes the long-link page and its script and makes the
/// home page hand `?link=` visits to it; the allowlist is checked when it is read; `match`
/// reports what a long link opens. The page's behaviour in browsers is Tests/Browser/test_long_links.py.
final class LongLinkSiteTests: XCTestCase {
    static func catalog(_ longLinks: String) -> String {
        """
        \(TestCatalog.marrySite)
        \(longLinks)
        \(TestCatalog.marryApp)
        links:
          - path: /spring
            title: Spring
        """
    }

    func testTheBuildWritesTheLongLinkPageAndTheHomePageHandsOver() throws {
        let folder = try TemporaryDirectory()
        try folder.write(
            "site-config.yml", Self.catalog("  long_links:\n    allow: [\"https://shop.example/item/\"]"))
        let output = try TrampolineProcess.run(["build", "--output", "out"], in: folder.url)
        XCTAssertEqual(output.status, 0, output.stderr)
        XCTAssertFalse(output.stderr.contains("warning"), output.stderr)
        let home = try XCTUnwrap(folder.read("out/index.html"))
        XCTAssertTrue(home.contains(#""long":"/_long-link/""#), home)
        let page = try XCTUnwrap(folder.read("out/_long-link/index.html"))
        XCTAssertTrue(page.contains(#""fill":"long-link""#), page)
        XCTAssertTrue(page.contains(#""allow":["https://shop.example/item/"]"#), page)
        XCTAssertTrue(page.contains(#""scheme":"marry""#), page)
        XCTAssertFalse(page.contains("og:url"), "the long-link page stands for no one URL")
        XCTAssertNotNil(folder.read("out/trampoline-long-link.js"))
        // Whole-domain claims leave the page in the browser (Tests/Fixtures/site-files.json).
        XCTAssertTrue(
            try XCTUnwrap(folder.read("out/apple-app-site-association")).contains(
                #"{"/": "/_long-link/*", "exclude": true}"#))

        // Without site.long_links, none of it.
        let plain = try TemporaryDirectory()
        try plain.write("site-config.yml", Self.catalog(""))
        XCTAssertEqual(try TrampolineProcess.run(["build", "--output", "out"], in: plain.url).status, 0)
        XCTAssertNil(plain.read("out/_long-link/index.html"))
        XCTAssertNil(plain.read("out/trampoline-long-link.js"))
        XCTAssertFalse(try XCTUnwrap(plain.read("out/index.html")).contains("_long-link"))
    }

    /// The notice for a refused target is in the site's language, like the pages' other texts.
    func testTheRefusalNoticeIsInTheSitesLanguage() throws {
        for (language, refused, home) in [
            ("en", "This link points somewhere Marry links does not send people.", "Go to Marry links"),
            ("fr", "Ce lien mène à un endroit vers lequel Marry links n’envoie personne.", "Aller sur Marry links"),
            ("ja", "このリンクの行き先へは、Marry linksからはご案内していません。", "Marry linksへ移動"),
        ] {
            let folder = try TemporaryDirectory()
            try folder.write(
                "site-config.yml",
                Self.catalog("  language: \(language)\n  long_links:\n    allow: [\"https://shop.example/item/\"]"))
            let output = try TrampolineProcess.run(["build", "--output", "out"], in: folder.url)
            XCTAssertEqual(output.status, 0, output.stderr)
            let page = try XCTUnwrap(folder.read("out/_long-link/index.html"))
            XCTAssertTrue(page.contains(#""refused":"\#(refused)""#), "\(language): \(page)")
            XCTAssertTrue(page.contains(#""home":"\#(home)""#), language)
        }
    }

    func testAllowlistEntriesAreCheckedAndWideOnesWarned() throws {
        let folder = try TemporaryDirectory()
        try folder.write(
            "site-config.yml",
            Self.catalog(
                "  long_links:\n    allow: [\"http://shop.example/\", \"https://a@shop.example/\", \"javascript:alert(1)\", \"https://shop.example/?x=1\", \"shop\"]"
            ))
        let output = try TrampolineProcess.run(["build", "--output", "out"], in: folder.url)
        XCTAssertEqual(output.status, 1)
        for column in [13, 37, 64, 87, 116] {
            XCTAssertTrue(
                output.stderr.contains("site-config.yml:5:\(column): error: site.long_links.allow item"),
                "column \(column): \(output.stderr)")
        }
        XCTAssertNil(folder.read("out/index.html"))

        for (allow, warning) in [
            ("[]", "site.long_links.allow is empty"),
            (
                "[shop.example, \"*.example.org\"]",
                "site.long_links.allow lets long links send people to more than one host (*.example.org, shop.example)"
            ),
        ] {
            try folder.write("site-config.yml", Self.catalog("  long_links:\n    allow: \(allow)"))
            let check = try TrampolineProcess.run(["check", "--output", "out"], in: folder.url)
            let text = check.stdout + check.stderr
            XCTAssertTrue(text.contains("site-config.yml:5:12: warning: \(warning)"), text)
        }
    }

    func testMatchReportsWhatALongLinkOpens() throws {
        let folder = try TemporaryDirectory()
        try folder.write(
            "site-config.yml", Self.catalog("  long_links:\n    allow: [\"https://shop.example/item/\"]"))
        let output = try TrampolineProcess.run(
            [
                "match", "--format", "json",
                "https://go.example.com/?link=https%3A%2F%2Fshop.example%2Fitem%2F1%3Fc%3Dred&utm_source=chat",
                "https://go.example.com/?link=https%3A%2F%2Fshop.example%2Fitem%2F1&ifl=https%3A%2F%2Fevil.example%2F",
            ], in: folder.url)
        XCTAssertEqual(output.status, 0, output.stderr)
        let lines = output.stdout.split(separator: "\n")
        XCTAssertEqual(lines.count, 2)
        XCTAssertTrue(lines[0].contains(#""app_receives":"marry://item/1?c=red&utm_source=chat""#), String(lines[0]))
        XCTAssertTrue(lines[1].contains(#""app_receives":null,"reason":"long_link_refused""#), String(lines[1]))
        XCTAssertTrue(lines[1].contains("ifl is not in site.long_links.allow"), String(lines[1]))
    }
}
