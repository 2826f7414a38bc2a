import Foundation
import TrampolineTestSupport
import XCTest

@testable import TrampolineCatalog
@testable import TrampolineModel
@testable import TrampolineSite

/// `Link.source` (fast path `link-sources`): a link read through the link cache, from `links:` or
/// a CSV links file, fresh or decoded, carries the digest of its entry under the cache's key; the
/// same entry under the same key gives the same source, anything else another, any change to the
/// link drops it, and the fingerprint encoder writes it in place of the link's values.
final class LinkSourceTests: FolderTestCase {
    private func yaml(_ count: Int, edited: Int? = nil, delay: Int = 1500) -> String {
        var text = """
            site:
              url: https://go.example.com
            app:
              name: Cook
              ios: {team_id: ABCDE12345, bundle_id: com.example.cook, app_store_id: "1356057329", scheme: cook}
            defaults:
              fallback_delay_ms: \(delay)
            links:

            """
        for n in 1...count {
            text +=
                "  - {path: /l/\(n), deep_link: \"cook://l/\(n)\", title: \"Link \(n)\(n == edited ? " edited" : "")\"}\n"
        }
        return text
    }

    private func sources(_ reading: CatalogLoader.Reading) throws -> [SIMD2<UInt64>?] {
        try XCTUnwrap(reading.catalog, "\(reading.diagnostics)").links.map(\.source)
    }

    func testLinksReadThroughTheCacheCarryTheirEntrysSource() throws {
        let readings = CatalogReadings(folder: folder)
        // Long enough to be read in pieces (192 KB each), then again from the cache.
        let count = 6000
        let first = try sources(readings.cached(yaml(count)))
        XCTAssertEqual(first.count, count)
        XCTAssertFalse(first.contains(nil), "every link read fresh has a source")
        XCTAssertEqual(Set(first.compactMap { $0 }).count, count, "each entry its own")
        let again = readings.cached(yaml(count))
        XCTAssertEqual(again.cacheHits?.hits, count)
        XCTAssertEqual(try sources(again), first, "decoded from the cache: the same sources")
        let edited = try sources(readings.cached(yaml(count, edited: 7)))
        XCTAssertEqual(
            zip(first, edited).indices(where: { $0 != $1 }), [6], "only the edited link's source changes")
        let otherDefaults = try sources(readings.cached(yaml(count, delay: 900)))
        XCTAssertFalse(zip(first, otherDefaults).contains { $0 == $1 }, "another key: every source another")
        XCTAssertEqual(try sources(readings.plain(yaml(count))), Array(repeating: nil, count: count))
    }

    func testRowsOfALinksFileCarryTheirRowsSource() throws {
        let catalog = LinksFileCacheTests.catalog()
        let rows = (1...50).map { LinksFileCacheTests.row($0) }
        try Data(LinksFileCacheTests.csv(rows).utf8).write(to: folder.appendingPathComponent("links.csv"))
        let readings = CatalogReadings(folder: folder)
        let first = try sources(readings.cached(catalog))
        XCTAssertFalse(first.contains(nil))
        var edited = rows
        edited[3] = LinksFileCacheTests.row(4, title: "Changed")
        try Data(LinksFileCacheTests.csv(edited).utf8).write(to: folder.appendingPathComponent("links.csv"))
        let second = try sources(readings.cached(catalog))
        XCTAssertEqual(zip(first, second).indices(where: { $0 != $1 }), [3])
    }

    func testAChangeDropsTheSourceAndTheEncoderWritesIt() throws {
        let readings = CatalogReadings(folder: folder)
        var link = try XCTUnwrap(readings.cached(yaml(3)).catalog?.links[1])
        let source = try XCTUnwrap(link.source)
        let copy = link
        func page(_ link: Link) -> PlanEntry {
            PlanEntry(
                path: .linkPage(link.path), content: .linkPage(link, template: "interstitial", behaviour: .interstitial)
            )
        }
        let fast = String(decoding: FingerprintEncoder.encode(page(link)), as: UTF8.self)
        let plain = String(decoding: FingerprintEncoder.encode(page(link), plain: true), as: UTF8.self)
        XCTAssertTrue(fast.contains("_0=#"), fast)
        XCTAssertFalse(fast.contains("Link 2"), "the values are not encoded: \(fast)")
        XCTAssertTrue(plain.contains("Link 2"), plain)
        link.title = "Link 2"
        XCTAssertNil(link.source, "a change, even to the same value, drops the source")
        XCTAssertEqual(copy.source, source, "a copy keeps its own")
        XCTAssertEqual(link, copy, "sources are not part of a link's values")
        XCTAssertEqual(
            String(decoding: FingerprintEncoder.encode(page(link)), as: UTF8.self), plain,
            "without a source, the values are encoded")
    }
}

extension Zip2Sequence where Sequence1 == [SIMD2<UInt64>?], Sequence2 == [SIMD2<UInt64>?] {
    /// The positions where `differ` holds.
    fileprivate func indices(where differ: ((SIMD2<UInt64>?, SIMD2<UInt64>?)) -> Bool) -> [Int] {
        enumerated().filter { differ($0.element) }.map(\.offset)
    }
}
