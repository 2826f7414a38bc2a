import XCTest

@testable import TrampolineModel

/// ``Hex/word(_:)`` reads ids from the files a build wrote; a wrong verdict would take a sealed
/// entry for another link's, or refuse a record that is sound.
final class HexTests: XCTestCase {
    /// Every byte at every position of a 16-digit word: a hex digit of either case reads as
    /// Swift's own radix-16 parse says, anything else makes the whole word nil.
    func testEveryByteAtEveryPositionReadsAsARadix16Parse() {
        let base = Array("0123456789abcDEF".utf8)
        for position in 0..<16 {
            for byte in 0...255 {
                var digits = base
                digits[position] = UInt8(byte)
                let text = String(decoding: digits, as: UTF8.self)
                let isDigit = "0123456789abcdefABCDEF".utf8.contains(UInt8(byte))
                // UInt64(_:radix:) also takes a leading sign, which a word never has.
                let expected = isDigit ? UInt64(text, radix: 16) : nil
                let word = digits.withUnsafeBufferPointer { Hex.word($0) }
                XCTAssertEqual(word, expected, "byte \(byte) at \(position)")
            }
        }
    }

    func testOnlySixteenDigitsMakeAWord() {
        for count in [0, 1, 15, 17, 32] {
            let digits = [UInt8](repeating: UInt8(ascii: "f"), count: count)
            XCTAssertNil(digits.withUnsafeBufferPointer { Hex.word($0) }, "\(count) digits")
        }
        let all = Array("ffffffffffffffff".utf8)
        XCTAssertEqual(all.withUnsafeBufferPointer { Hex.word($0) }, UInt64.max)
    }

    /// ``Hex/append(word:to:)`` and ``Hex/word(_:)`` are each other's inverse.
    func testWrittenWordsReadBack() {
        var generator = SystemRandomNumberGenerator()
        for word in [0, 1, UInt64.max, 0x0123_4567_89ab_cdef] + (0..<1_000).map({ _ in generator.next() }) {
            var digits: [UInt8] = []
            Hex.append(word: word, to: &digits)
            XCTAssertEqual(digits.withUnsafeBufferPointer { Hex.word($0) }, word)
        }
    }
}
