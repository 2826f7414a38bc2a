import Foundation
import TrampolineTestSupport
import XCTest

/// `trampoline serve --logs`: the dashboard links to the counts of those logs, read at each
/// request against the catalog being served, over real HTTP on loopback.
final class ServeCountsTests: XCTestCase {
    private static let iPhone =
        "Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.5 Mobile/15E148 Safari/604.1"

    private static func line(_ minute: Int, _ target: String, agent: String = iPhone) -> String {
        "203.0.113.7 - - [01/Nov/2026:10:\(minute < 10 ? "0" : "")\(minute):00 +0000] \"GET \(target) HTTP/1.1\" 200 512 \"-\" \"\(agent)\"\n"
    }

    func testTheDashboardShowsTheCountsOfTheLogsItWasGiven() throws {
        let project = try TemporaryDirectory()
        try project.write("site-config.yml", PreviewCatalog.text())
        try project.write(
            "access.log",
            Self.line(0, "/topic/1") + Self.line(1, "/_count/store.txt?l=%2Ftopic%2F1")
                + Self.line(2, "/topic/1", agent: "WhatsApp/2.23.20.0 A"))
        let server = try ServeProcess(
            arguments: ["--config", "site-config.yml", "--logs", "access.log"], in: project.url)
        defer { _ = server.interrupt() }
        let dashboard = String(decoding: try server.http.get("/_trampoline").body, as: UTF8.self)
        XCTAssertTrue(dashboard.contains("<a href=\"/_trampoline/counts\">counts from the logs</a>"), dashboard)
        let counts = try server.http.get("/_trampoline/counts")
        XCTAssertEqual(counts.status, 200)
        let page = String(decoding: counts.body, as: UTF8.self)
        XCTAssertTrue(page.contains("<h2>/topic/1</h2>"), page)
        XCTAssertTrue(page.contains("1 visits · 1 previews"), page)
        XCTAssertTrue(page.contains("store 1"), page)
        // Read anew: a line added to the log is counted at the next request.
        let handle = try FileHandle(forWritingTo: project.url.appendingPathComponent("access.log"))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(Self.line(3, "/topic/1").utf8))
        try handle.close()
        let again = String(decoding: try server.http.get("/_trampoline/counts").body, as: UTF8.self)
        XCTAssertTrue(again.contains("2 visits · 1 previews"), again)
    }

    func testWithoutLogsTheCountsPageSaysHowToGetThem() throws {
        let project = try TemporaryDirectory()
        try project.write("site-config.yml", PreviewCatalog.text())
        try project.write("bad.log", "not a log\n")
        let plain = try ServeProcess(arguments: ["--config", "site-config.yml"], in: project.url)
        let none = try plain.http.get("/_trampoline/counts")
        _ = plain.interrupt()
        XCTAssertEqual(none.status, 404)
        XCTAssertTrue(String(decoding: none.body, as: UTF8.self).contains("trampoline serve --logs access.log"))
        let bad = try ServeProcess(arguments: ["--config", "site-config.yml", "--logs", "bad.log"], in: project.url)
        defer { _ = bad.interrupt() }
        let refused = try bad.http.get("/_trampoline/counts")
        XCTAssertEqual(refused.status, 422)
        XCTAssertTrue(
            String(decoding: refused.body, as: UTF8.self).contains("bad.log:1:1: error: not an access log"),
            String(decoding: refused.body, as: UTF8.self))
    }
}
