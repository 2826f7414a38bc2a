/// Numbers appended to a byte buffer as decimal text, digit by digit: the stamp cache and the
/// fingerprints write hundreds of thousands of them, and a `String` per number cost more than
/// the rest of each line.
@usableFromInline package enum DecimalText {
    /// `String(value)`'s bytes.
    static func append(_ value: UInt64, to out: inout [UInt8]) {
        let zero = UInt8(ascii: "0")
        // Most are string lengths of one or two digits (every string of every fingerprint).
        if value < 10 {
            out.append(zero &+ UInt8(truncatingIfNeeded: value))
            return
        }
        if value < 100 {
            out.append(zero &+ UInt8(truncatingIfNeeded: value / 10))
            out.append(zero &+ UInt8(truncatingIfNeeded: value % 10))
            return
        }
        withDigits(of: value) { out.append(contentsOf: $0) }
    }

    /// `body` applied to `String(value)`'s bytes, written right to left into a small buffer
    /// (UInt64.max has 20 digits): for writers that append bytes their own way.
    @inlinable @inline(__always) package static func withDigits(
        of value: UInt64, _ body: (UnsafeBufferPointer<UInt8>) -> Void
    ) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
            var rest = value
            var start = 20
            repeat {
                start -= 1
                digits[start] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: rest % 10)
                rest /= 10
            } while rest > 0
            body(UnsafeBufferPointer(rebasing: digits[start...]))
        }
    }

    /// `String(value)`'s bytes, a `-` first when negative.
    static func append(_ value: Int, to out: inout [UInt8]) {
        if value < 0 { out.append(UInt8(ascii: "-")) }
        append(UInt64(value.magnitude), to: &out)
    }
}
