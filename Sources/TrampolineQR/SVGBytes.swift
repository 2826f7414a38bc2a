/// The bytes of an SVG being written, straight into a buffer its writer sized for the worst case
/// (``QRCode/svgBytes(pixelsPerModule:)``): no capacity or uniqueness check per byte, which had
/// been most of the cost of writing a code's SVG. A struct with mutating methods, not functions
/// nested in `svgBytes` that capture its state: captured, every append paid a dynamic
/// exclusivity check.
struct SVGBytes {
    private let base: UnsafeMutablePointer<UInt8>
    private let capacity: Int
    private(set) var count = 0

    init(_ buffer: UnsafeMutableBufferPointer<UInt8>) {
        base = buffer.baseAddress!
        capacity = buffer.count
    }

    @inline(__always) private mutating func byte(_ value: UInt8) {
        assert(count < capacity, "the SVG outgrew its bound")
        base[count] = value
        count += 1
    }

    @inline(__always) mutating func append(_ text: StaticString) {
        assert(count + text.utf8CodeUnitCount <= capacity, "the SVG outgrew its bound")
        // Byte by byte: most are one to three bytes, for which a call to memmove cost more
        // (callgrind: 5.6 M more instructions over 2,000 codes with the call).
        let start = text.utf8Start
        for i in 0..<text.utf8CodeUnitCount { base[count + i] = start[i] }
        count += text.utf8CodeUnitCount
    }

    /// `m<gap> 0h<length>`: a row's next run, relative to the end of the one before. Both one
    /// digit, as most are in a code of a link's size, it is one 8-byte store of the six bytes
    /// (the two after them are overwritten by what follows; the bound leaves room for them).
    @inline(__always) mutating func appendRelativeRun(gap: Int, length: Int) {
        guard gap < 10, length < 10 else {
            append("m")
            append(gap)
            append(" 0h")
            append(length)
            return
        }
        assert(count + 8 <= capacity, "the SVG outgrew its bound")
        // "m0 0h0" little-endian, the two digits added in place.
        let pattern: UInt64 = 0x30_68_30_20_30_6D | UInt64(gap) << 8 | UInt64(length) << 40
        UnsafeMutableRawPointer(base + count).storeBytes(of: pattern.littleEndian, as: UInt64.self)
        count &+= 6
    }

    /// A non-negative number in decimal.
    @inline(__always) mutating func append(_ number: Int) {
        // Below 100 (every number in a path up to version 19) without a branch on the length:
        // the tens digit is written and then overwritten when there is none.
        if number < 100 {
            assert(count + 2 <= capacity, "the SVG outgrew its bound")
            let tens = number / 10
            let twoDigits = number >= 10 ? 1 : 0
            base[count] = UInt8(ascii: "0") &+ UInt8(tens)
            base[count &+ twoDigits] = UInt8(ascii: "0") &+ UInt8(number - tens * 10)
            count &+= 1 &+ twoDigits
            return
        }
        guard number < 10000 else {
            for digit in String(number).utf8 { byte(digit) }
            return
        }
        if number >= 1000 { byte(UInt8(ascii: "0") &+ UInt8(number / 1000 % 10)) }
        if number >= 100 { byte(UInt8(ascii: "0") &+ UInt8(number / 100 % 10)) }
        if number >= 10 { byte(UInt8(ascii: "0") &+ UInt8(number / 10 % 10)) }
        byte(UInt8(ascii: "0") &+ UInt8(number % 10))
    }
}
