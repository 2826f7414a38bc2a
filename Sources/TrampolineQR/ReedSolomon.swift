/// Reed–Solomon error-correction codewords over GF(256), as ISO/IEC 18004 §7.5.2 defines them:
/// the remainder of the data polynomial times x^n divided by the generator (x − α⁰)…(x − αⁿ⁻¹).
enum ReedSolomon {
    /// The generator polynomial of each degree 0...30 (the most a QR block uses), highest power
    /// first without its leading 1, built once.
    static let generators: [[UInt8]] = (0...30).map(makeGenerator)

    /// The coefficients of (x − α⁰)(x − α¹)…(x − α^(degree−1)), highest power first, leading 1 dropped.
    static func makeGenerator(degree: Int) -> [UInt8] {
        guard degree > 0 else { return [] }
        var result = [UInt8](repeating: 0, count: degree)
        result[degree - 1] = 1
        var root: UInt8 = 1
        for _ in 0..<degree {
            // Multiply by (x − root); in GF(256) subtraction is XOR.
            for j in 0..<degree {
                result[j] = GaloisField.multiply(result[j], root)
                if j + 1 < degree { result[j] ^= result[j + 1] }
            }
            root = GaloisField.multiply(root, 2)
        }
        return result
    }

    /// For each degree a QR block uses, every coefficient of its generator times every factor:
    /// `products[degree][factor * degree + i]` is generator `i` · `factor`. A step of the division
    /// is then one table row XORed in, where a product through the log and exp tables had cost a
    /// branch and two lookups per coefficient (a fifth of an encode). 64 KB, made at the first code.
    static let products: [[UInt8]] = {
        let used = Set(QRBlockTable.eccCodewordsPerBlock.joined().filter { $0 > 0 })
        return (0...30).map { degree in
            guard used.contains(degree) else { return [] }
            let generator = generators[degree]
            // Eight bytes more than the rows: the division reads a row eight bytes at a time.
            var table = [UInt8](repeating: 0, count: 256 * degree + 8)
            for factor in 1..<256 {
                for i in 0..<degree { table[factor * degree + i] = GaloisField.multiply(generator[i], UInt8(factor)) }
            }
            return table
        }
    }()

    /// The `degree` error-correction codewords of `data`, for a degree a QR block uses
    /// (``products``); ``plainRemainder(of:degree:)`` is the division written out, which
    /// `ReedSolomonTests` hold this to.
    static func remainder(of data: ArraySlice<UInt8>, degree: Int) -> [UInt8] {
        // Eight bytes of room past the remainder, for the last word of each step.
        var result = [UInt8](repeating: 0, count: degree + 8)
        // Read through local buffers: a global's every access is a call that checks it is
        // initialised, which had been a third of the encoding.
        products[degree].withUnsafeBytes { table in
            precondition(table.count == 256 * degree + 8, "a degree no QR block uses")
            result.withUnsafeMutableBytes { result in
                for byte in data {
                    // Shift left by one codeword and add factor · generator (row 0 is all zero),
                    // eight codewords at a time: word i reads codewords i+1... before it is
                    // stored over i..., and the next word starts past what this one stored.
                    // Codewords from `degree` on are scratch.
                    let row = Int(byte ^ result[0]) * degree
                    var i = 0
                    while i < degree - 1 {
                        let shifted = result.loadUnaligned(fromByteOffset: i + 1, as: UInt64.self)
                        let product = table.loadUnaligned(fromByteOffset: row + i, as: UInt64.self)
                        result.storeBytes(of: shifted ^ product, toByteOffset: i, as: UInt64.self)
                        i += 8
                    }
                    result[degree - 1] = table[row + degree - 1]
                }
            }
        }
        return Array(result[..<degree])
    }

    /// The remainder by long division, a product at a time: what ``remainder(of:degree:)`` is
    /// tested against.
    static func plainRemainder(of data: ArraySlice<UInt8>, degree: Int) -> [UInt8] {
        let generator = generators[degree]
        var result = [UInt8](repeating: 0, count: degree)
        for byte in data {
            let factor = byte ^ result[0]
            result.removeFirst()
            result.append(0)
            for i in 0..<degree { result[i] ^= GaloisField.multiply(generator[i], factor) }
        }
        return result
    }
}
