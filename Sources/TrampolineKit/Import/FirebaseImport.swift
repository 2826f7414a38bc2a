import Foundation

/// `trampoline import firebase`: Firebase Dynamic Links exports (CSV, one file per domain) and
/// FDL long links (one per line) into the catalog's CSV `links_file`.
///
/// Every row is checked with the catalog's own link rules, positioned at the export's row and
/// column; nothing is written unless the whole import is clean (or `skipInvalid` leaves the bad
/// rows out). The catalog's text is kept as it is: a `links_file:` line is appended when it has
/// none, and a missing catalog is created (``FirebaseStarterCatalog``). The result is loaded as the
/// catalog before anything is written, so what is written builds.
package struct FirebaseImport: Sendable {
    package var options: FirebaseImportOptions

    package init(options: FirebaseImportOptions = FirebaseImportOptions()) {
        self.options = options
    }

    /// One input: where to read it and how messages name it.
    package struct Input: Sendable {
        package var url: URL
        package var displayPath: String
        /// The input's bytes when they come from elsewhere than `url` (standard input, arguments).
        package var data: Data?

        package init(url: URL, displayPath: String, data: Data? = nil) {
            self.url = url
            self.displayPath = displayPath
            self.data = data
        }
    }

    /// Plans the import; writes nothing (the caller writes `files`).
    package func run(_ inputs: [Input], catalogURL: URL, catalogDisplayPath: String) -> FirebaseImportResult {
        var result = FirebaseImportResult()
        var engine = DiagnosticEngine()
        var rows = read(inputs, engine: &engine, result: &result)
        guard !engine.hasErrors else { return finish(result, engine: engine, rows: rows) }

        // The catalog as it is, or the one the import creates.
        let catalogFolder = catalogURL.deletingLastPathComponent()
        var catalogText: String
        var hasLinksFileKey = false
        var writesCatalog = false
        if FileManager.default.fileExists(atPath: catalogURL.path) {
            guard let data = FileManager.default.contents(atPath: catalogURL.path),
                let text = CatalogLoader.text(
                    of: data, what: "the catalog", displayPath: catalogDisplayPath, hint: "save the file as UTF-8",
                    engine: &engine)
            else {
                if !engine.hasErrors {
                    engine.error(
                        "cannot read the catalog \(catalogDisplayPath)", at: nil, hint: "check its permissions")
                }
                return finish(result, engine: engine, rows: rows)
            }
            catalogText = text
            if let named = Self.linksFileKey(in: text) {
                hasLinksFileKey = true
                if let wanted = options.linksFile, wanted != named {
                    engine.error(
                        "the catalog's links_file is \(named), not \(wanted)",
                        at: SourceLocation(file: catalogDisplayPath, line: 1, column: 1),
                        hint: "leave out --links-file to import into \(named)")
                }
                result.linksFile = named
            } else {
                result.linksFile = options.linksFile ?? FirebaseImportOptions.defaultLinksFile
            }
        } else {
            result.createsCatalog = true
            writesCatalog = true
            result.linksFile = options.linksFile ?? FirebaseImportOptions.defaultLinksFile
            catalogText =
                FirebaseStarterCatalog.text(rows: rows, options: options, linksFile: result.linksFile, engine: &engine)
                ?? ""
            hasLinksFileKey = true
        }
        let linksFile = result.linksFile
        if linksFile.hasPrefix("/") || linksFile.split(separator: "/").contains("..")
            || !linksFile.lowercased().hasSuffix(".csv")
        {
            engine.error(
                "the import writes a .csv links file beside the catalog, not \(CatalogRules.quoted(linksFile))",
                at: nil,
                hint: "name a file such as firebase-links.csv (with --links-file, or links_file: in the catalog)")
        }
        if !hasLinksFileKey {
            writesCatalog = true
            catalogText +=
                (catalogText.isEmpty || catalogText.hasSuffix("\n") ? "" : "\n")
                + "# Links imported by 'trampoline import firebase'.\nlinks_file: \(FirebaseStarterCatalog.quoted(linksFile))\n"
        }
        guard !engine.hasErrors else { return finish(result, engine: engine, rows: rows) }

        let linksURL = catalogFolder.appendingPathComponent(linksFile)
        let folderPrefix = (catalogDisplayPath as NSString).deletingLastPathComponent
        let linksDisplay = folderPrefix.isEmpty ? linksFile : "\(folderPrefix)/\(linksFile)"
        var existing = ImportedLinksFile()
        var existingText: String?
        if let data = FileManager.default.contents(atPath: linksURL.path) {
            guard
                let text = CatalogLoader.text(
                    of: data, what: "the links file", displayPath: linksDisplay, hint: "save it as UTF-8",
                    engine: &engine),
                let read = ImportedLinksFile.read(text, displayPath: linksDisplay, engine: &engine)
            else { return finish(result, engine: engine, rows: rows) }
            existing = read
            existingText = text
        }
        // The catalog with its links file as it is now: the app, the site and the links to collide with.
        guard
            let catalog = load(
                catalogText, catalogDisplayPath: catalogDisplayPath, linksFile: linksFile,
                linksText: existingText ?? "path,title\n", engine: &engine)
        else {
            return finish(result, engine: engine, rows: rows)
        }
        let webHost =
            options.webHost?.lowercased() ?? FirebaseStarterCatalog.majority(
                rows.compactMap { row in
                    row[.link].flatMap {
                        CatalogRules.webURLProblem($0, key: "link") == nil
                            ? URLAuthority(afterScheme: $0.drop { $0 != ":" }.dropFirst(3)).host.lowercased() : nil
                    }
                }) ?? ""
        warnAboutDomains(rows, site: catalog.site, engine: &engine)

        // Map and check each row; then the paths, against each other and the catalog's links.
        let mapper = FirebaseLinkMapper(app: catalog.app, webHost: webHost)
        // Paths are case-sensitive, as Firebase's suffixes are: /abc and /ABC are two links.
        let others = Dictionary(
            catalog.links.filter { $0.location.file != linksDisplay }.map { ($0.path, $0) },
            uniquingKeysWith: { first, _ in first })
        var seen: [String: (path: String, location: SourceLocation)] = [:]
        var added: [String: [String: String]] = [:]
        var addedRow: [String: Int] = [:]
        for index in rows.indices {
            guard let entry = mapper.map(&rows[index]), !rows[index].hasErrors else { continue }
            var reader = CatalogReader(file: rows[index].file, knownTemplates: nil, baseURL: catalogFolder)
            let link = reader.readLink(
                entry.node, defaults: LinkOptions(), defaultsTemplateLocation: entry.start, app: catalog.app)
            rows[index].diagnostics += reader.engine.diagnostics
            guard var link, !rows[index].hasErrors else { continue }
            var columns = entry.columns
            columns["path"] = link.path
            let key = link.path
            let at = entry.values.first { $0.key == "path" }?.location ?? entry.start
            if let first = seen[key] {
                rows[index].diagnostics.append(
                    Diagnostic(
                        .error, at: at, "duplicate short link \(link.path); first at \(first.location)",
                        hint: "each link needs its own path; keep one"))
                continue
            }
            seen[key] = (link.path, at)
            if let other = others[key] {
                link.location = other.location
                link.webURLLocation = other.webURLLocation
                link.templateLocation = other.templateLocation
                if link == other {
                    result.unchanged += 1
                } else {
                    rows[index].diagnostics.append(
                        Diagnostic(
                            .error, at: at, "the catalog already has the path \(link.path) at \(other.location)",
                            hint: "remove or rename one of the two"))
                }
                continue
            }
            if let old = existing.rows[key] {
                if old == columns {
                    result.unchanged += 1
                } else {
                    let line = existing.rowNumbers[key].map { ":\($0)" } ?? ""
                    rows[index].diagnostics.append(
                        Diagnostic(
                            .error, at: at,
                            "\(linksDisplay)\(line) already has \(old["path"] ?? link.path) with other values",
                            hint: "delete that row (or the whole file) to import this link again"))
                }
                continue
            }
            added[key] = columns
            addedRow[key] = index
        }
        if options.skipInvalid {
            for index in rows.indices where rows[index].hasErrors {
                result.skippedInvalid += 1
                rows[index].diagnostics = rows[index].diagnostics.map {
                    $0.severity == .error
                        ? Diagnostic(.warning, at: $0.location, "skipped this row: \($0.message)", hint: $0.hint) : $0
                }
            }
        }
        if rows.contains(where: \.hasErrors) || engine.hasErrors { return finish(result, engine: engine, rows: rows) }

        // The new links file, then the whole catalog loaded once more before anything is written.
        var merged = existing
        for (key, columns) in added { merged.rows[key] = columns }
        let newLinks = merged.text()
        result.imported = added.count
        guard
            load(
                catalogText, catalogDisplayPath: catalogDisplayPath, linksFile: linksFile, linksText: newLinks,
                engine: &engine) != nil
        else {
            return finish(result, engine: engine, rows: rows)
        }
        if writesCatalog {
            result.files.append(.init(url: catalogURL, text: catalogText))
        }
        if newLinks != existingText {
            result.files.append(.init(url: linksURL, text: newLinks))
        }
        return finish(result, engine: engine, rows: rows)
    }

    // MARK: - Steps

    /// Every input's rows, archived ones left out unless asked for.
    func read(_ inputs: [Input], engine: inout DiagnosticEngine, result: inout FirebaseImportResult) -> [FirebaseRow] {
        var rows: [FirebaseRow] = []
        for input in inputs {
            guard let data = input.data ?? FileManager.default.contents(atPath: input.url.path) else {
                engine.error(
                    "cannot read \(input.displayPath)", at: nil,
                    hint: "check the path; pass the CSV files of Firebase's export or files of long links")
                continue
            }
            guard
                let text = CatalogLoader.text(
                    of: data, what: "the export", displayPath: input.displayPath,
                    hint: "save it as UTF-8 (spreadsheets: 'CSV UTF-8')", engine: &engine)
            else { continue }
            let read =
                FirebaseLongLinkReader.looksLikeLongLinks(text)
                ? FirebaseLongLinkReader.rows(text: text, displayPath: input.displayPath)
                : FirebaseExportReader.rows(text: text, displayPath: input.displayPath, engine: &engine) ?? []
            for var row in read {
                if let archived = row[.archived] {
                    switch archived.lowercased() {
                    case "true", "yes", "1", "y":
                        if !options.includeArchived {
                            result.skippedArchived += 1
                            continue
                        }
                    case "false", "no", "0", "n": break
                    default:
                        row.error(
                            "Archived? must be true or false, found \(CatalogRules.quoted(archived))", at: .archived,
                            hint: "write true or false")
                    }
                }
                rows.append(row)
            }
        }
        return rows
    }

    /// The catalog with `linksText` as its links file: loaded from a scratch folder, so the real
    /// links file is untouched. Nil after reporting errors.
    func load(
        _ catalogText: String, catalogDisplayPath: String, linksFile: String, linksText: String,
        engine: inout DiagnosticEngine
    ) -> Catalog? {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent(
            "trampoline-import-\(UUID().uuidString)", isDirectory: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let file = scratch.appendingPathComponent(linksFile)
        do {
            try FileManager.default.createDirectory(
                at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(linksText.utf8).write(to: file)
        } catch {
            engine.error(
                "cannot check the import: \(error.localizedDescription)", at: nil,
                hint: "check that the temporary folder is writable")
            return nil
        }
        let (catalog, diagnostics) = CatalogLoader().load(
            yaml: catalogText, displayPath: catalogDisplayPath, baseURL: scratch)
        for diagnostic in diagnostics.diagnostics where diagnostic.severity == .error {
            engine.emit(diagnostic)
        }
        return catalog
    }

    /// A short-link domain other than the site's: its printed links keep working only once it too serves the site.
    func warnAboutDomains(_ rows: [FirebaseRow], site: SiteSettings, engine: inout DiagnosticEngine) {
        var first: [String: FirebaseRow] = [:]
        for row in rows where !row.isLongLink {
            if let domain = row.domain, domain != site.host, first[domain] == nil { first[domain] = row }
        }
        for (domain, row) in first.sorted(by: { $0.key < $1.key }) {
            engine.warning(
                "short links on \(domain) are not on the site's host \(site.host)", at: row.location(.shortLink),
                hint: domain.hasSuffix(".page.link") || domain.hasSuffix(".app.goo.gl")
                    ? "Google owns \(domain) and no longer serves it: its printed links stop working whatever you deploy; the links are imported under \(site.host), share them from there"
                    : "printed \(domain) links keep working only if \(domain) serves this site too")
        }
    }

    /// `links_file:`'s value at the top level of a catalog's YAML, if it has one.
    static func linksFileKey(in yaml: String) -> String? {
        let parser = YAMLEventParser(yaml)
        guard (try? parser.startDocument()) == true, (try? parser.beginRootMapping()) == true else { return nil }
        while let key = try? parser.nextKey() {
            guard let value = try? parser.node() else { return nil }
            if key.text == "links_file" { return value.text }
        }
        return nil
    }

    /// The result with every diagnostic: the engine's, then each row's, in input order.
    func finish(_ result: FirebaseImportResult, engine: DiagnosticEngine, rows: [FirebaseRow]) -> FirebaseImportResult {
        var result = result
        var all = engine
        for row in rows { for diagnostic in row.diagnostics { all.emit(diagnostic) } }
        result.diagnostics = all.sorted
        if result.hasErrors { result.files = [] }
        return result
    }
}
