/// Line and column of a byte in UTF-8 text, as editors count them: 1-based, columns in Unicode
/// scalars. Used wherever a problem is known only by its byte offset (libyaml's reader errors,
/// invalid UTF-8).
enum TextPosition {
    static func of(byte offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> (line: Int, column: Int) {
        var line = 1, lineStart = 0
        let end = min(offset, bytes.count)
        for index in 0..<end where bytes[index] == UInt8(ascii: "\n") {
            line += 1
            lineStart = index + 1
        }
        // Count scalars: every byte that is not a UTF-8 continuation byte starts one.
        let column = bytes[lineStart..<end].reduce(1) { $1 & 0xC0 == 0x80 ? $0 : $0 + 1 }
        return (line, column)
    }

    /// Where the first byte sequence that is not valid UTF-8 starts, or nil when all of it is valid.
    static func firstInvalidUTF8(in bytes: [UInt8]) -> (line: Int, column: Int)? {
        var index = 0
        while index < bytes.count {
            let length: Int
            switch bytes[index] {
            case 0x00...0x7F: length = 1
            case 0xC2...0xDF: length = 2
            case 0xE0...0xEF: length = 3
            case 0xF0...0xF4: length = 4
            default: length = 0
            }
            guard length > 0, index + length <= bytes.count, String(validating: bytes[index..<index + length], as: UTF8.self) != nil else {
                return bytes.withUnsafeBufferPointer { of(byte: index, in: $0) }
            }
            index += length
        }
        return nil
    }
}
