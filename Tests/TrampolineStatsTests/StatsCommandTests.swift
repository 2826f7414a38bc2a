import Foundation
import TrampolineTestSupport
import XCTest

/// `trampoline stats` run as a user runs it: its reports are the golden files in
/// Snapshots/stats (re-record with `TRAMPOLINE_RECORD_SNAPSHOTS=1`), its mistakes errors that
/// say what to do, with a failing exit and no report.
final class StatsCommandTests: XCTestCase {
    static let snapshots = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Snapshots/stats")

    private func project() throws -> TemporaryDirectory {
        let dir = try TemporaryDirectory()
        try dir.write("site-config.yml", StatsFormatsTests.catalogText)
        let log = try StatsFormatsTests.fixture("combined.log").path
        try FileManager.default.copyItem(atPath: log, toPath: dir.url.appendingPathComponent("access.log").path)
        return dir
    }

    func testReportsMatchTheirGoldenFiles() throws {
        let dir = try project()
        for (format, name) in [("text", "report.txt"), ("json", "report.json"), ("csv", "report.csv")] {
            let result = try TrampolineProcess.run(["stats", "access.log", "--format", format], in: dir.url)
            XCTAssertEqual(result.status, 0, result.stderr)
            XCTAssertEqual(
                result.stderr,
                "access.log:6:1: warning: not a request in the combined format; skipped; lines of another format or cut short are counted in 'skipped'\n"
            )
            // Counts only: no address and no user agent of the log reaches a report.
            XCTAssertFalse(result.stdout.contains("203.0.113.7") || result.stdout.contains("Mozilla"), name)
            let golden = Self.snapshots.appendingPathComponent(name)
            if ProcessInfo.processInfo.environment["TRAMPOLINE_RECORD_SNAPSHOTS"] == "1" {
                try FileManager.default.createDirectory(at: Self.snapshots, withIntermediateDirectories: true)
                try Data(result.stdout.utf8).write(to: golden)
                continue
            }
            XCTAssertEqual(result.stdout, try String(contentsOf: golden, encoding: .utf8), "\(name) differs")
        }
    }

    func testTheReportGoesToAFileAndTheSameLogsGiveTheSameBytes() throws {
        let dir = try project()
        for _ in 0..<2 {
            let result = try TrampolineProcess.run(
                ["stats", "access.log", "--format", "html", "--output", "counts.html"], in: dir.url)
            XCTAssertEqual(result.status, 0, result.stderr)
            XCTAssertEqual(result.stdout, "")
        }
        let html = try XCTUnwrap(dir.read("counts.html"))
        XCTAssertFalse(html.contains("203.0.113.7") || html.contains("Mozilla"))
        XCTAssertTrue(html.contains("<h2>/spring-sale</h2>"), html)
        let again = try TrampolineProcess.run(["stats", "access.log", "--format", "html"], in: dir.url)
        XCTAssertEqual(again.stdout, html)
    }

    func testMistakesAreErrorsThatSayWhatToDo() throws {
        let dir = try project()
        let cases: [([String], String)] = [
            (
                ["stats", "access.log", "--link", "/spring-sal"],
                "error: --link /spring-sal is no link of the catalog; did you mean /spring-sale?\n"
            ),
            (
                ["stats", "missing.log"],
                "error: cannot read missing.log: No such file or directory; name a readable access log\n"
            ),
            (
                ["stats", "site-config.yml"],
                "site-config.yml:1:1: error: not an access log Trampoline reads (nginx or Apache combined, CloudFront, S3 or Cloudflare Logpush); name the format with --log-format combined|cloudfront|s3|cloudflare\n"
            ),
        ]
        for (arguments, message) in cases {
            let result = try TrampolineProcess.run(arguments, in: dir.url)
            XCTAssertEqual(result.status, 1, "\(arguments)")
            XCTAssertEqual(result.stdout, "", "no report after an error")
            XCTAssertTrue(result.stderr.hasSuffix(message), "\(arguments): \(result.stderr)")
        }
        let since = try TrampolineProcess.run(["stats", "access.log", "--since", "last week"], in: dir.url)
        XCTAssertEqual(since.status, 64)
        XCTAssertTrue(since.stderr.contains("--since 'last week' is not a day (2026-11-01)"), since.stderr)
        let format = try TrampolineProcess.run(["stats", "access.log", "--log-format", "iis"], in: dir.url)
        XCTAssertEqual(format.status, 64)
        XCTAssertTrue(format.stderr.contains("combined"), format.stderr)
    }
}
