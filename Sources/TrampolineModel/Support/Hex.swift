/// Hexadecimal digits, for digests (lower case) and percent-encoding (upper case, as RFC 3986
/// and URLSearchParams write it).
package enum Hex {
    static let lower = Array("0123456789abcdef".utf8)
    static let upper = Array("0123456789ABCDEF".utf8)

    /// Appends the two digits of `byte`.
    @inline(__always)
    static func append(_ byte: UInt8, to out: inout [UInt8], digits: [UInt8]) {
        out.append(digits[Int(byte >> 4)])
        out.append(digits[Int(byte & 15)])
    }

    /// The value of one hex digit (either case), or nil.
    package static func value(of digit: UInt8) -> UInt8? {
        switch digit {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): digit - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): digit - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): digit - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    /// Each byte's ``value(of:)``, 0xFF for a byte that is no hex digit.
    private static let values: [UInt8] = (0...255).map { value(of: UInt8($0)) ?? 0xFF }

    /// The word 16 hex digits at `digits` spell (most significant first, either case), or nil.
    /// By table, every digit looked at before the verdict: a branch per digit mispredicted on
    /// random ids, and a compact rebuild reads every id of its last write's record and shards.
    package static func word(_ digits: UnsafeBufferPointer<UInt8>) -> UInt64? {
        guard digits.count == 16 else { return nil }
        return values.withUnsafeBufferPointer { valueOf in
            var word: UInt64 = 0
            var flags: UInt8 = 0
            for digit in digits {
                let value = valueOf[Int(digit)]
                flags |= value
                word = word << 4 | UInt64(value & 15)
            }
            return flags < 16 ? word : nil
        }
    }

    /// Writes `word`'s 16 lower-case digits, most significant first, at `out`.
    package static func write(word: UInt64, to out: UnsafeMutablePointer<UInt8>) {
        for index in 0..<16 { out[index] = lower[Int(truncatingIfNeeded: word >> UInt64(60 - 4 * index) & 15)] }
    }

    /// Appends `word`'s 16 lower-case digits, most significant first.
    package static func append(word: UInt64, to out: inout [UInt8]) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 16) { digits in
            write(word: word, to: digits.baseAddress!)
            out.append(contentsOf: digits)
        }
    }
}
