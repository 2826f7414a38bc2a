import XCTest

@testable import TrampolineSite

/// `serve --as` reads the `_headers` file the build writes, as Netlify and Cloudflare Pages do:
/// what it reads back is the build's own rules, and the file format's other lines are skipped.
final class HeaderRuleFileTests: XCTestCase {
    func testTheBuildsRulesReadBackAsThemselves() {
        let rules = [
            HeaderRule("/.well-known/apple-app-site-association", [("Content-Type", "application/json")]),
            HeaderRule("/.well-known/trampoline/*", [("Cache-Control", "public, max-age=300"), ("X-A", "b: c")]),
        ]
        XCTAssertEqual(HeaderRule.rules(inHeadersFile: rules.map(\.text).joined()), rules)
    }

    func testCommentsBlankLinesAndStrayFieldsAreSkipped() {
        let text = "# a comment\n  X-Before: any rule\n\n/a\n\tX-Tab:  1 \n  # not a field\n  no colon\n/b/*\n"
        XCTAssertEqual(
            HeaderRule.rules(inHeadersFile: text), [HeaderRule("/a", [("X-Tab", "1")]), HeaderRule("/b/*", [])])
        XCTAssertTrue(HeaderRule.rules(inHeadersFile: text)[1].matches("/b/c/d"))
    }
}
