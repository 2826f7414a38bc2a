import Foundation
import XCTest

@testable import TrampolineQR

/// Capacities, version choice, the too-long error and the SVG.
final class QRCodeTests: XCTestCase {
    /// Byte-mode capacities from ISO/IEC 18004 table 7.
    func testByteCapacitiesMatchTheStandard() {
        let expected: [(Int, QRErrorCorrection, Int)] = [
            (1, .low, 17), (1, .medium, 14), (1, .quartile, 11), (1, .high, 7),
            (9, .low, 230), (10, .low, 271), (10, .high, 119),
            (20, .medium, 666), (27, .quartile, 805),
            (40, .low, 2953), (40, .medium, 2331), (40, .quartile, 1663), (40, .high, 1273),
        ]
        for (version, level, capacity) in expected {
            XCTAssertEqual(
                QRCode.byteCapacity(version: version, errorCorrection: level), capacity, "\(version)-\(level.rawValue)")
        }
        // Every version's data and error-correction codewords fill it exactly (table 9's totals).
        XCTAssertEqual(QRBlockTable.totalCodewords(version: 1), 26)
        XCTAssertEqual(QRBlockTable.totalCodewords(version: 7), 196)
        XCTAssertEqual(QRBlockTable.totalCodewords(version: 40), 3706)
    }

    func testEachVersionGetsItsOwnLayout() {
        // Layouts are built in two groups (1...9 and 10...40); an index off by one would hand a
        // symbol another version's patterns.
        for version in 1...40 {
            let layout = QRVersionLayout.of(version: version)
            XCTAssertEqual(layout.version, version)
            XCTAssertEqual(layout.size, 17 + 4 * version)
            XCTAssertEqual(layout.base.count, layout.size * layout.size)
        }
    }

    func testTheSmallestVersionThatFitsIsChosen() throws {
        for level in QRErrorCorrection.allCases {
            for version in [1, 9, 10, 26, 39] {
                let capacity = QRCode.byteCapacity(version: version, errorCorrection: level)
                let full = try QRCode(bytes: [UInt8](repeating: 0x61, count: capacity), errorCorrection: level)
                XCTAssertEqual(full.version, version)
                XCTAssertEqual(full.size, 17 + 4 * version)
                let over = try QRCode(bytes: [UInt8](repeating: 0x61, count: capacity + 1), errorCorrection: level)
                XCTAssertEqual(over.version, version + 1)
            }
        }
    }

    func testTooLongForVersion40IsATypedErrorWithTheCapacity() throws {
        let bytes = [UInt8](repeating: 0x61, count: 2332)
        XCTAssertThrowsError(try QRCode(bytes: bytes, errorCorrection: .medium)) { error in
            XCTAssertEqual(error as? QRCodeError, .tooLong(byteCount: 2332, errorCorrection: .medium, capacity: 2331))
            XCTAssertEqual(
                "\(error)",
                "2332 bytes is too long for a QR code: version 40 at error correction M holds at most 2331 bytes")
        }
        XCTAssertEqual(try QRCode(bytes: bytes, errorCorrection: .low).version, 36)
        XCTAssertThrowsError(try QRCode(text: "x", mask: 8)) { error in
            XCTAssertEqual(error as? QRCodeError, .invalidMask(8))
        }
    }

    /// The fixed patterns sit where the standard puts them, and format information decodes back to
    /// the level and mask used.
    func testFunctionPatternsAndFormatInformation() throws {
        let code = try QRCode(text: "https://go.example.com/a", errorCorrection: .quartile)
        let n = code.size
        // Finder corners dark, separators light, timing alternating, the dark module dark.
        for (row, column) in [(0, 0), (0, n - 1), (n - 1, 0), (3, 3), (3, n - 4), (n - 4, 3)] {
            XCTAssertTrue(code.isDark(row: row, column: column))
        }
        for i in 0..<8 { XCTAssertFalse(code.isDark(row: 7, column: i)) }
        for i in 8..<(n - 8) {
            XCTAssertEqual(code.isDark(row: 6, column: i), i % 2 == 0)
            XCTAssertEqual(code.isDark(row: i, column: 6), i % 2 == 0)
        }
        XCTAssertTrue(code.isDark(row: n - 8, column: 8))
        var read = 0
        for i in 0..<8 where code.isDark(row: 8, column: n - 1 - i) { read |= 1 << i }
        for i in 8..<15 where code.isDark(row: n - 15 + i, column: 8) { read |= 1 << i }
        XCTAssertEqual(read, QRInformationBits.format(level: .quartile, mask: code.mask))
    }

    func testForcedMasksDifferOnlyInDataModules() throws {
        let codes = try (0..<8).map { try QRCode(text: "hello", errorCorrection: .low, mask: $0) }
        XCTAssertEqual(Set(codes.map(\.mask)), Set(0..<8))
        XCTAssertEqual(Set(codes.map(\.modules)).count, 8)
        let chosen = try QRCode(text: "hello", errorCorrection: .low)
        XCTAssertEqual(chosen, codes[chosen.mask])
    }

    func testSVGIsCompactAndDeterministic() throws {
        let code = try QRCode(text: "https://go.example.com/ü")
        let svg = code.svg()
        XCTAssertEqual(svg, try QRCode(text: "https://go.example.com/ü").svg())
        let side = code.size + 8
        XCTAssertTrue(
            svg.hasPrefix(
                "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 \(side) \(side)\" width=\"\(side * 4)\" height=\"\(side * 4)\" shape-rendering=\"crispEdges\">"
            ), svg)
        XCTAssertEqual(svg.components(separatedBy: "<path").count, 2)
        // The top row of the top-left finder is one run of 7 just inside the quiet zone, stroked
        // along the middle of its row; the next run starts relative to its end.
        XCTAssertTrue(svg.contains("<path stroke=\"#000\" d=\"M4 4.5h7m"), svg)
        XCTAssertTrue(svg.hasSuffix("\"/></svg>\n"))
        // Dark modules drawn = dark modules in the matrix.
        var drawn = 0
        let path = try XCTUnwrap(svg.components(separatedBy: " d=\"").last)
        for part in path.split(separator: "h").dropFirst() {
            drawn += Int(part.prefix(while: \.isNumber)) ?? 0
        }
        XCTAssertEqual(drawn, code.modules.reduce(0) { $0 + Int($1) })
    }

    func testTheSVGPathDrawsExactlyTheDarkModules() throws {
        // Every version, so rows of one, two and three 64-column words (the SVG finds runs a
        // word at a time), and runs that cross a word's end.
        var generator = SystemRandomNumberGenerator()
        for version in 1...40 {
            let capacity = QRCode.byteCapacity(version: version, errorCorrection: .low)
            let bytes = (0..<capacity).map { _ in UInt8.random(in: 0...255, using: &generator) }
            let code = try QRCode(bytes: bytes, errorCorrection: .low)
            XCTAssertEqual(code.version, version)
            XCTAssertEqual(try Self.modulesDrawn(by: code.svg(), size: code.size), code.modules, "version \(version)")
        }
    }

    private enum PathError: Error { case unexpected(String) }

    /// Reads the path back: `M x y.5h len` starts a row's first run, `m gap 0h len` the next.
    private static func modulesDrawn(by svg: String, size: Int) throws -> [UInt8] {
        var modules = [UInt8](repeating: 0, count: size * size)
        let path = try XCTUnwrap(svg.components(separatedBy: " d=\"").last?.split(separator: "\"").first)
        var x = 0
        var y = 0
        var rest = Substring(path)
        func number() throws -> Int {
            let digits = rest.prefix(while: \.isNumber)
            rest = rest.dropFirst(digits.count)
            return try XCTUnwrap(Int(digits), String(rest.prefix(20)))
        }
        func expect(_ text: String) throws {
            guard rest.hasPrefix(text) else { throw PathError.unexpected("expected \(text) at \(rest.prefix(20))") }
            rest = rest.dropFirst(text.count)
        }
        while !rest.isEmpty {
            if rest.hasPrefix("M") {
                try expect("M")
                x = try number() - QRCode.quietZone
                try expect(" ")
                y = try number() - QRCode.quietZone
                try expect(".5h")
            } else {
                try expect("m")
                x += try number()
                try expect(" 0h")
            }
            let length = try number()
            XCTAssertGreaterThan(length, 0)
            for column in x..<(x + length) {
                XCTAssertEqual(modules[y * size + column], 0, "drawn twice")
                modules[y * size + column] = 1
            }
            x += length
        }
        return modules
    }
}

/// The word-at-a-time scorer (versions 1–9) and the byte scorer (all versions) agree.
final class PenaltyTests: XCTestCase {
    func testBitAndBytePenaltiesAgreeOnRandomMatrices() {
        var generator = SystemRandomNumberGenerator()
        for size in stride(from: 21, through: QRBitPenalty.maxSize, by: 4) {
            for density in [2, 3, 5] {
                for _ in 0..<40 {
                    // Sparse and dense matrices too, so long runs and finder-like patterns occur.
                    let m = (0..<(size * size)).map { _ in
                        UInt8(Int.random(in: 0..<density, using: &generator) == 0 ? 1 : 0)
                    }
                    var scratch = QRPenalty.Scratch(size: size)
                    let bytes = QRPenalty.score(m, size: size, scratch: &scratch)
                    let (rows, columns) = QRBitPenalty.words(of: m, size: size)
                    let bits = rows.withUnsafeBufferPointer { r in
                        columns.withUnsafeBufferPointer { c in QRBitPenalty.score(rows: r, columns: c, size: size) }
                    }
                    XCTAssertEqual(bits, bytes, "size \(size)")
                }
            }
        }
    }

    /// A score given a limit is the full score when that is below the limit, and at least the
    /// limit otherwise: what lets the mask choice stop scoring a mask that cannot win.
    func testAScoreStoppedAtALimitNeverHidesALowerScore() {
        var generator = SystemRandomNumberGenerator()
        for size in stride(from: 21, through: QRBitPenalty.maxSize, by: 8) {
            for _ in 0..<60 {
                let m = (0..<(size * size)).map { _ in UInt8(Int.random(in: 0..<3, using: &generator) == 0 ? 1 : 0) }
                let (rows, columns) = QRBitPenalty.words(of: m, size: size)
                rows.withUnsafeBufferPointer { r in
                    columns.withUnsafeBufferPointer { c in
                        let full = QRBitPenalty.score(rows: r, columns: c, size: size)
                        for limit in [full / 2, full - 1, full, full + 1, Int.max] {
                            let limited = QRBitPenalty.score(rows: r, columns: c, size: size, limit: limit)
                            if full < limit {
                                XCTAssertEqual(limited, full, "size \(size), limit \(limit)")
                            } else {
                                XCTAssertGreaterThanOrEqual(limited, limit, "size \(size), limit \(limit)")
                                XCTAssertLessThanOrEqual(limited, full, "size \(size), limit \(limit)")
                            }
                        }
                    }
                }
            }
        }
    }

    /// The words gathered and transposed are those of setting each module's bit in its row and
    /// its column, on random matrices of every size the words hold.
    func testWordsAreTheModulesOfEachRowAndColumn() {
        var generator = SystemRandomNumberGenerator()
        for size in 1...QRBitPenalty.maxSize {
            for _ in 0..<20 {
                let m = (0..<(size * size)).map { _ in UInt8(Int.random(in: 0..<2, using: &generator)) }
                var rows = [UInt64](repeating: 0, count: size)
                var columns = [UInt64](repeating: 0, count: size)
                for y in 0..<size {
                    for x in 0..<size {
                        rows[y] |= UInt64(m[y * size + x]) << UInt64(x + QRBitPenalty.padding)
                        columns[x] |= UInt64(m[y * size + x]) << UInt64(y + QRBitPenalty.padding)
                    }
                }
                let words = QRBitPenalty.words(of: m, size: size)
                XCTAssertEqual(words.rows, rows, "size \(size)")
                XCTAssertEqual(words.columns, columns, "size \(size)")
            }
        }
    }

    /// Hand-counted lines: a run of 7 costs 5; 1011101 with four light modules after costs 40 once.
    func testRulesOneAndThreeOnKnownLines() {
        let run: [UInt8] = [1, 1, 1, 1, 1, 1, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1]
        XCTAssertEqual(run.withUnsafeBufferPointer(QRPenalty.runs), 5)
        let finder: [UInt8] = [0, 1, 0, 1, 1, 1, 0, 1, 0, 0, 0, 0, 1, 0, 1, 0, 1, 1, 0, 1, 1]
        XCTAssertEqual(finder.withUnsafeBufferPointer(QRPenalty.finderLike), 40)
        var word: UInt64 = 0
        for (x, bit) in finder.enumerated() { word |= UInt64(bit) << UInt64(x + 4) }
        XCTAssertEqual(QRBitPenalty.finderLike(word, size: finder.count), 40)
        // At the symbol's edge the quiet zone is the light area.
        let edge: [UInt8] = [1, 0, 1, 1, 1, 0, 1, 1, 0, 1, 1, 0, 1, 1, 0, 1, 1, 0, 1, 1, 0]
        XCTAssertEqual(edge.withUnsafeBufferPointer(QRPenalty.finderLike), 40)
    }
}
