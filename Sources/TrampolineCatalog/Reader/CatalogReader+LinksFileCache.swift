import Crypto
import Foundation
import TrampolineIncremental
import TrampolineModel

/// The fast path of a CSV `links_file:` (``FastPath/linksFileCache``): a rebuild after a nightly
/// export reads only the rows that changed. The file is cut into rows by its bytes
/// (``ItemRows``); each row is looked up by the SHA-256 of its bytes in a ``LinkCache`` of that
/// file's links, kept under a key of everything else a link depends on (the catalog's link-cache
/// key: the binary, this user's secret, the templates, `defaults:` and `app:`; and the header
/// row). A row found there is decoded; the others are read the plain way, by the same
/// ``LinkBatchChecker`` as `links:` entries, on all cores, and recorded for the next build.
///
/// A row found in the cache has the bytes of a row read before, so only the header and the rows
/// read are checked as UTF-8. A JSON file, a header that is blank or names an unknown column, a
/// quote left open, a row that does not read alone or a catalog with errors already make this
/// path step aside with nothing recorded or reported: the plain reading then reads the file.
/// `LinksFileCacheTests` and `PlainPathsTests` hold the two to the same links, diagnostics and bytes.
extension CatalogReader {
    /// Reads the CSV links file `bytes` (shown as `display`) through its cache; false, with
    /// nothing recorded or reported, when the plain reading must read it instead.
    mutating func readCachedLinksFile(_ bytes: [UInt8], display: String, top: TopLevel, list: inout LinkList) -> Bool {
        guard FastPath.linksFileCache.isOn, let setup = linkCache, let defaults = top.defaults, !engine.hasErrors
        else { return false }
        let (savedEngine, savedList, catalogFile) = (engine, list, file)
        file = display
        defer { file = catalogFile }
        let read = bytes.withUnsafeBufferPointer { whole -> (LinkBatchChecker, url: URL, key: [UInt8])? in
            let buffer = CatalogLoader.afterByteOrderMark(whole)
            guard let rows = ItemRows(buffer, format: .csv), rows.count <= Self.linkLimit,
                let header = rows.rows.first, let columns = Self.columns(of: header, in: buffer, display: display)
            else { return nil }
            let key = linksFileCacheKey(
                setup: setup, defaults: defaults, top: top, header: UnsafeBufferPointer(rebasing: buffer[header.bytes]))
            let url = Self.linksFileCacheURL(besideLinkCache: setup.url, file: display)
            let batches = LinkBatchChecker(
                reader: self, defaults: defaults, defaultsTemplateLocation: top.defaultsTemplateLocation, app: top.app)
            batches.cacheText = LinkBatchChecker.Text(buffer: buffer)
            batches.csvColumns = columns
            batches.cache = LinkCache.load(from: url).flatMap { $0.key == key ? $0 : nil }
            batches.cacheWriter = batches.cache == nil && !setup.readOnly ? LinkCache.Writer(url: url, key: key) : nil
            batches.sourceKey = key
            for row in rows.rows.dropFirst() {
                batches.add(.text(LinkBatchChecker.EntrySpan(bytes: row.bytes, line: row.line, column: 1)))
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

    /// The columns the header row names; nil when it is not one UTF-8 record naming only known
    /// columns (the plain reading reports why).
    private static func columns(of header: ItemRows.Row, in buffer: UnsafeBufferPointer<UInt8>, display: String)
        -> [LinksFile.Column]?
    {
        let bytes = UnsafeBufferPointer(rebasing: buffer[header.bytes])
        guard UTF8Check.isValid(bytes),
            case .success(let records) = StrictCSV.records(in: bytes, firstRow: header.line),
            records.count == 1, let record = records.first
        else { return nil }
        var scratch = DiagnosticEngine()
        return LinksFile.columns(of: record, displayPath: display, engine: &scratch)
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

    /// A rebuild writes the cache anew (the kept entries and the new) only when enough changed; on
    /// another thread, while the build goes on (``linkCacheWrite``).
    private mutating func renewLinksFileCache(
        _ batches: LinkBatchChecker, url: URL, key: [UInt8], setup: LinkCache.Setup
    ) {
        guard let cache = batches.cache, !setup.readOnly else { return }
        let (used, new) = (batches.usedEntries, batches.newEntries)
        guard
            LinkCache.isWorthRewriting(
                entries: cache.count, used: used.count, new: new.reduce(0) { $0 + $1.digests.count }),
            let writer = LinkCache.Writer(url: url, key: key)
        else { return }
        let group = linkCacheWrite ?? DispatchGroup()
        linkCacheWrite = group
        DispatchQueue.global().async(group: group) {
            writer.appendEntries(of: cache, at: used)
            for entry in new { writer.append(entry.bytes, digests: entry.digests) }
            writer.commit()
        }
    }
}
