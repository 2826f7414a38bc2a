import TrampolineTestSupport
import XCTest

@testable import TrampolineSite

/// The description's plain text made byte by byte (``MarkdownRenderer/plainTextBytes(from:allocator:)``,
/// the fast path) must be exactly what the scalar-by-scalar path makes
/// (``MarkdownRenderer/plainText(from:allocator:)``): every kind of white space, ASCII or not,
/// at the ends, between literals and inside them, and text in every UTF-8 length.
final class MarkdownPlainTextTests: XCTestCase {
    private static let pieces = [
        "Spring **sale**", "on *item* 42", "[the details](https://example.com/e/1)", "`code  with  spaces`",
        "- one\n- two\n", "# Heading\n\n", "> quoted\n", "line  \nbreak", "soft\nbreak", "東京", "Ünïcödé", "😀", "№7",
        " ", "  ", "\t", "\u{0B}", "\u{0C}", "\r\n", "\u{85}", "\u{A0}", "\u{2003}", "\u{2028}", "\u{3000}", "\u{FEFF}",
        "\u{200B}", "&nbsp;", "&#x2003;", "&#133;", "\\ ", "<b>raw</b>", "![img](https://example.com/a.png \"t\")",
    ]

    func testTheFastPathGivesWhatTheScalarPathGives() {
        var generator = SeededGenerator(seed: 7)
        var documents = Self.pieces
        for _ in 0..<3_000 {
            let count = Int.random(in: 1...10, using: &generator)
            documents.append(
                (0..<count).map { _ in Self.pieces.randomElement(using: &generator)! }.joined(
                    separator: ["", " ", "\n", "\n\n"].randomElement(using: &generator)!))
        }
        documents += ["", "   ", "\u{3000}\u{A0}", String(repeating: "word\u{2003}", count: 5_000)]
        var nonASCIISpaces = 0
        for document in documents {
            let expected = MarkdownRenderer.plainText(from: document, allocator: .system)
            XCTAssertEqual(
                String(
                    decoding: MarkdownRenderer.plainTextBytes(from: Array(document.utf8), allocator: .system),
                    as: UTF8.self), expected, document.debugDescription)
            XCTAssertEqual(MarkdownRenderer.plainText(from: document), expected, document.debugDescription)
            if document.unicodeScalars.contains(where: { !$0.isASCII && $0.properties.isWhitespace }) {
                nonASCIISpaces += 1
            }
        }
        // The comparison is worth something only if the documents hold what the fast path decodes.
        XCTAssertGreaterThan(nonASCIISpaces, 1_000)
    }

    func testRunsOfWhiteSpaceBecomeOneSpaceAndNoneAtTheEnds() {
        XCTAssertEqual(
            MarkdownRenderer.plainText(from: "\u{3000} *Hello*\u{2003}\u{2003} `a\tb`\n\nnext\u{A0}"), "Hello a b next")
        XCTAssertEqual(MarkdownRenderer.plainText(from: "東京\u{85}😀"), "東京 😀")
        XCTAssertEqual(
            MarkdownRenderer.plainText(from: "\u{200B}x"), "\u{200B}x", "a zero-width space is not white space")
    }
}
