/// A QR code (ISO/IEC 18004 model 2) holding bytes in byte mode: the smallest version 1...40 that
/// fits at the chosen error-correction level, Reed–Solomon blocks interleaved per the standard's
/// tables, and the mask with the lowest penalty score (unless one is forced).
public struct QRCode: Sendable, Equatable {
    /// 1...40; the symbol is 17 + 4 · version modules wide.
    public let version: Int
    public let errorCorrection: QRErrorCorrection
    /// The data mask used, 0...7.
    public let mask: Int
    /// Modules per side.
    public let size: Int
    /// Row-major modules, 1 = dark; `size` · `size` of them, quiet zone not included.
    public let modules: [UInt8]

    /// Encodes `bytes`. `mask` forces a mask instead of choosing the one with the lowest penalty
    /// (useful to compare with other encoders). Throws `QRCodeError.tooLong` past version 40.
    public init(bytes: [UInt8], errorCorrection: QRErrorCorrection = .medium, mask: Int? = nil) throws(QRCodeError) {
        if let mask, !(0...7).contains(mask) { throw .invalidMask(mask) }
        let capacities = QRBlockTable.capacities[errorCorrection.tableIndex]
        guard let version = (1...40).first(where: { bytes.count <= capacities[$0] }) else {
            throw .tooLong(byteCount: bytes.count, errorCorrection: errorCorrection, capacity: capacities[40])
        }
        let layout = QRVersionLayout.of(version: version)
        let codewords = QRCode.codewords(bytes, version: version, level: errorCorrection)

        // Data bits into the free modules in placement order; remainder bits stay light.
        var placed = layout.base
        let bitCount = min(codewords.count * 8, layout.dataOrder.count)
        // Every bit stored, light ones too (data modules start light): a test per bit
        // mispredicted on half of them.
        layout.dataOrder.withUnsafeBufferPointer { order in
            codewords.withUnsafeBufferPointer { codewords in
                placed.withUnsafeMutableBufferPointer { placed in
                    for i in 0..<bitCount {
                        placed[Int(order[i])] = (codewords[i >> 3] >> (7 - UInt8(i & 7))) & 1
                    }
                }
            }
        }

        let size = layout.size
        var chosen = mask ?? 0
        var best = placed
        if let mask {
            QRCode.applyMask(layout.maskPatterns[mask], to: &best)
        } else if size <= QRBitPenalty.maxSize {
            chosen = QRCode.bestMask(placed: placed, layout: layout)
            QRCode.applyMask(layout.maskPatterns[chosen], to: &best)
        } else {
            var bestScore = Int.max
            var candidate = placed
            var scratch = QRPenalty.Scratch(size: size)
            for number in 0..<8 {
                QRCode.xor(placed, layout.maskPatterns[number], into: &candidate)
                let score = QRPenalty.score(candidate, size: size, scratch: &scratch)
                // Strictly lower: on a tie the lower-numbered mask stays.
                if score < bestScore {
                    bestScore = score
                    chosen = number
                    swap(&best, &candidate)
                }
            }
        }
        QRCode.drawInformation(into: &best, size: size, version: version, level: errorCorrection, mask: chosen)

        self.version = version
        self.errorCorrection = errorCorrection
        self.mask = chosen
        self.size = size
        self.modules = best
    }

    /// Encodes the UTF-8 bytes of `text`.
    public init(text: String, errorCorrection: QRErrorCorrection = .medium, mask: Int? = nil) throws(QRCodeError) {
        try self.init(bytes: Array(text.utf8), errorCorrection: errorCorrection, mask: mask)
    }

    /// Whether the module at `row`, `column` (0-based, quiet zone excluded) is dark.
    public func isDark(row: Int, column: Int) -> Bool {
        modules[row * size + column] == 1
    }

    /// The most bytes a symbol of `version` holds in byte mode at `level`.
    public static func byteCapacity(version: Int, errorCorrection level: QRErrorCorrection) -> Int {
        QRBlockTable.capacities[level.tableIndex][version]
    }

    /// The final codeword sequence (ISO/IEC 18004 §7.4–7.6): mode 0100, the byte count, the bytes,
    /// terminator and padding to the data capacity; split into blocks, each given its
    /// Reed–Solomon codewords; data then error correction interleaved block by block.
    static func codewords(_ bytes: [UInt8], version: Int, level: QRErrorCorrection) -> [UInt8] {
        let dataCount = QRBlockTable.dataCodewords(version: version, level: level)
        var data = [UInt8](repeating: 0, count: dataCount)
        var bit = 0
        func append(_ value: Int, bits: Int) {
            for shift in stride(from: bits - 1, through: 0, by: -1) {
                if (value >> shift) & 1 == 1 { data[bit >> 3] |= 0x80 >> UInt8(bit & 7) }
                bit += 1
            }
        }
        append(0b0100, bits: 4)
        append(bytes.count, bits: QRBlockTable.countBits(version: version))
        // The header is 12 or 20 bits, so every byte straddles two codewords the same way: its
        // high bits end one, its low bits start the next (bit by bit had been a tenth of an encode).
        let shift = UInt8(bit & 7)
        let first = bit >> 3
        precondition(shift == 4, "a 12- or 20-bit header")
        data.withUnsafeMutableBufferPointer { data in
            // The capacity leaves room for the last byte's low bits (the data bits hold the header too).
            for (i, byte) in bytes.enumerated() {
                data[first + i] |= byte >> shift
                data[first + i + 1] |= byte << (8 - shift)
            }
        }
        bit += bytes.count * 8
        // Terminator (up to four zero bits) and zero bits to the byte boundary are already zero.
        var padIndex = min((bit + 4 + 7) / 8, dataCount)
        var pad: UInt8 = 0xEC
        while padIndex < dataCount {
            data[padIndex] = pad
            pad = pad == 0xEC ? 0x11 : 0xEC
            padIndex += 1
        }

        let row = level.tableIndex
        let blocks = QRBlockTable.blockCount[row][version]
        let eccLength = QRBlockTable.eccCodewordsPerBlock[row][version]
        let total = QRBlockTable.totalCodewords(version: version)
        // The last (total mod blocks) blocks hold one data codeword more than the others.
        let shortBlocks = blocks - total % blocks
        let shortDataLength = total / blocks - eccLength
        /// Where data block `index` starts in `data`, and how long it is.
        func block(_ index: Int) -> (start: Int, length: Int) {
            (index * shortDataLength + max(0, index - shortBlocks), shortDataLength + (index < shortBlocks ? 0 : 1))
        }
        // Each block's error correction, block after block; then both interleaved through buffers
        // by offsets (a loop over arrays of blocks retained each block per codeword).
        var ecc = [UInt8](repeating: 0, count: blocks * eccLength)
        for index in 0..<blocks {
            let (start, length) = block(index)
            let remainder = ReedSolomon.remainder(of: data[start..<(start + length)], degree: eccLength)
            ecc.replaceSubrange((index * eccLength)..<((index + 1) * eccLength), with: remainder)
        }
        var result = [UInt8](repeating: 0, count: total)
        data.withUnsafeBufferPointer { data in
            ecc.withUnsafeBufferPointer { ecc in
                result.withUnsafeMutableBufferPointer { result in
                    var next = 0
                    for i in 0...shortDataLength {
                        for index in 0..<blocks {
                            let (start, length) = block(index)
                            if i < length {
                                result[next] = data[start + i]
                                next += 1
                            }
                        }
                    }
                    for i in 0..<eccLength {
                        for index in 0..<blocks {
                            result[next] = ecc[index * eccLength + i]
                            next += 1
                        }
                    }
                    precondition(next == total, "every codeword placed once")
                }
            }
        }
        return result
    }

    /// The mask with the lowest penalty, scored on words (``QRBitPenalty``); the lower number on a tie.
    static func bestMask(placed: [UInt8], layout: QRVersionLayout) -> Int {
        let size = layout.size
        let (rows, columns) = QRBitPenalty.words(of: placed, size: size)
        var maskedRows = rows
        var maskedColumns = columns
        var best = 0
        var bestScore = Int.max
        for number in 0..<8 {
            let patternRows = layout.maskRowWords[number]
            let patternColumns = layout.maskColumnWords[number]
            for i in 0..<size {
                maskedRows[i] = rows[i] ^ patternRows[i]
                maskedColumns[i] = columns[i] ^ patternColumns[i]
            }
            let score = maskedRows.withUnsafeBufferPointer { r in
                maskedColumns.withUnsafeBufferPointer { c in
                    QRBitPenalty.score(rows: r, columns: c, size: size, limit: bestScore)
                }
            }
            if score < bestScore {
                bestScore = score
                best = number
            }
        }
        return best
    }

    /// XORs a mask pattern (``QRVersionLayout/maskPatterns``) over the modules.
    static func applyMask(_ pattern: [UInt8], to m: inout [UInt8]) {
        let unmasked = m
        xor(unmasked, pattern, into: &m)
    }

    /// result = a XOR b, element by element (all three the same length).
    static func xor(_ a: [UInt8], _ b: [UInt8], into result: inout [UInt8]) {
        a.withUnsafeBufferPointer { a in
            b.withUnsafeBufferPointer { b in
                result.withUnsafeMutableBufferPointer { r in
                    for i in 0..<r.count { r[i] = a[i] ^ b[i] }
                }
            }
        }
    }

    /// Draws both copies of the format information, the version information (versions 7 and up)
    /// and the always-dark module.
    static func drawInformation(into m: inout [UInt8], size: Int, version: Int, level: QRErrorCorrection, mask: Int) {
        func set(_ x: Int, _ y: Int, _ dark: Bool) { m[y * size + x] = dark ? 1 : 0 }
        let format = QRInformationBits.format(level: level, mask: mask)
        func bit(_ i: Int) -> Bool { (format >> i) & 1 == 1 }
        // Around the top-left finder: bits 0–7 down column 8 (skipping the timing row), bits 8–14
        // leftwards along row 8 (skipping the timing column).
        for i in 0..<6 { set(8, i, bit(i)) }
        set(8, 7, bit(6))
        set(8, 8, bit(7))
        set(7, 8, bit(8))
        for i in 9..<15 { set(14 - i, 8, bit(i)) }
        // The second copy: bits 0–7 along row 8 from the right, bits 8–14 down column 8 at the bottom.
        for i in 0..<8 { set(size - 1 - i, 8, bit(i)) }
        for i in 8..<15 { set(8, size - 15 + i, bit(i)) }
        set(8, size - 8, true)
        guard version >= 7 else { return }
        let bits = QRInformationBits.version(version)
        for i in 0..<18 {
            let dark = (bits >> i) & 1 == 1
            let a = size - 11 + i % 3
            let b = i / 3
            set(a, b, dark)
            set(b, a, dark)
        }
    }
}
