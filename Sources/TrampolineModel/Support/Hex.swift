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
}
