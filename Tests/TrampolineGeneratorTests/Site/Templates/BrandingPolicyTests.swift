import Foundation
import TrampolineModel
import XCTest

/// A branded template and the pages' Content-Security-Policy: the site's own files and the
/// origins `site.allowed_origins` names load; anything else the policy would block is a warning
/// at the template's line and column.
final class BrandingPolicyTests: XCTestCase {
    private func catalog(allowing origins: String? = nil) throws -> String {
        let example = try SiteFixture.fixture("example.yml")
        guard let origins else { return example }
        return example.replacingOccurrences(
            of: "  output: _site\n", with: "  output: _site\n  allowed_origins: \(origins)\n")
    }

    /// The built-in layout with `markup` added after `<main>`.
    private func layout(adding markup: String) throws -> String {
        let builtIn = try String(
            contentsOf: TestPaths.repository.appendingPathComponent("Templates/layout.html"), encoding: .utf8)
        return builtIn.replacingOccurrences(of: "<main>\n", with: "<main>\n" + markup + "\n")
    }

    private func line(of text: String, in file: String) -> Int {
        let lines = file.components(separatedBy: "\n")
        return lines.firstIndex { $0.contains(text) }! + 1
    }

    func testTheSitesOwnFilesLoadWithoutAWarning() throws {
        let layout = try layout(adding: #"<img src="/logo.png" alt=""><link rel="stylesheet" href="/brand.css">"#)
        let build = try SiteFixture(catalog: catalog(), templates: ["layout.html": layout]).build()
        XCTAssertEqual(build.warnings, [])
        let page = String(decoding: try XCTUnwrap(build["topic/1/index.html"]), as: UTF8.self)
        XCTAssertTrue(page.contains(#"<img src="/logo.png" alt="">"#))
        XCTAssertTrue(page.contains("img-src 'self' https://example.com;"), page)
        XCTAssertTrue(page.contains("font-src 'self';"), page)
        XCTAssertTrue(page.range(of: #"style-src 'sha256-[^']+' 'self';"#, options: .regularExpression) != nil, page)
    }

    func testAnotherOriginIsAWarningAtTheTemplatesLineUntilTheCatalogNamesIt() throws {
        let markup = #"<img src="https://cdn.example.net/logo.png" alt="">"#
        let layout = try layout(adding: markup)
        let warned = try SiteFixture(catalog: catalog(), templates: ["layout.html": layout]).build()
        XCTAssertEqual(warned.warnings.count, 1)
        let warning = try XCTUnwrap(warned.warnings.first)
        XCTAssertEqual(
            warning.location,
            SourceLocation(file: "Templates/layout.html", line: line(of: markup, in: layout), column: 11))
        XCTAssertTrue(
            warning.message.contains("https://cdn.example.net is not in site.allowed_origins"), warning.message)
        XCTAssertEqual(warning.hint, "add '- https://cdn.example.net' to site.allowed_origins in the catalog")

        let allowed = try SiteFixture(
            catalog: catalog(allowing: "[https://CDN.example.net/]"), templates: ["layout.html": layout]
        ).build()
        XCTAssertEqual(allowed.warnings, [])
        let page = String(decoding: try XCTUnwrap(allowed["index.html"]), as: UTF8.self)
        XCTAssertTrue(page.contains("img-src 'self' https://cdn.example.net;"), page)
        XCTAssertTrue(page.contains("'self' https://cdn.example.net; img-src"), page)
    }

    func testWhatThePolicyNeverAllowsIsAWarning() throws {
        let cases: [(markup: String, says: String)] = [
            (#"<script src="/brand.js"></script>"#, "only the page's own inline script runs"),
            (#"<p style="color:red">Hi</p>"#, "inline styles other than style.css are refused"),
            (#"<style>p{color:red}</style>"#, "inline styles other than style.css are refused"),
            (#"<iframe src="/x.html"></iframe>"#, "no frames"),
            (#"<img src="data:image/png;base64,AAAA" alt="">"#, "data: and blob: URLs are not allowed"),
            (#"<img src="http://cdn.example.net/a.png" alt="">"#, "it is http:, not https:"),
            (#"<link rel="icon" href="//cdn.example.net/i.png">"#, "https://cdn.example.net is not in"),
        ]
        for (markup, says) in cases {
            let layout = try layout(adding: markup)
            let build = try SiteFixture(catalog: catalog(), templates: ["layout.html": layout]).build()
            XCTAssertEqual(build.warnings.count, 1, markup)
            XCTAssertEqual(build.warnings.first?.location?.line, line(of: markup, in: layout), markup)
            XCTAssertTrue(build.warnings.first?.message.contains(says) == true, "\(markup): \(build.warnings)")
        }
        let style = "body{background:url(https://img.example.org/bg.png)}\n@import \"/brand.css\";\n"
        let build = try SiteFixture(catalog: catalog(), templates: ["style.css": style]).build()
        XCTAssertEqual(
            build.warnings.map(\.location), [SourceLocation(file: "Templates/style.css", line: 1, column: 21)])
    }

    func testABadAllowedOriginIsAnErrorAtItsPlace() throws {
        let cases = [
            "[http://cdn.example.net]", "[https://cdn.example.net/logo.png]",
            "[\"https://a.example.net; script-src *\"]",
            "[https://user@cdn.example.net]", "[https://cdn.example.net:99999]", "[javascript:alert(1)]",
        ]
        for origins in cases {
            let site = try SiteFixture(catalog: catalog(allowing: origins))
            XCTAssertThrowsError(try site.build(), origins) { error in
                let diagnostics = (error as? DiagnosticsError)?.diagnostics ?? []
                XCTAssertEqual(diagnostics.count, 1, "\(origins): \(diagnostics)")
                XCTAssertEqual(
                    diagnostics.first?.location, SourceLocation(file: "site-config.yml", line: 8, column: 21))
                XCTAssertTrue(diagnostics.first?.message.contains("is not an https origin") == true, origins)
            }
        }
    }
}
