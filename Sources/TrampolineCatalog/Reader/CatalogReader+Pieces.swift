import Foundation
import TrampolineIncremental
import TrampolineModel

/// A first reading's way through a long `links:` list on all cores: libyaml reads one text on
/// one thread, and was a build's longest stretch with a core idle. The list is cut at the lines
/// where its items start, and each piece is parsed alone, as `links:` of a document whose lines
/// are the file's, on a worker that then reads its links; the last piece's parser goes on with
/// the rest of the document.
///
/// Why that reads the same as the whole file: in block context a line whose first character is
/// a `- ` at the list's column closes everything inside the item before it and starts the next
/// one (a block or plain scalar's lines are indented past the item's column). Only quoted
/// scalars and flow collections can run across such a line, and then the piece they start in
/// ends inside them and does not parse: the list is then read by the one parser, as it is for
/// anchors and aliases (whose meaning comes from elsewhere) and for line breaks other than LF and
/// CR LF (each piece checks its own text); document markers and tabs starting a line rule cutting
/// out before it starts. `CatalogPiecesTests` hold the reading, its diagnostics, link cache and
/// layout to the one-parser reading on random catalogs.
extension CatalogReader {
    /// Where each piece of the list starts and on which line, in order; the first is the list's
    /// first dash.
    struct ListPieces {
        var starts: [(byte: Int, line: Int)]
        /// How many items the list has (lines starting with its dash).
        var items: Int
    }

    /// About how many bytes of the list a piece holds: a piece costs a parser and a copy, and
    /// shorter lists are read by the one parser.
    static let pieceBytes = 192 * 1024

    /// The pieces of the block list starting at `list` in `text`, about `pieceBytes` each; nil
    /// when the list is too short for two, or when its text rules cutting out.
    static func listPieces(in text: UnsafeBufferPointer<UInt8>, list: ListStart, pieceBytes: Int) -> ListPieces? {
        let column = list.column
        let indent = column - 1
        guard let base = text.baseAddress, list.byte < text.count, pieceBytes > 0,
            (text.count - list.byte) / 2 >= pieceBytes
        else { return nil }
        let space = UInt8(ascii: " ")
        let newline = UInt8(ascii: "\n")
        let dash = UInt8(ascii: "-")
        var starts: [(byte: Int, line: Int)] = [(list.byte, list.line)]
        var items = 1
        var line = list.line
        var index = list.byte
        var lastItem = (byte: list.byte, line: list.line)
        var next = list.byte + pieceBytes
        // Line by line (lines counted by LF alone: each piece checks that its text breaks lines
        // no other way, as `TextPosition` counts them, or the catalog is read by one parser).
        while let found = memchr(base + index, Int32(newline), text.count - index) {
            index = base.distance(to: found.assumingMemoryBound(to: UInt8.self)) + 1
            line += 1
            // The next line: its indentation, then what starts it.
            let lineStart = index
            while index < text.count, text[index] == space { index += 1 }
            guard index < text.count else { break }
            switch text[index] {
            case newline, UInt8(ascii: "\r"), UInt8(ascii: "#"):
                continue
            case UInt8(ascii: "\t"):
                return nil
            case dash
            where index - lineStart == indent && index + 1 < text.count
                && (text[index + 1] == space || text[index + 1] == newline || text[index + 1] == UInt8(ascii: "\r")):
                // A document marker is three dashes; a `- ` is not one.
                items += 1
                lastItem = (lineStart, line)
                if lineStart >= next {
                    starts.append((lineStart, line))
                    next = lineStart + pieceBytes
                }
            default:
                // Less indented than the list (or a key beside it at the first column): the list
                // ended. What follows is read with the last piece.
                if index - lineStart < indent || index == lineStart {
                    return finish(starts, lastItem: lastItem, items: items, text: text)
                }
            }
        }
        return finish(starts, lastItem: lastItem, items: items, text: text)
    }

    private static func finish(
        _ starts: [(byte: Int, line: Int)], lastItem: (byte: Int, line: Int), items: Int,
        text: UnsafeBufferPointer<UInt8>
    ) -> ListPieces? {
        guard starts.count > 1, items <= linkLimit,
            !holdsDocumentMarkers(UnsafeBufferPointer(rebasing: text[starts[0].byte...]))
        else { return nil }
        var starts = starts
        // The list's last item alone in the last piece, which libyaml reads with the rest of the
        // document: the piece before it, all items, can be read by the fast path.
        if lastItem.byte > starts[starts.count - 1].byte { starts.append(lastItem) }
        return ListPieces(starts: starts, items: items)
    }

    /// Reads the list in `pieces` into `list`, and its cache records into `batches`' writer.
    /// Nil, with nothing read, when a piece does not parse alone: the list is then read by the
    /// one parser, which still stands at its start. Else the ``CatalogLayout`` file of the list
    /// and the last piece's parser, standing after the list.
    mutating func readPieces(
        _ pieces: ListPieces, list listStart: ListStart, batches: LinkBatchChecker, setup: LinkCache.Setup,
        key: [UInt8], into list: inout LinkList
    ) -> (layout: [UInt8]?, rest: YAMLEventParser)? {
        guard let text = batches.cacheText else { return nil }
        let reader = batches.sibling()
        let spans = ChunkResults<LinkBatchChecker.EntrySpan>(chunks: pieces.starts.count)
        let rest = ChunkResults<YAMLEventParser>(chunks: 1)
        for index in pieces.starts.indices {
            reader.addPiece {
                guard let piece = Self.parsePiece(index, of: pieces, list: listStart, in: text.buffer) else {
                    return nil
                }
                spans.set(index, piece.entries.compactMap(\.span))
                if let parser = piece.rest { rest.set(0, [parser]) }
                return piece.entries
            }
        }
        // Merged as the pieces are read; undone if one did not parse, with the cache file begun.
        let before = (self, list)
        // Room for every item now: the merge, on one core, would otherwise copy the links and
        // rehash every path each time the list and its path table grow.
        list.links.reserveCapacity(list.links.count + pieces.items)
        list.seen.reserveCapacity(list.seen.count + pieces.items)
        reader.finish(into: &self, list: &list)
        guard !reader.needsPlainReading, let parser = rest.all.first else {
            (self, list) = before
            batches.cacheWriter?.discard()
            batches.cacheWriter = setup.writer(key: key)
            return nil
        }
        batches.absorb(reader)
        self.pieces = pieces.starts.count
        return (Self.layout(of: spans.all, listStart: listStart, key: key, in: text.buffer), parser)
    }

    /// Piece `index` of `pieces` parsed alone: each entry's tree with its span in `text` (with
    /// its digest), and, for the last piece, its parser standing inside the root mapping after
    /// the list. Nil when the piece does not read as whole list items at `list`'s column, ending
    /// cleanly, without anchors or aliases.
    static func parsePiece(_ index: Int, of pieces: ListPieces, list: ListStart, in text: UnsafeBufferPointer<UInt8>)
        -> (entries: [(node: YAMLNode, span: LinkBatchChecker.EntrySpan?)], rest: YAMLEventParser?)?
    {
        let start = pieces.starts[index]
        let last = index == pieces.starts.count - 1
        let end = last ? text.count : pieces.starts[index + 1].byte
        // A piece before another is read without libyaml when it is all plain entries.
        if !last, FastPath.yamlSimpleList.isOn,
            let items = YAMLSimpleList.items(
                in: text, from: start.byte, to: end, line: start.line, listColumn: list.column)
        {
            return (
                items.map { item in
                    let entryText = UnsafeBufferPointer(rebasing: text[item.bytes])
                    var span = LinkBatchChecker.EntrySpan(bytes: item.bytes, line: item.line, column: item.column)
                    span.digest = LinkCache.digest(of: entryText, column: item.column)
                    span.lineBreaks = item.lineBreaks
                    return (item.node, span)
                }, nil
            )
        }
        return libYAMLPiece(index, of: pieces, list: list, in: text)
    }

    /// ``parsePiece(_:of:list:in:)`` by libyaml, whatever the entries' shape: the reference the
    /// fast path is held to.
    static func libYAMLPiece(_ index: Int, of pieces: ListPieces, list: ListStart, in text: UnsafeBufferPointer<UInt8>)
        -> (entries: [(node: YAMLNode, span: LinkBatchChecker.EntrySpan?)], rest: YAMLEventParser?)?
    {
        let start = pieces.starts[index]
        let last = index == pieces.starts.count - 1
        let end = last ? text.count : pieces.starts[index + 1].byte
        // Lines counted by LF: a piece breaking them otherwise is not read alone.
        guard TextPosition.lineBreaks(in: UnsafeBufferPointer(rebasing: text[start.byte..<end])) != nil else {
            return nil
        }
        // The first piece starts at the dash, the others at the start of their line; a piece
        // before another ends at the start of the line of the next one's dash.
        let stretch = ListStretch(
            text, from: start.byte, to: end, line: start.line, pad: index == 0 ? list.column - 1 : 0,
            nextToken: last ? nil : end + list.column - 1)
        let parser = stretch.parser
        var entries: [(node: YAMLNode, span: LinkBatchChecker.EntrySpan?)] = []
        do {
            guard try stretch.open(), let sequence = try parser.beginSequence(), sequence.block,
                sequence.column == list.column
            else { return nil }
            while let valueStart = try parser.nextValueStart() {
                let node = try parser.node()
                guard parser.anchorsAndAliases == 0 else { return nil }
                let collection: Bool
                switch node.kind {
                case .mapping, .sequence: collection = true
                case .scalar: collection = false
                }
                let bytes = stretch.bytes(from: valueStart.index, collection: collection)
                guard bytes.lowerBound >= (entries.last?.span?.bytes.upperBound ?? start.byte) else { return nil }
                let entryText = UnsafeBufferPointer(rebasing: text[bytes])
                var span = LinkBatchChecker.EntrySpan(bytes: bytes, line: valueStart.line, column: valueStart.column)
                span.digest = LinkCache.digest(of: entryText, column: valueStart.column)
                span.lineBreaks = TextPosition.lineBreaks(in: entryText)
                entries.append((node, span))
            }
            guard try parser.nextItem() == nil, !entries.isEmpty else { return nil }
            if !last {
                guard try stretch.closeDocument() else { return nil }
                return (entries, nil)
            }
            return (entries, parser)
        } catch {
            return nil
        }
    }

    /// The ``CatalogLayout`` file of a list whose entries are `spans` (with their digests), in
    /// order from `listStart`; nil when there are none, or when an entry or the text between or
    /// after them breaks lines other than by LF and CR LF.
    static func layout(
        of spans: [LinkBatchChecker.EntrySpan], listStart: ListStart, key: [UInt8], in text: UnsafeBufferPointer<UInt8>
    ) -> [UInt8]? {
        var builder = CatalogLayout.Builder()
        var previousEnd = listStart.byte
        for span in spans {
            guard let digest = span.digest, span.bytes.lowerBound >= previousEnd else { return nil }
            let gap = UnsafeBufferPointer(rebasing: text[previousEnd..<span.bytes.lowerBound])
            guard
                let lineBreaks = span.lineBreaks
                    ?? TextPosition.lineBreaks(in: UnsafeBufferPointer(rebasing: text[span.bytes])),
                TextPosition.lineBreaks(in: gap) != nil
            else { return nil }
            builder.append(
                gap: gap, column: span.column, length: span.bytes.count, lineBreaks: lineBreaks, digest: digest)
            previousEnd = span.bytes.upperBound
        }
        let tail = UnsafeBufferPointer(rebasing: text[previousEnd...])
        guard builder.count > 0, TextPosition.lineBreaks(in: tail) != nil else { return nil }
        return builder.file(key: key, column: listStart.column, tail: tail)
    }
}
