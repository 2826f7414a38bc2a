extension UInt8 {
    /// The byte with an ASCII capital letter made small; any other byte as it is.
    @inline(__always)
    package var asciiLowercased: UInt8 {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(self) ? self + 32 : self
    }
}
