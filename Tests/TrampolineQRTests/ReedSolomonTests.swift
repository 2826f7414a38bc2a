import XCTest

@testable import TrampolineQR

/// Reed–Solomon over GF(256) against the standard's published values.
final class ReedSolomonTests: XCTestCase {
    /// α exponents of the generator polynomials ISO/IEC 18004 annex A lists (leading x^n omitted).
    func testGeneratorPolynomialsMatchTheStandard() {
        let exponents: [Int: [Int]] = [
            7: [87, 229, 146, 149, 238, 102, 21],
            10: [251, 67, 46, 61, 118, 70, 64, 94, 32, 45],
        ]
        for (degree, expected) in exponents {
            let coefficients = ReedSolomon.generators[degree]
            XCTAssertEqual(coefficients.map { GaloisField.log[Int($0)] }, expected, "degree \(degree)")
        }
        XCTAssertEqual(ReedSolomon.generators[7], [127, 122, 154, 164, 11, 68, 117])
    }

    /// The standard's worked example (annex I): "01234567" at 1-M, whose 16 data codewords get
    /// these 10 error-correction codewords.
    func testTheStandardsExampleAt1M() {
        let data: [UInt8] = [
            0x10, 0x20, 0x0C, 0x56, 0x61, 0x80, 0xEC, 0x11, 0xEC, 0x11, 0xEC, 0x11, 0xEC, 0x11, 0xEC, 0x11,
        ]
        let ecc = ReedSolomon.remainder(of: data[...], degree: 10)
        XCTAssertEqual(ecc, [0xA5, 0x24, 0xD4, 0xC1, 0xED, 0x36, 0xC7, 0x87, 0x2C, 0x55])
    }

    /// Data followed by its codewords is a multiple of the generator: it evaluates to 0 at every root.
    func testCodewordsMakeACodewordWithZeroSyndromes() {
        let data: [UInt8] = Array("https://go.example.com/promo/spring".utf8)
        for degree in [7, 16, 22, 30] {
            let message = data + ReedSolomon.remainder(of: data[...], degree: degree)
            for root in 0..<degree {
                var value: UInt8 = 0
                for byte in message {
                    value = GaloisField.multiply(value, GaloisField.exp[root]) ^ byte
                }
                XCTAssertEqual(value, 0, "degree \(degree), root α^\(root)")
            }
        }
    }

    /// The data codewords (before interleaving) of random byte strings at every level and every
    /// length up to version 12 are those of appending the mode, the count and each byte bit by
    /// bit, then the terminator and the pad codewords (§7.4): the bytes are packed a codeword at
    /// a time.
    func testDataBitsAreTheModeTheCountAndTheBytesBitByBit() {
        var generator = SystemRandomNumberGenerator()
        for level in QRErrorCorrection.allCases {
            for length in 0...QRCode.byteCapacity(version: 12, errorCorrection: level) {
                let bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
                guard
                    let version = (1...40).first(where: {
                        length <= QRCode.byteCapacity(version: $0, errorCorrection: level)
                    })
                else { continue }
                let dataCount = QRBlockTable.dataCodewords(version: version, level: level)
                var bits: [UInt8] = []
                func append(_ value: Int, _ count: Int) {
                    for i in stride(from: count - 1, through: 0, by: -1) { bits.append(UInt8((value >> i) & 1)) }
                }
                append(0b0100, 4)
                append(length, version <= 9 ? 8 : 16)
                for byte in bytes { append(Int(byte), 8) }
                append(0, min(4, dataCount * 8 - bits.count))
                while bits.count % 8 != 0 { bits.append(0) }
                var expected = stride(from: 0, to: bits.count, by: 8).map { i in
                    bits[i..<(i + 8)].reduce(UInt8(0)) { $0 << 1 | $1 }
                }
                var pad: UInt8 = 0xEC
                while expected.count < dataCount {
                    expected.append(pad)
                    pad = pad == 0xEC ? 0x11 : 0xEC
                }
                // The codewords interleave the blocks: undo it by reading each block's data back.
                let codewords = QRCode.codewords(bytes, version: version, level: level)
                XCTAssertEqual(
                    Self.dataCodewords(of: codewords, version: version, level: level), expected,
                    "\(level), \(length) bytes")
            }
        }
    }

    /// The data codewords of an interleaved sequence, block after block (§7.6 undone).
    static func dataCodewords(of codewords: [UInt8], version: Int, level: QRErrorCorrection) -> [UInt8] {
        let row = level.tableIndex
        let blocks = QRBlockTable.blockCount[row][version]
        let ecc = QRBlockTable.eccCodewordsPerBlock[row][version]
        let total = QRBlockTable.totalCodewords(version: version)
        let shortBlocks = blocks - total % blocks
        let shortLength = total / blocks - ecc
        var data = (0..<blocks).map { _ in [UInt8]() }
        var next = 0
        for i in 0...shortLength {
            for b in 0..<blocks where i < shortLength + (b < shortBlocks ? 0 : 1) {
                data[b].append(codewords[next])
                next += 1
            }
        }
        return data.flatMap { $0 }
    }

    /// The table-driven division gives the plain long division's codewords, for every degree a
    /// block uses, on random data of every length up to the longest block.
    func testTheTableDivisionIsTheLongDivision() {
        var generator = SystemRandomNumberGenerator()
        let degrees = Set(QRBlockTable.eccCodewordsPerBlock.joined().filter { $0 > 0 }).sorted()
        XCTAssertEqual(degrees.count, 13)
        for degree in degrees {
            for length in [0, 1, 2, 15, 16, 33, 123] {
                let data = (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
                XCTAssertEqual(
                    ReedSolomon.remainder(of: data[...], degree: degree),
                    ReedSolomon.plainRemainder(of: data[...], degree: degree), "degree \(degree), \(length) bytes")
            }
            let zeros = [UInt8](repeating: 0, count: 20)
            let ones = [UInt8](repeating: 0xFF, count: 20)
            XCTAssertEqual(ReedSolomon.remainder(of: zeros[...], degree: degree), [UInt8](repeating: 0, count: degree))
            XCTAssertEqual(
                ReedSolomon.remainder(of: ones[...], degree: degree),
                ReedSolomon.plainRemainder(of: ones[...], degree: degree))
        }
    }

    func testFieldTables() {
        XCTAssertEqual(GaloisField.exp[8], 0x1D)
        XCTAssertEqual(GaloisField.multiply(0x80, 2), 0x1D)
        for a in 1...255 {
            XCTAssertEqual(GaloisField.exp[GaloisField.log[a]], UInt8(a))
        }
    }
}
