/// The standard's error-correction block structure (ISO/IEC 18004 table 9), per level and version:
/// how many blocks the codewords split into and how many error-correction codewords each block gets.
enum QRBlockTable {
    /// Error-correction codewords per block, rows L, M, Q, H; index 0 is unused (versions start at 1).
    static let eccCodewordsPerBlock: [[Int]] = [
        [
            -1, 7, 10, 15, 20, 26, 18, 20, 24, 30, 18, 20, 24, 26, 30, 22, 24, 28, 30, 28, 28, 28, 28, 30, 30, 26, 28,
            30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30,
        ],
        [
            -1, 10, 16, 26, 18, 24, 16, 18, 22, 22, 26, 30, 22, 22, 24, 24, 28, 28, 26, 26, 26, 26, 28, 28, 28, 28, 28,
            28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28,
        ],
        [
            -1, 13, 22, 18, 26, 18, 24, 18, 22, 20, 24, 28, 26, 24, 20, 30, 24, 28, 28, 26, 30, 28, 30, 30, 30, 30, 28,
            30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30,
        ],
        [
            -1, 17, 28, 22, 16, 22, 28, 26, 26, 24, 28, 24, 28, 22, 24, 24, 30, 28, 28, 26, 28, 30, 24, 30, 30, 30, 30,
            30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30,
        ],
    ]

    /// Number of error-correction blocks, rows L, M, Q, H; index 0 is unused.
    static let blockCount: [[Int]] = [
        [
            -1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 4, 4, 4, 4, 4, 6, 6, 6, 6, 7, 8, 8, 9, 9, 10, 12, 12, 12, 13, 14, 15, 16, 17,
            18, 19, 19, 20, 21, 22, 24, 25,
        ],
        [
            -1, 1, 1, 1, 2, 2, 4, 4, 4, 5, 5, 5, 8, 9, 9, 10, 10, 11, 13, 14, 16, 17, 17, 18, 20, 21, 23, 25, 26, 28,
            29, 31, 33, 35, 37, 38, 40, 43, 45, 47, 49,
        ],
        [
            -1, 1, 1, 2, 2, 4, 4, 6, 6, 8, 8, 8, 10, 12, 16, 12, 17, 16, 18, 21, 20, 23, 23, 25, 27, 29, 34, 34, 35, 38,
            40, 43, 45, 48, 51, 53, 56, 59, 62, 65, 68,
        ],
        [
            -1, 1, 1, 2, 4, 4, 4, 5, 6, 8, 8, 11, 11, 16, 16, 18, 16, 19, 21, 25, 25, 25, 34, 30, 32, 35, 37, 40, 42,
            45, 48, 51, 54, 57, 60, 63, 66, 70, 74, 77, 81,
        ],
    ]

    /// All codewords (data and error correction) a version holds: its modules that are not function
    /// patterns, format or version information, divided by 8 (the 0 to 7 left over are remainder bits).
    static func totalCodewords(version: Int) -> Int {
        var modules = (16 * version + 128) * version + 64
        if version >= 2 {
            let alignments = version / 7 + 2
            modules -= (25 * alignments - 10) * alignments - 55
            if version >= 7 { modules -= 36 }
        }
        return modules / 8
    }

    /// Data codewords at this version and level: all codewords less the error-correction ones.
    static func dataCodewords(version: Int, level: QRErrorCorrection) -> Int {
        let row = level.tableIndex
        return totalCodewords(version: version) - eccCodewordsPerBlock[row][version] * blockCount[row][version]
    }

    /// Bits of the byte-mode character count: 8 up to version 9, 16 from version 10.
    static func countBits(version: Int) -> Int {
        version <= 9 ? 8 : 16
    }

    /// Bytes that fit in byte mode: data bits less the 4-bit mode indicator and the count.
    static func byteCapacity(version: Int, level: QRErrorCorrection) -> Int {
        (dataCodewords(version: version, level: level) * 8 - 4 - countBits(version: version)) / 8
    }

    /// The byte capacity of every version at every level, computed once: choosing a version is a lookup.
    static let capacities: [[Int]] = QRErrorCorrection.allCases.map { level in
        [0] + (1...40).map { byteCapacity(version: $0, level: level) }
    }
}
