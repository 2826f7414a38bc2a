extension CatalogReader {
    /// A stretch of a block list's text read alone, as `links:` of a document whose lines are the
    /// file's: a piece of a first reading (`CatalogReader+Pieces.swift`) and the changed entries
    /// of a rebuild (`CatalogReader+Layout.swift`) are read this way. Its parser reports the
    /// file's lines, and ``bytes(of:collection:)`` the file's byte ranges.
    struct ListStretch {
        let parser: YAMLEventParser
        /// What to add to an offset in the parser's text to have the file's.
        private let shift: Int
        /// Where the stretch ends in the file.
        private let end: Int
        /// Where the first token after the stretch starts in the file; nil when nothing follows.
        private let nextToken: Int?

        /// `text[start..<end]`, whose first line is line `line` and whose first byte is at column
        /// `pad + 1`; `nextToken` as ``nextToken``.
        init(_ text: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int, line: Int, pad: Int, nextToken: Int?) {
            let prefix = Array("links:\n".utf8) + [UInt8](repeating: UInt8(ascii: " "), count: pad)
            let source = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: prefix.count + end - start)
            source.baseAddress!.initialize(from: prefix, count: prefix.count)
            if let base = text.baseAddress, end > start {
                (source.baseAddress! + prefix.count).initialize(from: base + start, count: end - start)
            }
            parser = YAMLEventParser(taking: source, lineOffset: line - 2)
            shift = start - prefix.count
            self.end = end
            self.nextToken = nextToken
        }

        /// Reads up to the value of `links`; false when the stretch does not start that way.
        func open() throws -> Bool {
            try parser.startDocument() && parser.beginRootMapping() && parser.nextKey()?.text == "links"
        }

        /// Where in the file the value just read, which started at `start`, lies. A list or
        /// mapping (`collection`) ends at the token after it, which the whole file has.
        func bytes(from start: Int, collection: Bool) -> Range<Int> {
            let lower = parser.byteOffset(ofCharacter: start) + shift
            let upper = parser.byteOffset(ofCharacter: parser.endIndex) + shift
            if collection, upper == end, let nextToken { return lower..<nextToken }
            return lower..<upper
        }

        /// After the list: true when the document ends there, as a stretch that stops before the
        /// rest of the file must.
        func closeDocument() throws -> Bool {
            guard try parser.nextKey() == nil else { return false }
            try parser.finishDocument()
            return true
        }
    }
}
