import Crypto
import Foundation
import TrampolineIncremental
import TrampolineModel

/// The forward walk of a reading by layout (`CatalogReader+Layout.swift`), which goes on past
/// changes: where an entry is not found, the walk looks a few lines further for an entry of the
/// layout that is there (its gap around a dash at the start of a line at the list's column, its
/// column and its digest), reads the text in between alone, as whole list items, and walks on
/// from that entry. A 1 % edit spread over a catalog then parses that 1 % and not everything
/// between its first and its last change.
///
/// Why that reads the same as walking the whole file: each stretch read alone starts where an
/// entry's text ended (after the same blank-ending rule as the one changed stretch between the
/// two walks) and ends at the start of a line whose dash starts an item at the list's column, so
/// the parser stands between two items at both of its ends, and each stretch must parse as
/// whole list items that end cleanly. A stretch of blank lines alone (entries removed) is read as
/// the gap before the entry found, after an entry whose text does not end in a blank, which no
/// blank line can extend. Whatever does not fit ends the walk, and the text from there on is read
/// as before. `CatalogLayoutTests` hold it to the plain reading.
extension CatalogReader {
    /// Where the forward walk stopped, and every entry before.
    struct ForwardWalk {
        /// The entries found or read, in order.
        var spans: [LinkBatchChecker.EntrySpan] = []
        /// For each entry, the layout entry it is when its gap is the recorded one too (its record
        /// is copied into the new layout as it is); nil for one read now or found past a change,
        /// whose span carries its line breaks.
        var origins: [Int?] = []
        /// The next entry of the layout to look for.
        var next = 0
        /// How many entries were taken without parsing.
        var unparsed = 0
        /// Where the text not yet read starts, and its line.
        var position: Int
        var line: Int

        /// The new layout's entries for ``spans``; nil when a gap cannot be read.
        func builder(of layout: CatalogLayout, listByte: Int, in text: UnsafeBufferPointer<UInt8>)
            -> CatalogLayout.Builder?
        {
            var builder = CatalogLayout.Builder()
            var previousEnd = listByte
            for (span, origin) in zip(spans, origins) {
                if let origin {
                    builder.append(layout.entries[origin], of: layout)
                } else {
                    let gap = UnsafeBufferPointer(rebasing: text[previousEnd..<span.bytes.lowerBound])
                    guard let digest = span.digest, let lineBreaks = span.lineBreaks,
                        TextPosition.lineBreaks(in: gap) != nil
                    else { return nil }
                    builder.append(
                        gap: gap, column: span.column, length: span.bytes.count, lineBreaks: lineBreaks, digest: digest)
                }
                previousEnd = span.bytes.upperBound
            }
            return builder
        }
    }

    /// How many lines past a change the walk looks for an item it knows, and how many entries of
    /// the layout it tries at each.
    static let resyncWindow = 32

    /// The walk from the list's first dash, past every change it can read alone.
    static func forwardWalk(
        in text: UnsafeBufferPointer<UInt8>, layout: CatalogLayout, list: ListStart, placed: PlacedDigests
    ) -> ForwardWalk {
        var walk = ForwardWalk(position: list.byte, line: list.line)
        walk.spans.reserveCapacity(layout.entries.count)
        walk.origins.reserveCapacity(layout.entries.count)
        takeRun(&walk, layout: layout, text: text, placed: placed)
        _ = backOff(&walk, layout: layout, text: text, floor: 0)
        while walk.next < layout.entries.count, walk.position < text.count {
            let before = (spans: walk.spans.count, walk.next, walk.unparsed, walk.position, walk.line)
            guard let resync = resync(after: walk, layout: layout, text: text, column: list.column),
                pass(resync, walk: &walk, layout: layout, text: text, column: list.column)
            else { break }
            let floor = walk.spans.count
            takeRun(&walk, layout: layout, text: text, placed: placed)
            if !backOff(&walk, layout: layout, text: text, floor: floor) {
                // The entry found ends in blanks that go on: it is read with the change before it.
                walk.spans.removeSubrange(before.spans...)
                walk.origins.removeSubrange(before.spans...)
                (walk.next, walk.unparsed, walk.position, walk.line) = (before.1, before.2, before.3, before.4)
                break
            }
        }
        return walk
    }

    /// Takes the layout's entries that stand one after the other from the walk's position.
    private static func takeRun(
        _ walk: inout ForwardWalk, layout: CatalogLayout, text: UnsafeBufferPointer<UInt8>, placed: PlacedDigests
    ) {
        let entries = layout.entries
        while walk.next < entries.count {
            let index = walk.next
            let entry = entries[index]
            // Made ahead on all cores where nothing before moved; after a change, here.
            let digest =
                placed.forwardAt[index] == walk.position
                ? placed.forward[index]
                : PlacedDigests.digest(of: entry, in: layout, gapAt: walk.position, text: text)
            guard let digest else { return }
            let start = walk.position + entry.gap.count
            let span = LinkBatchChecker.EntrySpan(
                bytes: start..<(start + entry.length), line: walk.line + layout.gapLineBreaks(of: entry),
                column: entry.column, digest: digest)
            walk.spans.append(span)
            walk.origins.append(index)
            walk.unparsed += 1
            walk.line = span.line + entry.lineBreaks
            walk.position = span.bytes.upperBound
            walk.next += 1
        }
    }

    /// An entry that ends in blanks (a mapping, a block scalar's last lines) ends where the next
    /// token starts: unless one starts right there, it is read again with what follows. Pops the
    /// walk's entries so, down to `floor` entries; false when the one at the floor would go too.
    private static func backOff(
        _ walk: inout ForwardWalk, layout: CatalogLayout, text: UnsafeBufferPointer<UInt8>, floor: Int
    ) -> Bool {
        func endsInBlank() -> Bool {
            walk.position > 0 && walk.position < text.count && isBlank(text[walk.position - 1])
                && isBlank(text[walk.position])
        }
        while walk.spans.count > floor, endsInBlank() {
            walk.next -= 1
            walk.unparsed -= 1
            let span = walk.spans.removeLast()
            walk.origins.removeLast()
            let entry = layout.entries[walk.next]
            walk.position = span.bytes.lowerBound - entry.gap.count
            walk.line = span.line - layout.gapLineBreaks(of: entry)
        }
        return floor == 0 || !endsInBlank()
    }

    private static func isBlank(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n")
            || byte == UInt8(ascii: "\r") || byte == UInt8(ascii: "#")
    }

    /// An entry of the layout found past a change.
    struct Resync {
        /// The start of the line of its dash, where the changed text ends, and the dash.
        var lineStart: Int
        var dash: Int
        /// The layout entry, where its gap and its text start, and its digest.
        var entry: Int
        var gapStart: Int
        var start: Int
        var digest: SHA256.Digest
    }

    /// The first entry of the layout, of the next ``resyncWindow``, that stands past the walk's
    /// position with its dash starting one of the next ``resyncWindow`` items at the list's column.
    static func resync(
        after walk: ForwardWalk, layout: CatalogLayout, text: UnsafeBufferPointer<UInt8>, column: Int
    ) -> Resync? {
        let entries = layout.entries
        let tries = walk.next..<min(entries.count, walk.next + resyncWindow)
        var lineStart = walk.position
        while lineStart > 0, text[lineStart - 1] != UInt8(ascii: "\n") { lineStart -= 1 }
        var items = 0
        while lineStart < text.count, items < resyncWindow {
            let dash = lineStart + column - 1
            if dash >= walk.position, isItemDash(dash, lineStart: lineStart, in: text) {
                items += 1
                for index in tries {
                    if let found = found(entries[index], index, dash: dash, after: walk.position, layout, text) {
                        return Resync(
                            lineStart: lineStart, dash: dash, entry: index, gapStart: found.gapStart,
                            start: found.gapStart + entries[index].gap.count, digest: found.digest)
                    }
                }
            }
            guard let base = text.baseAddress,
                let newline = memchr(base + lineStart, Int32(UInt8(ascii: "\n")), text.count - lineStart)
            else { return nil }
            lineStart = base.distance(to: newline.assumingMemoryBound(to: UInt8.self)) + 1
        }
        return nil
    }

    /// True when `dash`, after only spaces from `lineStart`, is a `-` that starts a list item.
    private static func isItemDash(_ dash: Int, lineStart: Int, in text: UnsafeBufferPointer<UInt8>) -> Bool {
        guard dash < text.count, text[dash] == UInt8(ascii: "-") else { return false }
        for index in lineStart..<dash where text[index] != UInt8(ascii: " ") { return false }
        let after = dash + 1
        return after == text.count || text[after] == UInt8(ascii: " ") || text[after] == UInt8(ascii: "\n")
            || text[after] == UInt8(ascii: "\r")
    }

    /// `entry` with its gap's last dash at `dash`, not starting before `position`, at its column
    /// and with its digest; nil when it is not there.
    private static func found(
        _ entry: CatalogLayout.Entry, _ index: Int, dash: Int, after position: Int, _ layout: CatalogLayout,
        _ text: UnsafeBufferPointer<UInt8>
    ) -> (gapStart: Int, digest: SHA256.Digest)? {
        guard let dashInGap = layout.bytes[entry.gap].lastIndex(of: UInt8(ascii: "-")) else { return nil }
        let gapStart = dash - (dashInGap - entry.gap.lowerBound)
        let start = gapStart + entry.gap.count
        guard gapStart >= position, start + entry.length <= text.count,
            TextPosition.column(ofByte: start, in: text) == entry.column,
            let digest = PlacedDigests.digest(of: entry, in: layout, gapAt: gapStart, text: text)
        else { return nil }
        return (gapStart, digest)
    }

    /// Reads the changed text before `resync` alone and takes the entry found; false, with the
    /// walk as it was, when that text does not read as whole list items.
    private static func pass(
        _ resync: Resync, walk: inout ForwardWalk, layout: CatalogLayout, text: UnsafeBufferPointer<UInt8>,
        column: Int
    ) -> Bool {
        let start = walk.position
        var read: [(bytes: Range<Int>, line: Int, column: Int)] = []
        if resync.lineStart > start {
            let changed = UnsafeBufferPointer(rebasing: text[start..<resync.lineStart])
            if changed.allSatisfy({ $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\n") || $0 == UInt8(ascii: "\r") }),
                start > 0, !isBlank(text[start - 1])
            {
                // Blank lines alone: entries were removed.
            } else {
                guard changeCanStart(at: start, in: text),
                    let stretch = readStretch(
                        text, from: start, to: resync.lineStart, line: walk.line, nextToken: resync.dash,
                        column: column, anchored: true)
                else { return false }
                read = stretch.entries
            }
        }
        var spans: [LinkBatchChecker.EntrySpan] = []
        for entry in read {
            let entryText = UnsafeBufferPointer(rebasing: text[entry.bytes])
            guard let lineBreaks = TextPosition.lineBreaks(in: entryText) else { return false }
            spans.append(
                LinkBatchChecker.EntrySpan(
                    bytes: entry.bytes, line: entry.line, column: entry.column,
                    digest: LinkCache.digest(of: entryText, column: entry.column), lineBreaks: lineBreaks))
        }
        let listEnd = spans.last?.bytes.upperBound ?? start
        guard listEnd <= resync.start,
            let gapLineBreaks = TextPosition.lineBreaks(in: UnsafeBufferPointer(rebasing: text[start..<resync.start]))
        else { return false }
        let entry = layout.entries[resync.entry]
        let line = walk.line + gapLineBreaks
        spans.append(
            LinkBatchChecker.EntrySpan(
                bytes: resync.start..<(resync.start + entry.length), line: line, column: entry.column,
                digest: resync.digest, lineBreaks: entry.lineBreaks))
        walk.spans += spans
        walk.origins += [Int?](repeating: nil, count: spans.count)
        walk.unparsed += 1
        walk.next = resync.entry + 1
        walk.position = resync.start + entry.length
        walk.line = line + entry.lineBreaks
        return true
    }
}
