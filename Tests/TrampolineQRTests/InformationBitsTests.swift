import XCTest

@testable import TrampolineQR

/// Format and version information against the standard's tables (ISO/IEC 18004 annexes C and D).
final class InformationBitsTests: XCTestCase {
    /// All 32 format strings, after the 101010000010010 XOR mask, per level, masks 0...7.
    func testAllThirtyTwoFormatStrings() {
        let table: [QRErrorCorrection: [String]] = [
            .low: [
                "111011111000100", "111001011110011", "111110110101010", "111100010011101",
                "110011000101111", "110001100011000", "110110001000001", "110100101110110",
            ],
            .medium: [
                "101010000010010", "101000100100101", "101111001111100", "101101101001011",
                "100010111111001", "100000011001110", "100111110010111", "100101010100000",
            ],
            .quartile: [
                "011010101011111", "011000001101000", "011111100110001", "011101000000110",
                "010010010110100", "010000110000011", "010111011011010", "010101111101101",
            ],
            .high: [
                "001011010001001", "001001110111110", "001110011100111", "001100111010000",
                "000011101100010", "000001001010101", "000110100001100", "000100000111011",
            ],
        ]
        for (level, strings) in table {
            for (mask, expected) in strings.enumerated() {
                XCTAssertEqual(
                    bits(QRInformationBits.format(level: level, mask: mask), 15), expected,
                    "\(level.rawValue) mask \(mask)")
            }
        }
    }

    func testVersionInformation() {
        XCTAssertEqual(bits(QRInformationBits.version(7), 18), "000111110010010100")
        XCTAssertEqual(bits(QRInformationBits.version(8), 18), "001000010110111100")
        XCTAssertEqual(bits(QRInformationBits.version(40), 18), "101000110001101001")
    }

    func testAlignmentCentres() {
        XCTAssertEqual(QRVersionLayout.alignmentCentres(version: 1), [])
        XCTAssertEqual(QRVersionLayout.alignmentCentres(version: 2), [6, 18])
        XCTAssertEqual(QRVersionLayout.alignmentCentres(version: 7), [6, 22, 38])
        XCTAssertEqual(QRVersionLayout.alignmentCentres(version: 32), [6, 34, 60, 86, 112, 138])
        XCTAssertEqual(QRVersionLayout.alignmentCentres(version: 40), [6, 30, 58, 86, 114, 142, 170])
    }

    private func bits(_ value: Int, _ count: Int) -> String {
        String((0..<count).reversed().map { (value >> $0) & 1 == 1 ? "1" : "0" })
    }
}
