/// The BCH-protected format and version information (ISO/IEC 18004 §7.9 and §7.10).
enum QRInformationBits {
    /// 15 format bits: the level's 2 bits and the 3-bit mask, a BCH(15,5) remainder with generator
    /// 0x537, XORed with 0x5412 so the bits are never all light.
    static func format(level: QRErrorCorrection, mask: Int) -> Int {
        let data = level.formatBits << 3 | mask
        var remainder = data
        for _ in 0..<10 { remainder = (remainder << 1) ^ ((remainder >> 9) * 0x537) }
        return (data << 10 | remainder) ^ 0x5412
    }

    /// 18 version bits (versions 7 and up): the 6-bit version and a BCH(18,6) remainder with
    /// generator 0x1F25.
    static func version(_ version: Int) -> Int {
        var remainder = version
        for _ in 0..<12 { remainder = (remainder << 1) ^ ((remainder >> 11) * 0x1F25) }
        return version << 12 | remainder
    }
}
