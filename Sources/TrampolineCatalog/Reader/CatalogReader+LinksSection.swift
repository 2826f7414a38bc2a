import Foundation
import TrampolineIncremental
import TrampolineModel

/// The `links:` section and `links_file:`: link entries streamed from the parser in batches.
extension CatalogReader {
    /// `links:`: read item by item as the parser reaches them when the sections links depend on
    /// came first; otherwise kept until the end. Returns false past ``linkLimit``.
    mutating func readLinksSection(parser: YAMLEventParser, into top: inout TopLevel, list: inout LinkList) throws
        -> Bool
    {
        let anchorsBefore = parser.anchorsAndAliases
        guard let sequence = try parser.beginSequence() else {
            let value = try parser.node()
            guard case .sequence(let items) = value.kind else {
                error(
                    "links must be a list of links", at: location(of: value),
                    hint: "start each link with '- path: /...'")
                return true
            }
            top.waiting.append(contentsOf: items)
            return true
        }
        // A catalog with no `defaults:` at all (the word is nowhere in its text) reads its links as
        // they come, from no defaults, as a catalog whose `defaults:` came first does; should a
        // `defaults:` key turn up after all (written with escapes, say), the catalog is read again
        // the plain way (``readDocument(parser:)``).
        if top.sections["defaults"] == nil, linkCache != nil, !Self.mentionsDefaults(parser.buffer) {
            top.defaultsAssumed = true
        }
        let defaults = top.defaults ?? (top.defaultsAssumed ? LinkOptions() : nil)
        let ready = top.sections["site"] != nil && top.sections["app"] != nil && defaults != nil
        let batches =
            ready
            ? defaults.map {
                LinkBatchChecker(
                    reader: self, defaults: $0, defaultsTemplateLocation: top.defaultsTemplateLocation, app: top.app)
            } : nil
        if let batches, let setup = linkCache, let defaults {
            let key = LinkCache.key(
                setup: setup, file: file, knownTemplates: knownTemplates, baseURL: baseURL,
                defaults: defaults, defaultsTemplateLocation: top.defaultsTemplateLocation, app: top.app)
            // A layout only for a block list under a top-level `links:` at column 1, with no
            // anchor before it: then the text after the list can be read on its own.
            let start =
                sequence.block && top.linksKey?.column == 1 && anchorsBefore == 0
                ? ListStart(
                    line: sequence.line, column: sequence.column, byte: parser.byteOffset(ofCharacter: sequence.index))
                : nil
            // The text checked against the last reading's layout first: that needs only the text,
            // while another core is still reading and checking the link cache (used only with it).
            var layoutReading: LayoutReading?
            if let start {
                let url = CatalogLayout.url(besideLinkCache: setup.url)
                if let layout = whole(setup.earlyLayout?.value ?? CatalogLayout.load(from: url), at: url),
                    layout.key == key
                {
                    layoutReading = Self.readLinks(in: parser.buffer, list: start, layout: layout, key: key)
                }
            }
            // Read early or now; either way only under this key.
            batches.cache = whole(setup.early?.value ?? LinkCache.load(from: setup.url), at: setup.url).flatMap {
                $0.key == key ? $0 : nil
            }
            // Without a cache, entries are recorded as they are read, if a file can be written at all.
            batches.cacheWriter = batches.cache == nil ? setup.writer(key: key) : nil
            batches.sourceKey = key
            // Read-only (check) with no cache still reads a long list in pieces on all cores.
            if batches.cache != nil || batches.cacheWriter != nil || setup.readOnly {
                return try readLinksSection(
                    parser: parser, batches: batches, setup: setup, key: key, start: start,
                    layoutReading: layoutReading, list: &list)
            }
        }
        while let item = try parser.nextItem() {
            if let batches {
                batches.add(item)
            } else {
                top.waiting.append(item)
            }
            if (batches?.count ?? 0) > Self.linkLimit || top.waiting.count > Self.linkLimit {
                error(
                    "links has more than the \(Self.linkLimit) entries Trampoline accepts", at: location(of: item),
                    hint: "split the catalog, or check for YAML aliases that repeat the list")
                batches?.finish(into: &self, list: &list)
                return false
            }
        }
        batches?.finish(into: &self, list: &list)
        return true
    }

    /// Reads link items with the catalog's defaults and app.
    mutating func readLinkItems(_ items: [YAMLNode], top: TopLevel, list: inout LinkList) {
        let batches = LinkBatchChecker(
            reader: self, defaults: top.defaults ?? LinkOptions(),
            defaultsTemplateLocation: top.defaultsTemplateLocation, app: top.app)
        for item in items { batches.add(item) }
        batches.finish(into: &self, list: &list)
    }

    /// `links_file:`: the links of a CSV or JSON file beside the catalog, reported against that file.
    mutating func readLinksFile(_ linksFile: Located, top: TopLevel, list: inout LinkList) {
        let catalogFolder = (file as NSString).deletingLastPathComponent
        let display = catalogFolder.isEmpty ? linksFile.text : "\(catalogFolder)/\(linksFile.text)"
        let format = LinksFile.Format(linksFile.text)
        // The file's cache, read and checked on another core while the file is read and cut (not
        // when the fast path will step aside: a catalog with errors already).
        let earlyCache = linkCache.flatMap { setup in
            FastPath.linksFileCache.isOn && format != nil && !engine.hasErrors
                ? Pending { LinkCache.load(from: Self.linksFileCacheURL(besideLinkCache: setup.url, file: display)) }
                : nil
        }
        var fileEngine = DiagnosticEngine()
        let bytes = LinksFile.bytes(
            named: linksFile.text, in: project, location: linksFile.location, engine: &fileEngine)
        var items: [YAMLNode]?
        if let bytes {
            // A CSV or JSON file through its cache first (`CatalogReader+LinksFileCache.swift`).
            if let format,
                readCachedLinksFile(bytes, format: format, display: display, top: top, early: earlyCache, list: &list)
            {
                return
            }
            items = LinksFile.items(of: bytes, named: linksFile.text, displayPath: display, engine: &fileEngine)
        }
        engine.append(contentsOf: fileEngine)
        if items == nil, !fileEngine.hasErrors {
            error("cannot read the links file", at: linksFile.location)
        }
        // Positions of what the file holds refer to the file, not the catalog.
        let catalogFile = file
        file = display
        readLinkItems(items ?? [], top: top, list: &list)
        file = catalogFile
    }
}
