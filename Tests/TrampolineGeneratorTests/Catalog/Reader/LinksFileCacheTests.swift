import Foundation
import TrampolineTestSupport
import XCTest

@testable import TrampolineCatalog
@testable import TrampolineModel

/// A CSV links file's cache (`Catalog/CatalogReader+LinksFileCache.swift`) against the plain
/// reading it shortens: after every kind of edit, a reading through the cache gives the same
/// catalog (links, positions) and the same diagnostics as one without, and takes from the cache
/// exactly the rows whose bytes did not change.
final class LinksFileCacheTests: FolderTestCase {
    static func catalog(fallbackDelay: Int = 1500, appName: String = "Cook", file: String = "links.csv") -> String {
        """
        site:
          url: https://go.example.com
        app:
          name: \(appName)
          ios: {team_id: ABCDE12345, bundle_id: com.example.cook, app_store_id: "1356057329", scheme: cook}
        defaults:
          qr_code: false
          fallback_delay_ms: \(fallbackDelay)
        links_file: \(file)

        """
    }

    static let header = "path,title,description,deep_link,web_url,fallback,campaign.utm_source,deferred,cookie_days"

    static func row(_ n: Int, title: String? = nil) -> String {
        let title = title ?? "Link \(n): \"crème\", brûlée"
        let web = n % 4 == 0 ? "https://cook.example.com/\(n)" : ""
        return [
            "/l/\(n)", "\"\(title.replacingOccurrences(of: "\"", with: "\"\""))\"", n % 3 == 0 ? "\"Two\nlines\"" : "",
            n % 5 == 0 ? "cook://recipe?id=\(n)" : "", web, web.isEmpty ? "" : "web", n % 2 == 0 ? "mail" : "",
            n % 7 == 0 ? "\"clipboard,cookie\"" : "", n % 7 == 0 ? "3" : "",
        ].joined(separator: ",")
    }

    static func csv(_ rows: [String], header: String = header, lineBreak: String = "\n") -> String {
        ([header] + rows).joined(separator: lineBreak) + lineBreak
    }

    var cacheURL: URL { folder.appendingPathComponent("site-config.yml.links") }

    /// Reads `catalog` (with `files` written beside it) through the caches and plainly; asserts
    /// both readings agree and returns the cached one.
    @discardableResult
    func read(
        _ catalog: String, files: [String: String] = [:], bytes: [String: [UInt8]] = [:],
        secret: [UInt8] = Array(repeating: 7, count: 32), file: StaticString = #filePath, line: UInt = #line
    ) throws -> CatalogLoader.Reading {
        for (name, text) in files { try Data(text.utf8).write(to: folder.appendingPathComponent(name)) }
        for (name, data) in bytes { try Data(data).write(to: folder.appendingPathComponent(name)) }
        let (cached, plain) = CatalogReadings(folder: folder).bothWays(catalog, secret: secret, file: file, line: line)
        XCTAssertNil(plain.linksFileCacheHits, file: file, line: line)
        return cached
    }

    func hits(_ reading: CatalogLoader.Reading) -> [Int]? {
        reading.linksFileCacheHits.map { [$0.hits, $0.links] }
    }

    func testARebuildDecodesOnlyTheRowsWhoseBytesDidNotChange() throws {
        var rows = (1...300).map { Self.row($0) }
        let first = try read(Self.catalog(), files: ["links.csv": Self.csv(rows)])
        XCTAssertFalse(first.diagnostics.hasErrors, "\(first.diagnostics.errors.map(\.message))")
        XCTAssertEqual(first.catalog?.links.count, 300)
        XCTAssertEqual(hits(first), [0, 300])
        XCTAssertEqual(hits(try read(Self.catalog(), files: ["links.csv": Self.csv(rows)])), [300, 300])
        // Three edited, one removed, two added, blank lines: the rest move and keep their entries.
        rows[10] = Self.row(11, title: "Edited")
        rows[20] = Self.row(21, title: "Edited too")
        rows[299] = Self.row(300, title: "Last, edited")
        rows.remove(at: 5)
        rows.insert(Self.row(1001), at: 0)
        rows.insert("  ", at: 50)
        rows.append(Self.row(1002))
        let moved = try read(Self.catalog(), files: ["links.csv": Self.csv(rows)])
        // 300 rows, 3 edited and 1 removed: 296 found; 301 links (the blank row is none).
        XCTAssertEqual(hits(moved), [296, 301])
        let link = try XCTUnwrap(moved.catalog?.links.first { $0.path == "/l/200" })
        XCTAssertEqual(link.location, SourceLocation(file: "links.csv", line: 202, column: 1))
        XCTAssertEqual(try XCTUnwrap(moved.catalog?.links.first).path, "/l/1001")
    }

    /// A catalog with no `defaults:` section reads its links file through the cache too.
    func testACatalogWithoutDefaultsUsesTheCache() throws {
        let catalog = Self.catalog().replacingOccurrences(
            of: "defaults:\n  qr_code: false\n  fallback_delay_ms: 1500\n", with: "")
        XCTAssertFalse(catalog.contains("defaults"))
        let text = Self.csv((1...40).map { Self.row($0) })
        XCTAssertEqual(hits(try read(catalog, files: ["links.csv": text])), [0, 40])
        XCTAssertEqual(hits(try read(catalog, files: ["links.csv": text])), [40, 40])
        // An empty `defaults:` gives the same links, under the same key.
        XCTAssertEqual(hits(try read(catalog + "defaults: {}\n", files: ["links.csv": text])), [40, 40])
    }

    func testWhatALinkDependsOnBesidesItsRowIsInTheKey() throws {
        let text = Self.csv((1...40).map { Self.row($0) })
        XCTAssertEqual(hits(try read(Self.catalog(), files: ["links.csv": text])), [0, 40])
        // defaults: every link starts from them.
        XCTAssertEqual(hits(try read(Self.catalog(fallbackDelay: 2000), files: ["links.csv": text])), [0, 40])
        // The app: deep links are checked against it.
        XCTAssertEqual(
            hits(try read(Self.catalog(fallbackDelay: 2000, appName: "Kitchen"), files: ["links.csv": text])), [0, 40])
        XCTAssertEqual(
            hits(try read(Self.catalog(fallbackDelay: 2000, appName: "Kitchen"), files: ["links.csv": text])),
            [40, 40])
        // The header: the same row bytes under other columns are other links.
        let swapped = Self.csv(
            (1...40).map { Self.row($0) },
            header: "path,title,description,deep_link,web_url,fallback,campaign.utm_medium,deferred,cookie_days")
        XCTAssertEqual(
            hits(try read(Self.catalog(fallbackDelay: 2000, appName: "Kitchen"), files: ["links.csv": swapped])),
            [0, 40])
        // Another user's secret matches nothing.
        let other = try read(
            Self.catalog(fallbackDelay: 2000, appName: "Kitchen"), files: ["links.csv": swapped],
            secret: Array(repeating: 9, count: 32))
        XCTAssertEqual(hits(other), [0, 40])
    }

    func testLineBreaksAByteOrderMarkAndAJSONFile() throws {
        let rows = (1...30).map { Self.row($0) }
        for lineBreak in ["\n", "\r\n", "\r"] {
            let text = Self.csv(rows, lineBreak: lineBreak)
            XCTAssertEqual(hits(try read(Self.catalog(), files: ["links.csv": text]))?.last, 30)
            XCTAssertEqual(hits(try read(Self.catalog(), files: ["links.csv": text])), [30, 30])
        }
        let marked = [0xEF, 0xBB, 0xBF] + Array(Self.csv(rows).utf8)
        XCTAssertEqual(hits(try read(Self.catalog(), bytes: ["links.csv": marked])), [30, 30])
        // A JSON file has a cache of its own (`JSONLinksFileCacheTests`).
        let json = "[" + (1...5).map { #"{"path": "/j/\#($0)", "title": "J \#($0)"}"# }.joined(separator: ",") + "]"
        let reading = try read(Self.catalog(file: "links.json"), files: ["links.json": json])
        XCTAssertEqual(hits(reading), [0, 5])
        XCTAssertEqual(reading.catalog?.links.count, 5)
        XCTAssertEqual(hits(try read(Self.catalog(file: "links.json"), files: ["links.json": json])), [5, 5])
    }

    /// Rows with errors are reported exactly as the plain reading reports them, through the cache
    /// or not; a file the rows cannot be cut from, or not UTF-8, is left to the plain reading.
    func testBadRowsAndBadBytesGiveThePlainReadingsDiagnostics() throws {
        let rows = (1...30).map { Self.row($0) }
        XCTAssertEqual(hits(try read(Self.catalog(), files: ["links.csv": Self.csv(rows)])), [0, 30])
        for broken in [
            "/l/31,A link,,https://shop.example/31",  // a deep link no app opens
            "/l/32,,,",  // no title
            "l/33,No slash",
            "/l/7,A duplicate",
            "/l/34,\"Never closed",  // a quote left open
            "/l/35,a \"stray\" quote",
            "/l/36,Web fallback,,,,web",  // fallback web without web_url
        ] {
            let reading = try read(Self.catalog(), files: ["links.csv": Self.csv(rows + [broken])])
            XCTAssertNil(reading.catalog, broken)
            XCTAssertTrue(reading.diagnostics.hasErrors, broken)
        }
        let unknown = try read(Self.catalog(), files: ["links.csv": Self.csv(rows, header: "path,titel")])
        XCTAssertEqual(unknown.diagnostics.errors.map(\.message), ["unknown column 2 'titel'"])
        let good = Array(Self.csv(rows).utf8)
        for (what, data) in [
            ("a new row", good + Array("/l/31,Caf".utf8) + [0xE9] + Array("\n".utf8)),
            ("the header", Array("path,ti".utf8) + [0xFF] + Array("tle\n".utf8) + good.drop { $0 != 0x0A }.dropFirst()),
        ] {
            let reading = try read(Self.catalog(), bytes: ["links.csv": data])
            XCTAssertNil(reading.catalog, what)
            XCTAssertTrue(reading.diagnostics.errors.first?.message.contains("UTF-8") ?? false, what)
        }
        XCTAssertEqual(hits(try read(Self.catalog(), files: ["links.csv": Self.csv(rows)])), [30, 30])
    }

    func testRoutesAndWarningsAreReadAgainEachTime() throws {
        // A route's pattern is parsed again (the cache keeps no route), and a row that gave a
        // warning (a language the built-in pages have no texts in) is read again so that the
        // warning is given again: `read` compares the diagnostics with the plain reading's. (Row
        // 13's warning is the route's: `:id` in its title.)
        let rows = (1...10).map { "/w/\($0),W \($0)," } + ["/w/11,W 11,xh", "/recipe/:id(digits),A recipe :id,"]
        let text = Self.csv(rows, header: "path,title,language")
        for round in 1...2 {
            let reading = try read(Self.catalog(), files: ["links.csv": text])
            XCTAssertFalse(reading.diagnostics.hasErrors, "\(reading.diagnostics.errors.map(\.message))")
            XCTAssertEqual(
                reading.diagnostics.diagnostics.filter { $0.severity == .warning }.map { "\($0.location?.line ?? 0)" },
                ["12", "13"], "round \(round)")
            XCTAssertEqual(hits(reading), round == 1 ? [0, 12] : [10, 12], "round \(round)")
        }
    }

    func testADamagedCacheIsNeverTrusted() throws {
        let rows = (1...60).map { Self.row($0) }
        XCTAssertEqual(hits(try read(Self.catalog(), files: ["links.csv": Self.csv(rows)])), [0, 60])
        let url = CatalogReader.linksFileCacheURL(besideLinkCache: cacheURL, file: "links.csv")
        var bytes = try Data(contentsOf: url)
        bytes[bytes.count / 2] ^= 0xFF
        try bytes.write(to: url)
        let damaged = try read(Self.catalog(), files: ["links.csv": Self.csv(rows)])
        XCTAssertEqual(hits(damaged), [0, 60])
        XCTAssertEqual(damaged.damagedCaches, [url])
        let mended = try read(Self.catalog(), files: ["links.csv": Self.csv(rows)])
        XCTAssertEqual(hits(mended), [60, 60])
        XCTAssertEqual(mended.damagedCaches, [])
        // Cut short, or emptied: damaged too.
        for bytes in [Data(try Data(contentsOf: url).prefix(40)), Data()] {
            try bytes.write(to: url)
            XCTAssertEqual(try read(Self.catalog(), files: ["links.csv": Self.csv(rows)]).damagedCaches, [url])
        }
    }

    /// The fast path and the plain one at 20,000 links, 1 % changed.
    func testTwentyThousandLinksReadTheSameEitherWay() throws {
        let rows = (1...20_000).map { Self.row($0) }
        XCTAssertEqual(hits(try read(Self.catalog(), files: ["links.csv": Self.csv(rows)])), [0, 20_000])
        var edited = rows
        for index in stride(from: 0, to: 20_000, by: 100) { edited[index] = Self.row(index + 1, title: "Edited") }
        XCTAssertEqual(hits(try read(Self.catalog(), files: ["links.csv": Self.csv(edited)])), [19_800, 20_000])
    }
}
