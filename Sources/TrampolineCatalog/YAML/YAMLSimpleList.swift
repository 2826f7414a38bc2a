import TrampolineModel

/// The fast path of a first reading: the items of a block list read without libyaml, when every
/// item is a block mapping written in the plain shape catalogs use — one `key: value` per line,
/// values plain, quoted on one line (without escapes), a `|` literal, or a one-line flow mapping
/// or list of plain scalars. Anything else (comments, anchors, tags, escapes, nested blocks,
/// multi-line plain or quoted text, tabs, line breaks other than LF, control characters) makes
/// it give up, and the caller reads the text with libyaml (`YAMLEventParser`), which is the
/// reference: `YAMLSimpleListTests` hold the trees, positions and spans this path returns to
/// libyaml's on random catalogs and on random edits of them.
///
/// libyaml spends about 300 instructions a byte on such text (it decodes, buffers and tokenizes
/// every character); the catalog was a quarter of a first build.
enum YAMLSimpleList {
    /// One item: its tree, where its text lies (from its first key to the token after it, as
    /// libyaml's events give it) and its position.
    struct Item {
        var node: YAMLNode
        var bytes: Range<Int>
        var line: Int
        var column: Int
        /// How many line breaks `bytes` holds.
        var lineBreaks: Int
    }

    /// The items of the block list whose dashes stand at `listColumn` in `text[start..<end]`:
    /// `start` is at an item's dash or at the start of its line, which is line `line`; `end` is
    /// the start of the line of the next item, whose dash is the token after the last item (the
    /// list's last item, whose end depends on what follows the list, is left to libyaml). Nil
    /// when any of it is outside the plain shape.
    static func items(in text: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int, line: Int, listColumn: Int)
        -> [Item]?
    {
        guard listColumn >= 1, start < end, end + listColumn - 1 < text.count,
            text[end + listColumn - 1] == UInt8(ascii: "-"),
            let base = text.baseAddress, isPlainText(base, from: start, to: end)
        else { return nil }
        var reader = Reader(base: base, end: end, line: line, lineStart: start)
        let indent = listColumn - 1
        if text[start] == UInt8(ascii: "-") {
            // At the first item's dash: its line's indentation lies before `start`.
            guard start >= indent, (start - indent..<start).allSatisfy({ text[$0] == UInt8(ascii: " ") }),
                start == indent || text[start - indent - 1] == UInt8(ascii: "\n")
            else { return nil }
            reader.lineStart = start - indent
            reader.index = start
        } else if !reader.skipSpaces(exactly: indent) {
            return nil
        }
        var items: [Item] = []
        while reader.index < end {
            guard let item = reader.item(listColumn: listColumn) else { return nil }
            items.append(item)
        }
        return items.isEmpty ? nil : items
    }

    /// No byte libyaml reads otherwise than as this path does: controls (tab and CR among them),
    /// DEL, C1 controls and U+0085, U+2028, U+2029 (line breaks to libyaml), U+FEFF (skipped at a
    /// line's start), U+FFFE and U+FFFF (rejected).
    private static func isPlainText(_ base: UnsafePointer<UInt8>, from start: Int, to end: Int) -> Bool {
        var index = start
        while index < end {
            let byte = base[index]
            if byte >= 0x20 && byte < 0x7F {
                index += 1
                continue
            }
            switch byte {
            case UInt8(ascii: "\n"): break
            case 0xC2: if index + 1 < end, base[index + 1] < 0xA0 { return false }
            case 0xE2:
                if index + 2 < end, base[index + 1] == 0x80, base[index + 2] == 0xA8 || base[index + 2] == 0xA9 {
                    return false
                }
            case 0xEF:
                if index + 2 < end, base[index + 1] == 0xBB, base[index + 2] == 0xBF { return false }
                if index + 2 < end, base[index + 1] == 0xBF, base[index + 2] >= 0xBE { return false }
            case 0x80...0xF4: break
            default: return false
            }
            index += 1
        }
        return true
    }

    private struct Reader {
        let base: UnsafePointer<UInt8>
        let end: Int
        var line: Int
        var lineStart: Int
        var index: Int

        init(base: UnsafePointer<UInt8>, end: Int, line: Int, lineStart: Int) {
            self.base = base
            self.end = end
            self.line = line
            self.lineStart = lineStart
            index = lineStart
        }

        private var byte: UInt8 { index < end ? base[index] : 0 }

        /// The 1-based column of `index`, in Unicode scalars.
        private var column: Int {
            var column = 1
            for offset in lineStart..<index where base[offset] & 0xC0 != 0x80 { column += 1 }
            return column
        }

        private func text(_ range: Range<Int>) -> String {
            String(decoding: UnsafeBufferPointer(start: base + range.lowerBound, count: range.count), as: UTF8.self)
        }

        mutating func skipSpaces(exactly count: Int) -> Bool {
            for _ in 0..<count {
                guard byte == UInt8(ascii: " ") else { return false }
                index += 1
            }
            return true
        }

        private mutating func skipSpaces() {
            while byte == UInt8(ascii: " ") { index += 1 }
        }

        /// Past the line break `index` is at, to the next line's start.
        private mutating func nextLine() {
            index += 1
            line += 1
            lineStart = index
        }

        /// The item whose dash `index` is at; `index` ends at the next item's dash or at `end`.
        mutating func item(listColumn: Int) -> Item? {
            guard byte == UInt8(ascii: "-"), index + 1 < end, base[index + 1] == UInt8(ascii: " ") else { return nil }
            index += 1
            skipSpaces()
            let itemLine = line
            let keyColumn = index - lineStart + 1
            let first = index
            // Room for a link's usual keys: grown from empty, the list was copied three times an item.
            var pairs: [(key: YAMLNode, value: YAMLNode)] = []
            pairs.reserveCapacity(8)
            while true {
                guard let key = key() else { return nil }
                skipSpaces()
                guard let value = value(keyColumn: keyColumn) else { return nil }
                pairs.append((key, value))
                // At the break after the value: skip empty lines to what comes next.
                while true {
                    guard byte == UInt8(ascii: "\n") else { return nil }
                    nextLine()
                    skipSpaces()
                    guard byte == UInt8(ascii: "\n") else { break }
                }
                let indentation = index - lineStart
                if index >= end {
                    // The token after the piece: the next item's dash, on the line at `end`.
                    guard lineStart == end else { return nil }
                    return Item(
                        node: YAMLNode(kind: .mapping(pairs), line: itemLine, column: keyColumn),
                        bytes: first..<end + listColumn - 1, line: itemLine, column: keyColumn,
                        lineBreaks: line - itemLine)
                }
                if indentation == listColumn - 1, byte == UInt8(ascii: "-") {
                    return Item(
                        node: YAMLNode(kind: .mapping(pairs), line: itemLine, column: keyColumn),
                        bytes: first..<index, line: itemLine, column: keyColumn, lineBreaks: line - itemLine)
                }
                guard indentation == keyColumn - 1 else { return nil }
            }
        }

        /// A key: letters, digits, `_`, `-` and `.`, then `:` and a space.
        private mutating func key() -> YAMLNode? {
            let start = index
            guard start < end, isKeyStart(base[start]) else { return nil }
            while index < end, isKeyByte(base[index]) { index += 1 }
            guard index + 1 < end, base[index] == UInt8(ascii: ":"), base[index + 1] == UInt8(ascii: " ") else {
                return nil
            }
            let node = YAMLNode(
                kind: .scalar(text(start..<index), plain: true), line: line, column: start - lineStart + 1)
            index += 1
            return node
        }

        private func isKeyStart(_ byte: UInt8) -> Bool {
            (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z") || byte == UInt8(ascii: "_")
        }

        private func isKeyByte(_ byte: UInt8) -> Bool {
            isKeyStart(byte) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "-")
                || byte == UInt8(ascii: ".")
        }

        /// A mapping value starting at `index`; `index` ends at the line break after it.
        private mutating func value(keyColumn: Int) -> YAMLNode? {
            let line = line
            let column = column
            let scalar: YAMLNode.Kind
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "'"):
                guard let text = quoted() else { return nil }
                scalar = .scalar(text, plain: false)
            case UInt8(ascii: "|"):
                guard let text = literal(parentIndent: keyColumn - 1) else { return nil }
                return YAMLNode(kind: .scalar(text, plain: false), line: line, column: column)
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                guard let kind = flowCollection() else { return nil }
                scalar = kind
            default:
                guard let text = blockPlain() else { return nil }
                scalar = .scalar(text, plain: true)
            }
            skipSpaces()
            guard byte == UInt8(ascii: "\n") else { return nil }
            return YAMLNode(kind: scalar, line: line, column: column)
        }

        /// Quoted text ending on its line, without escapes but `''` in single quotes.
        private mutating func quoted() -> String? {
            let quote = byte
            let single = quote == UInt8(ascii: "'")
            index += 1
            var start = index
            var text = ""
            while index < end {
                let current = base[index]
                if current == UInt8(ascii: "\n") || (current == UInt8(ascii: "\\") && !single) { return nil }
                guard current == quote else {
                    index += 1
                    continue
                }
                if single, index + 1 < end, base[index + 1] == quote {
                    // `''` is one quote.
                    text += self.text(start..<index + 1)
                    index += 2
                    start = index
                    continue
                }
                text += self.text(start..<index)
                index += 1
                return text
            }
            return nil
        }

        /// What a plain scalar cannot start with (a bit per byte, as the escapers keep theirs).
        private static let indicators = Escaping.ByteSet { "-?:,[]{}#&*!|>'\"%@`".utf8.contains($0) }

        /// Plain text to the end of its line, which must not go on on the next.
        private mutating func blockPlain() -> String? {
            guard index < end, !Self.indicators.contains(base[index]), base[index] != UInt8(ascii: "\n") else {
                return nil
            }
            let start = index
            var last = index
            while index < end, base[index] != UInt8(ascii: "\n") {
                switch base[index] {
                case UInt8(ascii: ":"):
                    // `: ` or `:` at the line's end is a mapping, not text.
                    guard index + 1 < end, base[index + 1] != UInt8(ascii: " "), base[index + 1] != UInt8(ascii: "\n")
                    else { return nil }
                case UInt8(ascii: "#"):
                    // A comment, after a space.
                    guard base[index - 1] != UInt8(ascii: " ") else { return nil }
                case UInt8(ascii: " "):
                    index += 1
                    continue
                default: break
                }
                index += 1
                last = index
            }
            return text(start..<last)
        }

        /// A `|` literal without indicators: its lines, as clip chomping keeps them. `index`
        /// ends at the line break before the line that ends it.
        private mutating func literal(parentIndent: Int) -> String? {
            index += 1
            guard byte == UInt8(ascii: "\n") else { return nil }
            nextLine()
            skipSpaces()
            let indent = index - lineStart
            // libyaml finds the indentation on the first line; an empty first line is left to it.
            guard indent > parentIndent, index < end, byte != UInt8(ascii: "\n") else { return nil }
            index = lineStart
            var text: [UInt8] = []
            text.reserveCapacity(256)
            var breaks = 0
            while true {
                // A line: up to `indent` spaces, then a break (an empty line), text (at
                // `indent`: the literal's), or the end of the literal.
                let start = index
                while index < end, index - start < indent, base[index] == UInt8(ascii: " ") { index += 1 }
                if index < end, base[index] == UInt8(ascii: "\n") {
                    breaks += 1
                    nextLine()
                    continue
                }
                guard index - start == indent, index < end else {
                    // The mapping goes on at this line; the literal keeps one break (clip).
                    text.append(UInt8(ascii: "\n"))
                    index = start - 1
                    line -= 1
                    return String(decoding: text, as: UTF8.self)
                }
                let content = index
                var spacesOnly = true
                while index < end, base[index] != UInt8(ascii: "\n") {
                    if base[index] != UInt8(ascii: " ") { spacesOnly = false }
                    index += 1
                }
                // A line of spaces past the indentation is text to libyaml: not this path's.
                guard index < end, !spacesOnly else { return nil }
                text.append(contentsOf: repeatElement(UInt8(ascii: "\n"), count: breaks))
                text.append(contentsOf: UnsafeBufferPointer(start: base + content, count: index - content))
                breaks = 1
                nextLine()
            }
        }

        /// `{key: value, …}` or `[value, …]` of plain scalars, on one line.
        private mutating func flowCollection() -> YAMLNode.Kind? {
            let mapping = byte == UInt8(ascii: "{")
            let close = mapping ? UInt8(ascii: "}") : UInt8(ascii: "]")
            index += 1
            skipSpaces()
            var pairs: [(key: YAMLNode, value: YAMLNode)] = []
            var items: [YAMLNode] = []
            if byte == close {
                index += 1
                return mapping ? .mapping(pairs) : .sequence(items)
            }
            while true {
                if mapping {
                    guard let key = flowPlain(key: true), byte == UInt8(ascii: ":"), index + 1 < end,
                        base[index + 1] == UInt8(ascii: " ")
                    else { return nil }
                    index += 1
                    skipSpaces()
                    guard let value = flowPlain(key: false) else { return nil }
                    pairs.append((key, value))
                } else {
                    guard let item = flowPlain(key: false) else { return nil }
                    items.append(item)
                }
                switch byte {
                case UInt8(ascii: ","):
                    index += 1
                    skipSpaces()
                case close:
                    index += 1
                    return mapping ? .mapping(pairs) : .sequence(items)
                default:
                    return nil
                }
            }
        }

        /// A plain scalar inside a flow collection: up to `,`, `]`, `}` or (a key) `:`; trailing
        /// spaces are not part of it.
        private mutating func flowPlain(key: Bool) -> YAMLNode? {
            guard index < end, !Self.indicators.contains(base[index]), base[index] != UInt8(ascii: " "),
                base[index] != UInt8(ascii: "\n")
            else { return nil }
            let line = line
            let column = column
            let start = index
            var last = index
            scan: while index < end {
                switch base[index] {
                case UInt8(ascii: ","), UInt8(ascii: "]"), UInt8(ascii: "}"): break scan
                case UInt8(ascii: ":"):
                    guard key else { return nil }
                    break scan
                case UInt8(ascii: "\n"), UInt8(ascii: "["), UInt8(ascii: "{"), UInt8(ascii: "#"), UInt8(ascii: "\""),
                    UInt8(ascii: "'"):
                    return nil
                case UInt8(ascii: " "):
                    index += 1
                default:
                    index += 1
                    last = index
                }
            }
            // Spaces before `:` would leave the key's text ambiguous to compare: not this path's.
            if key, last != index { return nil }
            return YAMLNode(kind: .scalar(text(start..<last), plain: true), line: line, column: column)
        }
    }
}
