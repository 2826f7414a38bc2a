import Foundation
import TrampolineBuild
import TrampolineModel
import TrampolineTestSupport
import XCTest

@testable import TrampolinePreview

/// The dashboard of a large catalog: one page of rows at a time, searchable, each row's QR code
/// an image the browser loads only when it scrolls near (`loading="lazy"`).
final class DashboardTests: XCTestCase {
    /// A built catalog of `count` links `/l/0`…, as `serve` keeps it.
    static func snapshot(links count: Int) throws -> BuildSnapshot {
        var text = TestCatalog.marryHead + "\n"
        text.reserveCapacity(count * 80)
        for index in 0..<count {
            text += "  - {path: /l/\(index), title: \"Link \(index)\", deep_link: \"marry://item?id=\(index)\"}\n"
        }
        let dir = try TemporaryDirectory()
        try dir.write("site-config.yml", text)
        let site = try SiteBuilder(configURL: dir.url.appendingPathComponent("site-config.yml")).build()
        return BuildSnapshot(
            site: site, warnings: site.warnings, summary: SiteWriter.Summary(), flows: LinkFlow.flows(for: site),
            duration: .zero)
    }

    private func page(_ snapshot: BuildSnapshot, _ query: DashboardQuery) -> String {
        DashboardPage(snapshot: snapshot, failure: nil, generation: 1, outputPath: "_site", query: query).render()
    }

    private func rows(_ html: String) -> [String] {
        html.components(separatedBy: "<tr data-path=\"").dropFirst().map { String($0.prefix { $0 != "\"" }) }
    }

    func testAHundredThousandLinksAreOnePageOfAtMostOneMegabyteWithEachRowsQRCodeLazy() throws {
        let snapshot = try Self.snapshot(links: 100_000)
        XCTAssertEqual(snapshot.flows.count, 100_000)
        let first = page(snapshot, DashboardQuery())
        XCTAssertLessThanOrEqual(first.utf8.count, 1_000_000)
        XCTAssertEqual(rows(first), (0..<50).map { "/l/\($0)" })
        XCTAssertEqual(first.components(separatedBy: "<img ").count - 1, 50, "one QR image a row, no more")
        XCTAssertEqual(first.components(separatedBy: #"loading="lazy""#).count - 1, 50)
        XCTAssertTrue(first.contains("links 1–50 of 100000 · page 1 of 2000"), first)
        XCTAssertTrue(first.contains(#"<a rel="next" href="/_trampoline/?page=2">Next ›</a>"#), first)
        XCTAssertTrue(first.contains(#"<a rel="last" href="/_trampoline/?page=2000">Last »</a>"#), first)
        XCTAssertTrue(first.contains(#"<span class="off">‹ Previous</span>"#), first)

        let last = page(snapshot, DashboardQuery(page: 2000))
        XCTAssertEqual(rows(last), (99_950..<100_000).map { "/l/\($0)" })
        XCTAssertEqual(rows(page(snapshot, DashboardQuery(page: 99_999))), rows(last), "past the end is the last page")

        // A search finds links by any of the fields, in any case, and pages through what it found.
        let found = page(snapshot, DashboardQuery(search: "LINK 9999"))
        XCTAssertEqual(rows(found), ["/l/9999"] + (99_990..<100_000).map { "/l/\($0)" })
        XCTAssertTrue(found.contains("links 1–11 of 11 found for <q>LINK 9999</q> among 100000"), found)
        XCTAssertEqual(
            rows(page(snapshot, DashboardQuery(search: "id=4242\n"))), ["/l/4242"] + (42420..<42430).map { "/l/\($0)" })
        let many = page(snapshot, DashboardQuery(search: "/l/1", page: 2))
        XCTAssertTrue(many.contains(#"<a rel="prev" href="/_trampoline/?q=%2Fl%2F1">‹ Previous</a>"#), many)
        XCTAssertTrue(many.contains(#"<a rel="next" href="/_trampoline/?q=%2Fl%2F1&amp;page=3">Next ›</a>"#), many)
        XCTAssertTrue(page(snapshot, DashboardQuery(search: "nothing like it")).contains("no links found"))
    }

    func testTheSearchIsEscapedWhereverItIsShown() throws {
        let html = page(try Self.snapshot(links: 3), DashboardQuery(search: #""><script>alert(1)</script>"#))
        XCTAssertFalse(html.contains("<script>alert"), html)
        XCTAssertTrue(html.contains(#"value="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;""#), html)
    }

    func testTheQueryIsReadFromTheRequestsParameters() {
        XCTAssertEqual(
            DashboardQuery(parameters: ["q": "  sale ", "page": "3"]), DashboardQuery(search: "sale", page: 3))
        XCTAssertEqual(DashboardQuery(parameters: ["page": "x"]).page, 1)
        XCTAssertEqual(DashboardQuery(parameters: ["page": "-4"]).page, 1)
        XCTAssertEqual(
            DashboardQuery(parameters: ["q": String(repeating: "a", count: 5000)]).search.count,
            DashboardQuery.maximumSearch)
    }
}
