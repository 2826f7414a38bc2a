import Foundation
import TrampolineCatalog
import TrampolineModel
import TrampolineTestSupport
import XCTest

@testable import TrampolineStats

/// The same 21 requests (Fixtures/make_logs.py) written in each log format `stats` reads: every
/// reading counts them the same, and the counts are what those requests mean.
final class StatsFormatsTests: XCTestCase {
    static let catalogText = """
        \(TestCatalog.marrySite)
        \(TestCatalog.marryApp)
        links:
          - path: /spring-sale
            title: Spring sale
            deep_link: marry://promo/spring
          - path: /restaurant/:id
            title: A restaurant
            deep_link: marry://restaurant/:id
          - path: /quiet
            title: Never visited
            deep_link: marry://quiet
        """

    static func catalog() throws -> Catalog {
        let (catalog, engine) = CatalogLoader().load(yaml: catalogText, displayPath: "site-config.yml")
        XCTAssertFalse(engine.hasErrors, "\(engine.sorted)")
        return try XCTUnwrap(catalog)
    }

    static func fixture(_ name: String) throws -> StatsReader.LogFile {
        let url = try XCTUnwrap(Bundle.module.url(forResource: "Fixtures/" + name, withExtension: nil))
        return .init(path: url.path, displayPath: name)
    }

    static func read(
        _ files: [StatsReader.LogFile], _ configure: (inout StatsReader) -> Void = { _ in }
    ) throws -> (report: StatsReport?, diagnostics: [Diagnostic]) {
        var reader = StatsReader(catalog: try catalog())
        configure(&reader)
        return reader.read(files)
    }

    func testEveryFormatCountsTheRequestsAsTheyMean() throws {
        for name in ["combined.log", "cloudfront.log", "s3.log", "cloudflare.jsonl"] {
            let (report, diagnostics) = try Self.read([Self.fixture(name)])
            let links = try XCTUnwrap(report, "\(name): \(diagnostics)").links
            XCTAssertEqual(links.map(\.path), ["/spring-sale", "/restaurant/:id"], name)
            let sale = links[0]
            // Visits: iPhone, Android by QR code, desktop (304), Instagram, curl; not WhatsApp's or
            // iMessage's previews, the HEAD, the POST, the redirect or qr.svg.
            XCTAssertEqual(sale.visits, 5, name)
            XCTAssertEqual(sale.previews, 2, name)
            XCTAssertEqual(sale.qrScans, 1, name)
            XCTAssertEqual(sale.platforms, .init(ios: 2, android: 1, desktop: 1, other: 1), name)
            XCTAssertEqual(sale.inApp, 1, name)
            XCTAssertEqual(sale.outcomes, .init(app: 1, store: 1, web: 0, desktopQR: 1), name)
            XCTAssertEqual([sale.shown, sale.attempts, sale.inAppNotices], [1, 1, 1], name)
            XCTAssertEqual(
                sale.days,
                [
                    .init(date: "2026-11-01", visits: 1), .init(date: "2026-11-02", visits: 3),
                    .init(date: "2026-11-03", visits: 1),
                ], name)
            // The route: /restaurant/42 (200) and /restaurant/7 (404, a host serving 404.html for
            // routes); Googlebot's fetch is a preview.
            XCTAssertEqual(links[1].visits, 2, name)
            XCTAssertEqual(links[1].previews, 1, name)
            XCTAssertEqual(report?.from, "2026-11-01T10:00:00Z", name)
            XCTAssertEqual(report?.to, "2026-11-03T12:12:00Z", name)
        }
    }

    func testALineNoFormatReadsIsCountedAndNamed() throws {
        let (report, diagnostics) = try Self.read([Self.fixture("combined.log")])
        XCTAssertEqual(report?.lines, 22)
        XCTAssertEqual(report?.skipped, 1)
        XCTAssertEqual(diagnostics.map(\.severity), [.warning])
        XCTAssertEqual(diagnostics.first?.location?.description, "combined.log:6:1")
        let (cloudFront, _) = try Self.read([Self.fixture("cloudfront.log")])
        XCTAssertEqual(cloudFront?.lines, 21, "the two # lines are no requests")
        XCTAssertEqual(cloudFront?.skipped, 0)
    }

    func testGzipAndManyFilesInAnyOrderCountTheSame() throws {
        let folder = try TemporaryDirectory()
        let plain = try Self.fixture("combined.log")
        let zipped = folder.url.appendingPathComponent("access.log.gz")
        try gzip(plain.path, to: zipped)
        let (one, _) = try Self.read([plain])
        let (gz, _) = try Self.read([.init(path: zipped.path, displayPath: "access.log.gz")])
        XCTAssertEqual(gz, one)
        // Two members in one file (`cat a.gz b.gz`), and the same file beside a plain one.
        let twice = folder.url.appendingPathComponent("twice.log.gz")
        let member = try Data(contentsOf: zipped)
        try (member + member).write(to: twice)
        let (double, _) = try Self.read([.init(path: twice.path, displayPath: "twice.log.gz")])
        let (pair, _) = try Self.read([try Self.fixture("s3.log"), plain])
        XCTAssertEqual(double?.links.first?.visits, 10)
        XCTAssertEqual(pair?.links.first?.visits, 10)
        XCTAssertEqual(double?.links, pair?.links)
    }

    func testACutGzipFileIsAnError() throws {
        let folder = try TemporaryDirectory()
        let zipped = folder.url.appendingPathComponent("cut.log.gz")
        try gzip(try Self.fixture("combined.log").path, to: zipped)
        let bytes = try Data(contentsOf: zipped)
        try bytes.prefix(bytes.count / 2).write(to: zipped)
        let (report, diagnostics) = try Self.read([.init(path: zipped.path, displayPath: "cut.log.gz")])
        XCTAssertNil(report)
        XCTAssertEqual(
            diagnostics.filter { $0.severity == .error }.map(\.message),
            [
                "cannot read cut.log.gz: the gzip data ends before its last member does"
            ])
    }

    func testAnotherHostsLogIsRefusedAndOtherHostsOfAZoneAreLeftOut() throws {
        let folder = try TemporaryDirectory()
        let other = try folder.write(
            "other.jsonl",
            #"{"ClientRequestHost":"shop.example.com","ClientRequestMethod":"GET","ClientRequestURI":"/spring-sale","ClientRequestUserAgent":"curl/8","EdgeResponseStatus":200,"EdgeStartTimestamp":1764000000}"#
                + "\n")
        let (refused, diagnostics) = try Self.read([.init(path: other.path, displayPath: "other.jsonl")])
        XCTAssertNil(refused)
        XCTAssertEqual(
            diagnostics.map(\.message),
            ["other.jsonl is the log of another host (shop.example.com), not of go.example.com"])
        // A zone's log holds every host's requests: the site's are counted, the rest left out.
        let zone = try folder.write(
            "zone.jsonl",
            try String(contentsOfFile: try Self.fixture("cloudflare.jsonl").path, encoding: .utf8)
                + String(contentsOf: other, encoding: .utf8))
        let (report, _) = try Self.read([.init(path: zone.path, displayPath: "zone.jsonl")])
        XCTAssertEqual(report?.links.first?.visits, 5)
    }

    func testSinceUntilLinkAndItems() throws {
        let (day, _) = try Self.read([try Self.fixture("combined.log")]) {
            $0.since = StatsReader.time("2026-11-02")
            $0.until = StatsReader.time("2026-11-02", endOfDay: true)
        }
        XCTAssertEqual(day?.links.map(\.path), ["/spring-sale"])
        XCTAssertEqual(day?.links.first?.visits, 3)
        XCTAssertEqual(day?.from, "2026-11-02T00:00:00Z")
        XCTAssertEqual(day?.to, "2026-11-02T23:59:59Z")
        let (quiet, _) = try Self.read([try Self.fixture("combined.log")]) { $0.link = "/quiet" }
        XCTAssertEqual(quiet?.links.map(\.path), ["/quiet"], "a link named is listed, counted or not")
        XCTAssertEqual(quiet?.links.first?.visits, 0)
        let (items, _) = try Self.read([try Self.fixture("combined.log")]) { $0.items = true }
        XCTAssertEqual(items?.links.map(\.path), ["/spring-sale", "/restaurant/42", "/restaurant/7"])
        XCTAssertEqual(items?.links.map(\.visits), [5, 1, 1])
    }

    /// The debug view (`?debug=1`) is the team checking a link, not a visit; its page sends nothing.
    func testADebugViewIsNoVisit() throws {
        let folder = try TemporaryDirectory()
        let agent = "Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) Safari/604.1"
        let file = try folder.write(
            "access.log",
            ["/spring-sale?debug=1", "/spring-sale?debug=0", "/spring-sale?x=1&debug=1"].map {
                "203.0.113.7 - - [01/Nov/2026:10:00:00 +0000] \"GET \($0) HTTP/1.1\" 200 512 \"-\" \"\(agent)\"\n"
            }.joined())
        let (report, _) = try Self.read([.init(path: file.path, displayPath: "access.log")])
        XCTAssertEqual(report?.lines, 3)
        XCTAssertEqual(report?.links.map(\.visits), [1])
    }

    func testUnknownFormatIsAnErrorAtTheFirstLine() throws {
        let folder = try TemporaryDirectory()
        let file = try folder.write("notes.txt", "\nhello\n")
        let (report, diagnostics) = try Self.read([.init(path: file.path, displayPath: "notes.txt")])
        XCTAssertNil(report)
        XCTAssertEqual(diagnostics.first?.location?.description, "notes.txt:2:1")
        XCTAssertEqual(diagnostics.first?.severity, .error)
    }

    func testALineLongerThanTheBufferIsOneSkippedLine() throws {
        let folder = try TemporaryDirectory()
        let line = try String(contentsOfFile: try Self.fixture("combined.log").path, encoding: .utf8)
            .split(separator: "\n")[0]
        let file = try folder.write("long.log", "\(line)\n\(String(repeating: "x", count: 5000))\n\(line)\n")
        let reader = try LogLineReader(path: file.path, displayPath: "long.log", capacity: 1024)
        var lines: [(Int, Int)] = []
        try reader.forEachLine { bytes, number in lines.append((number, bytes.count)) }
        XCTAssertEqual(lines.map(\.0), [1, 2, 3])
        XCTAssertEqual(lines[1].1, 1024, "the long line is handed over cut at the buffer")
        XCTAssertEqual(lines[2].1, line.utf8.count)
    }

    private func gzip(_ source: String, to target: URL) throws {
        let output = try TrampolineProcess.run(
            program: URL(fileURLWithPath: "/bin/sh"), ["-c", "gzip -c \"$0\" > \"$1\"", source, target.path],
            in: target.deletingLastPathComponent())
        XCTAssertEqual(output.status, 0, output.stderr)
    }
}
