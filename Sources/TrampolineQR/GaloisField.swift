/// Arithmetic in GF(256) with the QR code's primitive polynomial x⁸ + x⁴ + x³ + x² + 1 (0x11D),
/// through exponent and logarithm tables built once.
enum GaloisField {
    /// exp[i] = αⁱ, doubled in length so exp[log a + log b] needs no modulo.
    static let exp: [UInt8] = {
        var table = [UInt8](repeating: 0, count: 512)
        var value = 1
        for i in 0..<255 {
            table[i] = UInt8(value)
            value <<= 1
            if value & 0x100 != 0 { value ^= 0x11D }
        }
        for i in 255..<512 { table[i] = table[i - 255] }
        return table
    }()

    /// log[a] for a ≠ 0 (log[0] is unused).
    static let log: [Int] = {
        var table = [Int](repeating: 0, count: 256)
        for i in 0..<255 { table[Int(exp[i])] = i }
        return table
    }()

    /// a · b in the field.
    static func multiply(_ a: UInt8, _ b: UInt8) -> UInt8 {
        if a == 0 || b == 0 { return 0 }
        return exp[log[Int(a)] + log[Int(b)]]
    }
}
