import Crypto
import Foundation
import TrampolineIncremental
import TrampolineModel

/// The rebuild's way through `links:` without libyaml over unchanged entries: the last reading's
/// ``CatalogLayout`` is checked against the new text from the list's start forwards and from the
/// file's end backwards. Each entry that is the same bytes (its gap and its digest) at its
/// shifted place is taken as it is; only the text between the two runs is parsed, as a document
/// of its own, and the rest of the file after the list by a parser of its own.
///
/// Why that reads the same as walking the whole file: YAML is read forwards, the text before each
/// taken entry is the same as at the last reading, and the changed text in between must parse as
/// whole list items at the list's column that end cleanly, so the parser stands in the same
/// state (inside the list, between items) where the unchanged text starts again. Anchors and
/// aliases (whose meaning comes from elsewhere) rule the layout out. `CatalogLayoutTests` hold
/// this reading to the plain one over 1,200 random edits, and its layout to a full walk's.
extension CatalogReader {
    /// What reading the list by its layout gave.
    struct LayoutReading {
        /// Every entry of the list, in order, with its digest.
        var spans: [LinkBatchChecker.EntrySpan]
        /// How many of them were taken from the layout without parsing.
        var unparsed: Int
        /// A parser standing inside the root mapping after the list, for the rest of the
        /// document; nil when the list ends it.
        var rest: YAMLEventParser?
        /// The layout of the new text, nil when it is the old one.
        var newLayout: [UInt8]?
    }

    /// Where the list starts: the line and byte of its first dash, and its column.
    struct ListStart {
        var line: Int
        var column: Int
        var byte: Int
    }

    /// The list starting at `list` in `text`, read by `layout`; nil when the layout does not fit
    /// (the caller then walks the list with libyaml).
    static func readLinks(in text: UnsafeBufferPointer<UInt8>, list: ListStart, layout: CatalogLayout, key: [UInt8])
        -> LayoutReading?
    {
        let entries = layout.entries
        let column = layout.column
        guard list.column == column, !entries.isEmpty, list.byte <= text.count else { return nil }

        let tailStart = text.count - layout.tailLength
        let tailMatches = tailStart >= 0 && layout.tailMatches(text)
        let placed = PlacedDigests(
            layout: layout, text: text, listByte: list.byte, tailStart: tailMatches ? tailStart : nil)

        // Forwards from the list's first dash, past every change that reads alone.
        let forward = forwardWalk(in: text, layout: layout, list: list, placed: placed)
        var spans = forward.spans
        let taken = forward.next
        let changeStart = forward.position
        let changeLine = forward.line

        // Backwards from the end, when the text after the list is the same.
        let tailFollows = tailMatches && tailStart >= changeStart
        let (keptSpans, kept, keptFrom) =
            tailFollows
            ? backwardSpans(
                in: text, layout: layout, tailStart: tailStart, changeStart: changeStart, taken: taken,
                digests: placed.backward)
            : ([], entries.count, text.count)
        // With no entry kept at the end there is nothing to read apart: the text after the change
        // (the rest of the document, usually a few lines) is read with it.
        let anchored = kept < entries.count
        let changeEnd = anchored ? keptFrom : text.count

        // The changed text starts where an entry's text ended: at its list item's dash, or before
        // the blank rest of a line. It ends at the start of the line of the first token of what
        // did not change (the kept entry's dash at the list's column, or a key at column 1 after
        // the list), so whatever the change ends with (a block scalar's trailing lines, say) ends
        // there as it does in the whole file.
        guard
            let (boundary, nextToken) = changeBoundary(
                start: changeStart, end: changeEnd, firstKept: anchored ? keptSpans.last : nil, column: column,
                in: text)
        else { return nil }
        let changed = changeStart < changeEnd
        guard !changed || changeStart <= boundary,
            var builder = forward.builder(of: layout, listByte: list.byte, in: text)
        else { return nil }
        var rest: YAMLEventParser?
        var listEnd = changeStart
        if changed {
            // The changed text, read alone.
            guard
                let stretch = readStretch(
                    text, from: changeStart, to: boundary, line: changeLine, nextToken: nextToken, column: column,
                    anchored: anchored)
            else { return nil }
            rest = stretch.rest
            guard
                let end = appendChanged(
                    stretch.entries, after: changeStart, in: text, to: &spans, builder: &builder)
            else { return nil }
            listEnd = end
        }

        var tail = UnsafeBufferPointer(rebasing: text[listEnd...])
        if anchored {
            guard
                let lineBreaks = TextPosition.lineBreaks(
                    in: UnsafeBufferPointer(rebasing: text[changeStart..<changeEnd]))
            else { return nil }
            guard
                let line = appendKept(
                    keptSpans, from: kept, of: layout, line: changeLine + lineBreaks, changed: changed,
                    listEnd: listEnd,
                    in: text, to: &spans, builder: &builder)
            else { return nil }
            tail = UnsafeBufferPointer(rebasing: text[tailStart...])
            // The rest of the document, read on its own from the line it starts on.
            guard let after = restOfDocument(tail, line: line) else { return nil }
            rest = after.parser
        }
        guard TextPosition.lineBreaks(in: tail) != nil else { return nil }
        let file = builder.file(key: key, column: column, tail: tail)
        return LayoutReading(
            spans: spans, unparsed: forward.unparsed + entries.count - kept, rest: rest,
            newLayout: file == layout.bytes ? nil : file)
    }

    /// Where the changed text ends: at the start of the line of the first kept entry's dash (its
    /// next token), or at the end of the text; nil when the change does not start at an entry's
    /// end or the dash is not where the list's items are.
    static func changeBoundary(
        start: Int, end: Int, firstKept: LinkBatchChecker.EntrySpan?, column: Int, in text: UnsafeBufferPointer<UInt8>
    ) -> (boundary: Int, nextToken: Int)? {
        guard Self.changeCanStart(at: start, in: text) else { return nil }
        var boundary = text.count
        var nextToken = text.count
        if let firstKept {
            guard let dash = Self.dash(before: firstKept.bytes.lowerBound, notBefore: end, in: text),
                Self.onlySpacesBefore(dash, in: text), TextPosition.column(ofByte: dash, in: text) == column
            else { return nil }
            nextToken = dash
            boundary = dash - (column - 1)
        }
        return (boundary, nextToken)
    }

    /// Whether changed text can start at `offset`, where an entry's text ended: at a list item's
    /// dash (only spaces before it on its line), or before the blank rest of a line.
    static func changeCanStart(at offset: Int, in text: UnsafeBufferPointer<UInt8>) -> Bool {
        onlySpacesBefore(offset, in: text) || blankAfter(offset, in: text)
    }

    /// The entries of the changed text, appended with their digests; returns where the last ends,
    /// nil when one's text or gap cannot be read.
    static func appendChanged(
        _ read: [(bytes: Range<Int>, line: Int, column: Int)], after start: Int, in text: UnsafeBufferPointer<UInt8>,
        to spans: inout [LinkBatchChecker.EntrySpan], builder: inout CatalogLayout.Builder
    ) -> Int? {
        var listEnd = start
        for entry in read {
            let entryText = UnsafeBufferPointer(rebasing: text[entry.bytes])
            let gap = UnsafeBufferPointer(rebasing: text[listEnd..<entry.bytes.lowerBound])
            guard let lineBreaks = TextPosition.lineBreaks(in: entryText), TextPosition.lineBreaks(in: gap) != nil
            else { return nil }
            let digest = LinkCache.digest(of: entryText, column: entry.column)
            spans.append(
                LinkBatchChecker.EntrySpan(
                    bytes: entry.bytes, line: entry.line, column: entry.column, digest: digest))
            builder.append(
                gap: gap, column: entry.column, length: entry.bytes.count, lineBreaks: lineBreaks, digest: digest)
            listEnd = entry.bytes.upperBound
        }
        return listEnd
    }

    /// The entries kept at the end (`keptSpans`, last first), appended with their lines now known
    /// from `line`, where the first of them starts; the first one's gap starts where the changed
    /// text ended. Returns the line after them, nil when a gap cannot be read.
    static func appendKept(
        _ keptSpans: [LinkBatchChecker.EntrySpan], from kept: Int, of layout: CatalogLayout, line start: Int,
        changed: Bool, listEnd: Int, in text: UnsafeBufferPointer<UInt8>, to spans: inout [LinkBatchChecker.EntrySpan],
        builder: inout CatalogLayout.Builder
    ) -> Int? {
        let entries = layout.entries
        var line = start
        for (index, var span) in zip(kept..<entries.count, keptSpans.reversed()) {
            span.line += line
            spans.append(span)
            if index == kept, changed {
                // Its gap now starts where the changed text's last entry ends.
                let gap = UnsafeBufferPointer(rebasing: text[listEnd..<span.bytes.lowerBound])
                guard TextPosition.lineBreaks(in: gap) != nil else { return nil }
                builder.append(
                    gap: gap, column: span.column, length: span.bytes.count, lineBreaks: entries[index].lineBreaks,
                    digest: span.digest!)
            } else {
                builder.append(entries[index], of: layout)
            }
            line = span.line + entries[index].lineBreaks
        }
        return line
    }

    /// The entries kept at the end, found backwards from the text after the list (`tailStart`),
    /// last first, not past `changeStart` nor into the `taken` entries; with how many entries
    /// come before them and where the change ends.
    static func backwardSpans(
        in text: UnsafeBufferPointer<UInt8>, layout: CatalogLayout, tailStart: Int, changeStart: Int, taken: Int,
        digests: [SHA256.Digest?]
    ) -> (keptSpans: [LinkBatchChecker.EntrySpan], kept: Int, changeEnd: Int) {
        let entries = layout.entries
        var kept = entries.count
        /// The entries kept at the end, last first; their lines are known once the change's are.
        var keptSpans: [LinkBatchChecker.EntrySpan] = []
        var end = tailStart
        while kept > taken {
            let entry = entries[kept - 1]
            let gapStart = end - entry.length - entry.gap.count
            guard gapStart >= changeStart,
                let span = Self.span(
                    of: entry, in: layout, gapAt: gapStart, line: 0, digest: digests[kept - 1])
            else { break }
            keptSpans.append(span)
            end = gapStart
            kept -= 1
        }
        return (keptSpans, kept, end)
    }

    /// The changed text between `start` and `boundary`, parsed alone: its list items' bytes and
    /// positions, and (when the list ends in it, `anchored` false) the parser after the list.
    static func readStretch(
        _ text: UnsafeBufferPointer<UInt8>, from changeStart: Int, to boundary: Int, line changeLine: Int,
        nextToken: Int, column: Int, anchored: Bool
    ) -> (entries: [(bytes: Range<Int>, line: Int, column: Int)], rest: YAMLEventParser?)? {
        var rest: YAMLEventParser?
        let stretch = ListStretch(
            text, from: changeStart, to: boundary, line: changeLine,
            pad: TextPosition.column(ofByte: changeStart, in: text) - 1,
            nextToken: boundary < text.count ? nextToken : nil)
        let parser = stretch.parser
        var read: [(bytes: Range<Int>, line: Int, column: Int)] = []
        do {
            guard try stretch.open() else { return nil }
            if let sequence = try parser.beginSequence() {
                guard sequence.block, sequence.column == column else { return nil }
                while let start = try parser.nextValueStart() {
                    let collection = try parser.skipValue()
                    guard parser.anchorsAndAliases == 0 else { return nil }
                    let bytes = stretch.bytes(from: start.index, collection: collection)
                    guard bytes.lowerBound >= (read.last?.bytes.upperBound ?? changeStart) else { return nil }
                    read.append((bytes, start.line, start.column))
                }
                guard try parser.nextItem() == nil, !read.isEmpty else { return nil }
            } else {
                // No item: only blank and comment lines, then (if anything) a top-level key.
                guard !anchored, case .scalar("", plain: true) = try parser.node().kind,
                    Self.blankUntilColumnOne(from: changeStart, in: text)
                else { return nil }
            }
            if anchored {
                guard try stretch.closeDocument() else { return nil }
            } else {
                rest = parser
            }
        } catch {
            return nil
        }
        return (read, rest)
    }

    /// The document after the list, read on its own from `line`: a parser standing inside its root
    /// mapping, or none when it is empty; nil when it cannot be read alone.
    static func restOfDocument(_ tail: UnsafeBufferPointer<UInt8>, line: Int) -> (parser: YAMLEventParser?, ())? {
        guard !Self.holdsDocumentMarkers(tail) else { return nil }
        let parser = YAMLEventParser(String(decoding: tail, as: UTF8.self), lineOffset: line - 1)
        do {
            guard try parser.startDocument() else { return (nil, ()) }
            guard try parser.beginRootMapping() else { return nil }
            return (parser, ())
        } catch {
            return nil
        }
    }

    /// The dash of the list item whose text starts at `valueStart`: the `-` before it past spaces
    /// and line breaks, not before `limit`.
    private static func dash(before valueStart: Int, notBefore limit: Int, in text: UnsafeBufferPointer<UInt8>) -> Int?
    {
        var index = valueStart - 1
        while index >= limit {
            switch text[index] {
            case UInt8(ascii: "-"): return index
            case UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\r"): index -= 1
            default: return nil
            }
        }
        return nil
    }

    /// True when a line of `text` starts with a document marker (`---`, `...`) or a directive
    /// (`%`): read alone, such text would start a document of its own.
    static func holdsDocumentMarkers(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        while index < text.count {
            let rest = text.count - index
            if text[index] == UInt8(ascii: "%") { return true }
            if rest >= 3, text[index] == text[index + 1], text[index] == text[index + 2],
                text[index] == UInt8(ascii: "-") || text[index] == UInt8(ascii: "."),
                rest == 3
                    || [UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r")].contains(
                        text[index + 3])
            {
                return true
            }
            // memchr: this runs over a whole catalog, on one core, before its pieces are read.
            guard let base = text.baseAddress, let next = memchr(base + index, Int32(UInt8(ascii: "\n")), rest) else {
                return false
            }
            index = base.distance(to: next.assumingMemoryBound(to: UInt8.self)) + 1
        }
        return false
    }

    /// The entry of `layout` whose gap is at `gapAt`, found there with `digest` (nil when not:
    /// see ``PlacedDigests``); its line is `line` plus the gap's line breaks.
    private static func span(
        of entry: CatalogLayout.Entry, in layout: CatalogLayout, gapAt gapStart: Int,
        line: Int, digest: SHA256.Digest?
    ) -> LinkBatchChecker.EntrySpan? {
        guard let digest else { return nil }
        let start = gapStart + entry.gap.count
        return LinkBatchChecker.EntrySpan(
            bytes: start..<(start + entry.length), line: line + layout.gapLineBreaks(of: entry), column: entry.column,
            digest: digest)
    }

    /// For every entry of a layout, its digest where the two walks over the new text would look
    /// for it, if it is there: counting forwards from the list's first dash and backwards from
    /// the tail, each entry's gap and length after the one before. The walks stop at the first
    /// entry not found, but where each would look is known before they start, so the digests
    /// (most of a rebuild's reading by layout: 40 MB of SHA-256 at 100k links) are made ahead on
    /// every core, and the walks only look them up. An entry is found when its gap's bytes are
    /// there and its text has the digest recorded; else its slot is nil.
    struct PlacedDigests {
        var forward: [SHA256.Digest?]
        var backward: [SHA256.Digest?]
        /// Where the forward walk looks for each entry when nothing before it moved.
        var forwardAt: [Int]

        /// `tailStart`: where the tail starts when it is the one recorded (else no backward walk).
        init(layout: CatalogLayout, text: UnsafeBufferPointer<UInt8>, listByte: Int, tailStart: Int?) {
            let entries = layout.entries
            var forwardAt = [Int]()
            var backwardAt = [Int](repeating: 0, count: tailStart == nil ? 0 : entries.count)
            forwardAt.reserveCapacity(entries.count)
            var position = listByte
            for entry in entries {
                forwardAt.append(position)
                position += entry.gap.count + entry.length
            }
            if var end = tailStart {
                for index in entries.indices.reversed() {
                    end -= entries[index].length + entries[index].gap.count
                    backwardAt[index] = end
                }
            }
            // Both walks at once: each entry is found at most twice (a same-length edit puts the
            // two places together, where one digest serves both). The text lives through the map.
            let (forwardStarts, backwardStarts, shared) = (forwardAt, backwardAt, LinkBatchChecker.Text(buffer: text))
            let both = concurrentMap(entries.count, chunk: 1024) {
                index -> (forward: SHA256.Digest?, backward: SHA256.Digest?) in
                let forward = Self.digest(
                    of: entries[index], in: layout, gapAt: forwardStarts[index], text: shared.buffer)
                guard !backwardStarts.isEmpty else { return (forward, nil) }
                let backwardStart = backwardStarts[index]
                return (
                    forward,
                    backwardStart == forwardStarts[index]
                        ? forward
                        : Self.digest(of: entries[index], in: layout, gapAt: backwardStart, text: shared.buffer)
                )
            }
            self.forwardAt = forwardAt
            forward = both.map(\.forward)
            backward =
                backwardStarts.isEmpty ? [SHA256.Digest?](repeating: nil, count: entries.count) : both.map(\.backward)
        }

        /// The digest of `entry`'s text when `text` holds its gap at `gapStart` and then text with
        /// the digest recorded; else nil.
        static func digest(
            of entry: CatalogLayout.Entry, in layout: CatalogLayout, gapAt gapStart: Int,
            text: UnsafeBufferPointer<UInt8>
        ) -> SHA256.Digest? {
            let start = gapStart + entry.gap.count
            let end = start + entry.length
            guard gapStart >= 0, end <= text.count, layout.gap(of: entry, isAt: gapStart, in: text) else { return nil }
            let digest = LinkCache.digest(of: UnsafeBufferPointer(rebasing: text[start..<end]), column: entry.column)
            return layout.digest(at: entry.digest, equals: digest) ? digest : nil
        }
    }

    /// True when only spaces stand between the start of `offset`'s line and it.
    private static func onlySpacesBefore(_ offset: Int, in text: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = offset
        while index > 0 {
            switch text[index - 1] {
            case UInt8(ascii: "\n"): return true
            case UInt8(ascii: " "): index -= 1
            default: return false
            }
        }
        return true
    }

    /// True when the rest of `offset`'s line holds only blanks and perhaps a comment.
    private static func blankAfter(_ offset: Int, in text: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = offset
        while index < text.count {
            switch text[index] {
            case UInt8(ascii: "\n"): return true
            case UInt8(ascii: "\r"): return text[safe: index + 1] == UInt8(ascii: "\n")
            case UInt8(ascii: " "), UInt8(ascii: "\t"): index += 1
            // A comment only after a blank: `}#` is not one.
            case UInt8(ascii: "#"):
                return index > offset || offset == 0
                    || [UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n")].contains(text[offset - 1])
            default: return false
            }
        }
        return true
    }

    /// True when the lines from `offset` on (the rest of its own line first) are blank or
    /// comments up to one with content at column 1, or the end.
    private static func blankUntilColumnOne(from offset: Int, in text: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = offset
        while index < text.count {
            if !blankAfter(index, in: text) {
                let atLineStart = index == 0 || text[index - 1] == UInt8(ascii: "\n")
                return atLineStart && text[index] != UInt8(ascii: " ") && text[index] != UInt8(ascii: "\t")
            }
            guard let next = text[index...].firstIndex(of: UInt8(ascii: "\n")) else { return true }
            index = next + 1
        }
        return true
    }
}

extension UnsafeBufferPointer where Element == UInt8 {
    fileprivate subscript(safe index: Int) -> UInt8? { index >= 0 && index < count ? self[index] : nil }
}
