/// Whether bytes are valid UTF-8, checked in place: a catalog read straight into the parser's
/// buffer is checked without the copy `String(validating:)` makes of all of it (40 MB at 100k
/// links). `UTF8CheckTests` hold it to `String(validating:)`.
package enum UTF8Check {
    /// True when `bytes` are valid UTF-8 (what `String(validating:as: UTF8.self)` accepts).
    package static func isValid(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard FastPath.utf8Check.isOn else { return String(validating: bytes, as: UTF8.self) != nil }
        guard let base = bytes.baseAddress else { return true }
        let count = bytes.count
        var index = 0
        while index < count {
            // ASCII, eight bytes at a time: most of a catalog.
            while index + 8 <= count,
                UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self) & 0x8080_8080_8080_8080 == 0
            {
                index += 8
            }
            while index < count, base[index] < 0x80 { index += 1 }
            guard index < count else { return true }
            // A run of non-ASCII bytes: every byte of a multi-byte sequence is one, so the run
            // holds whole sequences when the text is valid, and is checked on its own.
            let start = index
            while index < count, base[index] >= 0x80 { index += 1 }
            var parser = Unicode.UTF8.ForwardParser()
            var input = UnsafeBufferPointer(rebasing: bytes[start..<index]).makeIterator()
            while true {
                switch parser.parseScalar(from: &input) {
                case .valid: continue
                case .emptyInput: break
                case .error: return false
                }
                break
            }
        }
        return true
    }
}
