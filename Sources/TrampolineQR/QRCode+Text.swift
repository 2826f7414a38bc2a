extension QRCode {
    /// The modules as text, one line per row, `1` dark and `0` light, quiet zone excluded: for
    /// comparing matrices with other encoders.
    public func matrixText() -> String {
        var text = ""
        text.reserveCapacity(size * (size + 1))
        for row in 0..<size {
            for column in 0..<size { text += modules[row * size + column] == 1 ? "1" : "0" }
            text += "\n"
        }
        return text
    }
}
