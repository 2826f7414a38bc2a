import Foundation
import TrampolineTestSupport
import XCTest

@testable import TrampolineCatalog

/// The fast path of a first reading (`YAML/YAMLSimpleList.swift`) against libyaml
/// (`CatalogReader.libYAMLPiece`): wherever it reads a piece of a list, every entry's tree, every
/// position in it and every entry's span are libyaml's; it reads the plain shapes catalogs are
/// written in (the benchmark's two among them), and leaves the rest to libyaml.
final class YAMLSimpleListTests: XCTestCase {
    /// An entry in the shapes the fast path reads: the benchmark's (`Benchmarks/gen.py`) and
    /// their neighbours.
    static func plainEntry(_ n: Int, style: Int, indent: Int) -> String {
        let i = String(repeating: " ", count: indent)
        let body = i + "  "
        switch style % 8 {
        case 0:
            return """
                \(i)- path: /p/\(n)
                \(body)deep_link: marry://p?id=\(n)
                \(body)title: "Café \(n) — spring edition"
                \(body)description: |
                \(body)  Spring **sale** on item \(n), up to 20 percent off.
                \(body)web_url: https://example.com/p/\(n)
                \(body)campaign: {utm_source: instagram, utm_campaign: c\(n)}

                """
        case 1:
            return """
                \(i)- path: /p/\(n)
                \(body)title: "東京 guide \(n) · Ünïcödé 😀"
                \(body)description: |
                \(body)  Hand-picked vendors near you: ½ price on `\(n)` items.

                \(body)  Limited to the first 100 couples.


                \(body)image: https://go.example.com/i/\(n).png

                """
        case 2:
            return """
                \(i)- path: /p/\(n)
                \(body)title: 'It''s #\(n): [a] {b}'
                \(body)description: |
                \(body)  Everything for the **big day**, item \(n).

                \(body)  - venue and catering
                \(body)    - photographer, "the best"
                \(body)tags: [one, two words,  three ]

                """
        case 3:
            return
                "\(i)-   path: /p/\(n)\n\(i)    title: Plain yes, a#b, [x] \(n):x   \n\(i)    fallback_delay_ms: 1_500\n"
        case 4:
            return "\(i)- path: /p/\(n)\n\(body)campaign: {}\n\(body)deferred: []\n\(body)options: {a: 1, b c: d e }\n"
        case 5:
            return
                "\(i)- path: /p/\(n)\n\(body)description: |\n\(body)     Indented more\n\(body)       and more, \(n)\n\(body)title: ~\n"
        case 6:
            return
                "\(i)- path: /p/\(n)\n\n\(body)title: \"\"\n\(body)web_url: \"https://example.com/p/\(n)?a=1&b=2#top\"\n"
        default:
            return "\(i)- path: /p/\(n)\n\(body)title: Über \(n) — “quoted” ✨\n\(body)forward_query: no\n"
        }
    }

    /// A whole file of `entries` under `links:` and what comes after, with the list's start.
    private static func file(_ entries: [String], indent: Int, tail: String) -> (
        text: [UInt8], list: CatalogReader.ListStart
    ) {
        let head = "links:\n"
        return (
            Array((head + entries.joined() + tail).utf8),
            CatalogReader.ListStart(line: 2, column: indent + 1, byte: head.utf8.count + indent)
        )
    }

    /// A node as text with every position: two nodes read the same when their texts are equal.
    private static func describe(_ node: YAMLNode) -> String {
        let at = "@\(node.line):\(node.column)"
        switch node.kind {
        case .scalar(let text, let plain): return "\(plain ? "P" : "Q")\(text.debugDescription)\(at)"
        case .sequence(let items): return "[" + items.map(describe).joined(separator: ", ") + "]" + at
        case .mapping(let pairs):
            return "{" + pairs.map { describe($0.key) + ": " + describe($0.value) }.joined(separator: ", ") + "}" + at
        }
    }

    private static func describe(_ entries: [(node: YAMLNode, span: LinkBatchChecker.EntrySpan?)]) -> [String] {
        entries.map { entry in
            let span =
                entry.span.map {
                    "\($0.bytes) \($0.line):\($0.column) \($0.lineBreaks.map(String.init) ?? "-") \($0.digest.map { Data($0).base64EncodedString() } ?? "-")"
                } ?? "no span"
            return describe(entry.node) + " " + span
        }
    }

    /// Compares every piece but the last of `text`'s list (the last is libyaml's always: its
    /// parser goes on after the list). Returns how many pieces the fast path read.
    @discardableResult
    private func compare(
        _ text: [UInt8], list: CatalogReader.ListStart, pieceBytes: Int, _ context: @autoclosure () -> String,
        file: StaticString = #filePath, line: UInt = #line
    ) -> (fast: Int, pieces: Int) {
        text.withUnsafeBufferPointer { buffer in
            guard let pieces = CatalogReader.listPieces(in: buffer, list: list, pieceBytes: pieceBytes) else {
                return (0, 0)
            }
            var fast = 0
            for index in pieces.starts.indices.dropLast() {
                let start = pieces.starts[index]
                let end = pieces.starts[index + 1].byte
                guard
                    YAMLSimpleList.items(
                        in: buffer, from: start.byte, to: end, line: start.line, listColumn: list.column) != nil
                else { continue }
                fast += 1
                let read = CatalogReader.parsePiece(index, of: pieces, list: list, in: buffer)
                let reference = CatalogReader.libYAMLPiece(index, of: pieces, list: list, in: buffer)
                XCTAssertNotNil(
                    reference,
                    "the fast path read a piece libyaml does not: \(context())\npiece \(index):\n\(String(decoding: buffer[start.byte..<end], as: UTF8.self))",
                    file: file, line: line)
                if let read, let reference {
                    XCTAssertEqual(
                        Self.describe(read.entries), Self.describe(reference.entries),
                        "piece \(index) differs: \(context())", file: file, line: line)
                }
            }
            return (fast, pieces.starts.count - 1)
        }
    }

    func testPlainShapesAreReadAsLibYAMLReadsThem() {
        var generator = SeededGenerator(seed: 0x5117)
        var fast = 0
        var pieces = 0
        for catalogIndex in 0..<60 {
            let indent = catalogIndex % 3 == 0 ? 0 : 2
            let entries = (0..<Int.random(in: 8...40, using: &generator)).map {
                Self.plainEntry($0, style: Int.random(in: 0..<8, using: &generator), indent: indent)
            }
            let (text, list) = Self.file(
                entries, indent: indent, tail: CatalogLayoutTests.tails.randomElement(using: &generator)!)
            let counts = compare(
                text, list: list, pieceBytes: Int.random(in: 100...600, using: &generator),
                "catalog \(catalogIndex):\n\(String(decoding: text, as: UTF8.self))")
            fast += counts.fast
            pieces += counts.pieces
        }
        // Every piece before the last is in the plain shapes, and read by the fast path.
        XCTAssertGreaterThan(pieces, 200)
        XCTAssertEqual(fast, pieces)
    }

    /// The benchmark's catalogs, written by `Benchmarks/gen.py`, are read by the fast path.
    func testTheBenchmarkShapesTakeTheFastPath() {
        for shape in ["rotating", "distinct"] {
            let benchmarks = TestPaths.repository.appendingPathComponent("Benchmarks")
            let out = FileManager.default.temporaryDirectory.appendingPathComponent(
                "simple-list-\(shape)-\(ProcessInfo.processInfo.processIdentifier).yml")
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = [
                "python3", "-c",
                "import sys; sys.path.insert(0, sys.argv[1]); import gen; gen.write_catalog(sys.argv[2], 600, shape=sys.argv[3])",
                benchmarks.path, out.path, shape,
            ]
            XCTAssertNoThrow(try process.run())
            process.waitUntilExit()
            XCTAssertEqual(process.terminationStatus, 0)
            defer { try? FileManager.default.removeItem(at: out) }
            guard let data = try? Data(contentsOf: out) else { return XCTFail("gen.py wrote no catalog") }
            let text = Array(data)
            guard let range = data.range(of: Data("\nlinks:\n".utf8)) else { return XCTFail("no links list") }
            let dash = range.upperBound
            let line = text[..<dash].filter { $0 == UInt8(ascii: "\n") }.count + 1
            let indent = text[dash...].prefix { $0 == UInt8(ascii: " ") }.count
            let list = CatalogReader.ListStart(line: line, column: indent + 1, byte: dash + indent)
            let counts = compare(text, list: list, pieceBytes: 4096, "\(shape) catalog")
            XCTAssertGreaterThan(counts.pieces, 10, shape)
            XCTAssertEqual(counts.fast, counts.pieces, shape)
        }
    }

    /// Random edits of plain catalogs with YAML's significant characters: wherever the fast path
    /// still reads a piece, libyaml reads it the same way.
    func testRandomEditsNeverReadOtherwiseThanLibYAML() {
        var generator = SeededGenerator(seed: 0xED17)
        let inserts = [
            ":", ": ", " #", "#", "-", "- ", "'", "''", "\"", "\\", "|", "|-", ">", "{", "}", "[", "]", ",", ", ",
            "&a ", "*a", "!", "%", "@", "`",
            "?", "\n", "\n\n", " ", "  ", "\t", "\r", "\u{85}", "\u{2028}", "\u{FEFF}", "\u{1}", "é", "😀", "~", "---",
            "...", "a: b", "\n- x", "\n  ", "\n    ",
        ]
        var fastEdits = 0
        var edits = 0
        for catalogIndex in 0..<400 {
            let indent = catalogIndex % 3 == 0 ? 0 : 2
            let entries = (0..<Int.random(in: 6...12, using: &generator)).map {
                Self.plainEntry($0, style: Int.random(in: 0..<8, using: &generator), indent: indent)
            }
            var (text, list) = Self.file(entries, indent: indent, tail: "extra: 1\n")
            for _ in 0..<Int.random(in: 1...3, using: &generator) {
                let at = Int.random(in: list.byte + 1..<text.count, using: &generator)
                // Whole characters only: the catalog is valid UTF-8 by the time it is read.
                guard text[at] & 0xC0 != 0x80 else { continue }
                let insert = Array(inserts.randomElement(using: &generator)!.utf8)
                if Bool.random(using: &generator) {
                    var length = 1
                    while at + length < text.count, text[at + length] & 0xC0 == 0x80 { length += 1 }
                    text.replaceSubrange(at..<at + length, with: insert)
                } else {
                    text.insert(contentsOf: insert, at: at)
                }
            }
            edits += 1
            let counts = compare(
                text, list: list, pieceBytes: 200,
                "edited catalog \(catalogIndex):\n\(String(decoding: text, as: UTF8.self))")
            if counts.fast > 0 { fastEdits += 1 }
        }
        // Most edits leave most pieces plain: the comparison above ran on them.
        XCTAssertGreaterThan(fastEdits, edits / 2)
    }

    /// What the fast path leaves to libyaml, each in a piece of otherwise plain entries.
    func testShapesOutsideThePlainOneAreLeftToLibYAML() {
        let plain = (0..<4).map { Self.plainEntry($0, style: 7, indent: 2) }.joined()
        let outside = [
            "  - path: /a\n    title: Plain\n      continued\n",
            "  - path: /a\n    title: \"Two\n      lines\"\n",
            "  - path: /a\n    title: \"Escaped \\\" quote\"\n",
            "  - path: /a\n    title: Commented # here\n",
            "  - path: /a\n    # a comment line\n    title: x\n",
            "  - path: /a\n    title: &t Anchored\n",
            "  - path: /a\n    title: !!str Tagged\n",
            "  - path: /a\n    description: |-\n      Stripped\n",
            "  - path: /a\n    description: >\n      Folded\n",
            "  - path: /a\n    description: |\n\n      After an empty line\n",
            "  - path: /a\n    options:\n      fallback: web\n",
            "  - path: /a\n    deferred:\n      - clipboard\n",
            "  - path: /a\n    campaign: {utm_source: \"quoted\"}\n",
            "  - path: /a\n    campaign: {a: {b: c}}\n",
            "  - path: /a\n    title:\n",
            "  - {path: /a, title: Flow}\n",
            "  - path: /a\n    title: x\t\n",
            "  - path: /a\n    \"quoted key\": x\n",
            "  - /a\n",
        ]
        for (index, entry) in outside.enumerated() {
            let (text, list) = Self.file([plain, entry, plain], indent: 2, tail: "")
            text.withUnsafeBufferPointer { buffer in
                let entryStart = plain.utf8.count + 7
                let end = entryStart + entry.utf8.count
                XCTAssertNil(
                    YAMLSimpleList.items(in: buffer, from: entryStart, to: end, line: 1, listColumn: list.column),
                    "shape \(index):\n\(entry)")
                XCTAssertNotNil(
                    YAMLSimpleList.items(in: buffer, from: list.byte, to: entryStart, line: 2, listColumn: list.column),
                    "the plain entries before shape \(index)")
            }
        }
    }
}
