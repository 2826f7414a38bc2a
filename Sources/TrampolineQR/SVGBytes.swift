/// The bytes of an SVG being written. A struct with mutating methods, not functions nested in
/// `svgBytes` that capture its buffer: captured, every append paid a dynamic exclusivity check
/// (about a fifth of the time of writing a code's SVG).
struct SVGBytes {
    var bytes: [UInt8] = []

    init(capacity: Int) {
        bytes.reserveCapacity(capacity)
    }

    @inline(__always) mutating func append(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    /// A non-negative number in decimal.
    @inline(__always) mutating func append(_ number: Int) {
        guard number < 10000 else {
            bytes.append(contentsOf: String(number).utf8)
            return
        }
        if number >= 1000 { bytes.append(UInt8(ascii: "0") &+ UInt8(number / 1000 % 10)) }
        if number >= 100 { bytes.append(UInt8(ascii: "0") &+ UInt8(number / 100 % 10)) }
        if number >= 10 { bytes.append(UInt8(ascii: "0") &+ UInt8(number / 10 % 10)) }
        bytes.append(UInt8(ascii: "0") &+ UInt8(number % 10))
    }
}
