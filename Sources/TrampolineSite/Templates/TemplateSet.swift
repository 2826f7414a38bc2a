import Foundation
import Mustache
import TrampolineCatalog
import TrampolineEmbedded
import TrampolineModel

/// The layout, style, script and page templates a build uses: the built-in ones from the binary,
/// each overridden by a file of the same name in the `Templates/` folder beside the catalog.
package struct TemplateSet: Sendable {
    var layout: SplicingTemplate
    var style: String
    var script: String
    /// `trampoline-more.js`, minified like ``script``: what only the debug view and in-app
    /// browser visits load.
    var moreScript: String
    /// `loadCookie.js`, minified like ``script``: `loadCookie.html`'s own script.
    var loadCookieScript: String
    /// `trampoline-route.js`, minified like ``script``: what a route's page loads to fill its deep
    /// link in (``script`` loads it), and the inline script of the 404 page of a site with routes.
    var routeScript: String
    /// `trampoline-long-link.js`, minified like ``script``: what the long-link page loads.
    var longLinkScript: String
    /// Digest of every template file's text, so a template edit changes every page's fingerprint.
    var sourceDigest: String
    var pages: [String: PageTemplate]
    /// `layout.html` and `style.css` as read, with the file each came from: what
    /// ``policyWarnings(allowedOrigins:)`` reads for references the pages' policy would block.
    var markupSources: [MarkupSource] = []

    struct MarkupSource: Sendable {
        var text: String
        var file: String
        var isStyle: Bool
    }

    /// Files every site needs besides the link templates.
    static let layoutFile = "layout.html", styleFile = "style.css", scriptFile = "trampoline.js",
        moreScriptFile = "trampoline-more.js", loadCookieScriptFile = "loadCookie.js",
        routeScriptFile = "trampoline-route.js", longLinkScriptFile = "trampoline-long-link.js"
    /// The marker in `trampoline-more.js` that the renderer replaces with the site's values.
    static let moreScriptConfigMarker = "(TRAMPOLINE_CONFIG)"
    /// The scripts, each minified (``ScriptMinifier``) once per build.
    static let scriptFiles = [scriptFile, moreScriptFile, loadCookieScriptFile, routeScriptFile, longLinkScriptFile]
    /// The templates of the pages every site has (the plan's ``SpecialPage``s).
    static let homeTemplate = "index", notFoundTemplate = "404", loadCookieTemplate = "loadCookie"
    /// The way out of in-app browsers, shown above a link page's own text.
    static let inAppTemplate = "in-app"
    static let specialPages = [homeTemplate, notFoundTemplate, loadCookieTemplate, inAppTemplate]
    /// The names a catalog's `template:` may use.
    package var linkTemplateNames: Set<String> {
        Set(pages.filter { $0.value.behaviour.isLinkBehaviour }.keys)
    }

    /// `style.css` as every page inlines it: a rule's closing brace ends its line, so the line
    /// breaks after braces go (no CSS token spans one; a string cannot hold a raw line break).
    static func compacted(style: String) -> String {
        style.replacingOccurrences(of: "}\n", with: "}").trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Loads the built-ins, then the overrides in the project's `Templates/` folder (if it exists).
    package static func load(
        overrides project: ProjectFolder?, displayDirectory: String, engine: inout DiagnosticEngine
    )
        -> TemplateSet?
    {
        let sources = readSources(overrides: project, displayDirectory: displayDirectory, engine: &engine)
        // The scripts are minified on another core while this one parses the pages (a millisecond
        // or two of every build's start, before anything else can begin).
        let scriptSources = scriptFiles.compactMap { name in
            sources[name].map { (name: name, text: $0.text, file: $0.file) }
        }
        let minifying = Pending { scriptSources.map { ($0.name, $0.file, ScriptMinifier.minify($0.text)) } }
        var pages: [String: PageTemplate] = [:]
        for (name, source) in sources where name.hasSuffix(".md") {
            let base = String(name.dropLast(3))
            if let page = PageTemplate.parse(name: base, text: source.text, file: source.file, engine: &engine) {
                pages[base] = page
            }
        }
        var scripts: [String: String] = [:]
        for (name, file, minified) in minifying.take() {
            if let minified {
                scripts[name] = minified
            } else {
                engine.error(
                    "\(file) ends inside a string, comment or regular expression",
                    at: SourceLocation(file: file, line: 1, column: 1),
                    hint: "close it: the build minifies the script, which needs whole tokens")
            }
        }
        if engine.hasErrors { return nil }
        guard let layoutSource = sources[layoutFile], let style = sources[styleFile]?.text,
            let script = scripts[scriptFile],
            let moreScript = scripts[moreScriptFile], let loadCookieScript = scripts[loadCookieScriptFile],
            let routeScript = scripts[routeScriptFile], let longLinkScript = scripts[longLinkScriptFile]
        else {
            engine.error(
                "the built-in templates are incomplete", at: nil, hint: "this is a bug in Trampoline; please report it")
            return nil
        }
        guard let layout = parseLayout(layoutSource, engine: &engine) else { return nil }
        for special in specialPages where pages[special] == nil {
            if !engine.hasErrors {
                engine.error(
                    "the template \(special).md is missing", at: nil,
                    hint: "restore it, or delete your override so the built-in one is used")
            }
        }
        // Checked in the minified text: a marker left in a comment is gone.
        if let more = sources[moreScriptFile], scripts[moreScriptFile]?.contains(moreScriptConfigMarker) == false {
            engine.error(
                "\(more.file) has lost its TRAMPOLINE_CONFIG marker",
                at: SourceLocation(file: more.file, line: 1, column: 1),
                hint: "keep the last line '})(TRAMPOLINE_CONFIG);': the build puts the site's values there")
        }
        if engine.hasErrors { return nil }
        let digest = Digest.hex(
            sources.keys.sorted().map { "\($0)\u{0}\(sources[$0]!.text)" }.joined(separator: "\u{0}\u{2}"))
        return TemplateSet(
            layout: layout, style: compacted(style: style), script: script, moreScript: moreScript,
            loadCookieScript: loadCookieScript,
            routeScript: routeScript, longLinkScript: longLinkScript, sourceDigest: digest, pages: pages,
            markupSources: [
                MarkupSource(text: layoutSource.text, file: layoutSource.file, isStyle: false),
                sources[styleFile].map { MarkupSource(text: $0.text, file: $0.file, isStyle: true) },
            ].compactMap { $0 })
    }

    /// The project's folder of templates, beside the catalog.
    package static let folder = "Templates"
    /// The largest template file read: a page or the layout is a few KB.
    static let maximumFileBytes = 1 << 20

    /// The built-ins by name, each replaced by the file of the same name in the project's
    /// `Templates/` folder, read through ``ProjectFolder`` (no symbolic link, nothing outside).
    static func readSources(overrides project: ProjectFolder?, displayDirectory: String, engine: inout DiagnosticEngine)
        -> [String: (text: String, file: String)]
    {
        var sources: [String: (text: String, file: String)] = [:]
        for (name, text) in Embedded.templates {
            sources[name] = (text, "(built-in)/\(name)")
        }
        guard let project else { return sources }
        let names: [String]
        do {
            guard let listed = try project.names(inFolder: folder) else { return sources }
            names = listed
        } catch {
            engine.error(
                error.message("the templates folder", CatalogRules.quoted(displayDirectory)), at: nil, hint: error.hint)
            return sources
        }
        for name in names
        where name.hasSuffix(".md") || name == layoutFile || name == styleFile || scriptFiles.contains(name) {
            let display = displayDirectory.isEmpty ? name : "\(displayDirectory)/\(name)"
            let at = SourceLocation(file: display, line: 1, column: 1)
            let bytes: [UInt8]
            do {
                bytes = try project.read("\(folder)/\(name)", limit: maximumFileBytes)
            } catch {
                engine.error(error.message("the template", CatalogRules.quoted(display)), at: at, hint: error.hint)
                continue
            }
            guard let text = String(validating: bytes, as: UTF8.self) else {
                engine.error("cannot read template \(display) as UTF-8 text", at: at, hint: "save it as UTF-8")
                continue
            }
            sources[name] = (text, display)
        }
        return sources
    }

    /// The layout, parsed with Trampoline's own HTML escaper for double braces.
    static func parseLayout(_ layoutSource: (text: String, file: String), engine: inout DiagnosticEngine)
        -> SplicingTemplate?
    {
        // On a line of its own, so a standalone tag on the layout's first line stays standalone.
        let pragma = "{{% CONTENT_TYPE: \(HTMLContentType.name)}}\n"
        do {
            // Double braces escape with Trampoline's own HTML escaper (every `&<>"'` scalar).
            HTMLContentType.register()
            let parsed = try MustacheTemplate(string: pragma + layoutSource.text)
            return SplicingTemplate(parsed, source: layoutSource.text, keys: LayoutValues.keys, escaper: .html)
        } catch let error as MustacheTemplate.ParserError {
            engine.error(
                "template syntax: \(error.error)",
                at: SourceLocation(
                    file: layoutSource.file, line: max(1, error.context.lineNumber - 1),
                    column: max(1, error.context.columnNumber)), hint: "check the {{ }} pairs and section nesting")
            return nil
        } catch {
            engine.error("template syntax: \(error)", at: SourceLocation(file: layoutSource.file, line: 1, column: 1))
            return nil
        }
    }
}
