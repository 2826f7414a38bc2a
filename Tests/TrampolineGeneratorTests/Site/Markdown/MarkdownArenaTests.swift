import Foundation
import TrampolineTestSupport
import XCTest

@testable import TrampolineModel
@testable import TrampolineSite

/// cmark's memory from a thread's arena (``MarkdownRenderer/Arena``, the fast path) must give
/// exactly what cmark's own allocator gives: the same HTML and plain text for every document,
/// small or past the arena's blocks, one after another on a thread (the arena reused) and on
/// many threads at once (one arena each).
final class MarkdownArenaTests: XCTestCase {
    private static let fragments = [
        "Spring **sale** on item 42, up to 20 percent off.", "*Marry* — see [the details](https://example.com/e/1).",
        "- venue and catering\n- photographer\n", "1. one\n2. two\n   - nested\n", "`inline code` and ``two `ticks` ``",
        "![photo](https://example.com/a.png) ![bad](javascript:alert(1)) ![data](data:image/png;base64,AAAA)",
        "<script>alert(1)</script> <b>raw</b>", "# Heading\n\nText under it.", "> quoted\n> > deeper\n",
        "```swift\nlet x = 1\n```\n", "&amp; &copy; &#x1F600; &unknown;", "東京 guide · Ünïcödé 😀 №7",
        "line one  \nline two\\\nline three", "[ref]\n\n[ref]: https://example.com/r \"title\"", "***\n---\n",
        "<https://auto.example.com/link>", "a_b_c *a*b* **a**b** _", "    indented code\n",
    ]

    private func documents() -> [[UInt8]] {
        var generator = SeededGenerator(seed: 42)
        var documents = Self.fragments.map { Array($0.utf8) }
        for _ in 0..<1_500 {
            let count = Int.random(in: 1...12, using: &generator)
            let text = (0..<count).map { _ in Self.fragments.randomElement(using: &generator)! }.joined(
                separator: ["\n\n", " ", "\n"].randomElement(using: &generator)!)
            documents.append(Array(text.utf8))
        }
        // Past a block (256 KB) and the large-allocation size, one long line (its buffer grows
        // by realloc), deep nesting (many nodes), invalid UTF-8, and nothing.
        documents.append(Array(Self.fragments.joined(separator: "\n\n").utf8).repeated(60))
        documents.append(Array(String(repeating: "word *em* ", count: 40_000).utf8))
        documents.append(Array((String(repeating: "> ", count: 500) + "deep").utf8))
        documents.append([0x61, 0xFF, 0xFE, 0x62, 0xC3, 0x28, 0x0A, 0x2A, 0x78, 0x2A])
        documents.append([])
        return documents
    }

    func testTheArenaGivesWhatCmarksOwnAllocatorGives() {
        for document in documents() {
            let text = String(decoding: document, as: UTF8.self)
            XCTAssertEqual(
                MarkdownRenderer.html(from: document, allocator: .arena),
                MarkdownRenderer.html(from: document, allocator: .system), text.prefix(80).description)
            // The bytes path is the one pages use; the String one is its plain reference.
            XCTAssertEqual(
                MarkdownRenderer.plainTextBytes(from: document, allocator: .arena),
                MarkdownRenderer.plainTextBytes(from: document, allocator: .system), text.prefix(80).description)
        }
    }

    func testEveryThreadHasItsOwnArena() {
        let documents = documents()
        let expected = documents.map { MarkdownRenderer.html(from: $0, allocator: .system) }
        let mismatches = ChunkResults<Int>(chunks: 8)
        DispatchQueue.concurrentPerform(iterations: 8) { thread in
            var wrong = 0
            // Each thread in its own order, so the arenas hold different documents at once.
            var generator = SeededGenerator(seed: UInt64(thread))
            for index in documents.indices.shuffled(using: &generator) {
                if MarkdownRenderer.html(from: documents[index], allocator: .arena) != expected[index] { wrong += 1 }
            }
            mismatches.set(thread, [wrong])
        }
        XCTAssertEqual(mismatches.all, [Int](repeating: 0, count: 8))
    }
}

extension Array {
    fileprivate func repeated(_ times: Int) -> [Element] { (0..<times).flatMap { _ in self } }
}
