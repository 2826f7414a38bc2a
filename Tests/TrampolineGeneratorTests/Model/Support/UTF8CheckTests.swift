import TrampolineTestSupport
import XCTest

@testable import TrampolineModel

/// ``UTF8Check`` is the fast path of `String(validating:)`: for every input it must give the same
/// answer. Held to it on hand-picked edge cases (overlong forms, surrogates, code points past
/// U+10FFFF, truncated and stray continuation bytes, at every offset against the eight-byte ASCII
/// stride) and on random byte strings weighted towards almost-valid UTF-8.
final class UTF8CheckTests: XCTestCase {
    private func plain(_ bytes: [UInt8]) -> Bool {
        String(validating: bytes, as: UTF8.self) != nil
    }

    private func fast(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer(UTF8Check.isValid)
    }

    func testEdgeCasesAgreeAtEveryOffset() {
        let cases: [[UInt8]] = [
            [], [0x41], [0x7F], [0x80], [0xBF], [0xC0, 0x80], [0xC1, 0xBF], [0xC2, 0x80], [0xDF, 0xBF],
            [0xE0, 0x80, 0x80], [0xE0, 0x9F, 0xBF], [0xE0, 0xA0, 0x80], [0xED, 0x9F, 0xBF], [0xED, 0xA0, 0x80],
            [0xED, 0xBF, 0xBF], [0xEF, 0xBF, 0xBF], [0xF0, 0x8F, 0xBF, 0xBF], [0xF0, 0x90, 0x80, 0x80],
            [0xF4, 0x8F, 0xBF, 0xBF], [0xF4, 0x90, 0x80, 0x80], [0xF5, 0x80, 0x80, 0x80], [0xFF], [0xFE],
            [0xC2], [0xE2, 0x82], [0xF0, 0x9F, 0x98], [0xE2, 0x82, 0xAC, 0x80], [0xC2, 0x41],
            Array("café 東京 😀".utf8), Array("\u{FEFF}x".utf8),
        ]
        for bytes in cases {
            for offset in 0..<17 {
                for tail in [[], [UInt8(ascii: "a")], Array("0123456789abcdef".utf8)] {
                    let input = [UInt8](repeating: UInt8(ascii: " "), count: offset) + bytes + tail
                    XCTAssertEqual(fast(input), plain(input), "\(input)")
                }
            }
        }
    }

    func testRandomBytesAgree() {
        var generator = SeededGenerator(seed: 0x5EED)
        // Pieces that make almost-valid text when strung together at random.
        let pieces: [[UInt8]] = [
            Array("links:\n  - path: /p/1\n".utf8), Array("é".utf8), Array("東".utf8), Array("😀".utf8),
            [0x80], [0xC3], [0xE6, 0x9D], [0xF0, 0x9F], [0xED, 0xA0, 0x80], [0xC0, 0xAF], [0xF4, 0x90, 0x80, 0x80],
            [0xFF],
        ]
        var valid = 0
        for round in 0..<20_000 {
            var input: [UInt8] = []
            for _ in 0..<Int(generator.next() % 12) {
                if generator.next() % 4 == 0 {
                    input.append(UInt8(truncatingIfNeeded: generator.next()))
                } else {
                    input += pieces[Int(generator.next() % UInt64(pieces.count))]
                }
            }
            let expected = plain(input)
            if expected { valid += 1 }
            XCTAssertEqual(fast(input), expected, "round \(round): \(input)")
        }
        XCTAssertGreaterThan(valid, 2_000, "enough valid inputs that a validator rejecting everything fails")
        XCTAssertLessThan(valid, 18_000, "enough invalid ones that one accepting everything fails")
    }
}
