import Crypto
import Foundation
import TrampolineIncremental
import TrampolineModel

/// The fast path of a `links_file:` (``FastPath/linksFileCache``): a rebuild after a nightly
/// export reads only the entries that changed. The file is cut into entries by its bytes (CSV
/// rows by ``ItemRows``, the objects of a JSON list by ``JSONListElements``); each is looked up by
/// the SHA-256 of its bytes (and, JSON, its column) in a ``LinkCache`` of that file's links, kept
/// under a key of everything else a link depends on (the catalog's link-cache key: the binary,
/// this user's secret, the templates, `defaults:` and `app:`; and the CSV header row). An entry
/// found there is decoded; the others are read the plain way (a CSV row as a record, a JSON object
/// by the YAML parser at its line and column), by the same ``LinkBatchChecker`` as `links:`
/// entries, on all cores, and recorded for the next build.
///
/// A CSV row found in the cache has the bytes of a row read before, so only the header and the
/// rows read are checked as UTF-8 (a JSON file is checked whole: its cutting reads every byte
/// anyway). A header that is blank or names an unknown column, a quote left open, JSON that is not
/// a strict list of objects, an entry that does not read alone or a catalog with errors already
/// make this path step aside with nothing recorded or reported: the plain reading then reads the
/// file. `LinksFileCacheTests`, `JSONLinksFileCacheTests` and `PlainPathsTests` hold the two to the
/// same links, diagnostics and bytes.
extension CatalogReader {
    /// Reads the CSV or JSON links file `bytes` (shown as `display`) through its cache; false, with
    /// nothing recorded or reported, when the plain reading must read it instead.
    /// `early`: the cache file, being read since the file's name was known.
    mutating func readCachedLinksFile(
        _ bytes: [UInt8], format: LinksFile.Format, display: String, top: TopLevel,
        early: Pending<FoundCache<LinkCache>>? = nil,
        list: inout LinkList
    ) -> Bool {
        // Read after the whole catalog: with no `defaults:` there, the links start from none, as
        // the plain reading's (``readLinkItems(_:top:list:)``) do.
        guard FastPath.linksFileCache.isOn, let setup = linkCache, !engine.hasErrors else { return false }
        let defaults = top.defaults ?? LinkOptions()
        let (savedEngine, savedList, catalogFile) = (engine, list, file)
        file = display
        defer { file = catalogFile }
        let read = bytes.withUnsafeBufferPointer { whole -> (LinkBatchChecker, url: URL, key: [UInt8])? in
            let buffer = CatalogLoader.afterByteOrderMark(whole)
            guard
                let entries = format == .csv
                    ? Self.csvEntries(in: buffer, display: display) : Self.jsonEntries(in: buffer)
            else { return nil }
            let key = linksFileCacheKey(setup: setup, defaults: defaults, top: top, header: entries.header)
            let url = Self.linksFileCacheURL(besideLinkCache: setup.url, file: display)
            // The rows' digests, made on every core while the cache file is read and checked: that
            // check (SHA-256 over the whole file) left a core idle for a tenth of a 1 % rebuild.
            let text = LinkBatchChecker.Text(buffer: buffer)
            let digests = Self.rowDigests(entries.rows, in: text)
            let batches = LinkBatchChecker(
                reader: self, defaults: defaults, defaultsTemplateLocation: top.defaultsTemplateLocation, app: top.app)
            batches.cacheText = text
            batches.csvColumns = entries.columns
            batches.cache = self.whole(early?.take() ?? LinkCache.load(from: url), at: url).flatMap {
                $0.key == key ? $0 : nil
            }
            batches.cacheWriter = batches.cache == nil && !setup.readOnly ? LinkCache.Writer(url: url, key: key) : nil
            batches.sourceKey = key
            // Each span made as it is handed over: an array of them (88 bytes a row) was 88 MB
            // beside a million-row file's bytes.
            let made = digests.take()
            for (row, digest) in zip(entries.rows, made) {
                batches.add(
                    .text(
                        LinkBatchChecker.EntrySpan(bytes: row.bytes, line: row.line, column: row.column, digest: digest)
                    ))
            }
            batches.finish(into: &self, list: &list)
            return (batches, url, key)
        }
        guard let read, !read.0.needsPlainReading else {
            read?.0.cacheWriter?.discard()
            (engine, list) = (savedEngine, savedList)
            return false
        }
        let batches = read.0
        batches.cacheWriter?.commit()
        renewLinksFileCache(batches, url: read.url, key: read.key, setup: setup)
        let before = linksFileCacheHits ?? (0, 0)
        linksFileCacheHits = (before.hits + batches.cacheHits, before.links + list.links.count - savedList.links.count)
        return true
    }

    /// The ``LinkCache/digest(of:column:)`` of each of `rows` in `text`, made on every core from
    /// now on; the caller keeps `text` alive until it has them.
    private static func rowDigests(
        _ rows: ArraySlice<ItemRows.Row>, in text: LinkBatchChecker.Text
    ) -> Pending<[SHA256.Digest]> {
        Pending {
            concurrentMap(rows.count, chunk: 1024) { index in
                let row = rows[rows.startIndex + index]
                return LinkCache.digest(of: UnsafeBufferPointer(rebasing: text.buffer[row.bytes]), column: row.column)
            }
        }
    }

    /// A links file's entries cut by their bytes: each one's bytes and position, what the cache
    /// key holds of the file besides them, and (CSV) the columns its rows are read by.
    private struct CutEntries {
        var rows: ArraySlice<ItemRows.Row>
        var header: UnsafeBufferPointer<UInt8>
        var columns: [LinksFile.Column]?
    }

    /// A CSV file's rows after its header; nil when the header is not one UTF-8 record naming only
    /// known columns or a quote is left open (the plain reading reports why).
    private static func csvEntries(in buffer: UnsafeBufferPointer<UInt8>, display: String) -> CutEntries? {
        guard let rows = ItemRows(buffer, format: .csv), rows.count <= linkLimit, let header = rows.rows.first else {
            return nil
        }
        let bytes = UnsafeBufferPointer(rebasing: buffer[header.bytes])
        guard UTF8Check.isValid(bytes),
            case .success(let records) = StrictCSV.records(in: bytes, firstRow: header.line),
            records.count == 1, let record = records.first
        else { return nil }
        var scratch = DiagnosticEngine()
        guard let columns = LinksFile.columns(of: record, displayPath: display, engine: &scratch) else { return nil }
        return CutEntries(
            rows: rows.rows.dropFirst(),
            header: bytes, columns: columns)
    }

    /// What stands for a JSON file's header in its cache key.
    private static let jsonHeader: StaticString = "a JSON list\n"

    /// A JSON file's objects, each read as YAML alone at its line and column when its bytes are
    /// new; nil when the file is not UTF-8 or not a strict JSON list of objects
    /// (``JSONListElements``).
    private static func jsonEntries(in buffer: UnsafeBufferPointer<UInt8>) -> CutEntries? {
        // Checked whole: an object's bytes are parsed alone, where nothing else would check them.
        guard UTF8Check.isValid(buffer), let list = JSONListElements(buffer), list.elements.count <= linkLimit else {
            return nil
        }
        return CutEntries(
            rows: list.elements.map { ItemRows.Row(line: $0.line, bytes: $0.bytes, column: $0.column) }[...],
            header: UnsafeBufferPointer(start: jsonHeader.utf8Start, count: jsonHeader.utf8CodeUnitCount),
            columns: nil)
    }

    /// Everything a links file's link depends on besides its row's bytes.
    private func linksFileCacheKey(
        setup: LinkCache.Setup, defaults: LinkOptions, top: TopLevel, header: UnsafeBufferPointer<UInt8>
    ) -> [UInt8] {
        var input = Array("trampoline-links-file 1\n".utf8)
        input += LinkCache.key(
            setup: setup, file: file, knownTemplates: knownTemplates, baseURL: baseURL, defaults: defaults,
            defaultsTemplateLocation: top.defaultsTemplateLocation, app: top.app)
        input += header
        return Array(SHA256.hash(data: input))
    }

    /// The cache of the links file shown as `file`, beside the catalog's link cache.
    static func linksFileCacheURL(besideLinkCache url: URL, file: String) -> URL {
        let name = SHA256.hash(data: Array(file.utf8)).prefix(8).map { String(format: "%02x", $0) }.joined()
        return url.deletingLastPathComponent().appendingPathComponent(url.lastPathComponent + ".links-file-" + name)
    }

    /// A rebuild renews the cache it read (``LinkCache/renew(at:used:new:in:)``); on another
    /// thread, while the build goes on (``linkCacheWrite``).
    private mutating func renewLinksFileCache(
        _ batches: LinkBatchChecker, url: URL, key: [UInt8], setup: LinkCache.Setup
    ) {
        guard let cache = batches.cache, !setup.readOnly else { return }
        let group = linkCacheWrite ?? DispatchGroup()
        if cache.renew(at: url, used: batches.usedEntries, new: batches.newEntries, in: group) {
            linkCacheWrite = group
        }
    }
}
