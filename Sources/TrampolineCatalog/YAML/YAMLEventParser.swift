import CYaml
import TrampolineModel

/// Reads YAML through libyaml's event API (the C library under Yams) — the one file that touches
/// it. The caller walks the top-level mapping key by key and may take a sequence item by item, so
/// large lists are turned into model values as they stream past instead of into one node tree.
package final class YAMLEventParser {
    /// A YAML syntax problem at a 1-based position.
    package struct SyntaxError: Error {
        package var line: Int
        package var column: Int
        package var message: String
        /// The fix, for a problem that is not of syntax (the alias budget); nil for syntax.
        var hint: String? = nil
    }

    private var parser = yaml_parser_t()
    private let bytes: UnsafeMutableBufferPointer<UInt8>
    /// The next event, read but not yet consumed.
    private var pending: Event?
    /// Anchored subtrees by name, for aliases. Aliases share the subtree; nothing is copied.
    private var anchors: [String: YAMLNode] = [:]
    /// The text each anchored value stands for, aliases inside it expanded (UTF-8 bytes).
    private var anchorWeights: [String: Int] = [:]
    /// The text of every value read so far, each alias counted as the text it repeats.
    private var expandedBytes = 0
    /// The most text aliases may add: a catalog of a megabyte must not become gigabytes of
    /// pages ("billion laughs"). Generous for `<<: *defaults` on every link.
    private var aliasBudget: Int { max(16 << 20, bytes.count * 4) }
    private var aliasBytes = 0

    private enum Event {
        case streamStart, streamEnd, documentStart, documentEnd
        case alias(String)
        case scalar(String, plain: Bool, anchor: String?)
        case sequenceStart(anchor: String?, block: Bool)
        case sequenceEnd
        case mappingStart(anchor: String?)
        case mappingEnd
    }

    private var pendingLine = 1, pendingColumn = 1
    /// libyaml's character index (Unicode scalars, not bytes) of the pending event's start.
    private var pendingIndex = 0
    /// The character index where the last taken event ends.
    private(set) var endIndex = 0
    /// How many anchor and alias events have been read: a value read with none in it means the
    /// same wherever its text stands.
    private(set) var anchorsAndAliases = 0
    /// Added to libyaml's line numbers: a parser of one value's text cut from a larger file
    /// reports positions in that file.
    private let lineOffset: Int
    /// The memoized (character index, byte offset) pair of ``byteOffset(ofCharacter:)``.
    private var offsetCursor = (character: 0, byte: 0)

    /// The parser's own copy of the text, valid while the parser lives.
    var buffer: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(bytes) }

    package convenience init(_ text: String, lineOffset: Int = 0) {
        // libyaml reads from a buffer that must outlive the parser: keep our own copy, made
        // straight from the string's storage (a 100k-link catalog is tens of megabytes; an
        // intermediate array was one more copy at the build's peak of memory).
        let count = text.utf8.count
        let bytes = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: max(count, 1))
        text.withUTF8Bytes { utf8 in
            if let base = utf8.baseAddress { bytes.baseAddress!.initialize(from: base, count: count) }
        }
        self.init(taking: UnsafeMutableBufferPointer(rebasing: bytes[0..<count]), lineOffset: lineOffset)
    }

    /// A parser of `bytes`, valid UTF-8 that it takes over: allocated by the caller (at their
    /// base address), deallocated when the parser ends (``FileBytes`` reads a catalog into one).
    init(taking bytes: UnsafeMutableBufferPointer<UInt8>, lineOffset: Int = 0) {
        self.lineOffset = lineOffset
        self.bytes = bytes
        yaml_parser_initialize(&parser)
        yaml_parser_set_encoding(&parser, YAML_UTF8_ENCODING)
        yaml_parser_set_input_string(&parser, bytes.baseAddress, bytes.count)
    }

    deinit {
        yaml_parser_delete(&parser)
        bytes.baseAddress?.deallocate()
    }

    // MARK: - Walking a document

    /// Starts the document. Returns false for an empty stream (no document at all).
    package func startDocument() throws -> Bool {
        guard case .streamStart = try take() else { throw syntax("expected the start of a YAML stream") }
        switch try peek() {
        case .streamEnd: return false
        case .documentStart:
            _ = try take()
            return true
        default: throw syntax("expected a YAML document")
        }
    }

    /// True when the document's root is a mapping; the mapping's start is consumed.
    func beginRootMapping() throws -> Bool {
        if case .mappingStart = try peek() {
            _ = try take()
            return true
        }
        return false
    }

    /// The next key of the mapping being walked, or nil at its end (which is consumed).
    func nextKey() throws -> YAMLNode? {
        if case .mappingEnd = try peek() {
            _ = try take()
            return nil
        }
        return try node()
    }

    /// If the next value is a sequence without an anchor, consumes its start and returns its
    /// position (with its character index, see ``byteOffset(ofCharacter:)``) and whether it is a
    /// block sequence (`- ` items); otherwise nil.
    func beginSequence() throws -> (line: Int, column: Int, index: Int, block: Bool)? {
        if case .sequenceStart(let anchor, let block) = try peek(), anchor == nil {
            let at = (line: pendingLine, column: pendingColumn, index: pendingIndex, block: block)
            _ = try take()
            return at
        }
        return nil
    }

    /// The next item of the sequence being walked, or nil at its end (which is consumed).
    func nextItem() throws -> YAMLNode? {
        if case .sequenceEnd = try peek() {
            _ = try take()
            return nil
        }
        return try node()
    }

    /// Ends the document; a second document is an error, since a catalog is one document.
    package func finishDocument() throws {
        while true {
            switch try take() {
            case .documentEnd: continue
            case .streamEnd: return
            case .documentStart:
                throw syntax("the file holds more than one YAML document ('---'); a catalog is one document")
            default: continue
            }
        }
    }

    /// The whole next value as a tree.
    package func node() throws -> YAMLNode {
        _ = try peek()  // the event's position is known once it has been read
        let line = pendingLine
        let column = pendingColumn
        switch try take() {
        case .scalar(let text, let plain, let anchor):
            let node = YAMLNode(kind: .scalar(text, plain: plain), line: line, column: column)
            expandedBytes += text.utf8.count + 1
            if let anchor { remember(node, as: anchor, weight: text.utf8.count + 1) }
            return node
        case .alias(let name):
            // The anchored value keeps its own position: that is where its text is written.
            guard let node = anchors[name] else {
                throw SyntaxError(
                    line: line, column: column, message: "the alias *\(name) has no anchor &\(name) before it")
            }
            let weight = anchorWeights[name] ?? 0
            expandedBytes += weight
            aliasBytes += weight
            if aliasBytes > aliasBudget {
                throw SyntaxError(
                    line: line, column: column,
                    message: "YAML aliases repeat more than \(aliasBudget >> 20) MB of text (at *\(name))",
                    hint:
                        "an alias stands for its anchor's whole value each time; repeat less, or write the values out (a catalog that needs this much is a mistake or an attack)"
                )
            }
            return node
        case .sequenceStart(let anchor, _):
            let start = expandedBytes
            var items: [YAMLNode] = []
            while let item = try nextItem() { items.append(item) }
            let node = YAMLNode(kind: .sequence(items), line: line, column: column)
            if let anchor { remember(node, as: anchor, weight: expandedBytes - start) }
            return node
        case .mappingStart(let anchor):
            let start = expandedBytes
            var pairs: [(key: YAMLNode, value: YAMLNode)] = []
            while let key = try nextKey() { pairs.append((key, try node())) }
            let node = YAMLNode(kind: .mapping(pairs), line: line, column: column)
            if let anchor { remember(node, as: anchor, weight: expandedBytes - start) }
            return node
        default:
            throw SyntaxError(line: line, column: column, message: "unexpected end of a YAML collection")
        }
    }

    private func remember(_ node: YAMLNode, as anchor: String, weight: Int) {
        anchors[anchor] = node
        anchorWeights[anchor] = weight
    }

    // MARK: - Events

    private func peek() throws -> Event {
        if let pending { return pending }
        let event = try read()
        pending = event
        return event
    }

    private func take() throws -> Event {
        let event = try peek()
        pending = nil
        endIndex = pendingEnd
        switch event {
        case .alias, .scalar(_, _, .some), .sequenceStart(.some, _), .mappingStart(.some): anchorsAndAliases += 1
        default: break
        }
        return event
    }

    private var pendingEnd = 0

    /// Where the next value starts: its character index (see ``byteOffset(ofCharacter:)``), line
    /// and column; nil at the end of the collection being walked (the end is not consumed).
    func nextValueStart() throws -> (index: Int, line: Int, column: Int)? {
        switch try peek() {
        case .sequenceEnd, .mappingEnd, .documentEnd, .streamEnd: return nil
        default: return (pendingIndex, pendingLine, pendingColumn)
        }
    }

    /// Consumes the next value without building it; ``endIndex`` is then where it ends. Events
    /// past the first are read raw, without making strings of their text. Returns true for a
    /// sequence or mapping (whose end is where the token after it starts).
    @discardableResult
    func skipValue() throws -> Bool {
        var depth = 0
        switch try take() {
        case .sequenceStart, .mappingStart: depth = 1
        case .scalar, .alias: return false
        default: throw syntax("unexpected end of a YAML collection")
        }
        while depth > 0 {
            var event = yaml_event_t()
            guard yaml_parser_parse(&parser, &event) == 1 else { throw parserError() }
            defer { yaml_event_delete(&event) }
            endIndex = Int(event.end_mark.index)
            switch event.type {
            case YAML_SEQUENCE_START_EVENT:
                depth += 1
                if event.data.sequence_start.anchor != nil { anchorsAndAliases += 1 }
            case YAML_MAPPING_START_EVENT:
                depth += 1
                if event.data.mapping_start.anchor != nil { anchorsAndAliases += 1 }
            case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT: depth -= 1
            case YAML_SCALAR_EVENT: if event.data.scalar.anchor != nil { anchorsAndAliases += 1 }
            case YAML_ALIAS_EVENT: anchorsAndAliases += 1
            default:
                pendingLine = Int(event.start_mark.line) + 1 + lineOffset
                pendingColumn = Int(event.start_mark.column) + 1
                throw syntax("unexpected end of a YAML collection")
            }
        }
        return true
    }

    /// The byte offset in ``buffer`` of libyaml's character index `index` (it counts Unicode
    /// scalars). Cheap for rising indexes: it walks on from the last one asked.
    func byteOffset(ofCharacter index: Int) -> Int {
        if index < offsetCursor.character { offsetCursor = (0, 0) }
        var (character, byte) = offsetCursor
        // Eight ASCII bytes at a time: catalogs are mostly ASCII.
        let raw = UnsafeRawPointer(bytes.baseAddress!)
        while index - character >= 8, bytes.count - byte >= 8,
            raw.loadUnaligned(fromByteOffset: byte, as: UInt64.self) & 0x8080_8080_8080_8080 == 0
        {
            byte += 8
            character += 8
        }
        while character < index, byte < bytes.count {
            let lead = bytes[byte]
            byte += lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
            character += 1
        }
        offsetCursor = (character, byte)
        return min(byte, bytes.count)
    }

    private func read() throws -> Event {
        var event = yaml_event_t()
        guard yaml_parser_parse(&parser, &event) == 1 else { throw parserError() }
        defer { yaml_event_delete(&event) }
        pendingLine = Int(event.start_mark.line) + 1 + lineOffset
        pendingColumn = Int(event.start_mark.column) + 1
        pendingIndex = Int(event.start_mark.index)
        pendingEnd = Int(event.end_mark.index)
        switch event.type {
        case YAML_STREAM_START_EVENT: return .streamStart
        case YAML_STREAM_END_EVENT: return .streamEnd
        case YAML_DOCUMENT_START_EVENT: return .documentStart
        case YAML_DOCUMENT_END_EVENT: return .documentEnd
        case YAML_ALIAS_EVENT: return .alias(Self.string(event.data.alias.anchor) ?? "")
        case YAML_SCALAR_EVENT:
            let scalar = event.data.scalar
            let text = String(decoding: UnsafeBufferPointer(start: scalar.value, count: scalar.length), as: UTF8.self)
            return .scalar(text, plain: scalar.style == YAML_PLAIN_SCALAR_STYLE, anchor: Self.string(scalar.anchor))
        case YAML_SEQUENCE_START_EVENT:
            return .sequenceStart(
                anchor: Self.string(event.data.sequence_start.anchor),
                block: event.data.sequence_start.style == YAML_BLOCK_SEQUENCE_STYLE)
        case YAML_SEQUENCE_END_EVENT: return .sequenceEnd
        case YAML_MAPPING_START_EVENT: return .mappingStart(anchor: Self.string(event.data.mapping_start.anchor))
        case YAML_MAPPING_END_EVENT: return .mappingEnd
        default: throw syntax("unexpected YAML event")
        }
    }

    private static func string(_ pointer: UnsafeMutablePointer<UInt8>?) -> String? {
        pointer.map { String(cString: $0) }
    }

    private func syntax(_ message: String) -> SyntaxError {
        SyntaxError(line: pendingLine, column: pendingColumn, message: message)
    }

    private func parserError() -> SyntaxError {
        let problem = parser.problem.map { String(cString: $0) } ?? "invalid YAML"
        if parser.error == YAML_READER_ERROR {
            // Reader errors (control characters, bad encoding) carry a byte offset, not a mark.
            let (line, column) = TextPosition.of(byte: Int(parser.problem_offset), in: UnsafeBufferPointer(bytes))
            return SyntaxError(line: line + lineOffset, column: column, message: problem)
        }
        var message = problem
        if let context = parser.context.map({ String(cString: $0) }) {
            message +=
                " (\(context) at \(Int(parser.context_mark.line) + 1 + lineOffset):\(parser.context_mark.column + 1))"
        }
        return SyntaxError(
            line: Int(parser.problem_mark.line) + 1 + lineOffset, column: Int(parser.problem_mark.column) + 1,
            message: message)
    }
}
