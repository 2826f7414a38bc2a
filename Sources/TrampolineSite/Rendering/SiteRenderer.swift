import Foundation
import Mustache
import TrampolineLink
import TrampolineModel
import TrampolineQR

/// Turns a ``PlanEntry`` into bytes and a ``Fingerprint``: the one place output is made.
/// Catalog values reach the output only through the escapers of the context they land in.
package struct SiteRenderer: Sendable {
    let site: SiteSettings
    let app: AppSettings
    let templates: TemplateSet
    /// Hashes of the templates' script and style, for each page's Content-Security-Policy.
    let csp: ContentSecurityPolicy
    /// Digest of what every entry shares: the renderer's version, the site, the app, the templates.
    let contextDigest: [UInt8]
    let constants: Constants

    /// Bumped by hand with any change to how bytes are made that neither the templates nor the
    /// catalog show; the binary's own identity (``SiteRenderer/binaryIdentity``) covers the rest.
    package static let version = "2"

    /// `version` defaults to ``version`` plus the running binary's identity, so an upgraded
    /// Trampoline never trusts fingerprints an older one recorded.
    package init(site: SiteSettings, app: AppSettings, templates: TemplateSet, version: String? = nil) {
        self.site = site
        self.app = app
        self.templates = templates
        csp = ContentSecurityPolicy(
            script: templates.script, loadCookieScript: templates.loadCookieScript, routeScript: templates.routeScript,
            style: templates.style, allowedOrigins: site.allowedOrigins,
            counts: site.counts)
        constants = Constants(
            pageLanguage: PageLanguage(site.language, app: app),
            siteTitle: Array((site.title ?? app.name).utf8),
            style: Array(templates.style.utf8), script: Array(templates.script.utf8),
            loadCookieScript: Array(templates.loadCookieScript.utf8), routeScript: Array(templates.routeScript.utf8),
            appName: Array(app.name.utf8), storeURL: app.storeURL.map { Array($0.utf8) },
            iconSource: app.icon?.source,
            storeJSON: app.ios.map { Escaping.jsonString($0.appStoreURL(campaign: nil)) } ?? "null",
            androidJSON: app.android.map { android in
                [
                    "\"package\":" + Escaping.jsonString(android.package),
                    "\"scheme\":" + Escaping.jsonString(android.scheme),
                    "\"play\":" + Escaping.jsonString(android.playStoreURL),
                ].joined(separator: ",")
            }
        )
        var context = FingerprintEncoder.encode(site)
        context += FingerprintEncoder.encode(app)
        context += Array((version ?? Self.version + "\u{0}" + Self.binaryIdentity).utf8)
        context += Array(templates.sourceDigest.utf8)
        contextDigest = Digest.bytes(context)
    }

    /// Size, inode and modification time of the running executable: a rebuilt or reinstalled
    /// binary has another. Only local caches hold fingerprints, so this never reaches the site.
    package static let binaryIdentity: String = {
        // /proc/self/exe and stat(2) directly: Bundle.main lists the executable's folder and
        // FileManager's attributes go through a dictionary of casts, a millisecond of every start.
        #if os(Linux)
        let path =
            (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? Bundle.main.executablePath
        #else
        let path = Bundle.main.executablePath
        #endif
        var info = stat()
        guard let path, stat(path, &info) == 0 else { return "unknown" }
        #if os(Linux)
        let modified = info.st_mtim
        #else
        let modified = info.st_mtimespec
        #endif
        return "\(path)|\(info.st_size)|\(info.st_ino)|\(modified.tv_sec).\(modified.tv_nsec)"
    }()

    /// A digest of everything `render(entry)` depends on: the entry encoded whole and the context.
    /// A lookup shard's is made of its entries' digests (``lookupShardFingerprints(of:)``).
    package func fingerprint(of entry: PlanEntry) -> Fingerprint {
        if case .lookupShard = entry.content, let fingerprints = lookupShardFingerprints(of: entry) {
            return fingerprints.shard
        }
        // SHA-256 of the context digest followed by the entry, hashed in place (no joined copy).
        return FingerprintEncoder.fingerprint(of: entry, after: contextDigest)
    }

    /// The bytes of `entry`'s file.
    package func render(_ entry: PlanEntry) -> [UInt8] {
        switch entry.content {
        case .linkPage(let link, let template, _):
            return linkPageBytes(link, template: page(named: template), at: entry.path)
        case .specialPage(let special):
            return specialPageBytes(special)
        case .qrCode(let url, let level):
            return qrCodeBytes(url: url, errorCorrection: level)
        case .appSiteAssociation(let appIDs, let claims, let excluded):
            return Array(AppSiteAssociation.json(appIDs: appIDs, claims: claims, excluded: excluded).utf8)
        case .assetLinks(let package, let fingerprints, let excluded):
            return Array(AssetLinks.json(package: package, fingerprints: fingerprints, excluded: excluded).utf8)
        case .hostFile(.noJekyll), .countFile:
            return []
        case .hostFile(.headers):
            return Array(headers.utf8)
        case .hostFile(.redirects(let routes, let kept, let lookup, let catchAll, let cases)):
            return Array(
                Self.redirects(routes: routes, kept: kept, lookup: lookup, catchAll: catchAll, cases: cases).utf8)
        case .hostFile(.firebase(let routes, let catchAll, let cases)):
            return Array(firebaseConfig(routes: routes, catchAll: catchAll, cases: cases).utf8)
        case .hostFile(.nginx(let routes, let catchAll, let cases)):
            return Array(nginxConfig(routes: routes, catchAll: catchAll, cases: cases).utf8)
        case .hostFile(.cloudFrontFunction(let cases)):
            return Array(Self.cloudFrontFunction(cases: cases).utf8)
        case .moreScript:
            return moreScriptBytes()
        case .routeScript:
            return constants.routeScript
        case .longLinkScript:
            return Array(templates.longLinkScript.utf8)
        case .appIcon:
            return app.icon?.bytes ?? []
        case .lookupShard(_, let links):
            return lookupShardBytes(links)
        case .linkTableIndex(let index):
            return linkTableIndexBytes(index)
        case .linkTableShard(_, let rows):
            return linkTableShardBytes(rows)
        }
    }

    /// Netlify and Cloudflare Pages read `_headers`: serve the association files as JSON, never
    /// cached for long, the app's icon cached for good, and the count files never cached.
    var headers: String { headerRules.map(\.text).joined() }

    /// The rules of `_headers`.
    package var headerRules: [HeaderRule] {
        var files: [OutputPath] = []
        if app.ios != nil { files += OutputPath.appSiteAssociationFiles }
        if app.android != nil { files.append(.assetLinks) }
        let json = ("Content-Type", "application/json")
        // The icon's name changes with its bytes: a copy never goes stale.
        let icon = app.icon?.file.map {
            [HeaderRule($0.urlPath, [("Cache-Control", "public, max-age=31536000, immutable")])]
        }
        // Each count request must reach the host to be logged.
        let counts =
            site.counts.logsRequests
            ? [HeaderRule("/" + OutputPath.countFolder + "/*", [("Cache-Control", "no-store")])] : []
        return files.map { HeaderRule($0.urlPath, [json, ("Cache-Control", "max-age=300")]) } + counts + [
            HeaderRule(
                SiteLinkTable.folder + "*",
                [json, ("Cache-Control", "public, max-age=300"), ("Access-Control-Allow-Origin", "*")])
        ] + (icon ?? [])
    }

    /// The planner only names templates the set has (it reports any other as an error).
    func page(named name: String) -> PageTemplate {
        guard let template = templates.pages[name] else {
            preconditionFailure("the plan names template '\(name)', which the template set lacks")
        }
        return template
    }

    /// The page of one link, written at `path` (its QR code is beside it), as UTF-8 bytes (what
    /// the writer writes).
    func linkPageBytes(_ link: Link, template: PageTemplate, at path: OutputPath) -> [UInt8] {
        // A route's page stands for many URLs, the long-link page for any: they name none (no og:url).
        let url: String? = !link.isRoute && link.longLinks == nil ? site.url + link.path : nil
        let title = Array(link.title.utf8)
        let image = bytes(link.image)
        let urlBytes = bytes(url)
        let description = bytes(link.description)
        let descriptionText = description.map { MarkdownRenderer.plainTextBytes(from: $0) }
        // Another language than the site's: its texts, made for this page (few links have one).
        let language = link.language.flatMap { $0 == site.language ? nil : PageLanguage($0, app: app) }
        // The body's values and the layout's share one copy of each text's bytes.
        let values = bodyValues(
            title: title, description: description, image: image, url: urlBytes, deepLink: bytes(link.deepLink),
            language: language)
        return page(
            template: template, values: values,
            frame: Frame(
                title: title, description: descriptionText, url: urlBytes,
                image: image,
                banner: app.ios.map { id in
                    Array((url.map { "app-id=\(id.appStoreID), app-argument=\($0)" } ?? "app-id=\(id.appStoreID)").utf8)
                },
                buttonHref: bytes(link.fallbackURL(app: app)), webHref: bytes(link.webURL),
                qrSource: link.desktopMode == .qr && !link.isRoute && link.options.qrCode
                    && site.layout == .folders
                    ? Array(("/" + path.value.dropLast("index.html".count) + "qr.svg").utf8) : nil,
                data: linkData(link, behaviour: template.behaviour),
                appLinks: AppLinkTags(link: link, app: app), language: language
            )
        )
    }

    /// What a link's page script reads (its data block; in the compact layout, its entry in the
    /// link table): keys and values, in a fixed order.
    func linkData(_ link: Link, behaviour: PageBehaviour) -> [(String, DataValue)] {
        let fixed = link.fixedQueryKeys
        var data: [(String, DataValue)] = [
            ("behaviour", .string(behaviour.rawValue)),
            ("deferredLink", .string(link.deferredLink(fixed: fixed))),
            ("fixed", .strings(fixed)),
            (
                "store",
                app.ios?.hasCampaignTokens == true ? .string(link.storeURL(app: app)) : .json(constants.storeJSON)
            ),
            ("web", .string(link.webURL)),
            ("fallback", .string(link.options.fallback.rawValue)),
            ("delay", .int(link.options.fallbackDelayMs)),
            ("deferred", .strings(link.options.deferred.map(\.rawValue))),
            ("cookieName", .string(link.options.cookieName)),
            ("cookieDays", .int(link.options.cookieDays)),
            ("forwardQuery", .bool(link.options.forwardQuery)),
        ]
        // Only when off: the pages count by default, and every byte is in every page.
        switch site.counts {
        case .log: break
        case .off: data.append(("counts", .bool(false)))
        case .plausible(let endpoint, let domain):
            data.append(
                (
                    "counts",
                    .json(
                        "{\"e\":" + Escaping.jsonString(endpoint)
                            + (domain.map { ",\"d\":" + Escaping.jsonString($0) } ?? "") + "}")
                ))
        }
        // Only when set: most links keep the defaults, and every byte is in every page.
        if link.options.inAppBrowsers != .escape {
            data.append(("inApp", .string(link.options.inAppBrowsers.rawValue)))
        }
        if let question = link.options.confirmStore { data.append(("confirm", .string(question))) }
        // Where a desktop goes, only when it is not the web page (else the store) as always:
        // "" stays to show the QR code.
        switch link.desktopMode {
        case .qr: data.append(("desktop", .string("")))
        case .store: data.append(("desktop", .string(link.storeURL(app: app) ?? "")))
        case .web: if let url = link.options.desktopURL { data.append(("desktop", .string(url))) }
        }
        if let route = link.route {
            data.append(("route", .json(route.scriptSegments)))
            data.append(("page", .string(route.pageFolder + "/")))
        }
        if let longLinks = link.longLinks {
            data += longLinkData(longLinks)
        }
        // The link's Android fallback; the app's package, scheme and Google Play are in
        // trampoline-more.js, which makes the intent and reads the campaign's utm_* keys for Play's
        // referrer from the deferred link (every page would repeat them).
        if constants.androidJSON != nil {
            data.append(("android", .string((link.options.androidFallback ?? link.options.fallback).rawValue)))
        }
        return data
    }

    /// `trampoline-more.js` with its marker replaced by a JSON object: the app's name, the iOS app
    /// IDs the AASA claims the pages for, whether the site has `assetlinks.json`, and
    /// `Templates/in-app.md` rendered to HTML.
    private func moreScriptBytes() -> [UInt8] {
        let inApp = page(named: TemplateSet.inAppTemplate)
        var markdown: [UInt8] = []
        inApp.body.render(bodyValues().ordered, into: &markdown)
        let html = String(decoding: MarkdownRenderer.html(from: markdown), as: UTF8.self)
        let config =
            "{"
            + [
                "\"app\":" + Escaping.jsonString(app.name),
                "\"appIDs\":[" + app.appIDs.map(Escaping.jsonString).joined(separator: ",") + "]",
                "\"assetLinks\":" + (app.android == nil ? "false" : "true"),
                "\"android\":" + (constants.androidJSON.map { "{" + $0 + "}" } ?? "null"),
                "\"inApp\":" + Escaping.jsonString(html),
            ].joined(separator: ",") + "}"
        return Array(
            templates.moreScript.replacingOccurrences(
                of: TemplateSet.moreScriptConfigMarker, with: "(" + Escaping.scriptSafeJSON(config) + ")"
            ).utf8)
    }

    /// A link's `qr.svg`. The planner leaves out URLs too long for a QR code, so encoding cannot fail here.
    func qrCodeBytes(url: String, errorCorrection: QRErrorCorrection) -> [UInt8] {
        do {
            return try QRCode(text: url, errorCorrection: errorCorrection).svgBytes()
        } catch {
            preconditionFailure("the plan holds a QR code the planner should have refused: \(error)")
        }
    }

    /// `index.html`, `404.html` or `loadCookie.html`.
    private func specialPageBytes(_ special: SpecialPage) -> [UInt8] {
        let template = page(named: special.templateName)
        let siteTitle = site.title ?? app.name
        var data: [(String, DataValue)] = []
        var script: PageScript?
        if case .notFound(let routes) = special, !routes.isEmpty {
            data =
                [("behaviour", .string(template.behaviour.rawValue)), ("routes", .json(Self.routeTable(routes)))]
                + androidStore(buttonOf: template)
            script = .routeTable
        } else if special == .home || special == .notFound(routes: []) {
            // The home page hands a long link (`/?link=…`) to the long-link page.
            let long: [(String, DataValue)] =
                special == .home && site.longLinks != nil
                ? [("long", .string("/\(OutputPath.longLinkFolder)/"))] : []
            let store = androidStore(buttonOf: template)
            if !store.isEmpty || !long.isEmpty {
                data = [("behaviour", .string(template.behaviour.rawValue))] + store + long
                script = .routeTable
            }
        }
        if case .linkLookup(let shards, let routes) = special {
            data = linkLookupData(shards: shards, routes: routes)
            script = .linkLookup
        } else if template.behaviour == .loadCookie, case .loadCookie(let names) = special {
            data = [
                ("behaviour", .string(template.behaviour.rawValue)),
                ("cookieNames", .strings(names)),
                ("scheme", .string(app.scheme)),
            ]
        }
        let pageTitle: String
        switch special {
        case .home: pageTitle = siteTitle
        case .notFound, .linkLookup: pageTitle = "\(constants.pageLanguage.strings.notFoundTitle) · \(siteTitle)"
        case .loadCookie: pageTitle = app.name
        }
        return page(
            template: template, values: bodyValues(),
            frame: Frame(
                title: Array(pageTitle.utf8), description: nil,
                url: special == .home ? Array((site.url + "/").utf8) : nil,
                image: nil, banner: app.ios.map { Array("app-id=\($0.appStoreID)".utf8) },
                buttonHref: template.behaviour == .page ? bytes(app.storeURL) : nil,
                // With both apps, the App Store's button and Google Play's: a page without a script
                // cannot tell the phones apart, and an Android phone must never get only the App Store.
                playHref: template.behaviour == .page && app.ios != nil ? bytes(app.android?.playStoreURL) : nil,
                data: data, script: script
            )
        )
    }

    /// A store page's data for Android visitors (trampoline-route.js, inline or loaded by the
    /// compact layout's lookup, swaps the button): Google Play and its label, when the catalog has an Android app and the page a button.
    func androidStore(buttonOf template: PageTemplate) -> [(String, DataValue)] {
        guard let android = app.android, template.behaviour == .page else { return [] }
        return [("play", .string(android.playStoreURL)), ("playButton", .string("Get \(app.name) on Google Play"))]
    }

    /// The values of a body or button template; the app's three are the same for every page,
    /// made once. Pages other than a link's have none of the link's texts (the defaults).
    func bodyValues(
        title: [UInt8]? = nil, description: [UInt8]? = nil, image: [UInt8]? = nil, url: [UInt8]? = nil,
        deepLink: [UInt8]? = nil, language: PageLanguage? = nil
    ) -> BodyValues {
        BodyValues(
            app: constants.appName, siteTitle: constants.siteTitle, storeURL: constants.storeURL, title: title,
            description: description, image: image, url: url, deepLink: deepLink,
            strings: (language ?? constants.pageLanguage).values)
    }

    /// `text`'s UTF-8 bytes, what templates take.
    private func bytes(_ text: String?) -> [UInt8]? {
        text.map { Array($0.utf8) }
    }

    /// What the layout needs beyond the body, texts as UTF-8 bytes.
    struct Frame {
        /// The page's title (every page's title is its page title).
        var title: [UInt8]
        /// Plain text.
        var description: [UInt8]?
        var url: [UInt8]?
        var image: [UInt8]?
        /// The Smart App Banner's content; nil without an iOS app.
        var banner: [UInt8]?
        var buttonHref: [UInt8]?
        /// Google Play's button beside the App Store's (the home and 404 pages of an app on both).
        var playHref: [UInt8]? = nil
        /// "Continue on the web": the link's `web_url`.
        var webHref: [UInt8]? = nil
        /// The link's `qr.svg`, shown to a desktop (`desktop: qr`).
        var qrSource: [UInt8]? = nil
        /// Keys and values, in a fixed order for byte-identical output.
        var data: [(String, DataValue)]
        /// The script (and its policy) when it is not the template's behaviour's: the 404 page of
        /// a site with routes, and the compact layout's lookup page.
        var script: PageScript? = nil
        /// Meta's App Links tags: a link's page only.
        var appLinks = AppLinkTags()
        /// A link's own `language`, when it is not the site's.
        var language: PageLanguage? = nil
    }

    /// The page's script and policy are its template behaviour's, unless `frame.script` says.
    func page(template: PageTemplate, values: BodyValues, frame: Frame) -> [UInt8] {
        // Markdown is rendered after the placeholders; values are Markdown-escaped, except the
        // description, which is Markdown by design (cmark's safe mode drops raw HTML from it).
        var markdown: [UInt8] = []
        let valueBytes = values.ordered
        template.body.render(valueBytes, into: &markdown)
        let content = MarkdownRenderer.html(from: markdown)
        let words = frame.language ?? constants.pageLanguage
        var button: [UInt8] = []
        if let buttonTemplate = template.button {
            buttonTemplate.render(valueBytes, into: &button)
        } else {
            button = Array(words.strings.openApp.utf8)
        }
        // `{"key":value,…}`, made safe for a script element as it is written.
        var json: [UInt8]?
        if !frame.data.isEmpty {
            var object: [UInt8] = [UInt8(ascii: "{")]
            object.reserveCapacity(1024)
            for (index, (key, value)) in frame.data.enumerated() {
                if index > 0 { object.append(UInt8(ascii: ",")) }
                // Keys are this file's own identifiers: nothing in them to escape.
                assert(
                    key.utf8.allSatisfy { $0 < 0x80 && (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0 | 0x20) },
                    "data key \(key)")
                object.append(UInt8(ascii: "\""))
                object.append(contentsOf: key.utf8)
                object.append(UInt8(ascii: "\""))
                object.append(UInt8(ascii: ":"))
                value.appendScriptSafe(to: &object)
            }
            object.append(UInt8(ascii: "}"))
            json = object
        }
        // Images the page shows: its own and any in the rendered body (a description's, say).
        let pageScript = frame.script ?? PageScript(template.behaviour)
        // loadCookie.html is the app's, in a web view no one sees: it fetches nothing but itself.
        let icon = pageScript == .loadCookie ? nil : constants.iconSource
        let images = ContentSecurityPolicy.imageSources(in: content) + (icon.map { [$0] } ?? [])
        var layout = LayoutValues()
        layout.lang = words.tag
        layout.title = frame.title
        layout.siteTitle = constants.siteTitle
        layout.appleItunesApp = frame.banner
        layout.content = content
        layout.buttonText = button
        layout.style = constants.style
        layout.csp = csp.policy(script: pageScript, imageSources: images)
        layout.description = frame.description.flatMap { $0.isEmpty ? nil : $0 }
        layout.url = frame.url
        layout.image = frame.image
        layout.buttonHref = frame.buttonHref
        layout.data = json
        layout.script = scriptBytes(pageScript)
        layout.dir = words.direction
        layout.appName = constants.appName
        layout.playHref = frame.playHref
        layout.playText = frame.playHref.map { _ in Array(words.strings.getPlay.utf8) }
        layout.webHref = frame.webHref
        layout.webText = frame.webHref.map { _ in Array(words.strings.continueWeb.utf8) }
        layout.qrSource = frame.qrSource
        layout.qrText = frame.qrSource.map { _ in Array(words.strings.scanPhone.utf8) }
        layout.appIcon = icon.map { Array($0.utf8) }
        layout.appLinks = frame.appLinks
        var out: [UInt8] = []
        out.reserveCapacity(8 * 1024)
        templates.layout.render(layout.ordered, into: &out)
        return out
    }

    /// Layout values every page shares, as bytes once.
    struct Constants: Sendable {
        /// `site.language`, with the built-in strings in it.
        var pageLanguage: PageLanguage
        var siteTitle: [UInt8], style: [UInt8], script: [UInt8], loadCookieScript: [UInt8],
            routeScript: [UInt8]
        /// ``SiteRenderer/bodyValues(title:description:image:url:deepLink:)``'s first three
        /// (``siteTitle`` is the second).
        var appName: [UInt8], storeURL: [UInt8]?
        /// `app.icon`'s `src`, if there is one.
        var iconSource: String?
        /// The app's own values in a link's data, the same for every link: encoded once.
        var storeJSON: String, androidJSON: String?
    }

    /// The inline script's bytes, if any.
    private func scriptBytes(_ script: PageScript) -> [UInt8]? {
        switch script {
        case .none: nil
        case .loadCookie: constants.loadCookieScript
        case .link, .linkLookup: constants.script
        case .routeTable: constants.routeScript
        }
    }
}
