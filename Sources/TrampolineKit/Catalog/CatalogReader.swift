import Foundation

/// Walks a catalog's YAML, checking shape and values, and building the model. Every problem
/// becomes a diagnostic at the value's position; reading goes on so all are reported. Links are
/// read one by one as the parser reaches them, so a large catalog never exists as one tree.
struct CatalogReader {
    /// The file positions refer to: the catalog, or its links file while that is read.
    var file: String
    let knownTemplates: Set<String>?
    /// The catalog's folder, which `links_file` is relative to.
    let baseURL: URL
    var engine = DiagnosticEngine()
    /// Where `site.host` is written (kept for the host-limit findings of the build).
    var hostLocation: SourceLocation?
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
    /// The renewal of the cache (and its ``CatalogLayout``) still under way, if any.
    var linkCacheWrite: DispatchGroup?
    /// How many links the ``CatalogLayout`` let the reading take without parsing their text.
    var layoutUnparsed: Int?
    /// About how many bytes of the list a piece holds, and how many pieces it was read in
    /// (`CatalogReader+Pieces.swift`).
    var pieceBytes = CatalogReader.pieceBytes
    var pieces: Int?

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
        } catch let restart as PlainReadingNeeded {
            throw restart
        } catch is YAMLEventParser.SyntaxError where switched {
            // Reported by the whole file's parser, with the context it gives.
            throw PlainReadingNeeded()
        } catch let syntax as YAMLEventParser.SyntaxError {
            let hint =
                "check indentation (spaces, not tabs) and quote values that contain ': ', '#' or start with a symbol"
            error(
                "YAML syntax: \(syntax.message)",
                at: SourceLocation(file: file, line: syntax.line, column: syntax.column), hint: hint)
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
        guard let site, let app = top.app, !engine.hasErrors else { return nil }
        return Catalog(site: site, app: app, links: list.links, hostLocation: hostLocation)
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
        let ready = top.sections["site"] != nil && top.sections["app"] != nil && top.sections["defaults"] != nil
        let batches =
            ready
            ? top.defaults.map {
                LinkBatchReader(
                    reader: self, defaults: $0, defaultsTemplateLocation: top.defaultsTemplateLocation, app: top.app)
            } : nil
        if let batches, let setup = linkCache, let defaults = top.defaults {
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
            let layoutReading = start.flatMap { start in
                (setup.earlyLayout.map(\.value)
                    ?? CatalogLayout.load(from: CatalogLayout.url(besideLinkCache: setup.url)))
                    .flatMap {
                        $0.key == key ? Self.readLinks(in: parser.buffer, list: start, layout: $0, key: key) : nil
                    }
            }
            // Read early or now; either way only under this key.
            batches.cache = (setup.early.map(\.value) ?? LinkCache.load(from: setup.url)).flatMap {
                $0.key == key ? $0 : nil
            }
            // Without a cache, entries are recorded as they are read, if a file can be written at all.
            batches.cacheWriter = batches.cache == nil ? setup.writer(key: key) : nil
            if batches.cache != nil || batches.cacheWriter != nil {
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

    /// `links:` with the ``LinkCache``: when the cache was made under the same key, each entry is
    /// only walked past and its link decoded from the cache (or, if changed, its text read alone);
    /// otherwise entries are read as usual and recorded for the next build. With a ``CatalogLayout``
    /// of the last reading under the key, unchanged entries are not even walked past
    /// (`CatalogReader+Layout.swift`); a walk records the layout for the next build.
    private mutating func readLinksSection(
        parser: YAMLEventParser, batches: LinkBatchReader, setup: LinkCache.Setup, key: [UInt8],
        start listStart: ListStart?, layoutReading: LayoutReading?, list: inout LinkList
    ) throws -> Bool {
        let cache = batches.cache
        let text = LinkBatchReader.Text(buffer: parser.buffer)
        batches.cacheText = text
        let layoutURL = CatalogLayout.url(besideLinkCache: setup.url)
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
            // The spans the layout is made of, while one can be (a block list with no anchor in it).
            var layoutSpans: [LinkBatchReader.EntrySpan]? = listStart.map { _ in [] }
            while let start = try parser.nextValueStart() {
                let anchors = parser.anchorsAndAliases
                var node: YAMLNode?
                if cache != nil {
                    try parser.skipValue()
                    if parser.anchorsAndAliases != anchors { throw PlainReadingNeeded() }
                } else {
                    node = try parser.node()
                }
                let bytes =
                    parser.byteOffset(ofCharacter: start.index)..<parser.byteOffset(ofCharacter: parser.endIndex)
                var span = LinkBatchReader.EntrySpan(bytes: bytes, line: start.line, column: start.column)
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
                    return false
                }
            }
            _ = try parser.nextItem()  // the end of the list
            if let layoutSpans, let listStart {
                newLayout = Self.layout(of: layoutSpans, listStart: listStart, key: key, in: text.buffer)
            }
        }
        batches.finish(into: &self, list: &list)
        if batches.needsPlainReading {
            batches.cacheWriter?.discard()
            throw PlainReadingNeeded()
        }
        batches.cacheWriter?.commit()
        // A rebuild writes a new file (the kept entries and the new) only when enough changed.
        // On another thread, while the build goes on (``Reading/cacheWrite`` says when it is done).
        let group = DispatchGroup()
        let (usedEntries, new) = (batches.usedEntries, batches.newEntries)
        if let cache,
            LinkCache.isWorthRewriting(
                entries: cache.count, used: usedEntries.count, new: new.reduce(0) { $0 + $1.digests.count }),
            let writer = setup.writer(key: key)
        {
            DispatchQueue.global().async(group: group) {
                let kept = Set(usedEntries).sorted()
                for start in stride(from: 0, to: kept.count, by: 4096) {
                    let piece = cache.entries(at: Array(kept[start..<min(start + 4096, kept.count)]))
                    writer.append(piece.bytes, digests: piece.digests)
                }
                for entry in new { writer.append(entry.bytes, digests: entry.digests) }
                writer.commit()
            }
            linkCacheWrite = group
        }
        if let newLayout, !setup.readOnly {
            DispatchQueue.global().async(group: group) { CatalogLayout.write(newLayout, to: layoutURL) }
            linkCacheWrite = group
        }
        linkCacheHits = (batches.cacheHits, batches.count)
        return true
    }

    /// Reads link items with the catalog's defaults and app.
    mutating func readLinkItems(_ items: [YAMLNode], top: TopLevel, list: inout LinkList) {
        let batches = LinkBatchReader(
            reader: self, defaults: top.defaults ?? LinkOptions(),
            defaultsTemplateLocation: top.defaultsTemplateLocation, app: top.app)
        for item in items { batches.add(item) }
        batches.finish(into: &self, list: &list)
    }

    /// `links_file:`: the links of a CSV or JSON file beside the catalog, reported against that file.
    mutating func readLinksFile(_ linksFile: Located, top: TopLevel, list: inout LinkList) {
        let catalogFolder = (file as NSString).deletingLastPathComponent
        let display = catalogFolder.isEmpty ? linksFile.text : "\(catalogFolder)/\(linksFile.text)"
        let url = URL(fileURLWithPath: linksFile.text, relativeTo: baseURL)
        var fileEngine = DiagnosticEngine()
        let items = LinksFile.items(at: url, displayPath: display, engine: &fileEngine)
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

    mutating func readSite(_ entry: Entry) -> SiteSettings? {
        guard let keys = mapping(entry.value, what: "site", known: CatalogKeys.site) else { return nil }
        var result: SiteSettings?
        if let url = required("url", in: keys, of: entry.value, what: "site") {
            if let problem = CatalogRules.webURLProblem(url.text, key: "site.url") {
                error(problem.message, at: url.location, hint: problem.hint)
            } else if !url.text.lowercased().hasPrefix("https://") {
                error(
                    "site.url must use https: iOS fetches the AASA file and opens universal links over https only",
                    at: url.location, hint: "write https://\(url.text.drop { $0 != "/" }.drop { $0 == "/" })")
            } else {
                let parts = URLAuthority(afterScheme: url.text.dropFirst("https://".count))
                if !(parts.rest.isEmpty || parts.rest == "/") || parts.userAndHost.count > 1 {
                    error(
                        "site.url must be just https:// and a host, found \(CatalogRules.quoted(url.text))",
                        at: url.location,
                        hint: "Trampoline serves links from the root of their own host; write https://\(parts.hostPort)"
                    )
                } else {
                    let host = parts.authority.lowercased()
                    result = SiteSettings(url: "https://\(host)", host: host, title: nil, language: "en", output: nil)
                }
            }
        }
        let title = optionalText("title", in: keys)
        var language = "en"
        if let lang = optionalText("language", in: keys) {
            if CatalogRules.isLanguageTag(lang.text) {
                language = lang.text
            } else {
                error(
                    "site.language \(CatalogRules.quoted(lang.text)) is not a language tag", at: lang.location,
                    hint: "use a BCP 47 tag such as en, fr or pt-BR")
            }
        }
        let output = optionalText("output", in: keys)
        if let output, output.text.isEmpty {
            error("site.output is empty", at: output.location, hint: "remove it to use _site, or name a folder")
        }
        result?.title = title?.text
        result?.language = language
        result?.output = output?.text
        if let layout = optionalText("layout", in: keys) {
            if let value = SiteLayout(rawValue: layout.text) {
                result?.layout = value
            } else {
                error(
                    "site.layout must be 'folders' or 'compact', found \(CatalogRules.quoted(layout.text))",
                    at: layout.location,
                    hint:
                        "folders writes a page per link; compact serves every link from one page and a sharded link table"
                )
            }
        }
        if let claims = optionalText("claims", in: keys) {
            if let value = SiteClaims(rawValue: claims.text) {
                result?.claims = value
                claimsLocation = claims.location
            } else {
                error(
                    "site.claims must be 'domain' or 'links', found \(CatalogRules.quoted(claims.text))",
                    at: claims.location,
                    hint:
                        "domain claims every path of the host but the site's own files (the default); links claims each link, for a host shared with a web site"
                )
            }
        }
        if let host = optionalText("host", in: keys) {
            if let value = StaticHost(rawValue: host.text) {
                result?.hosting = value
                hostLocation = host.location
            } else {
                let names = StaticHost.allCases.map(\.rawValue)
                error(
                    "site.host \(CatalogRules.quoted(host.text)) is not a host Trampoline knows", at: host.location,
                    hint: Suggestion.closest(to: host.text, among: names).map { "did you mean '\($0)'?" }
                        ?? "use one of \(names.joined(separator: ", "))")
            }
        }
        return result
    }

    mutating func readApp(_ entry: Entry) -> AppSettings? {
        guard let keys = mapping(entry.value, what: "app", known: CatalogKeys.app) else { return nil }
        let name = required("name", in: keys, of: entry.value, what: "app")
        if let name, name.text.trimmingCharacters(in: .whitespaces).isEmpty {
            error("app.name is empty", at: name.location, hint: "give the app's display name")
        }
        guard keys["ios"] != nil || keys["android"] != nil else {
            error(
                "app needs an ios: or an android: section (or both)", at: location(of: entry.key),
                hint:
                    "add ios: with team_id, bundle_id, app_store_id and scheme, or android: with package and sha256_cert_fingerprints"
            )
            return nil
        }
        var ios: IOSApp?
        if let iosEntry = keys["ios"] {
            ios = readIOS(iosEntry)
            if ios == nil { return nil }
        }
        var android: AndroidApp?
        if let androidEntry = keys["android"] {
            android = readAndroid(androidEntry, iosScheme: ios?.scheme)
            if android == nil { return nil }
        }
        guard let name else { return nil }
        return AppSettings(name: name.text, ios: ios, android: android)
    }

    /// A custom URL scheme: letters first, and not one a browser would treat as its own.
    mutating func checkScheme(_ scheme: Located, registeredIn place: String) {
        if !CatalogRules.isScheme(scheme.text) {
            error(
                "scheme \(CatalogRules.quoted(scheme.text)) is not a URL scheme", at: scheme.location,
                hint: "write only the name, letters first, without ':' or '//', such as marry")
        } else if CatalogRules.forbiddenSchemes.contains(scheme.text.lowercased()) {
            error(
                "scheme '\(scheme.text)' is not an app's custom scheme", at: scheme.location,
                hint: "use the URL scheme registered in \(place)")
        }
    }

    /// An http(s) store URL given instead of the derived one; a warning when it is not on `hosts`.
    mutating func storeURL(_ key: String, in keys: MappingEntries, hosts: Set<String>, storeName: String) -> String? {
        guard let given = optionalText(key, in: keys) else { return nil }
        if let problem = CatalogRules.webURLProblem(given.text, key: key) {
            error(problem.message, at: given.location, hint: problem.hint)
            return nil
        }
        let host = CatalogRules.hostOf(given.text.drop { $0 != "/" }.dropFirst(2))?.lowercased()
        if !hosts.contains(host ?? "") {
            warning(
                "\(key) does not point at \(hosts.sorted().first ?? "")", at: given.location,
                hint: "people without the app will not reach \(storeName) unless this page sends them there")
        }
        return given.text
    }

    mutating func readIOS(_ iosEntry: Entry) -> IOSApp? {
        guard let ios = mapping(iosEntry.value, what: "app.ios", known: CatalogKeys.ios) else { return nil }
        let what = "app.ios"
        let team = required("team_id", in: ios, of: iosEntry.value, what: what)
        if let team, !CatalogRules.matches(team.text, CatalogRules.isUpperAlnum, length: 10...10) {
            error(
                "team_id \(CatalogRules.quoted(team.text)) must be 10 characters A-Z and 0-9", at: team.location,
                hint: "copy it from the Apple Developer account's Membership page")
        }
        let bundle = required("bundle_id", in: ios, of: iosEntry.value, what: what)
        if let bundle, !CatalogRules.isBundleID(bundle.text) {
            error(
                "bundle_id \(CatalogRules.quoted(bundle.text)) is not a bundle identifier", at: bundle.location,
                hint: "use reverse-DNS letters, digits and hyphens, such as com.example.app")
        }
        let storeID = required("app_store_id", in: ios, of: iosEntry.value, what: what)
        if let storeID, !CatalogRules.matches(storeID.text, { ("0"..."9").contains($0) }, length: 1...15) {
            error(
                "app_store_id \(CatalogRules.quoted(storeID.text)) must be digits", at: storeID.location,
                hint: "use the number after 'id' in the App Store URL, in quotes: \"1356057329\"")
        }
        let scheme = required("scheme", in: ios, of: iosEntry.value, what: what)
        if let scheme { checkScheme(scheme, registeredIn: "the app's Info.plist") }
        let given = storeURL(
            "app_store_url", in: ios, hosts: ["apps.apple.com", "itunes.apple.com"], storeName: "the App Store")
        var extra: [String] = []
        if let list = ios["extra_app_ids"] {
            for item in sequence(list.value, what: "extra_app_ids") {
                guard let text = scalarText(item, what: "an extra_app_ids entry") else { continue }
                if CatalogRules.isAppID(text) {
                    extra.append(text)
                } else {
                    error(
                        "extra_app_ids entry \(CatalogRules.quoted(text)) is not TEAMID.bundle.id",
                        at: location(of: item), hint: "write the 10-character team ID, a dot and the bundle ID")
                }
            }
        }
        guard let team, let bundle, let storeID, let scheme else { return nil }
        return IOSApp(
            teamID: team.text, bundleID: bundle.text, appStoreID: storeID.text, scheme: scheme.text,
            appStoreURL: given ?? "https://apps.apple.com/app/id\(storeID.text)", extraAppIDs: extra
        )
    }

    mutating func readAndroid(_ androidEntry: Entry, iosScheme: String?) -> AndroidApp? {
        guard let android = mapping(androidEntry.value, what: "app.android", known: CatalogKeys.android) else {
            return nil
        }
        let what = "app.android"
        let package = required("package", in: android, of: androidEntry.value, what: what)
        if let package, !CatalogRules.isAndroidPackage(package.text) {
            error(
                "package \(CatalogRules.quoted(package.text)) is not an Android application id", at: package.location,
                hint:
                    "use dot-separated segments that each start with a letter, such as com.example.app (the applicationId in build.gradle)"
            )
        }
        var fingerprints: [String] = []
        var badFingerprints = 0
        let hint =
            "copy the SHA-256 certificate fingerprint from Play Console (Setup > App signing) or from keytool -list -v: 32 hex pairs such as 14:6D:E9:…"
        if let list = android["sha256_cert_fingerprints"] {
            for item in sequence(list.value, what: "sha256_cert_fingerprints") {
                guard let text = scalarText(item, what: "a sha256_cert_fingerprints entry") else { continue }
                if let normal = CatalogRules.normalizedFingerprint(text) {
                    if !fingerprints.contains(normal) { fingerprints.append(normal) }
                } else {
                    badFingerprints += 1
                    error(
                        "sha256_cert_fingerprints entry \(CatalogRules.quoted(text)) is not a SHA-256 fingerprint (32 bytes of hex)",
                        at: location(of: item), hint: hint)
                }
            }
            if fingerprints.isEmpty, badFingerprints == 0 {
                error("sha256_cert_fingerprints is empty", at: location(of: list.value), hint: hint)
            }
        } else {
            missing("sha256_cert_fingerprints", in: androidEntry.value, what: what)
        }
        var scheme = iosScheme
        if let given = optionalText("scheme", in: android) {
            checkScheme(given, registeredIn: "the app's AndroidManifest.xml")
            scheme = given.text
        } else if iosScheme == nil {
            missing("scheme", in: androidEntry.value, what: what)
        }
        let given = storeURL("play_store_url", in: android, hosts: ["play.google.com"], storeName: "Google Play")
        guard let package, let scheme, !fingerprints.isEmpty, CatalogRules.isAndroidPackage(package.text) else {
            return nil
        }
        return AndroidApp(
            package: package.text, sha256CertFingerprints: fingerprints, scheme: scheme,
            playStoreURL: given ?? "https://play.google.com/store/apps/details?id=\(package.text)"
        )
    }

    // MARK: - Links

    /// The links read so far, and what duplicate detection needs.
    struct LinkList {
        var links: [Link] = []
        /// Lowercased path → where it was first defined.
        var seen: [String: (path: String, location: SourceLocation)] = [:]
        /// Route shape (``Route/shape``) → the route that has it and where.
        var routeShapes: [String: (path: String, location: SourceLocation)] = [:]
        /// Lowercased route page folder → the route that has it and where.
        var routeFolders: [String: (path: String, location: SourceLocation)] = [:]
        var count: Int { links.count }
    }

    /// Checks that no earlier route matches the same URLs or shares the page's folder.
    mutating func recordRoute(_ route: Route, of link: Link, into list: inout LinkList) -> Bool {
        if let first = list.routeShapes[route.shape] {
            error(
                "route \(link.path) is ambiguous with the route \(first.path) at \(first.location): both match the same URLs, and a static host's rewrite rules cannot tell them apart",
                at: link.location,
                hint:
                    "keep one of them, or make one more specific with a literal segment (/restaurant/:id beside /restaurant/by-name/:name)"
            )
            return false
        }
        let folder = route.pageFolder.lowercased()
        if let first = list.routeFolders[folder] {
            error(
                "route \(link.path) would share its page \(route.pageFolder)/ with the route \(first.path) at \(first.location)",
                at: link.location,
                hint: "rename a parameter; pages are named after the pattern with parameters spelled _name"
            )
            return false
        }
        list.routeShapes[route.shape] = (link.path, link.location)
        list.routeFolders[folder] = (link.path, link.location)
        return true
    }

    /// Adds a read link to `list`, unless its path is taken (or, for a route, its shape or page).
    mutating func record(_ link: consuming Link, into list: inout LinkList) {
        if let route = link.route, !recordRoute(route, of: link, into: &list) { return }
        // Paths that differ only in case are different links (Firebase's short links are); the
        // planner serves them without folders of their own (``SitePlanner/caseFoldedPaths(_:)``).
        if let first = list.seen[link.path] {
            error(
                "duplicate path \(link.path); first defined at \(first.location)", at: link.location,
                hint: "each link needs its own path")
            return
        }
        list.seen[link.path] = (link.path, link.location)
        list.links.append(link)
    }

    /// Diagnostics of links read apart (see ``LinkBatchReader``), within the error limit.
    mutating func absorb(_ diagnostics: ArraySlice<Diagnostic>) {
        for diagnostic in diagnostics {
            if diagnostic.severity == .error, let location = diagnostic.location {
                error(diagnostic.message, at: location, hint: diagnostic.hint)
            } else {
                engine.emit(diagnostic)
            }
        }
    }

    mutating func readLink(
        _ node: YAMLNode, defaults: LinkOptions, defaultsTemplateLocation: SourceLocation, app: AppSettings?
    ) -> Link? {
        if engine.errors.count >= Self.errorLimit { return nil }
        guard let keys = mapping(node, what: "a link", known: CatalogKeys.link) else { return nil }
        let errorsBefore = engine.errors.count
        var path: String?
        var route: Route?
        if let raw = required("path", in: keys, of: node, what: "the link") {
            if CatalogRules.isRoutePath(raw.text) {
                switch CatalogRules.route(raw.text) {
                case .success(let parsed):
                    route = parsed
                    path = parsed.pattern.text
                case .failure(let placed):
                    error(
                        placed.violation.message, at: column(placed.column, of: raw, in: keys["path"]),
                        hint: placed.violation.hint)
                }
            } else {
                switch CatalogRules.normalizedPath(raw.text) {
                case .success(let normalized): path = normalized
                case .failure(let violation): error(violation.message, at: raw.location, hint: violation.hint)
                }
            }
        }
        let title = required("title", in: keys, of: node, what: "the link")
        if let title, title.text.unicodeScalars.allSatisfy(\.isSpace) {
            error(
                "the link's title is empty", at: title.location, hint: "give the page a title; it is shown in previews")
        }
        let description = optionalText("description", in: keys, multiline: true)
        var webURL: String?
        let webEntry = optionalText("web_url", in: keys)
        if let webEntry {
            if let problem = CatalogRules.webURLProblem(webEntry.text, key: "web_url") {
                error(problem.message, at: webEntry.location, hint: problem.hint)
            } else {
                webURL = webEntry.text
            }
        }
        var deepLink: String?
        if let given = optionalText("deep_link", in: keys) {
            deepLink = checkDeepLink(given, app: app)
            if let route, let link = deepLink, let bad = CatalogRules.unknownPlaceholder(in: link, route: route) {
                error(
                    bad.violation.message, at: column(bad.column, of: given, in: keys["deep_link"]),
                    hint: bad.violation.hint)
                deepLink = nil
            }
        } else if let route, let app {
            deepLink = "\(app.scheme)://\(route.derivedDeepLinkPath)"
        } else if let path, let app {
            deepLink = "\(app.scheme)://\(path.dropFirst())"
        }
        var campaign: [CampaignParameter] = []
        if let entry = keys["campaign"] {
            campaign = readCampaign(entry.value)
        }
        var options = defaults
        var templateLocation = defaultsTemplateLocation
        readOptions(
            node, known: CatalogKeys.link, what: "the link", into: &options, templateLocation: &templateLocation,
            entries: keys)
        if options.fallback == .web || options.androidFallback == .web, webURL == nil, webEntry == nil {
            let key = options.fallback == .web ? "fallback" : "android_fallback"
            error(
                "\(key) is 'web' but the link has no web_url", at: location(of: node),
                hint: "add web_url: https://... to the link, or set \(key): store")
        }
        guard engine.errors.count == errorsBefore, let path, let title, let deepLink else { return nil }
        return Link(
            path: path, deepLink: deepLink, title: title.text, description: description?.text, webURL: webURL,
            campaign: campaign, options: options, location: location(of: node),
            webURLLocation: webEntry?.location, templateLocation: templateLocation, route: route
        )
    }

    /// Where column `column` (1-based, within the value's text) of a one-line value is: past the
    /// opening quote of a quoted scalar. The value's own start when the column is unknown.
    func column(_ column: Int?, of value: Located, in entry: Entry?) -> SourceLocation {
        guard let column else { return value.location }
        var location = value.location
        if let entry, case .scalar(_, let plain) = entry.value.kind, !plain { location.column += 1 }
        location.column += column - 1
        return location
    }

    mutating func checkDeepLink(_ given: Located, app: AppSettings?) -> String? {
        let text = given.text
        if let bad = text.unicodeScalars.first(where: {
            $0.isSpace || $0.value < 0x20 || $0.value == 0x7F || $0 == "\"" || $0 == "<" || $0 == ">" || $0 == "\\"
                || $0 == "`" || CatalogRules.isBidiControl($0)
        }) {
            error(
                "deep_link contains \(CatalogRules.describe(bad))", at: given.location,
                hint: "percent-encode it, or remove it")
            return nil
        }
        guard let colon = text.firstIndex(of: ":"), CatalogRules.isScheme(String(text[..<colon])) else {
            error(
                "deep_link \(CatalogRules.quoted(text)) has no scheme", at: given.location,
                hint: "write it as \(app?.scheme ?? "myapp")://screen")
            return nil
        }
        let scheme = text[..<colon].lowercased()
        if let app, scheme != app.scheme.lowercased() {
            error(
                "deep_link uses the '\(scheme):' scheme, not the app's '\(app.scheme):'", at: given.location,
                hint: "deep links open the app through its own scheme; write \(app.scheme)://...")
            return nil
        }
        if CatalogRules.setsDeferredLinkMarker(text) {
            let marker = CatalogRules.deferredLinkMarker
            error(
                "deep_link sets '\(marker)', the parameter the pages add to mark deferred links for the app",
                at: given.location, hint: "remove it; the pages add \(marker) (the visit time) themselves")
            return nil
        }
        return text
    }

    mutating func readCampaign(_ node: YAMLNode) -> [CampaignParameter] {
        guard case .mapping(let pairs) = node.kind else {
            error(
                "campaign must be a mapping of parameter names to values", at: location(of: node),
                hint: "write campaign: {utm_source: newsletter}")
            return []
        }
        var result: [CampaignParameter] = []
        for (key, value) in pairs {
            guard let name = scalarText(key, what: "a campaign parameter name"),
                let text = scalarText(
                    value, what: "campaign.\(CatalogRules.printable(key.text ?? ""))", allowEmpty: true)
            else { continue }
            if name.isEmpty {
                error("a campaign parameter name is empty", at: location(of: key), hint: "name the parameter")
                continue
            }
            if let bad = CatalogRules.controlCharacter(in: name, allowNewlines: false)
                ?? CatalogRules.controlCharacter(in: text, allowNewlines: false)
            {
                error(
                    "campaign.\(CatalogRules.printable(name)) contains \(CatalogRules.describe(bad))",
                    at: location(of: value), hint: "remove it")
                continue
            }
            if name == CatalogRules.deferredLinkMarker {
                error(
                    "campaign.\(name) is reserved: the pages add it to mark deferred links for the app",
                    at: location(of: key), hint: "rename the parameter")
                continue
            }
            result.append(CampaignParameter(name: name, value: text))
        }
        return result
    }

    /// Reads the option keys present in `node` over `options`; used for `defaults:` and each link.
    mutating func readOptions(
        _ node: YAMLNode, known: [String], what: String, into options: inout LinkOptions,
        templateLocation: inout SourceLocation, entries: MappingEntries? = nil
    ) {
        guard let keys = entries ?? mapping(node, what: what, known: known) else { return }
        if let t = optionalText("template", in: keys) {
            let valid = CatalogRules.matches(
                t.text, { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" || $0 == "_" },
                length: 1...64)
            if !valid {
                error(
                    "template \(CatalogRules.quoted(t.text)) is not a template name", at: t.location,
                    hint:
                        "use interstitial, redirect, or the name of a Templates/<name>.md file (lowercase letters, digits, - and _)"
                )
            } else if let knownTemplates, !knownTemplates.contains(t.text) {
                let near = Suggestion.closest(to: t.text, among: knownTemplates.sorted())
                error(
                    "no template named '\(t.text)'", at: t.location,
                    hint: near.map { "did you mean '\($0)'?" }
                        ?? "available: \(knownTemplates.sorted().joined(separator: ", "))")
            } else {
                options.template = t.text
                templateLocation = t.location
            }
        }
        if let f = optionalText("fallback", in: keys) {
            if let value = LinkOptions.Fallback(rawValue: f.text) {
                options.fallback = value
            } else {
                error(
                    "fallback must be 'store' or 'web', found \(CatalogRules.quoted(f.text))", at: f.location,
                    hint: "store sends people to the App Store (Google Play on Android); web to the link's web_url")
            }
        }
        if let f = optionalText("android_fallback", in: keys) {
            if let value = LinkOptions.Fallback(rawValue: f.text) {
                options.androidFallback = value
            } else {
                error(
                    "android_fallback must be 'store' or 'web', found \(CatalogRules.quoted(f.text))", at: f.location,
                    hint: "store sends Android phones to Google Play; web to the link's web_url")
            }
        }
        if let entry = keys["fallback_delay_ms"],
            let value = integer(
                entry.value, what: "fallback_delay_ms", range: 0...60_000,
                hint: "iOS needs about 1000-2500 ms to switch to an installed app")
        {
            options.fallbackDelayMs = value
        }
        if let entry = keys["deferred"] {
            var channels: [LinkOptions.DeferredChannel] = []
            for item in sequence(entry.value, what: "deferred") {
                guard let text = scalarText(item, what: "a deferred entry") else { continue }
                guard let channel = LinkOptions.DeferredChannel(rawValue: text) else {
                    error(
                        "unknown deferred channel \(CatalogRules.quoted(text))", at: location(of: item),
                        hint: "use clipboard and/or cookie")
                    continue
                }
                if channels.contains(channel) {
                    error("deferred lists '\(text)' twice", at: location(of: item), hint: "remove the repeat")
                    continue
                }
                channels.append(channel)
            }
            options.deferred = channels
        }
        if let c = optionalText("cookie_name", in: keys) {
            if CatalogRules.isCookieName(c.text) {
                options.cookieName = c.text
            } else {
                error(
                    "cookie_name \(CatalogRules.quoted(c.text)) is not a safe cookie name", at: c.location,
                    hint: "use 1-64 letters, digits, _ or -")
            }
        }
        if let entry = keys["cookie_days"],
            let value = integer(
                entry.value, what: "cookie_days", range: 1...400, hint: "browsers cap cookies at 400 days")
        {
            options.cookieDays = value
        }
        if let entry = keys["forward_query"], let value = boolean(entry.value, what: "forward_query") {
            options.forwardQuery = value
        }
        if let i = optionalText("image", in: keys) {
            if let problem = CatalogRules.webURLProblem(i.text, key: "image") {
                error(problem.message, at: i.location, hint: problem.hint)
            } else {
                options.image = i.text
            }
        }
        if let b = optionalText("in_app_browsers", in: keys) {
            if let value = LinkOptions.InAppBrowsers(rawValue: b.text) {
                options.inAppBrowsers = value
            } else {
                error(
                    "in_app_browsers must be 'escape' or 'ignore', found \(CatalogRules.quoted(b.text))",
                    at: b.location,
                    hint:
                        "escape shows the way out of Instagram's, Facebook's, LINE's… browser; ignore treats them as any browser"
                )
            }
        }
        if let c = optionalText("confirm_store", in: keys) {
            if c.text.trimmingCharacters(in: .whitespaces).isEmpty || c.text.count > 300 {
                error(
                    "confirm_store must be a question of 1 to 300 characters", at: c.location,
                    hint: "for example: confirm_store: \"Install Tabi from the App Store?\"")
            } else {
                options.confirmStore = c.text
            }
        }
        readQROptions(keys, into: &options)
    }

    // MARK: - Node helpers

    struct Located {
        var text: String
        var location: SourceLocation
    }

    func location(of node: YAMLNode) -> SourceLocation {
        SourceLocation(file: file, line: node.line, column: node.column)
    }

    mutating func error(_ message: String, at location: SourceLocation, hint: String? = nil) {
        guard engine.errors.count < Self.errorLimit else { return }
        engine.error(message, at: location, hint: hint)
        if engine.errors.count == Self.errorLimit {
            engine.error("too many errors; stopping here", at: location, hint: "fix the ones above and run again")
        }
    }

    mutating func warning(_ message: String, at location: SourceLocation, hint: String? = nil) {
        engine.warning(message, at: location, hint: hint)
    }

    mutating func missing(_ key: String, in node: YAMLNode, what: String) {
        error("\(what) is missing the required key '\(key)'", at: location(of: node), hint: "add \(key): to \(what)")
    }

    mutating func unknownKey(_ key: YAMLNode, in what: String, known: [String]) {
        guard let name = key.text else {
            error(
                "\(what) has a key that is not text", at: location(of: key),
                hint: "keys are plain words such as \(known.first ?? "path")")
            return
        }
        let hint =
            Suggestion.closest(to: name, among: known).map { "did you mean '\($0)'?" }
            ?? "known keys: \(known.joined(separator: ", "))"
        error("unknown key \(CatalogRules.quoted(name)) in \(what)", at: location(of: key), hint: hint)
    }

    /// The entries of a mapping by key, after reporting unknown and repeated keys.
    mutating func mapping(_ node: YAMLNode, what: String, known: [String]) -> MappingEntries? {
        guard case .mapping(let pairs) = node.kind else {
            error(
                "\(what) must be a mapping of keys to values, found \(kind(of: node))", at: location(of: node),
                hint: "indent its keys under it, one 'key: value' per line")
            return nil
        }
        // Sized for its keys: growing it as they came was a third of the cost.
        var result = MappingEntries(minimumCapacity: pairs.count)
        for (key, value) in pairs {
            guard let name = key.text, known.contains(name) else {
                unknownKey(key, in: what, known: known)
                continue
            }
            if let first = result[name] {
                error(
                    "duplicate key '\(name)' in \(what); first at \(location(of: first.key))", at: location(of: key),
                    hint: "each key may appear once; remove or rename the repeat")
                continue
            }
            result[name] = (key, value)
        }
        return result
    }

    func kind(of node: YAMLNode) -> String {
        switch node.kind {
        case .mapping: return "a mapping"
        case .sequence: return "a list"
        case .scalar(let text, _): return node.isNull ? "nothing" : "'\(text.prefix(40))'"
        }
    }

    /// `what` names the value in the error, made only when there is one: it can cost more than
    /// the reading (a campaign parameter's name, printed safely).
    mutating func scalarText(_ node: YAMLNode, what: @autoclosure () -> String, allowEmpty: Bool = false) -> String? {
        guard case .scalar(let text, _) = node.kind, !node.isNull || allowEmpty else {
            error(
                "\(what()) must be text, found \(kind(of: node))", at: location(of: node),
                hint: "write a value after the colon; quote it if it contains ': ' or starts with a symbol")
            return nil
        }
        return text
    }

    mutating func required(_ key: String, in keys: MappingEntries, of node: YAMLNode, what: String) -> Located? {
        guard keys[key] != nil else {
            missing(key, in: node, what: what)
            return nil
        }
        return optionalText(key, in: keys)
    }

    mutating func optionalText(_ key: String, in keys: MappingEntries, multiline: Bool = false) -> Located? {
        guard let entry = keys[key], let text = scalarText(entry.value, what: key) else { return nil }
        let at = location(of: entry.value)
        if let bad = CatalogRules.controlCharacter(in: text, allowNewlines: multiline) {
            error("\(key) contains \(CatalogRules.describe(bad))", at: at, hint: "remove the control character")
            return nil
        }
        if !multiline, text.containsBytes("\n") {
            error("\(key) spans several lines", at: at, hint: "write it on one line")
            return nil
        }
        if text.utf8.count > 1_000_000 {
            error(
                "\(key) is \(text.utf8.count) bytes long", at: at,
                hint: "keep catalog values under 1 MB; pages must stay small")
            return nil
        }
        return Located(text: text, location: at)
    }

    mutating func integer(_ node: YAMLNode, what: String, range: ClosedRange<Int>, hint: String) -> Int? {
        guard let value = node.int else {
            error("\(what) must be a whole number, found \(kind(of: node))", at: location(of: node), hint: hint)
            return nil
        }
        guard range.contains(value) else {
            error(
                "\(what) must be between \(range.lowerBound) and \(range.upperBound), found \(value)",
                at: location(of: node), hint: hint)
            return nil
        }
        return value
    }

    mutating func boolean(_ node: YAMLNode, what: String) -> Bool? {
        guard let value = node.bool else {
            error(
                "\(what) must be true or false, found \(kind(of: node))", at: location(of: node),
                hint: "write true or false")
            return nil
        }
        return value
    }

    mutating func sequence(_ node: YAMLNode, what: String) -> [YAMLNode] {
        guard case .sequence(let items) = node.kind else {
            error(
                "\(what) must be a list, found \(kind(of: node))", at: location(of: node),
                hint: "write it as [a, b] or one '- item' per line")
            return []
        }
        return items
    }
}
