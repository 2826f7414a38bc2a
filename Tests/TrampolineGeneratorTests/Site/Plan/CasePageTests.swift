import Foundation
import TrampolineTestSupport
import XCTest

@testable import TrampolineBuild
@testable import TrampolineModel
@testable import TrampolineSite

/// Links whose paths differ only in case (Firebase's short links are case-sensitive, issue #52):
/// each gets a page of its own, no two folders of the site differ only in case (a checkout on a
/// case-insensitive disk would merge them), and every host file that has rules serves the pages
/// under _case/ at the links' own URLs.
final class CasePageTests: XCTestCase {
    private func catalog(_ paths: [String], host: String? = nil) -> String {
        var text = "site:\n  url: https://go.example.com\n"
        if let host { text += "  host: \(host)\n" }
        text += TestCatalog.marryApp + "\nlinks:\n"
        for (index, path) in paths.enumerated() {
            text += "  - {path: \(path), deep_link: \"marry://item/\(index)\", title: \"Item \(index)\"}\n"
        }
        return text
    }

    func testTheFirstSpellingKeepsItsFolderAndTheOthersMoveUnderCase() throws {
        let paths = ["/abc", "/ABC", "/Abc", "/promo/a", "/Promo/b", "/promo/A", "/x/Y", "/X/y/z", "/plain", "/Other"]
        let fixture = try SiteFixture(catalog: catalog(paths))
        let build = try fixture.build()
        XCTAssertEqual(build.plan.casePaths, ["/ABC", "/Abc", "/Promo/b", "/promo/A", "/X/y/z"])
        // No two files of the site differ only in case, and every link has exactly one page.
        let files = build.plan.paths.map(\.value)
        XCTAssertEqual(Set(files.map { $0.lowercased() }).count, files.count, "\(files.sorted())")
        for (index, path) in paths.enumerated() {
            let page = build.plan.pagePath(of: try XCTUnwrap(build.catalog.links.first { $0.path == path }))
            XCTAssertEqual(page.value.hasPrefix("_case/"), build.plan.casePaths.contains(path), path)
            let html = String(decoding: try XCTUnwrap(build[page], path), as: UTF8.self)
            // Its own deep link, its own URL for previews, and its QR code beside the page.
            XCTAssertTrue(html.contains(#""deferredLink":"marry://item/\#(index)""#), path)
            XCTAssertTrue(html.contains(#"og:url" content="https://go.example.com\#(path)""#), path)
            let qr = "/" + page.value.dropLast("index.html".count) + "qr.svg"
            XCTAssertNotNil(build[OutputPath(String(qr.dropFirst()))], qr)
        }
        // The compact layout's lookup is the fallback where a host has no rules (GitHub Pages).
        XCTAssertEqual(build.plan.behaviour(ofLink: "/ABC"), .interstitial)
    }

    func testACatalogInOneCaseHasNoCasePagesAndNoRules() throws {
        let build = try SiteFixture(catalog: catalog(["/abc", "/Def", "/g/h"])).build()
        XCTAssertEqual(build.plan.casePaths, [])
        XCTAssertNil(build[.redirects])
        XCTAssertFalse(build.plan.paths.contains { $0.value.hasPrefix("_case/") || $0.value.hasPrefix("_links/") })
    }

    func testEveryHostFileServesTheCasePages() throws {
        let paths = ["/abc", "/ABC", "/a(b)!"]
        let page = OutputPath.casePage("/ABC").urlPath
        XCTAssertTrue(page.hasPrefix("/_case/") && page.hasSuffix("/index.html"), page)

        let redirects = try text(host: "netlify", paths, .redirects)
        XCTAssertTrue(
            redirects.contains("\n/ABC /_case/\(OutputPath.caseFolder("/ABC").dropFirst(6))/ 200\n"), redirects)
        XCTAssertFalse(redirects.contains("\n/abc "), redirects)

        let firebase = try text(host: "firebase-hosting", paths, .firebaseConfig)
        XCTAssertTrue(firebase.contains(#"{ "source": "/ABC", "destination": "\#(page)" }"#), firebase)
        XCTAssertTrue(firebase.contains(#"{ "source": "/ABC/", "destination": "\#(page)" }"#), firebase)

        let nginx = try text(host: "nginx", paths, .nginxConfig)
        XCTAssertTrue(nginx.contains("location = \"/ABC\" { try_files \(page) =404; }"), nginx)
        XCTAssertTrue(nginx.contains("location = \"/ABC/\" { try_files \(page) =404; }"), nginx)

        let cloudFront = try text(host: "s3-cloudfront", paths, .cloudFrontFunction)
        XCTAssertTrue(cloudFront.contains(#""/ABC": "\#(page)""#), cloudFront)
    }

    func testGitHubPagesSaysItCannotServeThemWithTheirOwnStatus() throws {
        let fixture = try SiteFixture(catalog: catalog(["/abc", "/ABC"], host: "github-pages"))
        let build = try fixture.build()
        // GitHub Pages reads no _redirects: none is written, which it would publish as a file.
        XCTAssertNil(build[.redirects])
        let warnings = build.warnings.map(\.description)
        let warning = try XCTUnwrap(warnings.first { $0.contains("differ from another link's only in case") })
        XCTAssertTrue(warning.hasPrefix("site-config.yml:13:5: warning: 1 links have paths"), warning)
        XCTAssertTrue(warning.contains("GitHub Pages has no rewrite rules"), warning)
        // Other hosts serve them with rules: nothing to warn about.
        for host in ["netlify", "firebase-hosting", "nginx", "s3-cloudfront"] {
            let others = try SiteFixture(catalog: catalog(["/abc", "/ABC"], host: host)).build().warnings
            XCTAssertFalse(others.contains { $0.message.contains("only in case") }, host)
        }
    }

    /// CloudFront Functions are at most 10 KB: a map of case pages that passes it is said once,
    /// at the first such link, by build and check alike (``SiteBuilder/pageBudgetWarnings(of:size:)``).
    func testACloudFrontFunctionOverItsLimitIsAWarning() throws {
        func warnings(pairs: Int) throws -> [Diagnostic] {
            let paths = (0..<pairs).flatMap { ["/invite-\($0)-abcdefgh", "/INVITE-\($0)-ABCDEFGH"] }
            let build = try SiteFixture(catalog: catalog(paths, host: "s3-cloudfront")).build()
            let pass = CheckPass(site: build, outputURL: nil)
            return SiteBuilder.pageBudgetWarnings(of: build, size: { pass.sizes[$0] })
        }
        XCTAssertEqual(try warnings(pairs: 20), [])
        let over = try warnings(pairs: 200).map(\.description)
        XCTAssertEqual(over.count, 1, "\(over)")
        XCTAssertTrue(
            over.first?.contains(
                "warning: cloudfront-function.js is") == true
                && over.first?.contains("bytes with its rules for the 200 links that differ from another only in case")
                    == true,
            "\(over)")
    }

    private func text(host: String, _ paths: [String], _ file: OutputPath) throws -> String {
        let build = try SiteFixture(catalog: catalog(paths, host: host)).build()
        return String(decoding: try XCTUnwrap(build[file], "\(host): \(file)"), as: UTF8.self)
    }
}
