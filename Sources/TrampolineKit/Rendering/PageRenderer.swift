import Foundation
import Mustache

/// Renders the HTML pages of a site: each link's page, the home page, the 404 page and loadCookie.html.
/// Catalog values reach the output only through the escapers of the context they land in.
struct PageRenderer: Sendable {
    let catalog: Catalog
    let templates: TemplateSet
    /// Digest of everything every link page shares.
    let contextDigest: String
    private let constants: Constants

    init(catalog: Catalog, templates: TemplateSet) {
        self.catalog = catalog
        self.templates = templates
        constants = Constants(
            language: Array(catalog.site.language.utf8), siteTitle: Array((catalog.site.title ?? catalog.app.name).utf8),
            style: Array(templates.style.utf8), script: Array(templates.script.utf8)
        )
        contextDigest = Digest.hex([
            templates.sourceDigest, String(describing: catalog.site), String(describing: catalog.app),
        ].joined(separator: "\u{0}"))
    }

    /// A digest of what `linkPageBytes(link)` depends on: the link's own values and, through
    /// `contextDigest`, the site, the app and the templates.
    func fingerprint(of link: Link) -> String {
        let inputs = [
            contextDigest, link.path, link.deepLink, link.title, link.description ?? "\u{1}", link.webURL ?? "\u{1}",
            link.campaign.map { "\($0.name)=\($0.value)" }.joined(separator: "\u{0}"), Self.describe(link.options),
        ].joined(separator: "\u{0}\u{2}")
        return Digest.hex(inputs)
    }

    /// Every option, spelled out (reflection through `String(describing:)` cost more than the hash).
    static func describe(_ o: LinkOptions) -> String {
        o.template + "|" + o.fallback.rawValue + "|" + String(o.fallbackDelayMs) + "|" + o.deferred.map(\.rawValue).joined(separator: ",") + "|"
            + o.cookieName + "|" + String(o.cookieDays) + "|" + (o.forwardQuery ? "true" : "false") + "|" + (o.image ?? "\u{1}")
    }

    /// The page of one link, as UTF-8 bytes (what the writer writes).
    func linkPageBytes(_ link: Link) -> [UInt8] {
        let template = templates.pages[link.options.template] ?? templates.pages["interstitial"]!
        let url = catalog.site.url + link.path
        let descriptionText = link.description.map(MarkdownRenderer.plainText(from:))
        let values = bodyValues(title: link.title, description: link.description, image: link.image, url: url, deepLink: link.deepLink)
        let data: [(String, String)] = [
            ("behaviour", Escaping.jsonString(template.behaviour.rawValue)),
            ("template", Escaping.jsonString(link.options.template)),
            ("deepLink", Escaping.jsonString(link.deepLink)),
            ("deferredLink", Escaping.jsonString(link.deferredLink)),
            ("fixed", "[" + link.fixedQueryKeys.map(Escaping.jsonString).joined(separator: ",") + "]"),
            ("store", Escaping.jsonString(catalog.app.appStoreURL)),
            ("web", link.webURL.map(Escaping.jsonString) ?? "null"),
            ("fallback", Escaping.jsonString(link.options.fallback.rawValue)),
            ("delay", String(link.options.fallbackDelayMs)),
            ("deferred", "[" + link.options.deferred.map { Escaping.jsonString($0.rawValue) }.joined(separator: ",") + "]"),
            ("cookieName", Escaping.jsonString(link.options.cookieName)),
            ("cookieDays", String(link.options.cookieDays)),
            ("forwardQuery", link.options.forwardQuery ? "true" : "false"),
        ]
        let fallback = link.fallbackURL(appStoreURL: catalog.app.appStoreURL)
        return page(
            template: template, values: values,
            frame: Frame(
                pageTitle: link.title, title: link.title, description: descriptionText, url: url,
                image: link.image, banner: "app-id=\(catalog.app.appStoreID), app-argument=\(url)",
                buttonHref: fallback, data: data
            )
        )
    }

    /// `index.html`, `404.html` or `loadCookie.html`.
    func specialPage(_ name: String) -> String {
        String(decoding: specialPageBytes(name), as: UTF8.self)
    }

    private func specialPageBytes(_ name: String) -> [UInt8] {
        let template = templates.pages[name]!
        let siteTitle = catalog.site.title ?? catalog.app.name
        var data: [(String, String)] = []
        if template.behaviour == .loadCookie {
            let names = catalog.links.reduce(into: [String]()) { names, link in
                if link.options.deferred.contains(.cookie), !names.contains(link.options.cookieName) { names.append(link.options.cookieName) }
            }
            data = [
                ("behaviour", Escaping.jsonString(template.behaviour.rawValue)),
                ("cookieNames", "[" + (names.isEmpty ? [LinkOptions().cookieName] : names).map(Escaping.jsonString).joined(separator: ",") + "]"),
                ("scheme", Escaping.jsonString(catalog.app.scheme)),
            ]
        }
        let pageTitle = name == "index" ? siteTitle : (name == "404" ? "Not found · \(siteTitle)" : catalog.app.name)
        return page(
            template: template, values: bodyValues(title: nil, description: nil, image: nil, url: nil, deepLink: nil),
            frame: Frame(
                pageTitle: pageTitle, title: pageTitle, description: nil, url: name == "index" ? catalog.site.url + "/" : nil,
                image: nil, banner: "app-id=\(catalog.app.appStoreID)",
                buttonHref: template.behaviour == .page ? catalog.app.appStoreURL : nil, data: data
            )
        )
    }

    /// The values of a body or button template, in the order of ``PageTemplate/valueKeys``.
    private func bodyValues(title: String?, description: String?, image: String?, url: String?, deepLink: String?) -> [String?] {
        [catalog.app.name, catalog.site.title ?? catalog.app.name, catalog.app.appStoreURL, title, description, image, url, deepLink]
    }

    /// What the layout needs beyond the body.
    private struct Frame {
        var pageTitle: String
        var title: String
        var description: String?
        var url: String?
        var image: String?
        var banner: String
        var buttonHref: String?
        /// Keys and already-encoded JSON values, in a fixed order for byte-identical output.
        var data: [(String, String)]
    }

    private func page(template: PageTemplate, values: [String?], frame: Frame) -> [UInt8] {
        // Markdown is rendered after the placeholders; values are Markdown-escaped, except the
        // description, which is Markdown by design (cmark's safe mode drops raw HTML from it).
        let valueBytes = values.map { $0.map { Array($0.utf8) } }
        var markdown: [UInt8] = []
        template.body.render(valueBytes, into: &markdown)
        let content = MarkdownRenderer.html(from: markdown)
        var button: [UInt8] = []
        if let buttonTemplate = template.button {
            buttonTemplate.render(valueBytes, into: &button)
        } else {
            button = Array("Open in \(catalog.app.name)".utf8)
        }
        let json = frame.data.isEmpty ? "" : "{" + frame.data.map { "\(Escaping.jsonString($0.0)):\($0.1)" }.joined(separator: ",") + "}"
        let hasScript = template.behaviour != .page
        // Images the page shows: its own and any in the rendered body (a description's, say).
        let images = ContentSecurityPolicy.imageSources(in: content)
        func bytes(_ text: String?) -> [UInt8]? { text.map { Array($0.utf8) } }
        // In the order of TemplateSet.layoutKeys. Mustache treats an empty string as true: absent
        // values are left out (nil), not emptied.
        let layoutValues: [[UInt8]?] = [
            constants.language,
            bytes(frame.pageTitle),
            bytes(frame.title),
            constants.siteTitle,
            bytes(frame.banner),
            content,
            button,
            constants.style,
            bytes(templates.csp.policy(hasScript: hasScript, imageSources: images)),
            bytes(frame.description.flatMap { $0.isEmpty ? nil : $0 }),
            bytes(frame.url),
            bytes(frame.image),
            bytes(frame.buttonHref),
            json.isEmpty ? nil : bytes(Escaping.scriptSafeJSON(json)),
            hasScript ? constants.script : nil,
        ]
        var out: [UInt8] = []
        out.reserveCapacity(8 * 1024)
        templates.layout.render(layoutValues, into: &out)
        return out
    }

    /// Layout values every page shares, as bytes once.
    private struct Constants: Sendable {
        var language: [UInt8], siteTitle: [UInt8], style: [UInt8], script: [UInt8]
    }
}
