import Foundation

/// A JSON value: the project's one JSON type. Read strictly (RFC 8259) by ``parseDocument(_:expecting:)``,
/// as Google's Digital Asset Links parser reads, or made from `JSONSerialization`'s objects as Apple's
/// AASA reader gets them (`AASA/Matching/JSONValue+Foundation.swift`).
///
/// The strict reader is our own rather than `JSONSerialization` so that the rules are identical on
/// every platform (Darwin's and Linux's Foundation differ on fragments, booleans vs. numbers and
/// error texts) and so that every syntax error carries a line and column the user can act on.
package enum JSONValue: Sendable, Equatable {
    /// Members in document order. Duplicate keys are kept; lookups use the
    /// last one, as common JSON parsers do.
    case object([(key: String, value: JSONValue)])
    case array([JSONValue])
    case string(String)
    /// Numbers keep their source text: a statement list never needs their value.
    case number(String)
    case bool(Bool)
    case null

    /// Deepest nesting accepted; bounds recursion on hostile input.
    static let maximumDepth = 512

    /// The value of the last member named `key`, if this is an object.
    subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.last(where: { $0.key == key })?.value
    }

    /// The keys of this object in document order (empty for non-objects).
    var keys: [String] {
        guard case .object(let members) = self else { return [] }
        return members.map(\.key)
    }

    /// What kind of value this is, phrased for error messages ("a string").
    package var kindDescription: String {
        switch self {
        case .object: return "an object"
        case .array: return "an array"
        case .string: return "a string"
        case .number: return "a number"
        case .bool: return "a boolean"
        case .null: return "null"
        }
    }

    /// Parses a complete document; `expected` names what it should hold, for the errors.
    ///
    /// Strict mode, as Google's parser uses: the top-level value must be an
    /// array or an object (a bare `42` or `"foo"` is rejected as invalid JSON),
    /// and comments, trailing commas, single quotes, `NaN` and a byte order
    /// mark are all errors.
    static func parseDocument(_ data: Data, expecting expected: String) throws(JSONSyntaxError) -> JSONValue {
        var reader = Reader(bytes: Array(data), expected: expected)
        return try reader.document()
    }

    package static func == (a: JSONValue, b: JSONValue) -> Bool {
        switch (a, b) {
        case (.object(let x), .object(let y)):
            return x.count == y.count && zip(x, y).allSatisfy { $0.key == $1.key && $0.value == $1.value }
        case (.array(let x), .array(let y)): return x == y
        case (.string(let x), .string(let y)): return x == y
        case (.number(let x), .number(let y)): return x == y
        case (.bool(let x), .bool(let y)): return x == y
        case (.null, .null): return true
        default: return false
        }
    }

    private struct Reader {
        let bytes: [UInt8]
        let expected: String
        var offset = 0
        var depth = 0

        init(bytes: [UInt8], expected: String) {
            self.bytes = bytes
            self.expected = expected
        }

        mutating func document() throws(JSONSyntaxError) -> JSONValue {
            if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
                throw error("the file starts with a byte order mark (BOM); save it as UTF-8 without a BOM")
            }
            try checkUTF8()
            skipWhitespace()
            guard offset < bytes.count else {
                throw error("the file is empty; it must contain \(expected)")
            }
            let start = offset
            let value = try self.value()
            switch value {
            case .object, .array:
                break
            default:
                throw error(
                    "the top-level value is \(value.kindDescription), which strict JSON does not allow; it must be \(expected)",
                    at: start)
            }
            skipWhitespace()
            guard offset == bytes.count else {
                throw error("unexpected content after the end of the top-level value")
            }
            return value
        }

        // MARK: Values

        mutating func value() throws(JSONSyntaxError) -> JSONValue {
            skipWhitespace()
            guard let byte = peek() else {
                throw error("unexpected end of input; the document is truncated")
            }
            switch byte {
            case UInt8(ascii: "{"): return try object()
            case UInt8(ascii: "["): return try array()
            case UInt8(ascii: "\""): return .string(try string())
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try number())
            case UInt8(ascii: "t"):
                try literal("true")
                return .bool(true)
            case UInt8(ascii: "f"):
                try literal("false")
                return .bool(false)
            case UInt8(ascii: "n"):
                try literal("null")
                return .null
            case UInt8(ascii: "'"):
                throw error("strings must use double quotes (\"), not single quotes")
            case UInt8(ascii: "/"):
                throw error("comments are not allowed in JSON; remove them")
            case UInt8(ascii: ","), UInt8(ascii: "]"), UInt8(ascii: "}"):
                throw error(
                    "expected a value but found '\(Character(Unicode.Scalar(byte)))' (a missing value or an extra comma)"
                )
            default:
                throw error("unexpected character \(describeCharacter(at: offset))")
            }
        }

        mutating func object() throws(JSONSyntaxError) -> JSONValue {
            try enterContainer()
            defer { depth -= 1 }
            offset += 1  // "{"
            var members: [(key: String, value: JSONValue)] = []
            skipWhitespace()
            if peek() == UInt8(ascii: "}") {
                offset += 1
                return .object(members)
            }
            while true {
                skipWhitespace()
                guard peek() == UInt8(ascii: "\"") else {
                    if peek() == UInt8(ascii: "}"), !members.isEmpty {
                        throw error("trailing comma before '}'; remove it")
                    }
                    if peek() == nil {
                        throw error("unexpected end of input inside an object; add the closing '}'")
                    }
                    throw error("object keys must be double-quoted strings; found \(describeCharacter(at: offset))")
                }
                let key = try string()
                skipWhitespace()
                guard peek() == UInt8(ascii: ":") else {
                    throw error("expected ':' after the key \"\(key)\"")
                }
                offset += 1
                members.append((key: key, value: try value()))
                skipWhitespace()
                switch peek() {
                case UInt8(ascii: ","):
                    offset += 1
                case UInt8(ascii: "}"):
                    offset += 1
                    return .object(members)
                case nil:
                    throw error("unexpected end of input inside an object; add the closing '}'")
                default:
                    throw error("expected ',' or '}' after the value of \"\(key)\"")
                }
            }
        }

        mutating func array() throws(JSONSyntaxError) -> JSONValue {
            try enterContainer()
            defer { depth -= 1 }
            offset += 1  // "["
            var items: [JSONValue] = []
            skipWhitespace()
            if peek() == UInt8(ascii: "]") {
                offset += 1
                return .array(items)
            }
            while true {
                skipWhitespace()
                if peek() == UInt8(ascii: "]") {
                    // Only reachable after a comma: lenient parsers read this
                    // as a dropped null placeholder, strict JSON forbids it.
                    throw error("trailing comma before ']'; remove it")
                }
                items.append(try value())
                skipWhitespace()
                switch peek() {
                case UInt8(ascii: ","):
                    offset += 1
                case UInt8(ascii: "]"):
                    offset += 1
                    return .array(items)
                case nil:
                    throw error("unexpected end of input inside an array; add the closing ']'")
                default:
                    throw error("expected ',' or ']' after an array element")
                }
            }
        }

        mutating func enterContainer() throws(JSONSyntaxError) {
            depth += 1
            if depth > JSONValue.maximumDepth {
                throw error("nesting is deeper than \(JSONValue.maximumDepth) levels")
            }
        }

        mutating func literal(_ word: String) throws(JSONSyntaxError) {
            let expected = Array(word.utf8)
            guard bytes.count - offset >= expected.count,
                Array(bytes[offset..<offset + expected.count]) == expected
            else {
                throw error("unexpected character \(describeCharacter(at: offset)); expected \(word)")
            }
            offset += expected.count
        }

        mutating func number() throws(JSONSyntaxError) -> String {
            let start = offset
            if peek() == UInt8(ascii: "-") { offset += 1 }
            guard let first = peek(), isDigit(first) else {
                throw error("a number must have digits after '-'")
            }
            offset += 1
            if first == UInt8(ascii: "0"), let next = peek(), isDigit(next) {
                throw error("numbers must not have leading zeros", at: start)
            }
            skipDigits()
            if peek() == UInt8(ascii: ".") {
                offset += 1
                guard let digit = peek(), isDigit(digit) else {
                    throw error("a number must have digits after the decimal point")
                }
                skipDigits()
            }
            if peek() == UInt8(ascii: "e") || peek() == UInt8(ascii: "E") {
                offset += 1
                if peek() == UInt8(ascii: "+") || peek() == UInt8(ascii: "-") { offset += 1 }
                guard let digit = peek(), isDigit(digit) else {
                    throw error("a number must have digits in its exponent")
                }
                skipDigits()
            }
            return String(decoding: bytes[start..<offset], as: UTF8.self)
        }

        mutating func string() throws(JSONSyntaxError) -> String {
            offset += 1  // opening quote
            var buffer: [UInt8] = []
            while true {
                guard let byte = peek() else {
                    throw error("unterminated string; add the closing '\"'")
                }
                switch byte {
                case UInt8(ascii: "\""):
                    offset += 1
                    return String(decoding: buffer, as: UTF8.self)
                case UInt8(ascii: "\\"):
                    try escape(into: &buffer)
                case 0x00..<0x20:
                    throw error("control character inside a string; escape it (\\n, \\t or \\u00XX)")
                default:
                    // Multi-byte UTF-8 was validated up front; copy it through.
                    buffer.append(byte)
                    offset += 1
                }
            }
        }

        mutating func escape(into buffer: inout [UInt8]) throws(JSONSyntaxError) {
            let start = offset
            offset += 1  // backslash
            guard let code = peek() else {
                throw error("unterminated string; add the closing '\"'")
            }
            offset += 1
            let simple: UInt8?
            switch code {
            case UInt8(ascii: "\""): simple = UInt8(ascii: "\"")
            case UInt8(ascii: "\\"): simple = UInt8(ascii: "\\")
            case UInt8(ascii: "/"): simple = UInt8(ascii: "/")
            case UInt8(ascii: "b"): simple = 0x08
            case UInt8(ascii: "f"): simple = 0x0C
            case UInt8(ascii: "n"): simple = 0x0A
            case UInt8(ascii: "r"): simple = 0x0D
            case UInt8(ascii: "t"): simple = 0x09
            case UInt8(ascii: "u"): simple = nil
            default:
                throw error("invalid escape sequence \\\(describeCharacter(at: offset - 1, quoted: false))", at: start)
            }
            if let simple {
                buffer.append(simple)
                return
            }
            var scalarValue = try hex4(escapeStart: start)
            if (0xD800...0xDBFF).contains(scalarValue) {
                // A high surrogate must be followed by an escaped low surrogate.
                guard bytes.count - offset >= 6,
                    bytes[offset] == UInt8(ascii: "\\"), bytes[offset + 1] == UInt8(ascii: "u")
                else {
                    throw error("unpaired UTF-16 surrogate in \\u escape", at: start)
                }
                offset += 2
                let low = try hex4(escapeStart: start)
                guard (0xDC00...0xDFFF).contains(low) else {
                    throw error("unpaired UTF-16 surrogate in \\u escape", at: start)
                }
                scalarValue = 0x10000 + ((scalarValue - 0xD800) << 10) + (low - 0xDC00)
            } else if (0xDC00...0xDFFF).contains(scalarValue) {
                throw error("unpaired UTF-16 surrogate in \\u escape", at: start)
            }
            // Cannot fail: surrogates were excluded above.
            let scalar = Unicode.Scalar(scalarValue)!
            buffer.append(contentsOf: Array(String(Character(scalar)).utf8))
        }

        mutating func hex4(escapeStart: Int) throws(JSONSyntaxError) -> UInt32 {
            guard bytes.count - offset >= 4 else {
                throw error("\\u must be followed by four hex digits", at: escapeStart)
            }
            var value: UInt32 = 0
            for byte in bytes[offset..<offset + 4] {
                guard let digit = hexValue(byte) else {
                    throw error("\\u must be followed by four hex digits", at: escapeStart)
                }
                value = value << 4 | digit
            }
            offset += 4
            return value
        }

        // MARK: Helpers

        func peek() -> UInt8? {
            offset < bytes.count ? bytes[offset] : nil
        }

        mutating func skipWhitespace() {
            // RFC 8259 whitespace only: no form feeds, no non-breaking spaces.
            while let byte = peek(),
                byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
            {
                offset += 1
            }
        }

        mutating func skipDigits() {
            while let byte = peek(), isDigit(byte) { offset += 1 }
        }

        func isDigit(_ byte: UInt8) -> Bool {
            byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
        }

        func hexValue(_ byte: UInt8) -> UInt32? {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): return UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): return UInt32(byte - UInt8(ascii: "A") + 10)
            default: return nil
            }
        }

        /// Rejects malformed UTF-8 before parsing, so string contents can be
        /// copied byte by byte later.
        func checkUTF8() throws(JSONSyntaxError) {
            var iterator = bytes.makeIterator()
            var parser = Unicode.UTF8.ForwardParser()
            var position = 0
            while true {
                switch parser.parseScalar(from: &iterator) {
                case .valid(let encoded):
                    position += encoded.count
                case .emptyInput:
                    return
                case .error:
                    throw error("the file is not valid UTF-8; save it as UTF-8", at: position)
                }
            }
        }

        func describeCharacter(at position: Int, quoted: Bool = true) -> String {
            guard position < bytes.count else { return "end of input" }
            // Decode one scalar so non-ASCII characters are shown whole.
            var iterator = bytes[position...].makeIterator()
            var parser = Unicode.UTF8.ForwardParser()
            let text: String
            if case .valid(let encoded) = parser.parseScalar(from: &iterator) {
                text = String(decoding: Array(encoded), as: UTF8.self)
            } else {
                text = "\\x" + String(bytes[position], radix: 16, uppercase: true)
            }
            return quoted ? "'\(text)'" : text
        }

        /// Builds an error located at `position` (default: the current offset),
        /// counting lines and Unicode scalars so the column matches an editor.
        func error(_ reason: String, at position: Int? = nil) -> JSONSyntaxError {
            let end = min(position ?? offset, bytes.count)
            var line = 1
            var column = 1
            for byte in bytes[0..<end] {
                if byte == 0x0A {
                    line += 1
                    column = 1
                } else if byte & 0xC0 != 0x80 {  // skip UTF-8 continuation bytes
                    column += 1
                }
            }
            return JSONSyntaxError(reason: reason, line: line, column: column)
        }
    }
}
