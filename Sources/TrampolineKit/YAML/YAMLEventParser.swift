import CYaml

/// Reads YAML through libyaml's event API (the C library under Yams) — the one file that touches
/// it. The caller walks the top-level mapping key by key and may take a sequence item by item, so
/// large lists are turned into model values as they stream past instead of into one node tree.
final class YAMLEventParser {
    /// A YAML syntax problem at a 1-based position.
    struct SyntaxError: Error {
        var line: Int
        var column: Int
        var message: String
    }

    private var parser = yaml_parser_t()
    private let bytes: UnsafeMutableBufferPointer<UInt8>
    /// The next event, read but not yet consumed.
    private var pending: Event?
    /// Anchored subtrees by name, for aliases. Aliases share the subtree; nothing is copied.
    private var anchors: [String: YAMLNode] = [:]

    private enum Event {
        case streamStart, streamEnd, documentStart, documentEnd
        case alias(String)
        case scalar(String, plain: Bool, anchor: String?)
        case sequenceStart(anchor: String?)
        case sequenceEnd
        case mappingStart(anchor: String?)
        case mappingEnd
    }

    private var pendingLine = 1, pendingColumn = 1

    init(_ text: String) {
        // libyaml reads from a buffer that must outlive the parser: keep our own copy, made
        // straight from the string's storage (a 100k-link catalog is tens of megabytes; an
        // intermediate array was one more copy at the build's peak of memory).
        var text = text
        let count = text.utf8.count
        bytes = .allocate(capacity: max(count, 1))
        text.withUTF8 { utf8 in
            if let base = utf8.baseAddress { bytes.baseAddress!.initialize(from: base, count: count) }
        }
        yaml_parser_initialize(&parser)
        yaml_parser_set_encoding(&parser, YAML_UTF8_ENCODING)
        yaml_parser_set_input_string(&parser, bytes.baseAddress, count)
    }

    deinit {
        yaml_parser_delete(&parser)
        bytes.deallocate()
    }

    // MARK: - Walking a document

    /// Starts the document. Returns false for an empty stream (no document at all).
    func startDocument() throws -> Bool {
        guard case .streamStart = try take() else { throw syntax("expected the start of a YAML stream") }
        switch try peek() {
        case .streamEnd: return false
        case .documentStart: _ = try take(); return true
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

    /// If the next value is a sequence, consumes its start and returns its position; otherwise nil.
    func beginSequence() throws -> (line: Int, column: Int)? {
        if case .sequenceStart(let anchor) = try peek(), anchor == nil {
            let at = (line: pendingLine, column: pendingColumn)
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
    func finishDocument() throws {
        while true {
            switch try take() {
            case .documentEnd: continue
            case .streamEnd: return
            case .documentStart: throw syntax("the file holds more than one YAML document ('---'); a catalog is one document")
            default: continue
            }
        }
    }

    /// The whole next value as a tree.
    func node() throws -> YAMLNode {
        _ = try peek()  // the event's position is known once it has been read
        let line = pendingLine, column = pendingColumn
        switch try take() {
        case .scalar(let text, let plain, let anchor):
            let node = YAMLNode(kind: .scalar(text, plain: plain), line: line, column: column)
            if let anchor { anchors[anchor] = node }
            return node
        case .alias(let name):
            // The anchored value keeps its own position: that is where its text is written.
            guard let node = anchors[name] else { throw SyntaxError(line: line, column: column, message: "the alias *\(name) has no anchor &\(name) before it") }
            return node
        case .sequenceStart(let anchor):
            var items: [YAMLNode] = []
            while let item = try nextItem() { items.append(item) }
            let node = YAMLNode(kind: .sequence(items), line: line, column: column)
            if let anchor { anchors[anchor] = node }
            return node
        case .mappingStart(let anchor):
            var pairs: [(key: YAMLNode, value: YAMLNode)] = []
            while let key = try nextKey() { pairs.append((key, try node())) }
            let node = YAMLNode(kind: .mapping(pairs), line: line, column: column)
            if let anchor { anchors[anchor] = node }
            return node
        default:
            throw SyntaxError(line: line, column: column, message: "unexpected end of a YAML collection")
        }
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
        return event
    }

    private func read() throws -> Event {
        var event = yaml_event_t()
        guard yaml_parser_parse(&parser, &event) == 1 else { throw parserError() }
        defer { yaml_event_delete(&event) }
        pendingLine = Int(event.start_mark.line) + 1
        pendingColumn = Int(event.start_mark.column) + 1
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
        case YAML_SEQUENCE_START_EVENT: return .sequenceStart(anchor: Self.string(event.data.sequence_start.anchor))
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
            return SyntaxError(line: line, column: column, message: problem)
        }
        var message = problem
        if let context = parser.context.map({ String(cString: $0) }) {
            message += " (\(context) at \(parser.context_mark.line + 1):\(parser.context_mark.column + 1))"
        }
        return SyntaxError(line: Int(parser.problem_mark.line) + 1, column: Int(parser.problem_mark.column) + 1, message: message)
    }
}
