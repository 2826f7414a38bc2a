import Crypto
import Foundation
import TrampolineIncremental
import TrampolineModel

/// The fast path of an items file (``FastPath/itemsCache``): a rebuild after a nightly export
/// reads only the rows that changed. The file is cut into rows by its bytes (CSV records, JSON
/// Lines, the objects of a JSON list: ``JSONListElements``); each row is looked up by the SHA-256
/// of its exact bytes (and column) in a ``LinkCache`` of that file's items, kept under a key of
/// everything else an item depends on (the route's link as read, `app:`, the header, the file's
/// name, the binary and this user's secret); a row found there is decoded, the others are read
/// the plain way (``CatalogReader/readItem(_:of:route:shape:app:)``) and recorded for the next
/// build. An item is a function of those inputs, so a recorded one is never stale.
///
/// The file is never made into one string: a row found in the cache has the bytes of a row read
/// before, so only the header and the rows read are checked as UTF-8.
///
/// Anything this path does not read as the plain one would — JSON that is not a strict list of
/// objects, a quote left open, a file past ``ItemsFile/maximumRows``, bytes that are not UTF-8, a row with an error, a catalog
/// with errors already — makes it step aside before it records or reports anything: the plain
/// reading then reads the whole file and reports what is wrong. `ItemsCacheTests` hold the two to the same links and bytes.
extension CatalogReader {
    /// Reads `items` through its cache, or refuses a file of too many rows; false, with nothing
    /// recorded or reported, when the plain reading must read it instead.
    mutating func readCachedItems(_ items: ItemsFileReading, app: AppSettings?, list: inout LinkList) -> Bool {
        guard FastPath.itemsCache.isOn, let setup = linkCache, !engine.hasErrors else {
            return false
        }
        let saved = engine
        var tooMany: ItemRows.Row?
        let read = items.bytes.withUnsafeBufferPointer { whole -> CachedItems? in
            let bytes = CatalogLoader.afterByteOrderMark(whole)
            guard let rows = ItemRows(bytes, format: items.format) else { return nil }
            // Refused from the cut alone, before any row is read: a million rows are never held as records.
            let limit = ItemsFile.maximumRows + (items.format == .csv ? 1 : 0)
            if rows.count > limit {
                tooMany = rows.rows[limit]
                return nil
            }
            return readRows(rows, of: items, in: bytes, setup: setup, app: app)
        }
        if let tooMany {
            engine = saved
            ItemsFile.tooManyRows(
                at: SourceLocation(file: file, line: tooMany.line, column: tooMany.column), engine: &engine)
            return true
        }
        guard let read else {
            engine = saved
            return false
        }
        let count = read.count
        list.links.reserveCapacity(list.links.count + count)
        list.seen.reserveCapacity(list.seen.count + count)
        for piece in read.pieces {
            for link in piece { record(link, into: &list) }
        }
        let before = itemsCacheHits ?? (0, 0)
        itemsCacheHits = (before.hits + read.used.count, before.items + count)
        renewItemsCache(read, setup: setup)
        return true
    }

    /// What one reading through the cache found.
    struct CachedItems {
        /// The items, in pieces read apart, in order.
        var pieces: [[Link]]
        var count: Int { pieces.reduce(0) { $0 + $1.count } }
        /// The cache read (nil: none under this key), its entries used, and the entries to add.
        var cache: LinkCache?
        var used: [Int]
        var newBytes: [UInt8]
        var newDigests: [UInt64]
        var url: URL
        var key: [UInt8]
    }

    /// Each row decoded from the cache or read the plain way; nil at the first row with an error.
    private mutating func readRows(
        _ rows: ItemRows, of items: ItemsFileReading, in bytes: UnsafeBufferPointer<UInt8>, setup: LinkCache.Setup,
        app: AppSettings?
    ) -> CachedItems? {
        var names: [String] = []
        var headerBytes: [UInt8] = []
        var headerRow = 1
        var rest = rows.rows[...]
        if items.format == .csv {
            var scratch = DiagnosticEngine()
            while let first = rest.first, names.isEmpty {
                rest = rest.dropFirst()
                guard UTF8Check.isValid(UnsafeBufferPointer(rebasing: bytes[first.bytes])),
                    let record = Self.csvRecord(first, in: bytes)
                else { return nil }
                guard let record else { continue }
                guard
                    let read = ItemsFile.columnNames(
                        of: record, displayPath: file, columns: items.shape.known, engine: &scratch)
                else { return nil }
                names = read
                headerBytes = Array(bytes[first.bytes])
                headerRow = first.line
            }
            if names.isEmpty { return nil }
        }
        let key = itemsCacheKey(items, header: headerBytes, setup: setup, app: app)
        let url = Self.itemsCacheURL(besideLinkCache: setup.url, items: file)
        let cache = whole(items.earlyCache?.value ?? LinkCache.load(from: url), at: url).flatMap {
            $0.key == key ? $0 : nil
        }
        // On all cores: each piece read by a copy of this reader, then merged in order.
        let all = Array(rest)
        let pieces = stride(from: 0, to: all.count, by: 2048).map { all[$0..<min($0 + 2048, all.count)] }
        let reader = self
        nonisolated(unsafe) let source = bytes
        let context = RowContext(
            items: items, base: LinkCache.itemBase(of: items.routeLink, route: items.route), names: names,
            headerRow: headerRow, cache: cache, app: app)
        let read = concurrentMap(pieces.count, chunk: 1) { index in
            var worker = reader
            return worker.readPiece(pieces[index], context: context, in: source)
        }
        var found = CachedItems(pieces: [], cache: cache, used: [], newBytes: [], newDigests: [], url: url, key: key)
        for piece in read {
            guard let piece else { return nil }
            found.pieces.append(piece.links)
            found.used += piece.used
            found.newBytes += piece.newBytes
            found.newDigests += piece.newDigests
            engine.emit(Array(piece.diagnostics))
        }
        return found
    }

    /// What every piece of one file is read with.
    private struct RowContext: @unchecked Sendable {
        var items: ItemsFileReading
        /// What every item of the route starts as (``LinkCache/itemBase(of:route:)``).
        var base: Link
        var names: [String]
        var headerRow: Int
        var cache: LinkCache?
        var app: AppSettings?
    }

    /// A piece of the rows, each decoded from the cache or read the plain way (on a copy of the
    /// reader, whose new diagnostics come back); nil at the first row with an error.
    private mutating func readPiece(
        _ rows: ArraySlice<ItemRows.Row>, context: RowContext, in bytes: UnsafeBufferPointer<UInt8>
    )
        -> (links: [Link], used: [Int], newBytes: [UInt8], newDigests: [UInt64], diagnostics: ArraySlice<Diagnostic>)?
    {
        let items = context.items
        let start = engine.diagnostics.count
        var found: (links: [Link], used: [Int], newBytes: [UInt8], newDigests: [UInt64]) = ([], [], [], [])
        found.links.reserveCapacity(rows.count)
        for row in rows {
            let rowBytes = UnsafeBufferPointer(rebasing: bytes[row.bytes])
            let digest = LinkCache.digest(of: rowBytes, column: row.column)
            if let cache = context.cache, let offset = cache.entry(for: digest),
                let link = cache.decodedItem(at: offset, line: row.line, file: file, base: context.base)
            {
                found.links.append(link)
                found.used.append(offset)
                continue
            }
            // A row found above has the bytes of one read before, and so of valid UTF-8; one read
            // here is checked first (the plain reading reports where it is not).
            guard UTF8Check.isValid(rowBytes) else { return nil }
            let read = itemNode(row, of: items, names: context.names, headerRow: context.headerRow, in: bytes)
            guard let read else { return nil }
            guard let node = read else { continue }
            let before = engine.diagnostics.count
            guard
                let item = readItem(node, of: items.routeLink, route: items.route, shape: items.shape, app: context.app)
            else { return nil }
            // A row that gave a warning is read again next time, so the warning is given again.
            if engine.diagnostics.count == before,
                LinkCache.appendItemEntry(
                    digest: digest, encoding: item, base: context.base, line: row.line, file: file, to: &found.newBytes)
            {
                found.newDigests.append(LinkCache.head(of: digest))
            }
            found.links.append(item)
        }
        context.cache?.release(entriesAt: found.used)
        return (found.links, found.used, found.newBytes, found.newDigests, engine.diagnostics[start...])
    }

    /// A row read the plain way: `.some(nil)` when it is blank, nil when it cannot be read.
    private mutating func itemNode(
        _ row: ItemRows.Row, of items: ItemsFileReading, names: [String], headerRow: Int,
        in bytes: UnsafeBufferPointer<UInt8>
    ) -> YAMLNode?? {
        switch items.format {
        case .csv:
            guard let record = Self.csvRecord(row, in: bytes) else { return nil }
            guard let record else { return .some(nil) }
            return .some(ItemsFile.row(record, names: names, headerRow: headerRow))
        case .jsonl:
            let line = Substring(String(decoding: UnsafeBufferPointer(rebasing: bytes[row.bytes]), as: UTF8.self))
            var scratch = DiagnosticEngine()
            guard let node = ItemsFile.jsonLine(line, number: row.line, displayPath: file, engine: &scratch) else {
                return nil
            }
            return .some(node)
        case .json:
            // An object of the list, as the whole file's parser would see it.
            return LinkBatchChecker.parse(
                UnsafeBufferPointer(rebasing: bytes[row.bytes]), line: row.line, column: row.column
            ).map { .some($0) }
        }
    }

    /// One CSV record alone, at its own row: `.some(nil)` when blank, nil when malformed.
    private static func csvRecord(_ row: ItemRows.Row, in bytes: UnsafeBufferPointer<UInt8>) -> StrictCSV.Record?? {
        let records = StrictCSV.records(in: UnsafeBufferPointer(rebasing: bytes[row.bytes]), firstRow: row.line)
        guard case .success(let records) = records, records.count <= 1 else { return nil }
        return .some(records.first)
    }

    /// Everything an item depends on besides its row's bytes.
    private func itemsCacheKey(_ items: ItemsFileReading, header: [UInt8], setup: LinkCache.Setup, app: AppSettings?)
        -> [UInt8]
    {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        var input = Array("trampoline-items 1\n".utf8) + setup.secret
        for part in [setup.version, file, items.format.rawValue] {
            input += part.utf8
            input.append(0)
        }
        input += header
        input.append(0)
        if let json = try? encoder.encode(items.routeLink) { input += json }
        input.append(0)
        if let json = try? encoder.encode(app) { input += json }
        return Array(SHA256.hash(data: input))
    }

    /// The cache of the items file shown as `items`, beside the catalog's link cache.
    static func itemsCacheURL(besideLinkCache url: URL, items: String) -> URL {
        let name = SHA256.hash(data: Array(items.utf8)).prefix(8).map { String(format: "%02x", $0) }.joined()
        return url.deletingLastPathComponent().appendingPathComponent(url.lastPathComponent + ".items-" + name)
    }

    /// Writes the cache when nothing was under the key, else renews the one read
    /// (``LinkCache/renew(at:used:new:in:)``); on another thread, while the build goes on
    /// (``linkCacheWrite``).
    private mutating func renewItemsCache(_ read: CachedItems, setup: LinkCache.Setup) {
        guard !setup.readOnly else { return }
        let group = linkCacheWrite ?? DispatchGroup()
        if let cache = read.cache {
            if cache.renew(at: read.url, used: read.used, new: [(read.newBytes, read.newDigests)], in: group) {
                linkCacheWrite = group
            }
            return
        }
        guard !read.newBytes.isEmpty, let writer = LinkCache.Writer(url: read.url, key: read.key) else { return }
        linkCacheWrite = group
        let (newBytes, newDigests) = (read.newBytes, read.newDigests)
        DispatchQueue.global().async(group: group) {
            writer.append(newBytes, digests: newDigests)
            writer.commit()
        }
    }
}

/// An items file cut into rows by its bytes, as the plain reading cuts it: CSV records end at a
/// line break outside quotes (`\r\n`, `\n` or `\r`), JSON Lines rows at `\n`; blank ones are left
/// out but counted. Nil for a CSV quote left open (the plain reading reports it).
struct ItemRows {
    struct Row {
        /// The row's number (CSV: its record, the header being 1; JSON Lines: its line).
        var line: Int
        /// Its bytes, the line break left out.
        var bytes: Range<Int>
        /// The column it starts at (a JSON list's object may start anywhere on its line).
        var column = 1
    }
    var rows: [Row] = []
    var count: Int { rows.count }

    init?(_ bytes: UnsafeBufferPointer<UInt8>, format: ItemsFile.Format) {
        switch format {
        case .csv: if !cutCSV(bytes) { return nil }
        case .jsonl: cutLines(bytes)
        case .json:
            guard let list = JSONListElements(bytes) else { return nil }
            rows = list.elements.map { Row(line: $0.line, bytes: $0.bytes, column: $0.column) }
        }
    }

    private mutating func cutCSV(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var line = 1
        var start = 0
        var quoted = false
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            // Text is mostly bytes past the quote, none of them a line break: one test each.
            if byte > UInt8(ascii: "\"") {
                index += 1
                continue
            }
            if byte == UInt8(ascii: "\"") {
                quoted.toggle()
            } else if !quoted, byte == 0x0A || byte == 0x0D {
                if index > start { rows.append(Row(line: line, bytes: start..<index)) }
                if byte == 0x0D, index + 1 < bytes.count, bytes[index + 1] == 0x0A { index += 1 }
                line += 1
                start = index + 1
            }
            index += 1
        }
        if start < bytes.count { rows.append(Row(line: line, bytes: start..<bytes.count)) }
        return !quoted
    }

    private mutating func cutLines(_ bytes: UnsafeBufferPointer<UInt8>) {
        var line = 1
        var start = 0
        var blank = true
        for index in 0...bytes.count {
            if index == bytes.count || bytes[index] == 0x0A {
                if !blank { rows.append(Row(line: line, bytes: start..<index)) }
                line += 1
                start = index + 1
                blank = true
            } else if bytes[index] != 0x20, bytes[index] != 0x09, bytes[index] != 0x0D {
                blank = false
            }
        }
    }
}

/// An item's entry holds only what its row gave it (``CatalogReader/readItem(_:of:route:shape:app:)``
/// sets nothing else): the rest is its route's link, shared by every item decoded (and its text
/// held once). `ItemsCacheTests` read rows with every column both ways and compare the links.
extension LinkCache {
    /// The route's link as each of its items starts: no pattern, no items file, an item of `route`.
    static func itemBase(of routeLink: Link, route: Route) -> Link {
        var base = routeLink
        base.route = nil
        base.items = nil
        base.itemOf = route
        return base
    }

    /// Appends the entry of `item`, made from `base`; false, and nothing appended, when the item
    /// differs from `base` in more than its own fields (then it is read again next time).
    static func appendItemEntry(
        digest: SHA256.Digest, encoding item: Link, base: Link, line: Int, file: String, to out: inout [UInt8]
    ) -> Bool {
        var rebuilt = base
        rebuilt.path = item.path
        rebuilt.location = item.location
        rebuilt.deepLink = item.deepLink
        rebuilt.title = item.title
        rebuilt.description = item.description
        rebuilt.options.image = item.options.image
        rebuilt.webURL = item.webURL
        rebuilt.webURLLocation = item.webURLLocation
        guard rebuilt == item else { return false }
        appendEntry(digest: digest, line: line, file: file, to: &out) { writer in
            writer.string(item.path)
            writer.location(item.location)
            writer.string(item.deepLink)
            writer.string(item.title)
            writer.optionalString(item.description)
            writer.optionalString(item.options.image)
            writer.optionalString(item.webURL)
            writer.optionalLocation(item.webURLLocation)
        }
        return true
    }

    /// The item of the entry at `offset`, now at line `line` of `file`: `base` with the entry's fields.
    func decodedItem(at offset: Int, line: Int, file: String, base: Link) -> Link? {
        var input = ByteReader(raw: encodedBytes(at: offset), line: line, file: file)
        guard let path = input.string(), let location = input.location(), let deepLink = input.string(),
            let title = input.string(), let description = input.optionalString(), let image = input.optionalString(),
            let webURL = input.optionalString(), let webURLLocation = input.optionalLocation(), input.atEnd
        else { return nil }
        var item = base
        item.path = path
        item.location = location
        item.deepLink = deepLink
        item.title = title
        item.description = description
        item.options.image = image
        item.webURL = webURL
        item.webURLLocation = webURLLocation
        return item
    }
}
