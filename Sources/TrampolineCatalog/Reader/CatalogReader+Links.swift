import Foundation
import TrampolineModel

/// One link entry: its keys, its deep link and campaign, and duplicate and route checks.
extension CatalogReader {
    /// The links read so far, and what duplicate detection needs.
    struct LinkList {
        var links: [Link] = []
        /// Path → where it was first defined: the index of its link in ``links``, or for an entry
        /// rejected for other errors, `-1 - i` for ``rejected``'s `i`. An index, not a location: a
        /// million paths' locations made this table 134 MB.
        var seen: [String: Int] = [:]
        /// Where each rejected entry that claimed a path is.
        var rejected: [SourceLocation] = []
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
        guard claim(link.path, at: link.location, in: &list, isLink: true) else { return }
        list.links.append(link)
    }

    /// Takes `path` for the entry at `location`, or reports it a duplicate (false). An entry
    /// rejected for other errors (``rejectedPath``) takes its path too, so its duplicate is not
    /// left for a second round. `isLink`: the entry's link is appended to `list` next.
    @discardableResult
    mutating func claim(_ path: String, at location: SourceLocation, in list: inout LinkList, isLink: Bool = false)
        -> Bool
    {
        // One lookup, which sets the path: a lookup and then a set hashed every path twice, on
        // the one thread that merges a large catalog's links.
        let taken = isLink ? list.links.count : -1 - list.rejected.count
        if let first = list.seen.updateValue(taken, forKey: path) {
            list.seen[path] = first
            let firstLocation = first >= 0 ? list.links[first].location : list.rejected[-1 - first]
            error(
                "duplicate path \(path); first defined at \(firstLocation)", at: location,
                hint: "each link needs its own path")
            return false
        }
        if !isLink { list.rejected.append(location) }
        return true
    }

    /// Diagnostics of links read apart (see ``LinkBatchChecker``), within the error limit.
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
        rejectedPath = nil
        if engine.errors.count >= Self.errorLimit { return nil }
        guard let keys = mapping(node, what: "a link", known: CatalogKeys.route) else { return nil }
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
        let language = readLinkLanguage(keys)
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
        checkDesktop(options, webURL: webURL ?? webEntry?.text, at: location(of: node))
        let items = optionalText("items", in: keys)
        if let items, route == nil, path != nil {
            error(
                "items: is for routes; \(CatalogRules.quoted(path ?? "")) has no parameters", at: items.location,
                hint: "give the path parameters (/recipe/:id) and one column per parameter in the items file")
        }
        guard engine.errors.count == errorsBefore, let path, let title, let deepLink else {
            // The entry's path still takes part in the duplicate check, so a mistake elsewhere in
            // it does not hide that one until a second round.
            if let path, route == nil { rejectedPath = (path, location(of: node)) }
            return nil
        }
        var link = Link(
            path: path, deepLink: deepLink, title: title.text, description: description?.text, webURL: webURL,
            campaign: campaign, options: options, location: location(of: node),
            webURLLocation: webEntry?.location, templateLocation: templateLocation, route: route
        )
        link.language = language
        link.items = items.map { ItemsReference(name: $0.text, location: $0.location) }
        let textBytes = link.textBytes
        if textBytes > CatalogRules.maximumLinkTextBytes {
            error(
                "the link's text is \(textBytes) bytes, and its page repeats it several times; the limit is \(CatalogRules.maximumLinkTextBytes) bytes (64 KB)",
                at: location(of: node),
                hint:
                    "shorten the description (a preview shows about 200 characters), or check for a value pasted twice")
            return nil
        }
        checkStoreCampaign(link, app: app, at: keys["campaign"].map { location(of: $0.value) } ?? link.location)
        return link
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
        // Without a readable app (its own error is reported) the app's scheme is unknown, but a
        // scheme no app can register is wrong whatever it is: reported now, in the same report.
        if app == nil, CatalogRules.forbiddenSchemes.contains(scheme) || CatalogRules.systemSchemes.contains(scheme) {
            error(
                "deep_link uses the '\(scheme):' scheme, which is no app's custom scheme", at: given.location,
                hint:
                    "deep links open the app through its own scheme (app.ios.scheme or app.android.scheme): myapp://..."
            )
            return nil
        }
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
        // The app library takes at most 64 query parameters in a link (LinkRejection.tooLong).
        if pairs.count > CatalogRules.maximumCampaignParameters {
            error(
                "campaign has \(pairs.count) parameters; the limit is \(CatalogRules.maximumCampaignParameters)",
                at: location(of: node),
                hint:
                    "keep the parameters a report needs (utm_source, utm_medium, utm_campaign...): the app refuses a link with more than 64"
            )
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
        return campaigns.shared(result)
    }
}
