@testable import TrampolineQR
import XCTest

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
        let data: [UInt8] = [0x10, 0x20, 0x0C, 0x56, 0x61, 0x80, 0xEC, 0x11, 0xEC, 0x11, 0xEC, 0x11, 0xEC, 0x11, 0xEC, 0x11]
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

    func testFieldTables() {
        XCTAssertEqual(GaloisField.exp[8], 0x1D)
        XCTAssertEqual(GaloisField.multiply(0x80, 2), 0x1D)
        for a in 1...255 {
            XCTAssertEqual(GaloisField.exp[GaloisField.log[a]], UInt8(a))
        }
    }
}
