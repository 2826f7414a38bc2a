import Foundation
import TrampolineTestSupport
import XCTest

@testable import TrampolineModel

/// The byte search used for markers on every link (``StringProtocol/containsBytes(_:)``) finds
/// what a search of the UTF-8 bytes finds, in strings and substrings, at every position.
final class ContainsBytesTests: XCTestCase {
    func testItFindsWhatASearchOfTheBytesFinds() {
        let pieces = ["a", ".", "..", "tl_t", "tl_", "_t", "%", "é", "東", "😀", "?", "&", "="]
        let needles = ["..", "tl_t", "%", "é", "a.", "", "tl_t=1", "😀."]
        var generator = SeededGenerator(seed: 11)
        var found = 0
        for _ in 0..<3_000 {
            let text = (0..<Int.random(in: 0...8, using: &generator)).map { _ in
                pieces.randomElement(using: &generator)!
            }.joined()
            let drop = Int.random(in: 0...2, using: &generator)
            let substring = text.dropFirst(min(drop, text.count))
            for needle in needles {
                let expected = needle.isEmpty || Self.bytes(Array(text.utf8), contain: Array(needle.utf8))
                XCTAssertEqual(text.containsBytes(needle), expected, "\(text.debugDescription) \(needle)")
                XCTAssertEqual(
                    substring.containsBytes(needle),
                    needle.isEmpty || Self.bytes(Array(substring.utf8), contain: Array(needle.utf8)),
                    "\(substring.debugDescription) \(needle)")
                if expected && !needle.isEmpty { found += 1 }
            }
        }
        XCTAssertGreaterThan(found, 1_000, "the texts should hold the needles often")
    }

    private static func bytes(_ haystack: [UInt8], contain needle: [UInt8]) -> Bool {
        guard haystack.count >= needle.count else { return false }
        return (0...(haystack.count - needle.count)).contains { Array(haystack[$0..<($0 + needle.count)]) == needle }
    }
}
