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

    /// The generators' coefficients as logarithms (``GaloisField/log``), -1 for a zero coefficient.
    static let generatorLogs: [[Int]] = generators.map { $0.map { $0 == 0 ? -1 : GaloisField.log[Int($0)] } }

    /// The `degree` (1...30) error-correction codewords of `data`.
    static func remainder(of data: ArraySlice<UInt8>, degree: Int) -> [UInt8] {
        // The tables are read through local buffers: a global's every access is a call that
        // checks it is initialised, which had been a third of the encoding.
        let generator = generatorLogs[degree], exp = GaloisField.exp, log = GaloisField.log
        var result = [UInt8](repeating: 0, count: degree)
        generator.withUnsafeBufferPointer { generator in
            exp.withUnsafeBufferPointer { exp in
                log.withUnsafeBufferPointer { log in
                    result.withUnsafeMutableBufferPointer { result in
                        for byte in data {
                            let factor = byte ^ result[0]
                            // Shift left by one codeword, then add factor · generator.
                            for i in 0..<(degree - 1) { result[i] = result[i + 1] }
                            result[degree - 1] = 0
                            guard factor != 0 else { continue }
                            let logFactor = log[Int(factor)]
                            for i in 0..<degree where generator[i] >= 0 {
                                result[i] ^= exp[generator[i] + logFactor]
                            }
                        }
                    }
                }
            }
        }
        return result
    }
}
