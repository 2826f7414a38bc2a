/// Numbers appended to a byte buffer as decimal text, digit by digit: the stamp cache and the
/// fingerprints write hundreds of thousands of them, and a `String` per number cost more than
/// the rest of each line.
enum DecimalText {
    /// `String(value)`'s bytes.
    static func append(_ value: UInt64, to out: inout [UInt8]) {
        let start = out.count
        var rest = value
        repeat {
            out.append(UInt8(ascii: "0") &+ UInt8(rest % 10))
            rest /= 10
        } while rest > 0
        out[start...].reverse()
    }

    /// `String(value)`'s bytes, a `-` first when negative.
    static func append(_ value: Int, to out: inout [UInt8]) {
        if value < 0 { out.append(UInt8(ascii: "-")) }
        append(UInt64(value.magnitude), to: &out)
    }
}
