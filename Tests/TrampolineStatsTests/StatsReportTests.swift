import TrampolineModel
import XCTest

@testable import TrampolineStats

/// The report's forms: the JSON contract (docs/counts.md) parses and keeps its keys' order; CSV
/// and HTML carry a hostile path inert.
final class StatsReportTests: XCTestCase {
    private func report() throws -> StatsReport {
        let (report, _) = try StatsFormatsTests.read([try StatsFormatsTests.fixture("combined.log")])
        return try XCTUnwrap(report)
    }

    func testJSONIsTheContract() throws {
        let bytes = try report().json()
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any])
        XCTAssertEqual(Set(object.keys), ["version", "from", "to", "lines", "skipped", "links"])
        XCTAssertEqual(object["version"] as? Int, 1)
        let links = try XCTUnwrap(object["links"] as? [[String: Any]])
        XCTAssertEqual(
            Set(links[0].keys),
            [
                "path", "visits", "previews", "qr_scans", "platforms", "in_app", "outcomes", "shown", "attempts",
                "in_app_notices", "days",
            ])
        XCTAssertEqual(links[0]["outcomes"] as? [String: Int], ["app": 1, "store": 1, "web": 0, "desktop_qr": 1])
        let text = String(decoding: bytes, as: UTF8.self)
        XCTAssertTrue(text.hasPrefix("{\n  \"version\": 1,\n  \"from\": "), text)
        XCTAssertEqual(bytes, try report().json(), "the same logs give the same bytes")
    }

    func testCSVAndHTMLKeepAHostilePathInert() throws {
        var report = try report()
        report.links[0].path = "/a,\"b\"<script>alert(1)</script>"
        let csv = String(decoding: report.csv(), as: UTF8.self)
        XCTAssertTrue(csv.contains("\r\n\"/a,\"\"b\"\"<script>alert(1)</script>\",5,2,1,"), csv)
        XCTAssertEqual(StatsReport.csvCell("=HYPERLINK(1)"), "'=HYPERLINK(1)")
        let html = String(decoding: report.html(title: "Marry <links>"), as: UTF8.self)
        XCTAssertFalse(html.contains("<script"), "no script, and a path's markup is text")
        XCTAssertTrue(html.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
        XCTAssertTrue(html.contains("<title>Marry &lt;links&gt;: link counts</title>"))
        XCTAssertTrue(html.contains("default-src 'none'; style-src 'sha256-"))
        XCTAssertFalse(html.contains("http://") || html.contains("https://"), "nothing from elsewhere")
    }
}
