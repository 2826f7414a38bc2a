import Foundation
import TrampolineTestSupport
import XCTest

/// A catalog whose `links:` list is long enough to be read in pieces on all cores (a first reading
/// of a list over twice `CatalogReader.pieceBytes`, 384 KB): the binary builds the same site from
/// it as when one parser reads the list, and rebuilds a one-link edit by reading and writing that
/// link alone. `CatalogPiecesTests` compare the readings themselves on small random catalogs.
final class LongCatalogTests: XCTestCase {
    static let header = """
        \(TestCatalog.marryHead)

        """

    /// Link `i`: its title anchored as `&t<i>` when `anchored` (an anchor rules reading in pieces out).
    static func link(_ i: Int, title: String? = nil, anchored: Bool = false) -> String {
        """
          - path: /p/\(i)
            deep_link: marry://p?id=\(i)
            title: \(anchored ? "&t\(i) " : "")"\(title ?? "Café \(i) — spring edition")"
            description: |
              A *quiet* studio near stop \(i). See [the guide](https://example.com/guide/\(i)) before you call.
            web_url: https://example.com/p/\(i)
            campaign: {utm_source: qr, utm_campaign: c\(i % 50)}

        """
    }

    static func catalog(count: Int, anchorAt anchored: Int? = nil, retitle: (index: Int, title: String)? = nil)
        -> String
    {
        header
            + (1...count).map { link($0, title: $0 == retitle?.index ? retitle?.title : nil, anchored: $0 == anchored) }
            .joined()
    }

    /// The link table of 2,000 links: its index and 10 shards of about 32 KB.
    static let tableFiles = 11

    func testALongCatalogIsReadInPiecesBuildsAsOneParserWouldAndRebuildsOneLink() throws {
        let count = 2_000
        let text = Self.catalog(count: count)
        XCTAssertGreaterThan(text.utf8.count, 2 * 192 * 1024, "long enough for pieces")

        let pieces = try TemporaryDirectory()
        try pieces.write("site-config.yml", text)
        let environment = ["XDG_CACHE_HOME": pieces.url.appendingPathComponent("cache").path]
        let first = try TrampolineProcess.run(["build", "--timings"], in: pieces.url, environment: environment)
        XCTAssertEqual(first.status, 0, first.stderr)
        XCTAssertTrue(first.stderr.contains(" (all \(count) links read in "), first.stderr)
        XCTAssertTrue(first.stderr.contains(" pieces on all cores)\n"), first.stderr)
        XCTAssertTrue(
            first.stdout.contains("Built \(count) links into _site: \(2 * count + 15 + Self.tableFiles) written"),
            first.stdout)

        // The same links with an anchor in the first: read by the one parser, the same site.
        let oneParser = try TemporaryDirectory()
        try oneParser.write("site-config.yml", Self.catalog(count: count, anchorAt: 1))
        let plain = try TrampolineProcess.run(["build", "--timings"], in: oneParser.url, environment: environment)
        XCTAssertEqual(plain.status, 0, plain.stderr)
        XCTAssertTrue(plain.stderr.contains(" (all \(count) links read)\n"), plain.stderr)
        let site = pieces.contents(of: "_site")
        // The files written and the manifest.
        XCTAssertEqual(site.count, 2 * count + 16 + Self.tableFiles)
        XCTAssertNotNil(site[".trampoline-manifest.json"])
        XCTAssertEqual(site, oneParser.contents(of: "_site"))

        // One title edited in the middle of a later piece: only that link is read and its page written.
        let edited = 1_500
        try pieces.write(
            "site-config.yml", Self.catalog(count: count, retitle: (edited, "Café \(edited) — summer edition")))
        let rebuild = try TrampolineProcess.run(["build", "--timings"], in: pieces.url, environment: environment)
        XCTAssertEqual(rebuild.status, 0, rebuild.stderr)
        XCTAssertTrue(
            rebuild.stderr.contains(
                " (1 of \(count) links read; the rest came unchanged from the link cache; \(count - 1) stood unchanged in place and were not parsed)\n"
            ), rebuild.stderr)
        XCTAssertTrue(
            rebuild.stdout.contains(": 1 written, \(2 * count + 14 + Self.tableFiles) unchanged, 0 removed"),
            rebuild.stdout)
        let after = pieces.contents(of: "_site")
        XCTAssertEqual(Set(after.keys), Set(site.keys))
        XCTAssertEqual(after.filter { site[$0.key] != $0.value }.map(\.key), ["p/\(edited)/index.html"])
        XCTAssertTrue(
            String(decoding: try XCTUnwrap(after["p/\(edited)/index.html"]), as: UTF8.self).contains(
                "Café \(edited) — summer edition"))
    }
}
