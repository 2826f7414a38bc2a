import Foundation
import TrampolineTestSupport
import XCTest

@testable import TrampolineCatalog
@testable import TrampolineIncremental

/// A first reading of a long `links:` list in pieces, each parsed alone on a worker
/// (`Catalog/CatalogReader+Pieces.swift`), against the plain reading by one parser: on random
/// catalogs in every entry style of `CatalogLayoutTests` (block and flow mappings, block
/// scalars, multi-line and unterminated quoted text, comments at column 1, CRLF lines, anchors,
/// typos), plus quoted text whose lines start like list items, and every kind of text after the
/// list, with pieces of a few entries each, the catalog, every diagnostic with its position, the
/// layout recorded for the next build and the link cache's use by that build are those of the
/// one-parser reading.
final class CatalogPiecesTests: FolderTestCase {
    private var readings: CatalogReadings { CatalogReadings(folder: folder) }
    private var cacheURL: URL { readings.cacheURL }
    private var layoutURL: URL { readings.layoutURL }

    /// A first reading (no cache yet) that writes the link cache and layout, in pieces of about
    /// `pieceBytes` (`Int.max`: by the one parser).
    private func firstReading(_ text: String, pieceBytes: Int) -> CatalogLoader.Reading {
        try? FileManager.default.removeItem(at: cacheURL)
        try? FileManager.default.removeItem(at: layoutURL)
        return readings.cached(text, pieceBytes: pieceBytes)
    }

    /// A reading that uses the cache and layout there are, by one parser where it parses.
    private func cachedReading(_ text: String) -> CatalogLoader.Reading {
        readings.cached(text, pieceBytes: Int.max)
    }

    private func plainReading(_ text: String) -> CatalogLoader.Reading { readings.plain(text) }

    /// Reads `text` in pieces and asserts it reads as the plain way does, leaves the layout a
    /// one-parser first reading leaves, and a cache the next build takes as much from. Returns
    /// how many pieces the list was read in (nil: not cut).
    @discardableResult
    private func check(
        _ text: String, pieceBytes: Int, _ context: @autoclosure () -> String,
        file: StaticString = #filePath, line: UInt = #line
    ) -> Int? {
        let pieces = firstReading(text, pieceBytes: pieceBytes)
        let plain = plainReading(text)
        XCTAssertEqual(pieces.catalog, plain.catalog, "catalog differs: \(context())", file: file, line: line)
        XCTAssertEqual(
            pieces.diagnostics.sorted, plain.diagnostics.sorted, "diagnostics differ: \(context())", file: file,
            line: line)
        let layout = try? Data(contentsOf: layoutURL)
        let next = cachedReading(text)

        let onePiece = firstReading(text, pieceBytes: Int.max)
        XCTAssertNil(onePiece.pieces, file: file, line: line)
        XCTAssertEqual(
            layout, try? Data(contentsOf: layoutURL), "layout differs from the one-parser reading's: \(context())",
            file: file, line: line)
        let nextAfterOne = cachedReading(text)
        XCTAssertEqual(next.catalog, plain.catalog, "the next reading differs: \(context())", file: file, line: line)
        XCTAssertEqual(
            next.cacheHits?.hits, nextAfterOne.cacheHits?.hits, "cache hits differ: \(context())", file: file,
            line: line)
        XCTAssertEqual(
            next.layoutUnparsed, nextAfterOne.layoutUnparsed, "layout use differs: \(context())", file: file, line: line
        )
        return pieces.pieces
    }

    /// An entry whose quoted title runs over lines that start like list items at `indent`.
    private static func dashInQuotes(_ n: Int, indent: Int) -> String {
        let i = String(repeating: " ", count: indent)
        return "\(i)- path: /p/\(n)\n\(i)  title: \"Quoted\n\(i)- path: /q/\(n)\"\n"
    }

    func testRandomCatalogsReadInPiecesAsByOneParser() {
        var generator = SeededGenerator(seed: 0x9E5E)
        var cut = 0
        var eligible = 0
        var readings = 0
        let tails =
            CatalogLayoutTests.tails + ["routes:\n  - {path: /r/1}\n  - {path: /r/2}\n", "extra:\n  - a\n  - b\n"]
        for catalogIndex in 0..<160 {
            let indentless = catalogIndex % 3 == 0
            let indent = indentless ? 0 : 2
            let clean = catalogIndex % 4 != 3
            let entries = (0..<Int.random(in: 1...40, using: &generator)).map { n -> String in
                let roll = Int.random(in: 0..<100, using: &generator)
                if clean || roll < 80 {
                    return CatalogLayoutTests.entry(
                        n, style: [0, 1, 2, 3, 4, 5, 6, 7, 8, 10].randomElement(using: &generator)!, indent: indent)
                }
                return roll < 85
                    ? Self.dashInQuotes(n, indent: indent)
                    : CatalogLayoutTests.entry(n, style: Int.random(in: 0..<14, using: &generator), indent: indent)
            }
            let tail = tails.randomElement(using: &generator)!
            let text =
                CatalogLayoutTests.head(title: "Week \(catalogIndex)", indentless: indentless) + entries.joined() + tail
            let pieceBytes = Int.random(in: 30...300, using: &generator)
            readings += 1
            let pieces = check(
                text, pieceBytes: pieceBytes, "catalog \(catalogIndex), pieces of \(pieceBytes) bytes:\n\(text)")
            // Pieces are possible where nothing rules cutting out and the list is long enough.
            let plain = plainReading(text)
            let ruledOut =
                text.contains("&a") || text.contains("\r") || text.contains("\n---") || text.contains("Quoted\n")
                || plain.diagnostics.diagnostics.contains { $0.message.hasPrefix("YAML syntax") }
            // Two pieces need a list (and what follows) of two pieces' length, and an item
            // starting a piece's length after the first.
            if !ruledOut, (entries.joined() + tail).utf8.count >= 2 * pieceBytes,
                entries.dropLast().joined().utf8.count >= pieceBytes
            {
                eligible += 1
                if let pieces, pieces > 1 { cut += 1 }
            }
        }
        XCTAssertGreaterThan(eligible, readings / 3)
        XCTAssertEqual(cut, eligible, "pieces were used in \(cut) of \(eligible) readings that allowed them")
    }

    /// The pieces start at item lines, end the list where a less indented line starts, and a
    /// list too short for two pieces, or whose text has an anchor, is read by one parser.
    func testPiecesStartAtItemsAndOnlyWhereTheTextAllows() throws {
        let entries = (1...12).map { CatalogLayoutTests.entry($0, style: 0, indent: 2) }.joined()
        let text = CatalogLayoutTests.head(title: "Pieces", indentless: false) + entries + "extra: 1\n"
        let bytes = Array(text.utf8)
        let listByte = try XCTUnwrap(
            text.utf8.firstIndex(of: UInt8(ascii: "-")).map { text.utf8.distance(from: text.utf8.startIndex, to: $0) })
        let headLines = CatalogLayoutTests.head(title: "Pieces", indentless: false).split(
            separator: "\n", omittingEmptySubsequences: false
        ).count
        try bytes.withUnsafeBufferPointer { buffer in
            let list = CatalogReader.ListStart(line: headLines, column: 3, byte: listByte)
            let pieces = try XCTUnwrap(CatalogReader.listPieces(in: buffer, list: list, pieceBytes: 100))
            XCTAssertEqual(pieces.items, 12)
            XCTAssertGreaterThan(pieces.starts.count, 3)
            XCTAssertEqual(pieces.starts[0].byte, listByte)
            for start in pieces.starts.dropFirst() {
                // At the start of a line whose first character is the list's dash at column 3.
                XCTAssertEqual(buffer[start.byte - 1], UInt8(ascii: "\n"))
                XCTAssertEqual(Array(buffer[start.byte..<start.byte + 4]), Array("  - ".utf8))
                XCTAssertEqual(start.line, bytes[..<start.byte].filter { $0 == UInt8(ascii: "\n") }.count + 1)
            }
            // The last piece is the list's last item and what follows it: the piece before it
            // holds items only (which the fast path can read).
            let lastItem = try XCTUnwrap(text.range(of: "  - path: /p/12\n")).lowerBound
            XCTAssertEqual(pieces.starts.last?.byte, text.utf8.distance(from: text.startIndex, to: lastItem))
            XCTAssertNil(
                CatalogReader.listPieces(in: buffer, list: list, pieceBytes: bytes.count), "too short for two pieces")
        }
        let anchored = Array((text + "more: &x 1\n").utf8)
        anchored.withUnsafeBufferPointer { buffer in
            let list = CatalogReader.ListStart(line: headLines, column: 3, byte: listByte)
            // An anchor after the list is the last piece's business; a directive is not.
            XCTAssertNotNil(CatalogReader.listPieces(in: buffer, list: list, pieceBytes: 100))
        }
        let directive = Array((text + "%TAG ! tag:x\n").utf8)
        directive.withUnsafeBufferPointer { buffer in
            XCTAssertNil(
                CatalogReader.listPieces(
                    in: buffer, list: CatalogReader.ListStart(line: headLines, column: 3, byte: listByte),
                    pieceBytes: 100))
        }
    }

    /// A link's error in a later piece is reported at its line and column in the file, once.
    func testAnErrorInALaterPieceKeepsItsPosition() throws {
        var entries = (1...30).map { CatalogLayoutTests.entry($0, style: 0, indent: 2) }
        entries[25] = "  - path: /p/26\n    title: Topic 26\n    fallback: nowhere\n"
        let head = CatalogLayoutTests.head(title: "Errors", indentless: false)
        let text = head + entries.joined()
        let reading = firstReading(text, pieceBytes: 120)
        XCTAssertGreaterThan(reading.pieces ?? 0, 3)
        let line = (head + entries[..<25].joined()).split(separator: "\n", omittingEmptySubsequences: false).count + 2
        let errors = reading.diagnostics.diagnostics.filter { $0.severity == .error }
        XCTAssertEqual(errors.count, 1, "\(errors)")
        XCTAssertEqual(errors.first?.location?.line, line)
        XCTAssertEqual(errors.first?.location?.column, 15)
        XCTAssertEqual(reading.diagnostics.sorted, plainReading(text).diagnostics.sorted)
    }

    /// libyaml also breaks lines at NEL, LS and PS, which the pieces' line numbers (counted by LF)
    /// do not: a list holding one is read by one parser, and its later errors keep their lines.
    func testLineBreaksOtherThanLFKeepTheListInOnePiece() {
        for breakCharacter in ["\u{85}", "\u{2028}", "\u{2029}"] {
            var entries = (1...30).map { CatalogLayoutTests.entry($0, style: 0, indent: 2) }
            entries[3] = "  - path: /p/4\n    title: \"Broken\(breakCharacter)title\"\n"
            entries[25] = "  - path: /p/26\n    title: Topic 26\n    fallback: nowhere\n"
            let text = CatalogLayoutTests.head(title: "Breaks", indentless: false) + entries.joined()
            let reading = firstReading(text, pieceBytes: 120)
            XCTAssertNil(reading.pieces, breakCharacter.debugDescription)
            XCTAssertEqual(
                reading.diagnostics.sorted, plainReading(text).diagnostics.sorted, breakCharacter.debugDescription)
            XCTAssertEqual(reading.diagnostics.diagnostics.count { $0.severity == .error }, 1)
        }
    }

    /// `check` reads through a read-only setup: with no cache yet it still cuts a long list in
    /// pieces on all cores, as a build's first reading does, reads what the one parser reads,
    /// and writes neither a cache nor a layout.
    func testAReadOnlyReadingWithNoCacheReadsInPiecesAndWritesNothing() {
        let entries = (1...30).map { CatalogLayoutTests.entry($0, style: $0 % 4, indent: 2) }
        let text = CatalogLayoutTests.head(title: "Check", indentless: false) + entries.joined() + "extra: 1\n"
        var loader = CatalogLoader(knownTemplates: ["interstitial", "redirect"])
        loader.linkCache = LinkCache.Setup(
            url: cacheURL, version: "test", secret: Array(repeating: 9, count: 32), readOnly: true)
        loader.pieceBytes = 120
        let reading = loader.read(yaml: text, displayPath: "site-config.yml", baseURL: folder)
        reading.cacheWrite?.wait()
        XCTAssertGreaterThan(reading.pieces ?? 0, 3)
        XCTAssertEqual(reading.catalog, plainReading(text).catalog)
        XCTAssertEqual(reading.diagnostics.sorted, plainReading(text).diagnostics.sorted)
        XCTAssertFalse(FileManager.default.fileExists(atPath: cacheURL.path))
        XCTAssertFalse(FileManager.default.fileExists(atPath: layoutURL.path))
    }
}
