import Foundation
import TrampolineModel

/// The catalog and links file an import goes into, and each row mapped against them.
extension FirebaseImport {
    /// The catalog's text as the import leaves it, and whether the import writes it.
    struct CatalogText {
        var text: String
        var isWritten: Bool
    }

    /// The catalog as it is, or the one the import creates; with `links_file:` added when it has
    /// none. Sets `result.linksFile`. Nil after an error.
    func catalogText(
        at catalogURL: URL, displayPath catalogDisplayPath: String, rows: [FirebaseRow],
        result: inout FirebaseImportResult, engine: inout DiagnosticEngine
    ) -> CatalogText? {
        var target: CatalogText
        var hasLinksFileKey = true
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
                return nil
            }
            target = CatalogText(text: text, isWritten: false)
            if let named = Self.linksFileKey(in: text) {
                if let wanted = options.linksFile, wanted != named {
                    engine.error(
                        "the catalog's links_file is \(named), not \(wanted)",
                        at: SourceLocation(file: catalogDisplayPath, line: 1, column: 1),
                        hint: "leave out --links-file to import into \(named)")
                }
                result.linksFile = named
            } else {
                hasLinksFileKey = false
                result.linksFile = options.linksFile ?? FirebaseImportOptions.defaultLinksFile
            }
        } else {
            result.createsCatalog = true
            result.linksFile = options.linksFile ?? FirebaseImportOptions.defaultLinksFile
            target = CatalogText(
                text: FirebaseStarterCatalog.text(
                    rows: rows, options: options, linksFile: result.linksFile, engine: &engine) ?? "",
                isWritten: true)
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
            target.isWritten = true
            target.text +=
                (target.text.isEmpty || target.text.hasSuffix("\n") ? "" : "\n")
                + "# Links imported by 'trampoline import firebase'.\nlinks_file: \(FirebaseStarterCatalog.quoted(linksFile))\n"
        }
        return engine.hasErrors ? nil : target
    }

    /// The links file as an earlier import left it (empty when there is none), with its text. Nil after an error.
    func existingLinks(at linksURL: URL, displayPath linksDisplay: String, engine: inout DiagnosticEngine) -> (
        ImportedLinksFile, String?
    )? {
        guard let data = FileManager.default.contents(atPath: linksURL.path) else { return (ImportedLinksFile(), nil) }
        guard
            let text = CatalogLoader.text(
                of: data, what: "the links file", displayPath: linksDisplay, hint: "save it as UTF-8",
                engine: &engine),
            let read = ImportedLinksFile.read(text, displayPath: linksDisplay, engine: &engine)
        else { return nil }
        return (read, text)
    }

    /// Maps and checks each row; then its path, against the other rows, the catalog's links and
    /// the links file's rows. Returns the new links' columns by path.
    func mapRows(
        _ rows: inout [FirebaseRow], catalog: Catalog, catalogFolder: URL, existing: ImportedLinksFile,
        linksDisplay: String, result: inout FirebaseImportResult
    ) -> [String: [String: String]] {
        let mapper = FirebaseLinkMapper(app: catalog.app, webHost: webHost(of: rows))
        // Paths are case-sensitive, as Firebase's suffixes are: /abc and /ABC are two links.
        let others = Dictionary(
            catalog.links.filter { $0.location.file != linksDisplay }.map { ($0.path, $0) },
            uniquingKeysWith: { first, _ in first })
        var seen: [String: (path: String, location: SourceLocation)] = [:]
        var added: [String: [String: String]] = [:]
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
        }
        return added
    }

    /// The web host long links are expected on: `--web-host`, or the one most rows' links use.
    func webHost(of rows: [FirebaseRow]) -> String {
        options.webHost?.lowercased() ?? FirebaseStarterCatalog.majority(
            rows.compactMap { row in
                row[.link].flatMap {
                    CatalogRules.webURLProblem($0, key: "link") == nil
                        ? URLAuthority(afterScheme: $0.drop { $0 != ":" }.dropFirst(3)).host.lowercased() : nil
                }
            }) ?? ""
    }

    /// `--skip-invalid`: a row's errors become warnings that say the row was skipped.
    static func skipInvalid(_ rows: inout [FirebaseRow], result: inout FirebaseImportResult) {
        for index in rows.indices where rows[index].hasErrors {
            result.skippedInvalid += 1
            rows[index].diagnostics = rows[index].diagnostics.map {
                $0.severity == .error
                    ? Diagnostic(.warning, at: $0.location, "skipped this row: \($0.message)", hint: $0.hint) : $0
            }
        }
    }
}
