/// Line and column of a byte in UTF-8 text, as editors count them: 1-based, columns in Unicode
/// scalars. Used wherever a problem is known only by its byte offset (libyaml's reader errors,
/// invalid UTF-8).
package enum TextPosition {
    package static func of(byte offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> (line: Int, column: Int) {
        let end = min(offset, bytes.count)
        let line = bytes[..<end].reduce(1) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 }
        return (line, column(ofByte: end, in: bytes))
    }

    /// How many line breaks `bytes` holds, counted as libyaml counts lines (LF and CRLF once);
    /// nil when it holds a break counted otherwise (a lone CR, or U+0085, U+2028, U+2029), so a
    /// caller adding lines up by bytes knows it would go wrong.
    package static func lineBreaks(in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        var count = 0
        var index = 0
        let end = bytes.count
        while index < end {
            switch bytes[index] {
            case UInt8(ascii: "\n"): count += 1
            case UInt8(ascii: "\r"):
                guard index + 1 < end, bytes[index + 1] == UInt8(ascii: "\n") else { return nil }
            case 0xC2:
                if index + 1 < end, bytes[index + 1] == 0x85 { return nil }
            case 0xE2:
                if index + 2 < end, bytes[index + 1] == 0x80, bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9 {
                    return nil
                }
            default: break
            }
            index += 1
        }
        return count
    }

    /// The 1-based column (in Unicode scalars: every byte that is not a UTF-8 continuation byte
    /// starts one) of the byte at `offset`, found from the line break before it.
    package static func column(ofByte offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var start = min(offset, bytes.count)
        while start > 0, bytes[start - 1] != UInt8(ascii: "\n") { start -= 1 }
        return bytes[start..<min(offset, bytes.count)].reduce(1) { $1 & 0xC0 == 0x80 ? $0 : $0 + 1 }
    }

    /// Where the first byte sequence that is not valid UTF-8 starts, or nil when all of it is valid.
    package static func firstInvalidUTF8(in bytes: [UInt8]) -> (line: Int, column: Int)? {
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
            guard length > 0, index + length <= bytes.count,
                String(validating: bytes[index..<index + length], as: UTF8.self) != nil
            else {
                return bytes.withUnsafeBufferPointer { of(byte: index, in: $0) }
            }
            index += length
        }
        return nil
    }
}
