/// Escapers for each context a catalog value can land in. Each is total: any input gives inert output.
package enum Escaping {
    /// `text` with a `\` before each character of `special`: a literal in a glob (Firebase Hosting's
    /// `source`), a regular expression (nginx's `location ~`) or a quoted nginx argument.
    package static func backslashed(_ text: String, before special: String) -> String {
        var escaped = ""
        for character in text {
            if special.contains(character) { escaped.append("\\") }
            escaped.append(character)
        }
        return escaped
    }

    /// HTML text and double- or single-quoted attribute values.
    package static func html(_ text: String) -> String {
        Context.html.apply(text)
    }

    /// JSON that is safe inside an HTML `<script>` element: `<` and `>` can never open or close a
    /// tag or a comment, and U+2028/U+2029 (line terminators in older JavaScript) are escaped too.
    /// `&` stays: a script element's text has no character references, and the data block's URLs
    /// hold several each.
    package static func scriptSafeJSON(_ json: String) -> String {
        var out: [UInt8] = []
        appendScriptSafeJSON(json, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// ``scriptSafeJSON(_:)`` appended to `out`: a page's data block is written piece by piece,
    /// which gives the same bytes, since no piece splits a UTF-8 sequence.
    package static func appendScriptSafeJSON(_ json: String, to out: inout [UInt8]) {
        json.withUTF8Bytes { bytes in
            var start = 0
            var index = 0
            while index < bytes.count {
                let byte = bytes[index]
                guard scriptSpecial.contains(byte) else {
                    index += 1
                    continue
                }
                let replacement: StaticString
                var length = 1
                switch byte {
                case UInt8(ascii: "<"): replacement = "\\u003c"
                case UInt8(ascii: ">"): replacement = "\\u003e"
                default:
                    // 0xE2: U+2028 and U+2029 are E2 80 A8 and E2 80 A9 in UTF-8.
                    guard index + 3 <= bytes.count, bytes[index + 1] == 0x80,
                        bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9
                    else {
                        index += 1
                        continue
                    }
                    replacement = bytes[index + 2] == 0xA8 ? "\\u2028" : "\\u2029"
                    length = 3
                }
                out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<index]))
                out.append(
                    contentsOf: UnsafeBufferPointer(start: replacement.utf8Start, count: replacement.utf8CodeUnitCount))
                index += length
                start = index
            }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start...]))
        }
    }

    /// ``jsonString(_:)`` made safe for a script element (``appendScriptSafeJSON(_:to:)``),
    /// appended to `out` in one pass, without the JSON text in between: a page's data block
    /// holds a dozen strings.
    package static func appendScriptSafeJSONString(_ text: String, to out: inout [UInt8]) {
        text.withUTF8Bytes { bytes in
            out.append(UInt8(ascii: "\""))
            var start = 0
            var index = 0
            while index < bytes.count {
                let byte = bytes[index]
                guard jsonSpecial.contains(byte) || scriptSpecial.contains(byte) else {
                    index += 1
                    continue
                }
                var length = 1
                var escape: (UInt8, UInt8?)
                switch byte {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"): escape = (byte, nil)
                case UInt8(ascii: "\n"): escape = (UInt8(ascii: "n"), nil)
                case UInt8(ascii: "\r"): escape = (UInt8(ascii: "r"), nil)
                case UInt8(ascii: "\t"): escape = (UInt8(ascii: "t"), nil)
                case 0xE2:
                    // U+2028 and U+2029 (E2 80 A8, E2 80 A9); any other E2 sequence is text.
                    guard index + 3 <= bytes.count, bytes[index + 1] == 0x80,
                        bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9
                    else {
                        index += 1
                        continue
                    }
                    length = 3
                    escape = (UInt8(ascii: "u"), bytes[index + 2] == 0xA8 ? 0x28 : 0x29)
                default:
                    // Controls, DEL, `<` and `>`: `\u00XX`.
                    escape = (UInt8(ascii: "u"), byte)
                }
                out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<index]))
                out.append(UInt8(ascii: "\\"))
                out.append(escape.0)
                if let low = escape.1 {
                    out.append(UInt8(ascii: length == 3 ? "2" : "0"))
                    out.append(UInt8(ascii: "0"))
                    Hex.append(low, to: &out, digits: Hex.lower)
                }
                index += length
                start = index
            }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start...]))
            out.append(UInt8(ascii: "\""))
        }
    }

    /// A JSON string literal (with quotes) for `text`.
    package static func jsonString(_ text: String) -> String {
        return text.withUTF8Bytes { bytes in
            // Written once into the string's own storage (the most a byte becomes is `\u00XX`):
            // the quotes added around a rewritten copy had cost two more allocations per value,
            // and a page has a dozen values.
            String(unsafeUninitializedCapacity: bytes.count * 6 + 2) { out in
                var count = 0
                func put(_ byte: UInt8) {
                    out[count] = byte
                    count += 1
                }
                put(UInt8(ascii: "\""))
                for byte in bytes {
                    guard jsonSpecial.contains(byte) else {
                        put(byte)
                        continue
                    }
                    put(UInt8(ascii: "\\"))
                    switch byte {
                    case UInt8(ascii: "\""), UInt8(ascii: "\\"): put(byte)
                    case UInt8(ascii: "\n"): put(UInt8(ascii: "n"))
                    case UInt8(ascii: "\r"): put(UInt8(ascii: "r"))
                    case UInt8(ascii: "\t"): put(UInt8(ascii: "t"))
                    default:
                        put(UInt8(ascii: "u"))
                        put(UInt8(ascii: "0"))
                        put(UInt8(ascii: "0"))
                        put(Hex.lower[Int(byte >> 4)])
                        put(Hex.lower[Int(byte & 0xF)])
                    }
                }
                put(UInt8(ascii: "\""))
                return count
            }
        }
    }

    /// `application/x-www-form-urlencoded`, byte for byte what the browser's URLSearchParams writes,
    /// so build-time and run-time composition of the deferred link agree.
    package static func formComponent(_ text: String) -> String {
        guard text.utf8.contains(where: formSpecial.contains) else { return text }
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count + 16)
        appendFormComponent(text, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// ``formComponent(_:)`` appended to `out` as UTF-8 bytes.
    static func appendFormComponent(_ text: String, to out: inout [UInt8]) {
        text.withUTF8Bytes { append($0, special: formSpecial, to: &out, writeForm) }
    }

    /// A space as `+`, any other byte of ``formSpecial`` as `%XX` (upper-case hex).
    private static func writeForm(_ byte: UInt8, to out: inout [UInt8]) {
        if byte == UInt8(ascii: " ") {
            out.append(UInt8(ascii: "+"))
        } else {
            out.append(UInt8(ascii: "%"))
            Hex.append(byte, to: &out, digits: Hex.upper)
        }
    }

    /// Literal text inside Markdown: ASCII punctuation backslash-escaped, line breaks flattened.
    package static func markdown(_ text: String) -> String {
        Context.markdown.apply(text)
    }

    /// A set of bytes, one bit each.
    package struct ByteSet {
        private var words: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)

        package init(_ predicate: (UInt8) -> Bool) {
            for byte in 0...255 where predicate(UInt8(byte)) {
                let bit = UInt64(1) << UInt64(byte & 63)
                switch byte >> 6 {
                case 0: words.0 |= bit
                case 1: words.1 |= bit
                case 2: words.2 |= bit
                default: words.3 |= bit
                }
            }
        }

        @inline(__always) package func contains(_ byte: UInt8) -> Bool {
            // The word picked by a load, not a switch: text alternates between the first two
            // words (punctuation and digits, letters), and the branch mispredicted at each change.
            let word = withUnsafeBytes(of: words) { $0.load(fromByteOffset: Int(byte >> 6) &* 8, as: UInt64.self) }
            return word & (UInt64(1) << UInt64(byte & 63)) != 0
        }
    }

    static let htmlSpecial = ByteSet { "&<>\"'".utf8.contains($0) }
    static let scriptSpecial = ByteSet { "<>".utf8.contains($0) || $0 == 0xE2 }
    static let jsonSpecial = ByteSet { $0 < 0x20 || $0 == 0x7F || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }
    static let formSpecial = ByteSet { byte in
        !((UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
            || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
            || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || "*-._".utf8.contains(byte))
    }
    static let markdownSpecial = ByteSet {
        $0 == UInt8(ascii: "\n") || $0 == UInt8(ascii: "\r") || (0x21...0x2F).contains($0) || (0x3A...0x40).contains($0)
            || (0x5B...0x60).contains($0) || (0x7B...0x7E).contains($0)
    }

    /// A context values are escaped for, as text or appended to a byte buffer.
    package enum Context: Sendable {
        /// Nothing escaped (a `TEXT` template).
        case none
        /// ``html(_:)``.
        case html
        /// ``markdown(_:)``.
        case markdown

        package func apply(_ text: String) -> String {
            let bytes = Array(text.utf8)
            guard self != .none, bytes.contains(where: special.contains) else { return text }
            var out: [UInt8] = []
            out.reserveCapacity(bytes.count + 16)
            append(bytes, to: &out)
            return String(decoding: out, as: UTF8.self)
        }

        private var special: ByteSet {
            switch self {
            case .none: ByteSet { _ in false }
            case .html: htmlSpecial
            case .markdown: markdownSpecial
            }
        }

        /// Appends `bytes` (UTF-8), escaped, to `out`.
        package func append(_ bytes: [UInt8], to out: inout [UInt8]) {
            switch self {
            case .none: out.append(contentsOf: bytes)
            case .html: Escaping.append(bytes, special: htmlSpecial, to: &out, writeHTML)
            case .markdown: Escaping.append(bytes, special: markdownSpecial, to: &out, writeMarkdown)
            }
        }
    }

    /// The one table of HTML replacements (text and both attribute quotes).
    private static func writeHTML(_ byte: UInt8, to out: inout [UInt8]) {
        let text: StaticString =
            switch byte {
            case UInt8(ascii: "&"): "&amp;"
            case UInt8(ascii: "<"): "&lt;"
            case UInt8(ascii: ">"): "&gt;"
            case UInt8(ascii: "\""): "&quot;"
            default: "&#39;"
            }
        out.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// Markdown: a line break becomes a space, punctuation gets a backslash.
    private static func writeMarkdown(_ byte: UInt8, to out: inout [UInt8]) {
        if byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") {
            out.append(UInt8(ascii: " "))
        } else {
            out.append(UInt8(ascii: "\\"))
            out.append(byte)
        }
    }

    /// `bytes` appended to `out`, each byte in `special` written by `write` instead.
    @inline(__always)
    static func append(
        _ bytes: [UInt8], special: ByteSet, to out: inout [UInt8], _ write: (UInt8, inout [UInt8]) -> Void
    ) {
        // Through the buffer: array slices cost a bounds check and a retain per run, and this
        // runs over every value of every page.
        bytes.withUnsafeBufferPointer { append($0, special: special, to: &out, write) }
    }

    /// ``append(_:special:to:_:)`` from bytes in place (a string's own UTF-8, say).
    @inline(__always)
    static func append(
        _ buffer: UnsafeBufferPointer<UInt8>, special: ByteSet, to out: inout [UInt8],
        _ write: (UInt8, inout [UInt8]) -> Void
    ) {
        var start = 0
        for i in 0..<buffer.count where special.contains(buffer[i]) {
            out.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[start..<i]))
            write(buffer[i], &out)
            start = i + 1
        }
        out.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[start...]))
    }
}
