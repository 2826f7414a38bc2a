import Crypto
import Foundation
import TrampolineIncremental
import TrampolineModel

/// Checks links on all cores while the parser goes on: checking a link's values and building its
/// model cost more than parsing it, so the parser hands over batches and never waits for them.
/// Results are merged in document order, so diagnostics, duplicates and the link order are the
/// same as reading one by one.
final class LinkBatchChecker: @unchecked Sendable {
    private let reader: CatalogReader
    private let defaults: LinkOptions
    private let defaultsTemplateLocation: SourceLocation
    private let app: AppSettings?
    private let group = DispatchGroup()
    /// Guards the shared state below; signalled when a batch's results are in.
    private let lock = NSCondition()
    /// Per batch: each link (nil if invalid), and the diagnostics reading them gave.
    private var results: [Int: BatchResult] = [:]
    private var submitted = 0
    /// Batches read, handed back so the parser's thread frees its own nodes (see `submit`).
    private var spent: [[Item]] = []
    private var batch: [Item] = []
    static let batchSize = 1024
    /// Batches handed over and not yet read. The parser waits while there are
    /// ``maximumInFlight``: cutting a CSV file's rows is far quicker than reading them, and a
    /// million rows' batches, all waiting at once, were 127 MB.
    private var inFlight = 0
    static let maximumInFlight = max(8, 4 * ProcessInfo.processInfo.activeProcessorCount)

    /// What reading a batch gave: the links in order (nil where invalid), and each one's
    /// diagnostics as a range of all the batch's. Links are moved out of it, never copied: a copy
    /// of a link retains a dozen strings, 100k times. A million links' results wait for the merge
    /// at once, so the rest is kept small: where each entry's diagnostics end (4 bytes, not a
    /// 16-byte range) and the rare rejected entry's path by position (not 56 bytes each).
    private struct BatchResult {
        var links: [Link?] = []
        /// For an entry read as no link, by position: its valid path, if it had one
        /// (``CatalogReader/rejectedPath``).
        var rejected: [Int: (path: String, location: SourceLocation)] = [:]
        /// Where each entry's diagnostics end in ``diagnostics`` (they start where the last ended).
        var ends: [UInt32] = []
        var diagnostics: [Diagnostic] = []

        /// The diagnostics of the entry at `position`.
        func diagnostics(at position: Int) -> ArraySlice<Diagnostic> {
            diagnostics[(position == 0 ? 0 : Int(ends[position - 1]))..<Int(ends[position])]
        }
    }

    /// One catalog entry to read.
    enum Item {
        /// A tree the parser built; `span` is its text when its link may be recorded in the cache.
        case node(YAMLNode, span: EntrySpan?)
        /// An entry the parser only walked past (see ``LinkCache``): the link recorded under its
        /// digest in `cache`, else its text parsed alone.
        case text(EntrySpan)
    }

    /// Where an entry's text is in the parser's buffer, and where it starts in the file.
    struct EntrySpan {
        var bytes: Range<Int>
        var line: Int
        var column: Int
        /// ``LinkCache/digest(of:column:)`` of the text, once known.
        var digest: SHA256.Digest?
        /// The text's line breaks (``TextPosition/lineBreaks(in:)``), when counted already.
        var lineBreaks: Int?
    }

    /// The parser's text, read by the workers while the parser lives (``finish(into:list:)``
    /// returns before the caller lets it go).
    struct Text: @unchecked Sendable {
        let buffer: UnsafeBufferPointer<UInt8>
        subscript(span: EntrySpan) -> UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(rebasing: buffer[span.bytes]) }
    }

    /// Set for a reading that uses the ``LinkCache``: the text entries are in, the cache to
    /// decode from, and where the links read (not decoded) go: with no cache, straight into a new
    /// file (`cacheWriter`); with one, kept for the caller (``newEntries``), which writes a new
    /// file only if anything changed.
    var cacheText: Text?
    /// Set when the text entries are rows of a CSV links file with these columns, not YAML.
    var csvColumns: [LinksFile.Column]?
    var cache: LinkCache?
    var cacheWriter: LinkCache.Writer?
    /// The key of ``cache`` and ``cacheWriter``: each link read or decoded from an entry whose
    /// digest is known gets the digest of the two as its ``Link/source`` (``FastPath/linkSources``).
    var sourceKey: [UInt8]?
    /// Where the entries decoded from ``cache`` start in it (for a new file).
    private(set) var usedEntries: [Int] = []
    /// The entries of links read, when there is a ``cache``.
    private(set) var newEntries: [(bytes: [UInt8], digests: [UInt64])] = []
    /// Links taken from the cache.
    var cacheHits: Int { usedEntries.count }
    /// Whether links read (not decoded) are encoded for a cache file.
    private var records: Bool { cacheWriter != nil || cache != nil }
    /// Set when an entry's text did not parse alone; the caller then reads the catalog the plain way.
    private(set) var needsPlainReading = false

    /// `reader` gives the file name and settings; its diagnostics so far are not carried over.
    init(reader: CatalogReader, defaults: LinkOptions, defaultsTemplateLocation: SourceLocation, app: AppSettings?) {
        var reader = reader
        reader.engine = DiagnosticEngine()
        self.reader = reader
        self.defaults = defaults
        self.defaultsTemplateLocation = defaultsTemplateLocation
        self.app = app
    }

    /// How many items were added (one by one, and in pieces once read).
    var count: Int { added + lock.withLock { pieceEntries } }
    private var added = 0
    /// Entries of the pieces read so far.
    private var pieceEntries = 0

    func add(_ item: YAMLNode) {
        add(.node(item, span: nil))
    }

    func add(_ item: Item) {
        batch.append(item)
        added += 1
        if batch.count == Self.batchSize { submit() }
    }

    private func submit() {
        guard !batch.isEmpty else { return }
        // Nodes are freed on the thread that made them: freed by a worker, each node took the
        // parser's malloc arena lock while the parser was allocating (half the catalog's wall time).
        let done = lock.withLock { () -> [[Item]] in
            defer { spent = [] }
            return spent
        }
        _ = consume done
        lock.withLock {
            while inFlight >= Self.maximumInFlight { lock.wait() }
            inFlight += 1
        }
        let index = submitted
        let items = batch
        submitted += 1
        batch = []
        batch.reserveCapacity(Self.batchSize)
        DispatchQueue.global().async(group: group) { [self] in
            deliver(read(items), index: index, spent: items, inFlight: true)
        }
    }

    /// The first 16 bytes of `raw` as two words, most significant first.
    private static func firstHalf(_ raw: UnsafeRawBufferPointer) -> SIMD2<UInt64> {
        SIMD2(
            UInt64(bigEndian: raw.loadUnaligned(fromByteOffset: 0, as: UInt64.self)),
            UInt64(bigEndian: raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self)))
    }

    /// The key's first half (``firstHalf(_:)``): ``source(_:_:)`` mixes it into each entry's digest.
    private static func keyWords(of key: [UInt8]) -> SIMD2<UInt64>? {
        key.count >= 16 ? key.withUnsafeBytes(firstHalf) : nil
    }

    /// A link's ``Link/source``: the first half of its entry's digest, XORed with the key's
    /// (``keyWords(of:)``). The digest is SHA-256 over the entry's bytes and the key is SHA-256
    /// over everything else a link depends on (``CatalogReader``'s link-cache keys), so a change
    /// of either changes the source as surely as a second SHA-256 over the two did; that second
    /// hash per link was a twentieth of a rebuild's time.
    private static func source(_ key: SIMD2<UInt64>, _ digest: SHA256.Digest) -> SIMD2<UInt64> {
        digest.withUnsafeBytes(firstHalf) ^ key
    }

    /// A reader with the same settings, cache and cache writer, for an attempt the caller may
    /// drop (then with the writer: see `CatalogReader+Pieces.swift`).
    func sibling() -> LinkBatchChecker {
        let other = LinkBatchChecker(
            reader: reader, defaults: defaults, defaultsTemplateLocation: defaultsTemplateLocation, app: app)
        other.cacheText = cacheText
        other.cache = cache
        other.cacheWriter = cacheWriter
        other.sourceKey = sourceKey
        return other
    }

    /// Counts what `sibling`, finished, read as added here.
    func absorb(_ sibling: LinkBatchChecker) {
        added += sibling.count
        absorbed += sibling.count
    }

    /// Of ``count``, the links a sibling read and merged itself (``absorb(_:)``).
    private var absorbed = 0

    /// A piece of the list to be parsed and read on a worker (see `CatalogReader+Pieces.swift`):
    /// `parse` gives its entries as trees with their spans (each `span` with its digest when the
    /// link may be recorded in the cache), or nil when the piece did not parse alone; the catalog
    /// is then read the plain way (``needsPlainReading``). Its links are merged in order with
    /// those added before and after it, as a batch's are.
    func addPiece(_ parse: @escaping @Sendable () -> [(node: YAMLNode, span: EntrySpan?)]?) {
        submit()
        let index = submitted
        submitted += 1
        DispatchQueue.global().async(group: group) { [self] in
            guard let entries = parse() else {
                lock.withLock {
                    defer { lock.broadcast() }
                    results[index] = BatchResult()
                    needsPlainReading = true
                }
                return
            }
            lock.withLock { pieceEntries += entries.count }
            deliver(read(entries.map { .node($0.node, span: $0.span) }), index: index, spent: [])
        }
    }

    /// What reading `items` gave, on the calling worker; the cache records it made.
    private func read(_ items: [Item]) -> (BatchResult, chunk: [UInt8], digests: [UInt64], used: [Int], failed: Bool) {
        var worker = reader
        var read = BatchResult()
        read.links.reserveCapacity(items.count)
        read.ends.reserveCapacity(items.count)
        var chunk: [UInt8] = []
        var digests: [UInt64] = []
        var used: [Int] = []
        var failed = false
        let keyed = records && FastPath.linkSources.isOn ? sourceKey.flatMap(Self.keyWords(of:)) : nil
        // Taken once: binding the properties in the loop copied the cache (a retain and release
        // of each of its parts) for every entry.
        let (cache, cacheText) = (self.cache, self.cacheText)
        for item in items {
            var entryDigest: SHA256.Digest?
            let start = worker.engine.diagnostics.count
            worker.rejectedPath = nil
            var link: Link?
            switch item {
            case .node(let node, let span):
                link = worker.readLink(
                    node, defaults: defaults, defaultsTemplateLocation: defaultsTemplateLocation, app: app)
                entryDigest = span?.digest
                if let span, let digest = span.digest, let link, worker.engine.diagnostics.count == start, records,
                    LinkCache.appendEntry(
                        digest: digest, encoding: link, line: span.line, file: worker.file, defaults: defaults,
                        to: &chunk)
                {
                    digests.append(LinkCache.head(of: digest))
                }
            case .text(let span):
                guard let text = cacheText else {
                    failed = true
                    break
                }
                let digest = span.digest ?? LinkCache.digest(of: text[span], column: span.column)
                entryDigest = digest
                if let cache, let offset = cache.entry(for: digest),
                    let decoded = cache.decodedLink(at: offset, line: span.line, file: worker.file, defaults: defaults)
                {
                    link = decoded
                    used.append(offset)
                } else if let node = parsedAlone(text[span], at: span) {
                    guard let node else { break }  // a blank row
                    link = worker.readLink(
                        node, defaults: defaults, defaultsTemplateLocation: defaultsTemplateLocation, app: app)
                    if let link, worker.engine.diagnostics.count == start,
                        LinkCache.appendEntry(
                            digest: digest, encoding: link, line: span.line, file: worker.file, defaults: defaults,
                            to: &chunk)
                    {
                        digests.append(LinkCache.head(of: digest))
                    }
                } else {
                    failed = true
                }
            }
            if link == nil, let rejected = worker.rejectedPath { read.rejected[read.links.count] = rejected }
            link?.options.share(with: defaults)
            if let keyed, let entryDigest, worker.engine.diagnostics.count == start {
                link?.noteSource(Self.source(keyed, entryDigest))
            }
            read.links.append(link.take())
            read.ends.append(UInt32(worker.engine.diagnostics.count))
        }
        read.diagnostics = worker.engine.diagnostics
        return (read, chunk, digests, used, failed)
    }

    /// Hands a worker's reading over to ``finish(into:list:)`` as batch `index`.
    private func deliver(
        _ done: (BatchResult, chunk: [UInt8], digests: [UInt64], used: [Int], failed: Bool), index: Int,
        spent items: [Item], inFlight counted: Bool = false
    ) {
        let (read, chunk, digests, used, failed) = done
        cacheWriter?.append(chunk, digests: digests)
        cache?.release(entriesAt: used)
        lock.withLock {
            defer { lock.broadcast() }
            results[index] = read
            if counted { inFlight -= 1 }
            if !items.isEmpty { spent.append(items) }
            usedEntries += used
            if failed { needsPlainReading = true }
            if cache != nil, !chunk.isEmpty { newEntries.append((chunk, digests)) }
        }
    }

    /// An entry's text parsed alone: a CSV row (``csvColumns``), or YAML; `.some(nil)` for a blank
    /// row, nil for text that does not parse alone.
    private func parsedAlone(_ text: UnsafeBufferPointer<UInt8>, at span: EntrySpan) -> YAMLNode?? {
        if let csvColumns { return LinksFile.rowNode(text, row: span.line, columns: csvColumns) }
        return Self.parse(text, line: span.line, column: span.column).map { .some($0) }
    }

    /// An entry's text parsed alone, as the whole file's parser would see it: the text before it
    /// on its first line becomes spaces, and lines count from its own.
    static func parse(_ text: UnsafeBufferPointer<UInt8>, line: Int, column: Int) -> YAMLNode? {
        var source = [UInt8](repeating: UInt8(ascii: " "), count: max(0, column - 1))
        source += text
        let parser = YAMLEventParser(String(decoding: source, as: UTF8.self), lineOffset: line - 1)
        guard (try? parser.startDocument()) == true, let node = try? parser.node(),
            (try? parser.finishDocument()) != nil
        else { return nil }
        return node
    }

    /// Merges every batch, in order, into `target` and `list`, each as soon as it is read (the
    /// merge of one overlaps the reading of those after it).
    func finish(into target: inout CatalogReader, list: inout CatalogReader.LinkList) {
        submit()
        // Room for the links this reader merges, not those a sibling merged already: reserving
        // for those again had copied every link and rehashed every path, on one core, after a
        // catalog read in pieces (70 ms at 100k).
        let merging = count - absorbed
        list.links.reserveCapacity(list.links.count + merging)
        list.seen.reserveCapacity(list.seen.count + merging)
        for index in 0..<submitted {
            var result = lock.withLock {
                while results[index] == nil { lock.wait() }
                return results.removeValue(forKey: index)!
            }
            // Link by link, as a one-by-one reading would: its diagnostics, then its path check,
            // so the error limit cuts the list at the same place.
            for position in result.links.indices {
                target.absorb(result.diagnostics(at: position))
                if let link = result.links[position].take() {
                    target.record(link, into: &list)
                } else if let rejected = result.rejected[position] {
                    target.claim(rejected.path, at: rejected.location, in: &list)
                }
            }
        }
        group.wait()
    }
}
