import Foundation
import TrampolineIncremental
import TrampolineModel

/// Incremental reading: `links:` read through the ``LinkCache`` and the ``CatalogLayout``, so that
/// unchanged entries are decoded from the cache or not walked at all.
extension CatalogReader {
    /// The cache `found` at `url` when it is whole; one that cannot be read is noted
    /// (``damagedCaches``, which a build reports) and read as none.
    mutating func whole<Value>(_ found: FoundCache<Value>, at url: URL) -> Value? {
        if found.isDamaged, !damagedCaches.contains(url) { damagedCaches.append(url) }
        return found.value
    }

    /// `links:` with the ``LinkCache``: when the cache was made under the same key, each entry is
    /// only walked past and its link decoded from the cache (or, if changed, its text read alone);
    /// otherwise entries are read as usual and recorded for the next build. With a ``CatalogLayout``
    /// of the last reading under the key, unchanged entries are not even walked past
    /// (`CatalogReader+Layout.swift`); a walk records the layout for the next build.
    mutating func readLinksSection(
        parser: YAMLEventParser, batches: LinkBatchChecker, setup: LinkCache.Setup, key: [UInt8],
        start listStart: ListStart?, layoutReading: LayoutReading?, list: inout LinkList
    ) throws -> Bool {
        let cache = batches.cache
        let text = LinkBatchChecker.Text(buffer: parser.buffer)
        batches.cacheText = text
        var newLayout: [UInt8]?
        if cache != nil, let reading = layoutReading, reading.spans.count <= Self.linkLimit {
            for span in reading.spans { batches.add(.text(span)) }
            rest = reading.rest.map { .parser($0) } ?? .end
            newLayout = reading.newLayout
            layoutUnparsed = reading.unparsed
        } else if cache == nil, let listStart,
            let pieces = Self.listPieces(in: text.buffer, list: listStart, pieceBytes: pieceBytes),
            let read = readPieces(pieces, list: listStart, batches: batches, setup: setup, key: key, into: &list)
        {
            // A first reading of a long list: in pieces, on all cores (`CatalogReader+Pieces.swift`).
            rest = .parser(read.rest)
            newLayout = read.layout
        } else {
            guard
                let walked = try walkLinks(
                    parser: parser, batches: batches, skipping: cache != nil, start: listStart, key: key,
                    list: &list)
            else { return false }
            newLayout = walked.layout
        }
        batches.finish(into: &self, list: &list)
        if batches.needsPlainReading {
            batches.cacheWriter?.discard()
            throw PlainReadingNeeded()
        }
        batches.cacheWriter?.commit()
        renewCache(batches: batches, setup: setup, layout: newLayout)
        linkCacheHits = (batches.cacheHits, batches.count)
        return true
    }

    /// The list walked entry by entry: each one's tree given to the batches, or (`skipping`, with a
    /// cache) only its span; with the layout of the walk for the next build when one can be made.
    /// Nil past ``linkLimit``.
    mutating func walkLinks(
        parser: YAMLEventParser, batches: LinkBatchChecker, skipping: Bool, start listStart: ListStart?,
        key: [UInt8], list: inout LinkList
    ) throws -> (layout: [UInt8]?, ())? {
        let text = LinkBatchChecker.Text(buffer: parser.buffer)
        // The spans the layout is made of, while one can be (a block list with no anchor in it).
        var layoutSpans: [LinkBatchChecker.EntrySpan]? = listStart.map { _ in [] }
        while let start = try parser.nextValueStart() {
            let anchors = parser.anchorsAndAliases
            var node: YAMLNode?
            if skipping {
                try parser.skipValue()
                if parser.anchorsAndAliases != anchors { throw PlainReadingNeeded() }
            } else {
                node = try parser.node()
            }
            let bytes =
                parser.byteOffset(ofCharacter: start.index)..<parser.byteOffset(ofCharacter: parser.endIndex)
            var span = LinkBatchChecker.EntrySpan(bytes: bytes, line: start.line, column: start.column)
            if node != nil || layoutSpans != nil {
                // While the parser builds trees the workers are the busier side: the digest is made here.
                span.digest = LinkCache.digest(of: text[span], column: start.column)
            }
            if parser.anchorsAndAliases == 0 {
                layoutSpans?.append(span)
            } else {
                layoutSpans = nil
            }
            if let node {
                batches.add(.node(node, span: parser.anchorsAndAliases == anchors ? span : nil))
            } else {
                batches.add(.text(span))
            }
            if batches.count > Self.linkLimit {
                error(
                    "links has more than the \(Self.linkLimit) entries Trampoline accepts",
                    at: SourceLocation(file: file, line: start.line, column: start.column),
                    hint: "split the catalog, or check for YAML aliases that repeat the list")
                batches.finish(into: &self, list: &list)
                batches.cacheWriter?.discard()
                return nil
            }
        }
        _ = try parser.nextItem()  // the end of the list
        return (
            layoutSpans.flatMap { spans in
                listStart.flatMap { Self.layout(of: spans, listStart: $0, key: key, in: text.buffer) }
            }, ()
        )
    }

    /// A rebuild renews the link cache it read (``LinkCache/renew(at:used:new:in:)``; `batches`
    /// holds one only when it was under this reading's key) and writes the new layout; on another thread, while the build goes on (``linkCacheWrite`` says when it
    /// is done).
    mutating func renewCache(
        batches: LinkBatchChecker, setup: LinkCache.Setup, layout newLayout: [UInt8]?
    ) {
        let layoutURL = CatalogLayout.url(besideLinkCache: setup.url)
        let group = DispatchGroup()
        if let cache = batches.cache, !setup.readOnly,
            cache.renew(at: setup.url, used: batches.usedEntries, new: batches.newEntries, in: group)
        {
            linkCacheWrite = group
        }
        if let newLayout, !setup.readOnly {
            DispatchQueue.global().async(group: group) { CatalogLayout.write(newLayout, to: layoutURL) }
            linkCacheWrite = group
        }
    }
}
