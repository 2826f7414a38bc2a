import Foundation
import TrampolineTestSupport
import XCTest

@testable import TrampolineCatalog
@testable import TrampolineModel

/// A JSON links file through its cache (`Catalog/CatalogReader+LinksFileCache.swift`,
/// `Catalog/JSONListElements.swift`) against the plain reading, which parses the whole file:
/// after every kind of edit, in every way a JSON list is written (one object a line, pretty,
/// all on one line, CRLF, a byte order mark, non-ASCII text), the same catalog, positions and
/// diagnostics, with exactly the objects whose bytes (and column) did not change taken from the
/// cache; and whatever is not strict JSON left to the plain reading.
final class JSONLinksFileCacheTests: FolderTestCase {
    static let catalog = LinksFileCacheTests.catalog(file: "links.json")

    static func object(_ n: Int, title: String? = nil, pretty: Bool = false) -> String {
        let title = title ?? "Link \(n): \\\"crème\\\", brûlée ✨"
        var fields = [#""path": "/l/\#(n)""#, #""title": "\#(title)""#]
        if n % 3 == 0 { fields.append(#""description": "Two\nlines, **\#(n)**""#) }
        if n % 4 == 0 { fields += [#""web_url": "https://cook.example.com/\#(n)""#, #""fallback": "web""#] }
        if n % 5 == 0 { fields.append(#""deep_link": "cook://recipe?id=\#(n)""#) }
        if n % 2 == 0 { fields.append(#""campaign": {"utm_source": "mail", "utm_term": "a, b"}"#) }
        if n % 7 == 0 { fields += [#""deferred": ["clipboard", "cookie"]"#, #""cookie_days": 3"#] }
        if n % 11 == 0 { fields.append(#""qr_code": true"#) }
        return pretty
            ? "{\n    " + fields.joined(separator: ",\n    ") + "\n  }"
            : "{" + fields.joined(separator: ", ") + "}"
    }

    enum Style: CaseIterable { case linePerObject, pretty, oneLine, crlf }

    static func json(_ objects: [String], style: Style = .linePerObject) -> String {
        switch style {
        case .linePerObject: return "[\n" + objects.joined(separator: ",\n") + "\n]\n"
        case .pretty: return "[\n  " + objects.joined(separator: ",\n  ") + "\n]"
        case .oneLine: return "[" + objects.joined(separator: ",") + "]"
        case .crlf: return "[\r\n" + objects.joined(separator: ",\r\n") + "\r\n]\r\n"
        }
    }

    private func read(_ text: String, bytes: [UInt8]? = nil, file: StaticString = #filePath, line: UInt = #line)
        throws -> CatalogLoader.Reading
    {
        try Data(bytes ?? Array(text.utf8)).write(to: folder.appendingPathComponent("links.json"))
        let (cached, plain) = CatalogReadings(folder: folder).bothWays(
            Self.catalog, secret: Array(repeating: 7, count: 32), file: file, line: line)
        XCTAssertNil(plain.linksFileCacheHits, file: file, line: line)
        return cached
    }

    /// Removes the link caches beside the catalog: the next reading is a first one.
    private func forgetCaches() throws {
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path)
        where name.hasPrefix("site-config.yml.") {
            try FileManager.default.removeItem(at: folder.appendingPathComponent(name))
        }
    }

    private func hits(_ reading: CatalogLoader.Reading) -> [Int]? {
        reading.linksFileCacheHits.map { [$0.hits, $0.links] }
    }

    func testARebuildDecodesOnlyTheObjectsWhoseBytesDidNotChange() throws {
        for style in Style.allCases {
            try forgetCaches()
            let pretty = style == .pretty
            var objects = (1...200).map { Self.object($0, pretty: pretty) }
            let first = try read(Self.json(objects, style: style))
            XCTAssertFalse(first.diagnostics.hasErrors, "\(style): \(first.diagnostics.errors.map(\.message))")
            XCTAssertEqual(first.catalog?.links.count, 200, "\(style)")
            XCTAssertEqual(hits(first)?.last, 200, "\(style): through the cache")
            XCTAssertEqual(hits(try read(Self.json(objects, style: style))), [200, 200], "\(style)")
            objects[10] = Self.object(11, title: "Edited", pretty: pretty)
            objects[150] = Self.object(151, title: "Edited too", pretty: pretty)
            objects.remove(at: 5)
            objects.insert(Self.object(1001, pretty: pretty), at: 0)
            let moved = try read(Self.json(objects, style: style))
            // On one line, every object after a change stands at another column: read again (the
            // first object is new, so all of them are).
            XCTAssertEqual(hits(moved), style == .oneLine ? [0, 200] : [197, 200], "\(style)")
            let link = try XCTUnwrap(moved.catalog?.links.first { $0.path == "/l/120" }, "\(style)")
            XCTAssertEqual(link.location.file, "links.json")
            // The last object edited: every object before it keeps its line and column.
            objects[199] = Self.object(200, title: "Edited last", pretty: pretty)
            XCTAssertEqual(hits(try read(Self.json(objects, style: style))), [199, 200], "\(style)")
        }
    }

    func testPositionsAreTheFilesOnEveryLineAndColumn() throws {
        // Non-ASCII text before an object on its line: columns count characters, as YAML's do.
        let objects = (1...20).map { Self.object($0) }
        let text = "[" + objects.joined(separator: ", ") + "]"
        _ = try read(text)
        let reading = try read(text)
        XCTAssertEqual(hits(reading), [20, 20])
        let second = try XCTUnwrap(reading.catalog?.links.first { $0.path == "/l/2" })
        let column = text.prefix(while: { $0 != "\n" }).distance(
            from: text.startIndex, to: text.range(of: #"{"path": "/l/2""#)!.lowerBound)
        XCTAssertEqual(second.location, SourceLocation(file: "links.json", line: 1, column: column + 1))
    }

    /// An object with an error is reported as the plain reading reports it; text that is no strict
    /// JSON list of objects, or not UTF-8, is left to the plain reading.
    func testBadObjectsAndNonJSONGiveThePlainReadingsDiagnostics() throws {
        let objects = (1...30).map { Self.object($0) }
        XCTAssertEqual(hits(try read(Self.json(objects)))?.last, 30)
        for broken in [
            #"{"path": "/l/31", "title": "A", "deep_link": "https://shop.example/31"}"#,
            #"{"path": "/l/32"}"#,
            #"{"path": "l/33", "title": "No slash"}"#,
            #"{"path": "/l/7", "title": "A duplicate"}"#,
            #"{"path": "/l/34", "title": "Never closed}"#,
            #"{"path": "/l/35", "titel": "A typo"}"#,
            #"{"path": "/l/36", "title": "Open", "campaign": {"utm_source": "x"}"#,
        ] {
            let reading = try read(Self.json(objects + [broken]))
            XCTAssertNil(reading.catalog, broken)
            XCTAssertTrue(reading.diagnostics.hasErrors, broken)
        }
        // Not strict JSON: YAML's comments, anchors and aliases, single quotes, plain text; a lone
        // CR; no list; an empty one; something after it. All read the plain way.
        for (what, text) in [
            ("a comment", "[\n" + objects.joined(separator: ",\n") + ", # the end\n]"),
            ("an anchor", "[\n&a " + objects.joined(separator: ",\n") + ",\n*a]"),
            ("single quotes", "[{'path': '/s/1', 'title': 'S'}]"),
            ("a plain scalar", "[{\"path\": /p/1, \"title\": T}]"),
            ("a lone CR", "[\r" + objects.joined(separator: ",\r") + "\r]"),
            ("an object", "{\"path\": \"/a\", \"title\": \"A\"}"),
            ("an empty list", "[]"),
            ("text after it", Self.json(objects) + "[]"),
            ("a trailing comma", "[" + objects.joined(separator: ",") + ",]"),
            ("a string", "[\"/a\"]"),
        ] {
            let reading = try read(text)
            XCTAssertNil(hits(reading), what)
        }
        let good = Array(Self.json(objects).utf8)
        let invalid =
            Array(good.dropLast(3)) + Array(",{\"path\": \"/l/99\", \"title\": \"Caf".utf8) + [0xE9]
            + Array("\"}\n]\n".utf8)
        let reading = try read("", bytes: invalid)
        XCTAssertNil(reading.catalog)
        XCTAssertTrue(reading.diagnostics.errors.first?.message.contains("UTF-8") ?? false)
        XCTAssertEqual(hits(try read(Self.json(objects))), [30, 30])
        let marked = [0xEF, 0xBB, 0xBF] + good
        XCTAssertEqual(hits(try read("", bytes: marked)), [30, 30], "a byte order mark moves nothing")
    }

    /// Random edits of random lists, each reading held to the plain one (`bothWays`).
    func testRandomEditsReadAsThePlainReadingDoes() throws {
        var generator = SeededGenerator(seed: 0x15_0A)
        for round in 0..<12 {
            try forgetCaches()
            let style = Style.allCases[round % Style.allCases.count]
            let pretty = style == .pretty
            var objects = (1...Int.random(in: 1...40, using: &generator)).map { Self.object($0, pretty: pretty) }
            var next = 100
            for step in 0..<8 {
                switch Int.random(in: 0..<5, using: &generator) {
                case 0:
                    objects.insert(
                        Self.object(next, pretty: pretty), at: Int.random(in: 0...objects.count, using: &generator))
                case 1 where objects.count > 1: objects.remove(at: Int.random(in: 0..<objects.count, using: &generator))
                case 2:
                    let index = Int.random(in: 0..<objects.count, using: &generator)
                    objects[index] = Self.object(next, title: "Edit \(step) ünï", pretty: pretty)
                case 3:
                    let index = Int.random(in: 0..<objects.count, using: &generator)
                    objects.swapAt(index, Int.random(in: 0..<objects.count, using: &generator))
                default: break
                }
                next += 1
                let reading = try read(Self.json(objects, style: style))
                XCTAssertEqual(reading.catalog?.links.count, objects.count, "round \(round) step \(step)")
                XCTAssertNotNil(hits(reading), "round \(round) step \(step): through the cache")
            }
        }
    }

    /// The fast path and the plain one at 20,000 links, 1 % changed.
    func testTwentyThousandLinksReadTheSameEitherWay() throws {
        let objects = (1...20_000).map { Self.object($0) }
        XCTAssertEqual(hits(try read(Self.json(objects))), [0, 20_000])
        var edited = objects
        for index in stride(from: 0, to: 20_000, by: 100) { edited[index] = Self.object(index + 1, title: "Edited") }
        XCTAssertEqual(hits(try read(Self.json(edited))), [19_800, 20_000])
    }
}
