import Foundation
import TrampolineModel
import TrampolineSite

/// `trampoline check` as a library call: everything `build` validates (the catalog, the
/// templates, the AASA's claims and size), plus the same-domain trap and whether the output
/// folder holds what `build` would write now. Reads the disk, never writes it.
///
/// ```swift
/// let report = SiteChecker(builder: SiteBuilder(configURL: url), outputOverride: nil).run()
/// print(DiagnosticPrinter.render(report.diagnostics, format: .text))
/// ```
package struct SiteChecker: Sendable {
    /// The catalog to check, as `build` would read it.
    package var builder: SiteBuilder
    /// `--output`, resolved as `build` resolves it (``SiteBuilder/outputURL(for:override:)``).
    package var outputOverride: String?

    package init(builder: SiteBuilder, outputOverride: String? = nil) {
        self.builder = builder
        self.builder.outputOverride = outputOverride
        // A rebuild's link cache speeds the check up when there is one; check never makes one.
        self.builder.linkCacheIsReadOnly = true
        // Files the last write's stamps prove unchanged are not rendered again, as in a build.
        self.builder.provesWithStamps = true
        self.outputOverride = outputOverride
    }

    /// Builds the plan in memory and checks it and the output folder; never throws, every
    /// problem is a diagnostic in the report.
    package func run() -> CheckReport {
        let result: SiteBuild
        do {
            result = try builder.build()
        } catch let error as DiagnosticsError {
            // Without a plan there is nothing to compare; the build's findings are the report.
            return CheckReport(diagnostics: error.diagnostics)
        } catch {
            return CheckReport(diagnostics: [Diagnostic(.error, at: nil, "\(error)")])
        }
        var engine = DiagnosticEngine()
        engine.emit(result.warnings)
        for placeholder in result.catalog.starterPlaceholders {
            engine.warning(
                "\(placeholder.key) is still the starter catalog's placeholder \(CatalogRules.quoted(placeholder.value)): the association files name no real app or domain until it is replaced",
                at: placeholder.location, hint: "write your own: \(placeholder.hint)")
        }

        // A folder that was never built here (CI on a fresh checkout) is not stale; an existing one
        // must match the plan file for file.
        var compared: URL?
        do {
            let outputURL = try builder.outputURL(for: result.catalog, override: outputOverride)
            if StalenessChecker(outputURL: outputURL).outputExists { compared = outputURL }
        } catch let error as DiagnosticsError {
            engine.emit(error.diagnostics)
        } catch {
            engine.error("\(error)", at: nil)
        }
        // The manifest's extra files are read beside the walk, which leaves a core idle at times.
        let extra = compared.map { folder in Pending { StalenessChecker(outputURL: folder).extraFiles(of: result) } }
        let pass = CheckPass(site: result, outputURL: compared)
        // Every link through the table apps read: the deep link its page holds. After the walk,
        // which rendered the table's files; both use every core.
        engine.emit(result.linkTableProblems(files: { pass.linkTableFile(at: $0) ?? result[$0] }))
        // What build finds as it writes, found here from the rendered sizes (check writes nothing).
        engine.emit(SiteBuilder.pageBudgetWarnings(of: result, size: { pass.sizes[$0] }))
        if let aasa = result[.rootAppSiteAssociation], let matcher = try? AASAMatcher(data: aasa) {
            let sameHost = SameHostChecker(
                catalog: result.catalog, matcher: matcher, specialPageLocations: specialPageLocations())
            let anchors = pass.anchors
            engine.emit(sameHost.warnings(for: result, anchors: { anchors.isEmpty ? nil : anchors[$0] }))
        }
        if let compared, let states = pass.states {
            let staleness = StalenessChecker(outputURL: compared)
            let differences = staleness.differences(from: result, states: states, extra: extra?.take() ?? [])
            engine.emit(staleness.diagnostics(for: differences, displayPath: Self.displayPath(compared)))
        }
        return CheckReport(
            diagnostics: engine.sorted, catalog: result.catalog, comparedOutput: compared, fileCount: result.fileCount,
            build: result)
    }

    /// The special pages whose template is overridden in `Templates/`, so findings about them
    /// point at the file the user wrote.
    func specialPageLocations() -> [OutputPath: SourceLocation] {
        let folder = (builder.configDisplayPath as NSString).deletingLastPathComponent
        var result: [OutputPath: SourceLocation] = [:]
        for page in SpecialPage.allCases {
            let name = page.templateName
            let file = builder.templatesURL.appendingPathComponent("\(name).md")
            guard FileManager.default.fileExists(atPath: file.path) else { continue }
            let display = folder.isEmpty ? "Templates/\(name).md" : "\(folder)/Templates/\(name).md"
            result[page.outputPath] = SourceLocation(file: display, line: 1, column: 1)
        }
        return result
    }

    /// `url` relative to the working directory when it is inside it, as people typed it.
    package static func displayPath(_ url: URL) -> String {
        let cwd = URL(fileURLWithPath: FileManager.default.currentDirectoryPath).standardizedFileURL
            .resolvingSymlinksInPath().path
        let path = url.standardizedFileURL.path
        return path.hasPrefix(cwd + "/") ? String(path.dropFirst(cwd.count + 1)) : path
    }
}
