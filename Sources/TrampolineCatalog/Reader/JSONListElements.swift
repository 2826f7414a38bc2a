/// The objects of a JSON list (`[{…}, {…}]`), cut by their bytes without parsing them, each with
/// the line and column its `{` stands at: what lets a JSON links file be read through its cache
/// row by row (`CatalogReader+LinksFileCache.swift`), each object parsed alone only when its
/// bytes are new.
///
/// The plain reading parses the whole file with the YAML parser (JSON is YAML's flow syntax),
/// which also takes text that is no JSON. Cutting takes strict JSON only, so that an object read
/// alone reads as it does inside the list: outside strings, nothing but white space (space, tab,
/// LF, CR LF), the punctuation `[]{},:` and the letters, digits and `.+-` of numbers and
/// `true`, `false`, `null`. A comment, a YAML anchor, alias, tag or quote, a lone CR, an element
/// that is not an object, an empty list or anything after it gives nil, and the file is read the
/// plain way, which reports what is wrong.
struct JSONListElements {
    struct Element {
        /// The line and the column (in characters, from 1) of the object's `{`.
        var line: Int
        var column: Int
        /// From its `{` to its `}`.
        var bytes: Range<Int>
    }

    private(set) var elements: [Element] = []

    /// The objects of the list that `bytes` (after any byte order mark) hold; nil when they are
    /// not a strict JSON list of objects.
    init?(_ bytes: UnsafeBufferPointer<UInt8>) {
        var scanner = Scanner(bytes: bytes)
        guard scanner.skipSpace(), scanner.take(UInt8(ascii: "[")) else { return nil }
        while true {
            guard scanner.skipSpace(), scanner.peek == UInt8(ascii: "{") else { return nil }
            let (line, column, start) = (scanner.line, scanner.column(), scanner.index)
            guard scanner.skipObject() else { return nil }
            elements.append(Element(line: line, column: column, bytes: start..<scanner.index))
            guard scanner.skipSpace() else { return nil }
            if scanner.take(UInt8(ascii: "]")) { break }
            guard scanner.take(UInt8(ascii: ",")) else { return nil }
        }
        guard scanner.skipSpace(), scanner.index == bytes.count else { return nil }
    }

    private struct Scanner {
        let bytes: UnsafeBufferPointer<UInt8>
        var index = 0
        var line = 1
        /// Where the current line starts, and a byte on it whose column is known (columns count
        /// characters: on a long line of many objects, each is counted from the one before).
        var lineStart = 0
        var known = (byte: 0, column: 1)

        init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

        var peek: UInt8? { index < bytes.count ? bytes[index] : nil }

        mutating func take(_ byte: UInt8) -> Bool {
            guard peek == byte else { return false }
            index += 1
            return true
        }

        /// The column of the byte at ``index``.
        mutating func column() -> Int {
            if known.byte < lineStart { known = (lineStart, 1) }
            var column = known.column
            for byte in bytes[known.byte..<index] where byte & 0xC0 != 0x80 { column += 1 }
            known = (index, column)
            return column
        }

        /// Past a line break at ``index`` (LF or CR LF); false for a lone CR.
        private mutating func lineBreak() -> Bool {
            if bytes[index] == UInt8(ascii: "\r") {
                guard index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "\n") else { return false }
                index += 1
            }
            index += 1
            line += 1
            lineStart = index
            return true
        }

        /// Past white space; false at a lone CR.
        mutating func skipSpace() -> Bool {
            while index < bytes.count {
                switch bytes[index] {
                case UInt8(ascii: " "), UInt8(ascii: "\t"): index += 1
                case UInt8(ascii: "\n"), UInt8(ascii: "\r"): guard lineBreak() else { return false }
                default: return true
                }
            }
            return true
        }

        /// Past the object starting at ``index``, to just after its `}`; false when it is not
        /// strict JSON or does not end.
        mutating func skipObject() -> Bool {
            var depth = 0
            while index < bytes.count {
                let byte = bytes[index]
                switch byte {
                case UInt8(ascii: "{"), UInt8(ascii: "["):
                    depth += 1
                    index += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    depth -= 1
                    index += 1
                    if depth == 0 { return byte == UInt8(ascii: "}") }
                case UInt8(ascii: "\""):
                    guard skipString() else { return false }
                case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                    guard skipSpace() else { return false }
                case UInt8(ascii: ","), UInt8(ascii: ":"), UInt8(ascii: "."), UInt8(ascii: "+"), UInt8(ascii: "-"),
                    UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                    UInt8(ascii: "A")...UInt8(ascii: "Z"):
                    index += 1
                default:
                    return false
                }
            }
            return false
        }

        /// Past the string starting at ``index`` (its closing quote included); line breaks in it
        /// (no JSON, but YAML reads them) are counted.
        private mutating func skipString() -> Bool {
            index += 1
            while index < bytes.count {
                switch bytes[index] {
                case UInt8(ascii: "\""):
                    index += 1
                    return true
                case UInt8(ascii: "\\"):
                    // What it escapes; a line break escaped (YAML's line continuation) is counted.
                    index += 1
                    if index < bytes.count, bytes[index] == UInt8(ascii: "\n") || bytes[index] == UInt8(ascii: "\r") {
                        guard lineBreak() else { return false }
                    } else {
                        index += 1
                    }
                case UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                    guard lineBreak() else { return false }
                default:
                    index += 1
                }
            }
            return false
        }
    }
}
