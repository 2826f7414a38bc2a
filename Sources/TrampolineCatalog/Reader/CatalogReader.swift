import Foundation
import TrampolineIncremental
import TrampolineModel

/// Walks a catalog's YAML, checking shape and values, and building the model. Every problem
/// becomes a diagnostic at the value's position; reading goes on so all are reported. Links are
/// read one by one as the parser reaches them, so a large catalog never exists as one tree.
struct CatalogReader {
    /// The file positions refer to: the catalog, or its links file while that is read.
    var file: String
    let knownTemplates: Set<String>?
    /// The catalog's folder, which `links_file` is relative to.
    let baseURL: URL
    /// Notes every project file read, for the build's ``InputLog``.
    var inputLog: InputLog?
    /// The catalog's folder, the one way its named files are read.
    var project: ProjectFolder { ProjectFolder(root: baseURL, log: inputLog) }
    var engine = DiagnosticEngine()
    /// Set by ``readLink(_:defaults:defaultsTemplateLocation:app:)`` when it rejects an entry whose
    /// plain path was valid: the path and the entry's start, for the duplicate check.
    var rejectedPath: (path: String, location: SourceLocation)?
    /// Where `site.host` is written (kept for the host-limit findings of the build).
    var hostLocation: SourceLocation?
    /// The values read that `init`'s starter catalog has too, by key (``StarterPlaceholder``).
    var starterValues: [String: (value: String, location: SourceLocation)] = [:]
    /// Where `site.claims` is written, if it is.
    var claimsLocation: SourceLocation?
    /// Past this many errors the rest is noise (and an alias bomb could produce billions).
    static let errorLimit = 200
    /// More links than this is a mistake or an attack (YAML aliases can multiply a list).
    static let linkLimit = 2_000_000

    /// Where the ``LinkCache`` is, when reading may use and renew it.
    var linkCache: LinkCache.Setup?
    /// How many links came from the cache, of how many read with it.
    var linkCacheHits: (hits: Int, links: Int)?
    /// How many rows of items files came from their caches, of how many read through them (nil: none was).
    var itemsCacheHits: (hits: Int, items: Int)?
    /// How many links of CSV links files came from their caches (`CatalogReader+LinksFileCache.swift`).
    var linksFileCacheHits: (hits: Int, links: Int)?
    /// The renewal of the cache (and its ``CatalogLayout``) still under way, if any.
    var linkCacheWrite: DispatchGroup?
    /// How many links the ``CatalogLayout`` let the reading take without parsing their text.
    var layoutUnparsed: Int?
    /// The cache files found damaged (each then read as none: ``whole(_:at:)``).
    var damagedCaches: [URL] = []
    /// About how many bytes of the list a piece holds, and how many pieces it was read in
    /// (`CatalogReader+Pieces.swift`).
    var pieceBytes = CatalogReader.pieceBytes
    var pieces: Int?
    /// The campaigns read so far, each shared by every link that has the same parameters.
    var campaigns = CampaignPool()

    /// Where the document goes on after a `links:` list read by its ``CatalogLayout``. Only the
    /// reading's own thread holds one (the copies link workers get never do).
    enum Rest: @unchecked Sendable {
        /// In this parser, standing inside the root mapping.
        case parser(YAMLEventParser)
        /// Nowhere: the list ended it.
        case end
    }

    /// Set by a list read by its layout, taken by ``readDocument(parser:)``.
    var rest: Rest?

    /// Thrown when an entry walked past for the cache holds an anchor or alias, or did not parse
    /// alone: the catalog is then read again the plain way.
    struct PlainReadingNeeded: Error {}

    init(file: String, knownTemplates: Set<String>?, baseURL: URL) {
        self.file = file
        self.knownTemplates = knownTemplates
        self.baseURL = baseURL
    }

    typealias Entry = (key: YAMLNode, value: YAMLNode)

    // MARK: - Sections

    /// What the top level of the catalog held, as it is read.
    struct TopLevel {
        var sections: MappingEntries = [:]
        var linksKey: YAMLNode?
        var linksFile: Located?
        var defaults: LinkOptions?
        var defaultsTemplateLocation: SourceLocation
        var app: AppSettings?
        /// Links met before the sections they depend on wait here (rare: links usually come last).
        var waiting: [YAMLNode] = []
        /// Set when `links:` was read as it came on the grounds that the catalog has no `defaults:`.
        var defaultsAssumed = false
    }

    /// Whether the word `defaults` is anywhere in `text`.
    static func mentionsDefaults(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        let word = Array("defaults".utf8)
        guard let base = text.baseAddress else { return false }
        var index = 0
        // From one `d` to the next (memchr: this runs over a whole catalog on one core).
        while index + word.count <= text.count,
            let found = memchr(base + index, Int32(word[0]), text.count - word.count + 1 - index)
        {
            index = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
            if memcmp(base + index, word, word.count) == 0 { return true }
            index += 1
        }
        return false
    }

    /// Reads the whole catalog: the top-level keys (links streamed as they come), then the links
    /// that had to wait and those of a links file, then checks that the required sections exist.
    mutating func read(yaml: consuming String) -> Catalog? {
        // Handed over (an initializer takes its argument owned): the parser copies it for libyaml
        // and the text does not live through the parse.
        read(parser: YAMLEventParser(yaml))
    }

    /// Reads `utf8` (checked UTF-8 without a byte-order mark), which the parser takes over.
    mutating func read(taking utf8: UnsafeMutableBufferPointer<UInt8>) -> Catalog? {
        read(parser: YAMLEventParser(taking: utf8))
    }

    private mutating func read(parser: YAMLEventParser) -> Catalog? {
        let initial = self
        do {
            return try readDocument(parser: parser)
        } catch {
            // Rare (an anchor in a link): start again without the cache, from the parser's copy.
            self = initial
            linkCache = nil
            return read(parser: YAMLEventParser(String(decoding: parser.buffer, as: UTF8.self)))
        }
    }

    private mutating func readDocument(parser: YAMLEventParser) throws(PlainReadingNeeded) -> Catalog? {
        let start = SourceLocation(file: file, line: 1, column: 1)
        let emptyHint = "a catalog needs site:, app: and links: sections (run 'trampoline init' for a starter)"
        var top = TopLevel(defaultsTemplateLocation: start)
        var list = LinkList()
        var switched = false
        do {
            guard try parser.startDocument() else {
                error("the catalog is empty", at: start, hint: emptyHint)
                return nil
            }
            guard try parser.beginRootMapping() else {
                let root = try parser.node()
                if root.isNull {
                    error("the catalog is empty", at: start, hint: emptyHint)
                } else {
                    _ = mapping(root, what: "the catalog", known: CatalogKeys.root)
                }
                return nil
            }
            var parser = parser
            var ended = false
            while !ended, let key = try parser.nextKey() {
                guard try readTopLevelKey(key, parser: parser, into: &top, list: &list) else { return nil }
                switch rest.take() {
                case .parser(let next)?:
                    parser = next
                    switched = true
                case .end?: ended = true
                case nil: break
                }
            }
            if !ended { try parser.finishDocument() }
            // Links read from no defaults in a catalog that has them: read it all again.
            if top.defaultsAssumed, top.sections["defaults"] != nil { throw PlainReadingNeeded() }
        } catch let restart as PlainReadingNeeded {
            throw restart
        } catch is YAMLEventParser.SyntaxError where switched {
            // Reported by the whole file's parser, with the context it gives.
            throw PlainReadingNeeded()
        } catch let syntax as YAMLEventParser.SyntaxError {
            let at = SourceLocation(file: file, line: syntax.line, column: syntax.column)
            if let budget = syntax.hint {
                error(syntax.message, at: at, hint: budget)
                return nil
            }
            let hint =
                "check indentation (spaces, not tabs) and quote values that contain ': ', '#' or start with a symbol"
            error("YAML syntax: \(syntax.message)", at: at, hint: hint)
            return nil
        } catch {
            self.error("cannot parse the catalog: \(error)", at: start)
            return nil
        }
        readLinkItems(top.waiting, top: top, list: &list)
        // links: and links_file: may go together (`import firebase` adds a links file to a catalog
        // that lists links inline): the file's links come after, and a path both use is a duplicate.
        if let linksFile = top.linksFile {
            readLinksFile(linksFile, top: top, list: &list)
        }
        readItemsFiles(app: top.app, list: &list)
        warnAboutRoutePlaceholders(in: list.links)
        let site = top.sections["site"].flatMap { readSite($0) }
        if top.sections["site"] == nil {
            error("the catalog is missing the required key 'site'", at: start, hint: "add site: to the catalog")
        }
        if top.sections["app"] == nil {
            error("the catalog is missing the required key 'app'", at: start, hint: "add app: to the catalog")
        }
        if top.linksKey == nil, top.sections["links_file"] == nil {
            error(
                "the catalog is missing the required key 'links'", at: start,
                hint: "add links: to the catalog, or links_file: links.csv")
        }
        if let site, site.claims == .domain { checkWholeDomainClaim(site: site, links: list.links) }
        guard var site, let app = top.app, !engine.hasErrors else { return nil }
        site.longLinks?.options = top.defaults ?? LinkOptions()
        var catalog = Catalog(site: site, app: app, links: list.links, hostLocation: hostLocation)
        catalog.starterPlaceholders = StarterPlaceholder.placeholders(in: starterValues)
        catalog.dataFiles = (top.linksFile.map { [$0.text] } ?? []) + list.links.compactMap(\.items?.name)
        return catalog
    }

    /// Reads one top-level key and its value. Returns false when reading must stop (too many links).
    mutating func readTopLevelKey(
        _ key: YAMLNode, parser: YAMLEventParser, into top: inout TopLevel, list: inout LinkList
    ) throws -> Bool {
        guard let name = key.text, CatalogKeys.root.contains(name) else {
            unknownKey(key, in: "the catalog", known: CatalogKeys.root)
            _ = try parser.node()
            return true
        }
        if name == "links_file" {
            let value = try parser.node()
            top.sections[name] = (key, value)
            if let text = scalarText(value, what: "links_file") {
                top.linksFile = Located(text: text, location: location(of: value))
            }
            return true
        }
        if let first = name == "links" ? top.linksKey : top.sections[name]?.key {
            error(
                "duplicate key '\(name)'; first at \(location(of: first))", at: location(of: key),
                hint: "each key may appear once; merge the two")
            _ = try parser.node()
            return true
        }
        if name == "links" {
            top.linksKey = key
            return try readLinksSection(parser: parser, into: &top, list: &list)
        }
        let value = try parser.node()
        top.sections[name] = (key, value)
        switch name {
        case "app": top.app = readApp((key, value))
        case "defaults":
            var options = LinkOptions()
            readOptions(
                value, known: CatalogKeys.defaults, what: "defaults", into: &options,
                templateLocation: &top.defaultsTemplateLocation)
            top.defaults = options
        default: break
        }
        return true
    }
}
