import Foundation
import TrampolineTestSupport
import XCTest

@testable import TrampolineCatalog
@testable import TrampolineModel

/// An items file's cache (`Catalog/CatalogReader+ItemsCache.swift`) against the plain reading it
/// shortens: after every kind of edit, a reading through the cache gives the same catalog (links,
/// positions) and the same diagnostics as one without, and takes from the cache exactly the rows
/// whose bytes did not change.
final class ItemsCacheTests: FolderTestCase {
    static func catalog(title: String = "A recipe :id", items: String = "recipes.csv", appName: String = "Cook")
        -> String
    {
        """
        site:
          url: https://go.example.com
        app:
          name: \(appName)
          ios: {team_id: ABCDE12345, bundle_id: com.example.cook, app_store_id: "1356057329", scheme: cook}
        defaults:
          qr_code: false
        links:
          - path: /welcome
            title: Welcome
          - path: /recipe/:id(digits)
            title: \(title)
            description: Recipe *:id*, from the kitchen.
            deep_link: cook://recipe/:id
            items: \(items)

        """
    }

    static func csvRow(_ n: Int, title: String? = nil) -> String {
        let title = title ?? "Recipe \(n): \"crème\", brûlée"
        return "\(n),\"\(title.replacingOccurrences(of: "\"", with: "\"\""))\",https://cdn.example.com/\(n).jpg"
    }

    static func csv(_ rows: [String], header: String = "id,title,image", lineBreak: String = "\n") -> String {
        ([header] + rows).joined(separator: lineBreak) + lineBreak
    }

    var cacheURL: URL { folder.appendingPathComponent("site-config.yml.links") }

    /// Reads `catalog` (with `files` written beside it) through the caches and plainly; asserts
    /// both readings agree and returns the cached one.
    @discardableResult
    func read(
        _ catalog: String, files: [String: String], bytes: [String: [UInt8]] = [:],
        secret: [UInt8] = Array(repeating: 7, count: 32), file: StaticString = #filePath, line: UInt = #line
    ) throws -> CatalogLoader.Reading {
        for (name, text) in files {
            try Data(text.utf8).write(to: folder.appendingPathComponent(name))
        }
        for (name, data) in bytes {
            try Data(data).write(to: folder.appendingPathComponent(name))
        }
        let (cached, plain) = CatalogReadings(folder: folder).bothWays(catalog, secret: secret, file: file, line: line)
        XCTAssertNil(plain.itemsCacheHits, file: file, line: line)
        return cached
    }

    func hits(_ reading: CatalogLoader.Reading) -> [Int]? {
        XCTAssertFalse(reading.diagnostics.hasErrors, "\(reading.diagnostics.errors.map(\.message))")
        return reading.itemsCacheHits.map { [$0.hits, $0.items] }
    }

    func testARebuildDecodesOnlyTheRowsWhoseBytesDidNotChange() throws {
        let rows = (1...300).map { Self.csvRow($0) }
        let first = try read(Self.catalog(), files: ["recipes.csv": Self.csv(rows)])
        XCTAssertEqual(hits(first), [0, 300])
        XCTAssertEqual(first.catalog?.links.count, 302)
        XCTAssertEqual(hits(try read(Self.catalog(), files: ["recipes.csv": Self.csv(rows)])), [300, 300])

        // One title changed: that row is read, the rest decoded, at their rows.
        var edited = rows
        edited[150] = Self.csvRow(151, title: "Changed tonight")
        let one = try read(Self.catalog(), files: ["recipes.csv": Self.csv(edited)])
        XCTAssertEqual(hits(one), [299, 300])
        XCTAssertEqual(one.catalog?.links.first { $0.path == "/recipe/151" }?.title, "Changed tonight")

        // Rows moved down by blank lines and a row removed keep their own positions (held by the comparison).
        edited.remove(at: 10)
        let moved = try read(Self.catalog(), files: ["recipes.csv": "\n\n" + Self.csv(edited)])
        XCTAssertEqual(hits(moved), [299, 299])
        let item = try XCTUnwrap(moved.catalog?.links.first { $0.path == "/recipe/200" })
        XCTAssertEqual(item.location, SourceLocation(file: "recipes.csv", line: 202, column: 1))
        XCTAssertEqual(item.itemOf?.pattern.text, "/recipe/:id(digits)")
    }

    func testWhatAnItemDependsOnBesidesItsRowIsInTheKey() throws {
        let rows = (1...50).map { Self.csvRow($0) }
        let text = Self.csv(rows)
        XCTAssertEqual(hits(try read(Self.catalog(), files: ["recipes.csv": text])), [0, 50])
        // The route's own link: its title fills every item's description.
        XCTAssertEqual(hits(try read(Self.catalog(title: "Recipe :id"), files: ["recipes.csv": text])), [0, 50])
        // The app: deep links are checked against it.
        XCTAssertEqual(
            hits(try read(Self.catalog(title: "Recipe :id", appName: "Kitchen"), files: ["recipes.csv": text])),
            [0, 50])
        XCTAssertEqual(
            hits(try read(Self.catalog(title: "Recipe :id", appName: "Kitchen"), files: ["recipes.csv": text])),
            [50, 50])
        // The header: the same row bytes under other columns are other items.
        let swapped = Self.csv(rows, header: "id,description,image")
        XCTAssertEqual(
            hits(try read(Self.catalog(title: "Recipe :id", appName: "Kitchen"), files: ["recipes.csv": swapped])),
            [0, 50])
        // Another user's secret (a cache committed to a repository) matches nothing.
        let other = try read(
            Self.catalog(title: "Recipe :id", appName: "Kitchen"), files: ["recipes.csv": swapped],
            secret: Array(repeating: 9, count: 32))
        XCTAssertEqual(hits(other), [0, 50])
    }

    func testQuotedLineBreaksCRLFAndJSONLinesAreCutAsThePlainReadingCutsThem() throws {
        // A description may hold line breaks (a title may not).
        let rows = (1...40).map { n in
            Self.csvRow(n) + (n % 3 == 0 ? ",\"Two\nlines, \"\"quoted\"\"\"" : ",")
        }
        for lineBreak in ["\n", "\r\n", "\r"] {
            let text = Self.csv(rows, header: "id,title,image,description", lineBreak: lineBreak)
            XCTAssertEqual(
                hits(try read(Self.catalog(), files: ["recipes.csv": text]))?.last, 40, lineBreak.debugDescription)
            XCTAssertEqual(
                hits(try read(Self.catalog(), files: ["recipes.csv": text])), [40, 40], lineBreak.debugDescription)
        }
        let lines = (1...40).map {
            #"{"id": "\#($0)", "title": "Recipe \#($0) — ü", "image": "https://cdn.example.com/\#($0).jpg"}"#
        }
        for lineBreak in ["\n", "\r\n"] {
            let text = lines.joined(separator: lineBreak + "  " + lineBreak) + lineBreak
            let catalog = Self.catalog(items: "recipes.jsonl")
            XCTAssertEqual(
                hits(try read(catalog, files: ["recipes.jsonl": text])), [0, 40], lineBreak.debugDescription)
            let again = try read(catalog, files: ["recipes.jsonl": text])
            XCTAssertEqual(hits(again), [40, 40], lineBreak.debugDescription)
            XCTAssertEqual(again.catalog?.links.count, 42)
        }
        // A JSON list, cut into its objects (each at its own line and column).
        for list in [
            "[" + lines.joined(separator: ",\n") + "]\n", "[\r\n  " + lines.joined(separator: ",\r\n  ") + "\r\n]",
            "[" + lines.joined(separator: ", ") + "]",
        ] {
            let catalog = Self.catalog(items: "recipes.json")
            XCTAssertEqual(hits(try read(catalog, files: ["recipes.json": list]))?.last, 40)
            XCTAssertEqual(hits(try read(catalog, files: ["recipes.json": list])), [40, 40])
        }
    }

    /// A JSON list of items: edited, moved, removed and added objects, held to the plain reading;
    /// what is not a strict JSON list of objects is left to it.
    func testAJSONListIsReadObjectByObject() throws {
        func object(_ n: Int, title: String? = nil) -> String {
            let title = title ?? #"Recipe \#(n) — \"ü\""#
            return #"{"id": "\#(n)", "title": "\#(title)", "image": "https://cdn.example.com/\#(n).jpg"}"#
        }
        let catalog = Self.catalog(items: "recipes.json")
        var objects = (1...100).map { object($0) }
        func list() -> String { "[\n  " + objects.joined(separator: ",\n  ") + "\n]\n" }
        XCTAssertEqual(hits(try read(catalog, files: ["recipes.json": list()])), [0, 100])
        objects[3] = object(4, title: "Edited")
        objects.remove(at: 50)
        objects.insert(object(500), at: 10)
        objects.swapAt(70, 80)
        let moved = try read(catalog, files: ["recipes.json": list()])
        XCTAssertEqual(hits(moved), [98, 100])
        let item = try XCTUnwrap(moved.catalog?.links.first { $0.path == "/recipe/90" })
        XCTAssertEqual(item.location, SourceLocation(file: "recipes.json", line: 91, column: 3))
        for (what, text) in [
            ("a comment", "# items\n" + list()),
            ("an alias", "[&a " + objects.joined(separator: ", ") + ", *a]"),
            ("not an object", "[" + objects.joined(separator: ", ") + ", \"91\"]"),
        ] {
            XCTAssertNil(try read(catalog, files: ["recipes.json": text]).itemsCacheHits, what)
        }
    }

    func testARowWithAnErrorLeavesTheWholeFileToThePlainReading() throws {
        var rows = (1...30).map { Self.csvRow($0) }
        XCTAssertEqual(hits(try read(Self.catalog(), files: ["recipes.csv": Self.csv(rows)])), [0, 30])
        for broken in [
            "abc,Not digits,https://cdn.example.com/x.jpg",  // fails :id(digits)
            "31,Plain http,http://cdn.example.com/31.jpg",  // an image that is not https:
            "32,\"Never closed,https://cdn.example.com/32.jpg",  // a quote left open
            "33,a \"stray\" quote,https://cdn.example.com/33.jpg",
            "7,A duplicate,https://cdn.example.com/7.jpg",
        ] {
            rows.append(broken)
            let reading = try read(Self.catalog(), files: ["recipes.csv": Self.csv(rows)])
            XCTAssertNil(reading.catalog, broken)
            XCTAssertTrue(reading.diagnostics.hasErrors, broken)
            rows.removeLast()
        }
        // An unknown column, reported once from the header.
        let unknown = try read(Self.catalog(), files: ["recipes.csv": Self.csv(rows, header: "id,titel,image")])
        XCTAssertEqual(unknown.diagnostics.errors.map(\.message), ["unknown column 2 'titel'"])
        XCTAssertEqual(hits(try read(Self.catalog(), files: ["recipes.csv": Self.csv(rows)])), [30, 30])
    }

    /// The file is not checked as UTF-8 as a whole on this path: a row found in the cache has the
    /// bytes of a row read before, and a row read now is checked first. Bytes that are not UTF-8 —
    /// in a new row, the header, a JSON Lines row, or behind a byte-order mark — leave the file
    /// to the plain reading, which reports where they are.
    func testBytesThatAreNotUTF8AreReportedWhereThePlainReadingReportsThem() throws {
        let rows = (1...30).map { Self.csvRow($0) }
        let good = Array(Self.csv(rows).utf8)
        XCTAssertEqual(hits(try read(Self.catalog(), files: [:], bytes: ["recipes.csv": good])), [0, 30])
        let bad: [(String, [UInt8], String)] = [
            (
                "a new row", good + Array("31,Caf".utf8) + [0xE9] + Array(",https://cdn.example.com/31.jpg\n".utf8),
                "recipes.csv:32:"
            ),
            (
                "an edited row",
                Array(Self.csv(rows.dropLast()).utf8) + Array("30,\"".utf8) + [0xC3, 0x28]
                    + Array("\",https://cdn.example.com/30.jpg\n".utf8), "recipes.csv:31:"
            ),
            (
                "the header",
                Array("id,ti".utf8) + [0xFF] + Array("tle,image\n".utf8) + good.drop { $0 != 0x0A }.dropFirst(),
                "recipes.csv:1:"
            ),
            ("after a byte-order mark", [0xEF, 0xBB, 0xBF] + good + [0x80, 0x0A], "recipes.csv:32:"),
        ]
        for (what, data, position) in bad {
            let reading = try read(Self.catalog(), files: [:], bytes: ["recipes.csv": data])
            XCTAssertNil(reading.catalog, what)
            XCTAssertEqual(reading.diagnostics.errors.count, 1, what)
            XCTAssertTrue(
                reading.diagnostics.errors.first?.location?.description.contains(position) ?? false,
                "\(what): \(reading.diagnostics.errors.map { "\($0.location?.description ?? "") \($0.message)" })")
            XCTAssertTrue(reading.diagnostics.errors.first?.message.contains("UTF-8") ?? false, what)
        }
        let lines = (1...5).map { #"{"id": "\#($0)", "title": "Item \#($0)"}"# }.joined(separator: "\n") + "\n"
        let jsonl = Self.catalog(items: "recipes.jsonl")
        XCTAssertEqual(hits(try read(jsonl, files: ["recipes.jsonl": lines])), [0, 5])
        let broken = Array(lines.utf8) + Array(#"{"id": "6", "title": "It"#.utf8) + [0xF0, 0x9F] + Array("\"}\n".utf8)
        let reading = try read(jsonl, files: [:], bytes: ["recipes.jsonl": broken])
        XCTAssertNil(reading.catalog)
        XCTAssertEqual(reading.diagnostics.errors.map { $0.location?.description.contains("recipes.jsonl:6:") }, [true])
        XCTAssertEqual(hits(try read(Self.catalog(), files: [:], bytes: ["recipes.csv": good])), [30, 30])
    }

    func testADamagedOrForeignCacheIsNeverTrusted() throws {
        let rows = (1...60).map { Self.csvRow($0) }
        XCTAssertEqual(hits(try read(Self.catalog(), files: ["recipes.csv": Self.csv(rows)])), [0, 60])
        let url = CatalogReader.itemsCacheURL(besideLinkCache: cacheURL, items: "recipes.csv")
        var bytes = try Data(contentsOf: url)
        bytes[bytes.count / 2] ^= 0xFF
        try bytes.write(to: url)
        let damaged = try read(Self.catalog(), files: ["recipes.csv": Self.csv(rows)])
        XCTAssertEqual(hits(damaged), [0, 60], "damaged: read again")
        XCTAssertEqual(damaged.damagedCaches, [url], "and noted")
        let mended = try read(Self.catalog(), files: ["recipes.csv": Self.csv(rows)])
        XCTAssertEqual(hits(mended), [60, 60], "and written anew")
        XCTAssertEqual(mended.damagedCaches, [])
        // A planted symbolic link in place of the cache is not followed.
        try FileManager.default.removeItem(at: url)
        let elsewhere = folder.appendingPathComponent("elsewhere")
        try Data("trampoline-links 1\n".utf8).write(to: elsewhere)
        try FileManager.default.createSymbolicLink(at: url, withDestinationURL: elsewhere)
        let linked = try read(Self.catalog(), files: ["recipes.csv": Self.csv(rows)])
        XCTAssertEqual(hits(linked), [0, 60])
        XCTAssertEqual(linked.damagedCaches, [], "a link is no cache, not a damaged one")
        XCTAssertEqual(try String(contentsOf: elsewhere, encoding: .utf8), "trampoline-links 1\n")
    }

    /// The fast path and the plain one at the size the benchmarks care about: 20,000 items, 1 % changed.
    func testTwentyThousandItemsReadTheSameEitherWay() throws {
        let rows = (1...20_000).map { Self.csvRow($0) }
        XCTAssertEqual(hits(try read(Self.catalog(), files: ["recipes.csv": Self.csv(rows)])), [0, 20_000])
        var edited = rows
        for index in stride(from: 0, to: 20_000, by: 100) {
            edited[index] = Self.csvRow(index + 1, title: "Edited \(index)")
        }
        XCTAssertEqual(hits(try read(Self.catalog(), files: ["recipes.csv": Self.csv(edited)])), [19_800, 20_000])
    }

    /// Rows giving every column an item may have: the cache keeps only what a row gives, so a
    /// column added to `CatalogKeys.item` without its place in the item's entry fails here.
    func testRowsWithEveryColumnDecodeToTheLinksThePlainReadingMakes() throws {
        let values: [String: (Int) -> String] = [
            "title": { "Recipe \($0) — ü" },
            "description": { "Line one of *\($0)*\nline two" },
            "image": { "https://cdn.example.com/\($0).jpg" },
            "deep_link": { "cook://kitchen/recipe?id=\($0)" },
            "web_url": { "https://cook.example.com/r/\($0)" },
        ]
        for column in CatalogKeys.item where values[column] == nil {
            XCTFail("no value for the item column \(column): add one here")
        }
        let columns = ["id"] + CatalogKeys.item
        func quoted(_ text: String) -> String { "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\"" }
        let rows = (1...80).map { n in
            (["\(n)"] + CatalogKeys.item.map { n % 5 == 0 && $0 != "title" ? "" : quoted(values[$0]!(n)) }).joined(
                separator: ",")
        }
        let text = Self.csv(rows, header: columns.joined(separator: ","))
        XCTAssertEqual(hits(try read(Self.catalog(), files: ["recipes.csv": text])), [0, 80])
        let again = try read(Self.catalog(), files: ["recipes.csv": text])
        XCTAssertEqual(hits(again), [80, 80])
        let item = try XCTUnwrap(again.catalog?.links.first { $0.path == "/recipe/3" })
        XCTAssertEqual(item.deepLink, "cook://kitchen/recipe?id=3")
        XCTAssertEqual(item.webURL, "https://cook.example.com/r/3")
        XCTAssertEqual(item.webURLLocation, SourceLocation(file: "recipes.csv", line: 4, column: 6))
        let bare = try XCTUnwrap(again.catalog?.links.first { $0.path == "/recipe/5" })
        XCTAssertEqual(bare.deepLink, "cook://recipe/5", "the route's deep link, filled in")
        XCTAssertEqual(bare.description, "Recipe *5*, from the kitchen.")
    }
}
