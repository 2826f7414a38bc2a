/// FDL long links (one per line) into the catalog's CSV `links_file`.
///
/// Every row is checked with the catalog's own link rules, positioned at the export's row and
import Foundation
import TrampolineModel

/// `trampoline import firebase`: Firebase Dynamic Links exports (CSV, one file per domain) and
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
        guard !engine.hasErrors,
            let target = catalogText(
                at: catalogURL, displayPath: catalogDisplayPath, rows: rows, result: &result, engine: &engine)
        else { return finish(result, engine: engine, rows: rows) }
        let linksFile = result.linksFile
        let linksURL = catalogURL.deletingLastPathComponent().appendingPathComponent(linksFile)
        let folderPrefix = (catalogDisplayPath as NSString).deletingLastPathComponent
        let linksDisplay = folderPrefix.isEmpty ? linksFile : "\(folderPrefix)/\(linksFile)"
        // The catalog with its links file as it is now: the app, the site and the links to collide with.
        guard let (existing, existingText) = existingLinks(at: linksURL, displayPath: linksDisplay, engine: &engine),
            let catalog = load(
                target.text, catalogDisplayPath: catalogDisplayPath, linksFile: linksFile,
                linksText: existingText ?? "path,title\n", engine: &engine)
        else { return finish(result, engine: engine, rows: rows) }
        warnAboutDomains(rows, site: catalog.site, engine: &engine)
        let added = mapRows(
            &rows, catalog: catalog, catalogFolder: catalogURL.deletingLastPathComponent(), existing: existing,
            linksDisplay: linksDisplay, result: &result)
        if options.skipInvalid { Self.skipInvalid(&rows, result: &result) }
        if rows.contains(where: \.hasErrors) || engine.hasErrors { return finish(result, engine: engine, rows: rows) }

        // The new links file, then the whole catalog loaded once more before anything is written.
        var merged = existing
        for (key, columns) in added { merged.rows[key] = columns }
        let newLinks = merged.text()
        result.imported = added.count
        guard
            load(
                target.text, catalogDisplayPath: catalogDisplayPath, linksFile: linksFile, linksText: newLinks,
                engine: &engine) != nil
        else {
            return finish(result, engine: engine, rows: rows)
        }
        if target.isWritten {
            result.files.append(.init(url: catalogURL, text: target.text))
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
