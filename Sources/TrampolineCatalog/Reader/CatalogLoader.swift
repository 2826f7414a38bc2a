import Foundation
import TrampolineIncremental
import TrampolineModel

/// Reads `site-config.yml` into a validated ``Catalog``, reporting every problem at once with its
/// `file:line:column`.
package struct CatalogLoader: Sendable {
    /// Template names the catalog may use; nil skips the check (the builder knows the real set).
    package var knownTemplates: Set<String>?

    /// The ``LinkCache`` a build reads and renews; nil reads every link (the default).
    package var linkCache: LinkCache.Setup?

    /// Where the catalog file and every project file read are noted (``InputLog``); nil notes nothing.
    package var inputLog: InputLog?

    /// About how many bytes of a first reading's `links:` list each worker parses alone
    /// (`CatalogReader+Pieces.swift`); tests make it small.
    var pieceBytes = CatalogReader.pieceBytes

    package init(knownTemplates: Set<String>? = nil) {
        self.knownTemplates = knownTemplates
    }

    /// What a load gave, with how many links came from the ``LinkCache`` (nil when it was not used).
    package struct Reading {
        package var catalog: Catalog?
        package var diagnostics: DiagnosticEngine
        package var cacheHits: (hits: Int, links: Int)?
        /// How many items came from the items files' caches (nil when none was used).
        package var itemsCacheHits: (hits: Int, items: Int)?
        /// How many links came from the CSV links file's cache (nil when it was not used).
        package var linksFileCacheHits: (hits: Int, links: Int)?
        /// How many links the ``CatalogLayout`` took without parsing their text (nil when it was not used).
        package var layoutUnparsed: Int?
        /// How many pieces the list was read in, when it was cut (`CatalogReader+Pieces.swift`).
        package var pieces: Int?
        /// A rebuild renews the cache on another thread; wait on this before the process ends.
        package var cacheWrite: DispatchGroup?
        /// The cache files that could not be read and were ignored, for a note.
        package var damagedCaches: [URL] = []

        init(catalog: Catalog?, diagnostics: DiagnosticEngine) {
            self.catalog = catalog
            self.diagnostics = diagnostics
        }

        /// What `reader` found, having read `catalog`.
        init(reader: CatalogReader, catalog: Catalog?) {
            self.init(catalog: reader.engine.hasErrors ? nil : catalog, diagnostics: reader.engine)
            cacheHits = reader.linkCacheHits
            itemsCacheHits = reader.itemsCacheHits
            linksFileCacheHits = reader.linksFileCacheHits
            layoutUnparsed = reader.layoutUnparsed
            pieces = reader.pieces
            cacheWrite = reader.linkCacheWrite
            damagedCaches = reader.damagedCaches
        }
    }

    /// Loads the file at `url`; `displayPath` is how diagnostics name it.
    package func load(contentsOf url: URL, displayPath: String) -> (catalog: Catalog?, diagnostics: DiagnosticEngine) {
        let reading = read(contentsOf: url, displayPath: displayPath)
        return (reading.catalog, reading.diagnostics)
    }

    package func read(contentsOf url: URL, displayPath: String) -> Reading {
        var engine = DiagnosticEngine()
        let start = SourceLocation(file: displayPath, line: 1, column: 1)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
            engine.error(
                "no catalog at \(displayPath)", at: nil,
                hint: "pass --config PATH, or run 'trampoline init' to write a starter site-config.yml")
            return Reading(catalog: nil, diagnostics: engine)
        }
        if isDirectory.boolValue {
            engine.error(
                "\(displayPath) is a directory, not a catalog file", at: start,
                hint: "point --config at the site-config.yml inside it")
            return Reading(catalog: nil, diagnostics: engine)
        }
        var bytes: UnsafeMutableBufferPointer<UInt8>
        do {
            bytes = try FileBytes.read(url.path)
        } catch {
            engine.error("cannot read the catalog: \(error.reason)", at: start, hint: "check the file's permissions")
            return Reading(catalog: nil, diagnostics: engine)
        }
        inputLog?.recordCatalog(path: url.path, bytes: UnsafeBufferPointer(bytes))
        // Checked and parsed in the buffer read: no copy of the file's text (see `FileBytes`).
        if bytes.starts(with: Self.byteOrderMark) {
            let base = bytes.baseAddress!
            memmove(base, base + 3, bytes.count - 3)
            bytes = UnsafeMutableBufferPointer(start: base, count: bytes.count - 3)
        }
        guard UTF8Check.isValid(UnsafeBufferPointer(bytes)) else {
            Self.reportInvalidUTF8(
                in: bytes, what: "the catalog", displayPath: displayPath, hint: "save the file as UTF-8",
                engine: &engine)
            bytes.baseAddress?.deallocate()
            return Reading(catalog: nil, diagnostics: engine)
        }
        var reader = reader(displayPath: displayPath, baseURL: url.deletingLastPathComponent())
        let catalog = reader.read(taking: bytes)
        return Reading(reader: reader, catalog: catalog)
    }

    /// UTF-8's byte-order mark, dropped before a catalog or links file is read.
    static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

    /// `bytes` after a byte-order mark, if they start with one: what a reading by bytes cuts, so
    /// that its rows and positions are those of the text ``text(of:what:displayPath:hint:engine:)`` makes.
    static func afterByteOrderMark(_ bytes: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
        bytes.starts(with: byteOrderMark) ? UnsafeBufferPointer(rebasing: bytes[byteOrderMark.count...]) : bytes
    }

    /// The error for text that is not UTF-8, at its first invalid byte's line and column (the
    /// YAML parser would only say "invalid").
    static func reportInvalidUTF8(
        in bytes: some Collection<UInt8>, what: String, displayPath: String, hint: String,
        engine: inout DiagnosticEngine
    ) {
        let (line, column) = TextPosition.firstInvalidUTF8(in: [UInt8](bytes)) ?? (1, 1)
        engine.error(
            "\(what) is not valid UTF-8 text", at: SourceLocation(file: displayPath, line: line, column: column),
            hint: hint)
    }

    /// A reader of the catalog named `displayPath`, with this loader's settings.
    private func reader(displayPath: String, baseURL: URL) -> CatalogReader {
        var reader = CatalogReader(file: displayPath, knownTemplates: knownTemplates, baseURL: baseURL)
        reader.linkCache = linkCache
        reader.inputLog = inputLog
        reader.pieceBytes = pieceBytes
        return reader
    }

    /// Loads catalog bytes; invalid UTF-8 and a byte-order mark are handled here rather than by the YAML parser.
    /// `baseURL` is the folder `links_file` is relative to (default: the working directory).
    package func load(data: consuming Data, displayPath: String, baseURL: URL? = nil) -> (
        catalog: Catalog?, diagnostics: DiagnosticEngine
    ) {
        let reading = read(data: consume data, displayPath: displayPath, baseURL: baseURL)
        return (reading.catalog, reading.diagnostics)
    }

    func read(data: consuming Data, displayPath: String, baseURL: URL?) -> Reading {
        var engine = DiagnosticEngine()
        guard
            let text = Self.text(
                of: data, what: "the catalog", displayPath: displayPath, hint: "save the file as UTF-8", engine: &engine
            )
        else {
            return Reading(catalog: nil, diagnostics: engine)
        }
        // Each copy of a large catalog ends as soon as the next is made (`consume`): the file's
        // bytes, its text and the parser's buffer were all alive at the build's peak of memory.
        _ = consume data
        return read(yaml: consume text, displayPath: displayPath, baseURL: baseURL)
    }

    /// The text of a catalog or links file: a byte-order mark is dropped, and invalid UTF-8 is an
    /// error at its line and column (the YAML parser would only say "invalid").
    static func text(
        of data: some Collection<UInt8>, what: String, displayPath: String, hint: String, engine: inout DiagnosticEngine
    ) -> String? {
        // Validated straight from the data: no intermediate copy of a large catalog.
        let bytes = data.starts(with: byteOrderMark) ? data.dropFirst(3) : data[...]
        guard let text = String(validating: bytes, as: UTF8.self) else {
            reportInvalidUTF8(in: bytes, what: what, displayPath: displayPath, hint: hint, engine: &engine)
            return nil
        }
        return text
    }

    /// Loads catalog text.
    package func load(yaml: consuming String, displayPath: String, baseURL: URL? = nil) -> (
        catalog: Catalog?, diagnostics: DiagnosticEngine
    ) {
        let reading = read(yaml: consume yaml, displayPath: displayPath, baseURL: baseURL)
        return (reading.catalog, reading.diagnostics)
    }

    func read(yaml: consuming String, displayPath: String, baseURL: URL?) -> Reading {
        let base = baseURL ?? URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true)
        var reader = reader(displayPath: displayPath, baseURL: base)
        let catalog = reader.read(yaml: consume yaml)
        return Reading(reader: reader, catalog: catalog)
    }
}
