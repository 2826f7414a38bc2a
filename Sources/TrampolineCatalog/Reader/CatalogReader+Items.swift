import Foundation
import TrampolineIncremental
import TrampolineLink
import TrampolineModel

/// A route's `items:` file: each row becomes a link of its own (its page, preview, link-table
/// entry and QR code) with the route's behaviour and the row's texts.
extension CatalogReader {
    /// Reads the items files of the routes read so far, adding their items after the links.
    mutating func readItemsFiles(app: AppSettings?, list: inout LinkList) {
        let routes = list.links.indices.filter { list.links[$0].items != nil && list.links[$0].route != nil }
        for index in routes {
            let routeLink = list.links[index]
            guard let reference = routeLink.items, let route = routeLink.route else { continue }
            let catalogFolder = (file as NSString).deletingLastPathComponent
            let display = catalogFolder.isEmpty ? reference.name : "\(catalogFolder)/\(reference.name)"
            // The cache, if there is one, read and checked on another core while the file is read.
            let earlyCache = linkCache.flatMap { setup in
                FastPath.itemsCache.isOn
                    ? Pending { LinkCache.load(from: Self.itemsCacheURL(besideLinkCache: setup.url, items: display)) }
                    : nil
            }
            var fileEngine = DiagnosticEngine()
            let source = ItemsFile.source(
                named: reference.name, in: project, location: reference.location,
                engine: &fileEngine)
            engine.append(contentsOf: fileEngine)
            guard let source else { continue }
            // Positions of what the file holds refer to the file, not the catalog.
            let catalogFile = file
            file = display
            // What every row of this route is checked against, made once.
            let shape = ItemShape(
                names: route.pattern.parameterNames, known: route.pattern.parameterNames + CatalogKeys.item,
                what: "an item of \(routeLink.path)")
            let file = ItemsFileReading(
                bytes: source.bytes, format: source.format, routeLink: routeLink, route: route, shape: shape,
                earlyCache: earlyCache)
            if !readCachedItems(file, app: app, list: &list) {
                readItems(file, app: app, list: &list)
            }
            self.file = catalogFile
        }
    }

    /// One items file being read: its bytes and the route its rows are items of.
    struct ItemsFileReading {
        var bytes: [UInt8]
        var format: ItemsFile.Format
        var routeLink: Link
        var route: Route
        var shape: ItemShape
        /// The file's cache, being read (see `CatalogReader+ItemsCache.swift`).
        var earlyCache: Pending<FoundCache<LinkCache>>?
    }

    /// The plain reading of an items file: every row parsed and checked.
    mutating func readItems(_ items: ItemsFileReading, app: AppSettings?, list: inout LinkList) {
        var fileEngine = DiagnosticEngine()
        let rows = ProjectFolder.dataFileText(
            of: items.bytes, what: "the items file", displayPath: file, engine: &fileEngine
        ).flatMap { text in
            ItemsFile.rows(
                of: text, format: items.format, displayPath: file, columns: items.shape.known, engine: &fileEngine)
        }
        engine.append(contentsOf: fileEngine)
        guard let rows else { return }
        for row in rows {
            if engine.errors.count >= Self.errorLimit { break }
            if let item = readItem(row, of: items.routeLink, route: items.route, shape: items.shape, app: app) {
                record(item, into: &list)
            }
        }
    }

    /// One row: the route's link with the row's path, texts and deep link, or nil after its errors.
    mutating func readItem(_ row: YAMLNode, of routeLink: Link, route: Route, shape: ItemShape, app: AppSettings?)
        -> Link?
    {
        let names = shape.names
        guard let keys = mapping(row, what: shape.what, known: shape.known) else { return nil }
        let errorsBefore = engine.errors.count
        var values: [String: String] = [:]
        for name in names {
            guard let value = keys[name] == nil ? nil : optionalText(name, in: keys) else {
                if keys[name] == nil {
                    error(
                        "the item has no value for :\(name)", at: location(of: row),
                        hint:
                            "every row needs a value in each of the route's parameters (\(names.joined(separator: ", ")))"
                    )
                }
                continue
            }
            if let problem = Self.itemValueProblem(value.text, name: name, route: route) {
                error(problem.message, at: value.location, hint: problem.hint)
                continue
            }
            values[name] = value.text
        }
        let title = optionalText("title", in: keys)
        if let title, title.text.unicodeScalars.allSatisfy(\.isSpace) {
            error(
                "the item's title is empty", at: title.location, hint: "leave the cell empty to use the route's title")
        }
        let description = optionalText("description", in: keys, multiline: true)
        let image = optionalText("image", in: keys)
        if let image, let problem = Self.itemImageProblem(image.text) {
            error(problem.message, at: image.location, hint: problem.hint)
        }
        let webURL = optionalText("web_url", in: keys)
        if let webURL, let problem = CatalogRules.webURLProblem(webURL.text, key: "web_url") {
            error(problem.message, at: webURL.location, hint: problem.hint)
        }
        let deepLink = optionalText("deep_link", in: keys).flatMap { checkDeepLink($0, app: app) }
        guard engine.errors.count == errorsBefore else { return nil }

        var item = routeLink
        item.route = nil
        item.items = nil
        item.itemOf = route
        item.path = Self.itemPath(route: route, values: values)
        item.location = location(of: row)
        item.deepLink = deepLink ?? Route.fill(routeLink.deepLink, parameters: values, restNames: route.restNames)
        item.title = title?.text ?? Self.filled(routeLink.title, values: values, markdown: false)
        item.description =
            description?.text ?? routeLink.description.map { Self.filled($0, values: values, markdown: true) }
        item.options.image =
            image?.text ?? routeLink.options.image.map { Self.filled($0, values: values, markdown: false) }
        if let webURL {
            item.webURL = webURL.text
            item.webURLLocation = webURL.location
        }
        if item.textBytes > CatalogRules.maximumLinkTextBytes {
            error(
                "the item's text is \(item.textBytes) bytes; the limit is \(CatalogRules.maximumLinkTextBytes) bytes (64 KB)",
                at: item.location, hint: "shorten the description (a preview shows about 200 characters)")
            return nil
        }
        return item
    }

    /// A route's parameter names, the keys its rows may use, and how messages name a row.
    struct ItemShape {
        var names: [String]
        var known: [String]
        var what: String
    }

    /// The item's page path: the pattern with its values, which are path characters as they are.
    static func itemPath(route: Route, values: [String: String]) -> String {
        var path = ""
        for segment in route.pattern.segments {
            switch segment {
            case .literal(let text): path += "/" + text
            case .parameter(let name, _), .rest(let name): path += "/" + (values[name] ?? "")
            }
        }
        return path
    }

    /// Why `value` cannot be the route parameter `name` of an item's own page, if it cannot.
    static func itemValueProblem(_ value: String, name: String, route: Route) -> RuleViolation? {
        let isRest = route.restNames.contains(name)
        let segments = isRest ? value.split(separator: "/", omittingEmptySubsequences: false).map(String.init) : [value]
        for segment in segments {
            if case .failure(let violation) = CatalogRules.normalizedPath("/" + segment), segment != "" {
                return .init(
                    "item value \(CatalogRules.quoted(value)) for :\(name) cannot be part of a page's path: \(violation.message)",
                    hint:
                        "item values are path characters (letters, digits, - . _ ~ and a few more); an item with other values gets the route's page, so leave it out of the file"
                )
            }
            if segment.isEmpty || segment == "." || segment == ".." || (!isRest && segment.contains("/")) {
                return .init(
                    "item value \(CatalogRules.quoted(value)) for :\(name) is not a path segment",
                    hint: "give a non-empty value without '/' (a *rest value may have '/' between segments)")
            }
        }
        for segment in route.pattern.segments {
            if case .parameter(name, let constraint?) = segment, !constraint.accepts(value) {
                return .init(
                    "item value \(CatalogRules.quoted(value)) does not pass :\(name)(\(constraint.rawValue))",
                    hint: "the route takes only such values, so this item's page could never be reached; fix the value")
            }
        }
        return nil
    }

    /// An item's image: an `https:` URL (crawlers fetch it; an `http:` one is refused by some).
    static func itemImageProblem(_ image: String) -> RuleViolation? {
        if let problem = CatalogRules.webURLProblem(image, key: "image") { return problem }
        guard image.lowercased().hasPrefix("https://") else {
            return .init("image \(CatalogRules.quoted(image)) is not an https: URL", hint: "use the https:// address")
        }
        return nil
    }

    /// `text` with each `:name` of `values` replaced by its value (Markdown-escaped in a description).
    static func filled(_ text: String, values: [String: String], markdown: Bool) -> String {
        guard text.contains(":") else { return text }
        return RouteText.fill(text) { name in
            values[name].map { markdown ? Escaping.markdown($0) : $0 }
        }
    }
}

extension CatalogReader {
    /// A route's own title, description or image naming its parameters (`Recipe :id`): its page's
    /// script fills them in for people, but link previews come from crawlers that run no script.
    mutating func warnAboutRoutePlaceholders(in links: [Link]) {
        for index in links.indices {
            guard let route = links[index].route else { continue }
            let link = links[index]
            let names = route.pattern.parameterNames
            let fields = [("title", link.title), ("description", link.description), ("image", link.image)]
            for case (let key, let text?) in fields {
                let used = RouteText.placeholders(in: text, names: names)
                guard let first = used.first else { continue }
                let covered = link.items != nil ? " for URLs not in its items file" : ""
                warning(
                    "route \(link.path)'s \(key) has :\(first): the page fills it in for people, but link previews\(covered) show \(CatalogRules.quoted(text)) as written (crawlers run no script)",
                    at: link.location,
                    hint:
                        "give each item its own preview with items: (a CSV, JSON or JSON Lines file of the route's parameters and titles), or write the \(key) without parameters"
                )
            }
        }
    }
}
