import Foundation
@_spi(Generator) import TrampolineLink
import XCTest

@testable import TrampolineBuild
@testable import TrampolineCatalog
@testable import TrampolineModel
@testable import TrampolineSite

/// Routes in the catalog (README, "Routes"): parsing and its errors at line:column, precedence,
/// ambiguity, the deep link's placeholders, the output (route pages, `_redirects`, the 404 page's
/// table, `trampoline-route.js`), and the AASA's wildcards read back by the offline matcher.
final class RouteCatalogTests: XCTestCase {
    static func catalog(links: String) -> String {
        """
        site:
          url: https://go.example.com
        app:
          name: Tabi
          ios:
            team_id: ABCDE12345
            bundle_id: com.example.tabi
            app_store_id: "1356057329"
            scheme: tabi
          android:
            package: com.example.tabi
            sha256_cert_fingerprints: ["146de983c5730650d8eeb9952f34fc6416a08342e61dbea88a0496b23fcf44e5"]
        links:
        \(links)
        """
    }

    static let routes = catalog(
        links: """
              - path: /restaurant/:id(digits)
                title: A restaurant
                campaign: {utm_source: web}
              - path: /restaurant/best
                deep_link: tabi://best
                title: The best one
              - path: /restaurant/*name
                deep_link: tabi://search/*name
                title: Search
              - path: /guide/:slug/
                deep_link: tabi://guide?slug=:slug
                title: A guide
            """)

    func load(_ yaml: String) -> (Catalog?, [String]) {
        let (catalog, engine) = CatalogLoader(knownTemplates: ["interstitial", "redirect"]).load(
            yaml: yaml, displayPath: "site-config.yml")
        return (catalog, engine.sorted.filter { $0.severity == .error }.map(\.description))
    }

    // MARK: - The shared table

    /// The segments the pages get for each pattern of Tests/Fixtures/route-patterns.json are those
    /// the table lists, which Tests/Browser/test_routes.py runs the pages' matcher on.
    func testScriptSegmentsAreTheSharedTables() throws {
        let url = TestPaths.sharedFixtures.appendingPathComponent("route-patterns.json")
        let table = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
        let segments = try XCTUnwrap(table["segments"] as? [String: Any])
        let matches = try XCTUnwrap(table["matches"] as? [[String: Any]])
        XCTAssertEqual(
            Set(segments.keys), Set(matches.compactMap { $0["pattern"] as? String }),
            "one entry per pattern of the table")
        for (pattern, expected) in segments {
            let route = Route(try RoutePattern(pattern))
            let got = try JSONSerialization.jsonObject(with: Data(route.scriptSegments.utf8))
            XCTAssertEqual(got as? NSArray, expected as? NSArray, pattern)
        }
    }

    /// Filling a deep link in (Route.fill) gives the table's results, which the browser suite
    /// checks the pages' script on. A parameter is given as its segments (one, or a rest's several).
    func testFillsAreTheSharedTables() throws {
        struct Fill: Decodable {
            var link: String
            var params: [String: [String]]
            var result: String
        }
        struct Table: Decodable { var fills: [Fill] }
        let url = TestPaths.sharedFixtures.appendingPathComponent("route-patterns.json")
        let fills = try JSONDecoder().decode(Table.self, from: Data(contentsOf: url)).fills
        XCTAssertGreaterThanOrEqual(fills.count, 8)
        for fill in fills {
            let parameters = fill.params.mapValues { $0.joined(separator: "/") }
            XCTAssertEqual(
                Route.fill(fill.link, parameters: parameters, restNames: Set(fill.params.keys)), fill.result, fill.link)
        }
    }

    // MARK: - Catalog

    func testRoutesAreReadWithDerivedDeepLinksAndTriedMostSpecificFirst() throws {
        let (catalog, errors) = load(Self.routes)
        XCTAssertEqual(errors, [])
        let c = try XCTUnwrap(catalog)
        XCTAssertEqual(
            c.links.map(\.path), ["/restaurant/:id(digits)", "/restaurant/best", "/restaurant/*name", "/guide/:slug"])
        XCTAssertEqual(c.links.map { $0.route != nil }, [true, false, true, true])
        XCTAssertEqual(c.links[0].deepLink, "tabi://restaurant/:id", "derived from the path, constraint left out")
        XCTAssertEqual(c.routes.map(\.pattern.text), ["/guide/:slug", "/restaurant/:id(digits)", "/restaurant/*name"])
    }

    func testPrecedenceGoesSegmentBySegmentFromTheLeft() throws {
        let texts = ["/a/*rest", "/a/:x", "/a/b/*rest", "/a/:x(digits)", "/a/:x/c", "/a/b/:y", "/z/:x"]
        let ordered = Route.ordered(try texts.map { Route(try RoutePattern($0)) }).map(\.pattern.text)
        XCTAssertEqual(ordered, ["/a/b/:y", "/a/b/*rest", "/a/:x(digits)", "/a/:x/c", "/a/:x", "/a/*rest", "/z/:x"])
    }

    func testEveryMistakeIsAnErrorAtItsLineAndColumn() {
        func errors(_ links: String) -> [String] { load(Self.catalog(links: links)).1 }
        // Links start on line 14; `  - path: ` puts a plain value at column 11, a quoted one's text at 12.
        func first(_ path: String) -> String { errors("  - path: \(path)\n    title: t").first ?? "no error" }
        XCTAssertTrue(
            first("\"/r/:\"").hasPrefix("site-config.yml:14:15: error: route '/r/:': a parameter needs a name"),
            first("\"/r/:\""))
        XCTAssertTrue(
            first("\"/r/:id/:id\"").hasPrefix(
                "site-config.yml:14:19: error: route '/r/:id/:id': the parameter name 'id' is used twice"),
            first("\"/r/:id/:id\""))
        XCTAssertTrue(
            first("/r/*rest/x").hasPrefix(
                "site-config.yml:14:14: error: route '/r/*rest/x': a *rest parameter must be the last"),
            first("/r/*rest/x"))
        XCTAssertTrue(
            first("/r/:id(digitz)").hasPrefix(
                "site-config.yml:14:18: error: route '/r/:id(digitz)': unknown constraint 'digitz'"),
            first("/r/:id(digitz)"))
        XCTAssertTrue(
            first("/r/a$/:id").hasPrefix("site-config.yml:14:15: error: route '/r/a$/:id': '$' is not allowed"),
            first("/r/a$/:id"))
        XCTAssertTrue(
            first("/:id").hasPrefix("site-config.yml:14:12: error: route '/:id' starts with a parameter"), first("/:id")
        )
        XCTAssertTrue(first("/_routes/:id").contains("reserved"), first("/_routes/:id"))
        XCTAssertTrue(
            first("/r/.x/:id").hasPrefix(
                "site-config.yml:14:14: error: route '/r/.x/:id' has a segment starting with '.'"), first("/r/.x/:id"))
        let placeholder = errors("  - path: /r/:id\n    deep_link: tabi://x/:id/:slug\n    title: t")
        XCTAssertEqual(placeholder.count, 1)
        XCTAssertTrue(
            placeholder[0].hasPrefix(
                "site-config.yml:15:29: error: deep_link uses the parameter 'slug', which the path '/r/:id' does not have"
            ), placeholder[0])
        let ambiguous = errors("  - path: /r/:id(digits)\n    title: a\n  - path: /r/:key\n    title: b")
        XCTAssertEqual(ambiguous.count, 1)
        XCTAssertTrue(
            ambiguous[0].hasPrefix(
                "site-config.yml:16:5: error: route /r/:key is ambiguous with the route /r/:id(digits) at site-config.yml:14:5"
            ), ambiguous[0])
        let sharedPage = errors("  - path: /r/:a/:b\n    title: a\n  - path: /r/_a/:b\n    title: b")
        XCTAssertEqual(sharedPage.count, 1)
        XCTAssertTrue(sharedPage[0].contains("would share its page /_routes/r/_a/_b/"), sharedPage[0])
        XCTAssertTrue(
            errors("  - path: /_routes/x\n    title: t")[0].contains("reserved"),
            "plain links may not use the route pages' folder")
    }

    // MARK: - Deep link

    func testPlaceholdersAreFilledPercentEncodedAndOnlyFromMatchedNames() throws {
        XCTAssertEqual(Route.placeholders(in: "tabi://r/:id?x=*rest&y=a:b").map(\.name), ["id", "rest"])
        XCTAssertEqual(Route.placeholders(in: "tabi://r/:id").map(\.column), [10])
        let link = "tabi://search/*name?id=:id&k=:other"
        let filled = Route.fill(
            link, parameters: ["name": "a b/\"><script>", "id": "javascript:alert(1)"], restNames: ["name"])
        XCTAssertEqual(filled, "tabi://search/a%20b/%22%3E%3Cscript%3E?id=javascript%3Aalert%281%29&k=:other")
        let route = Route(try RoutePattern("/restaurant/:id(digits)"))
        XCTAssertEqual(
            route.pattern.match(path: "/restaurant/%34%32").map {
                Route.fill("tabi://restaurant/:id", parameters: $0, restNames: route.restNames)
            }, "tabi://restaurant/42")
    }

    // MARK: - Output

    /// Routes in the compact layout: each route keeps its page; plain links live in the link
    /// table, a plain link a route's rule would take is kept for the lookup page, and every other
    /// path goes there last. The lookup page carries the route table for hosts without rewrites.
    func testCompactSitesKeepRoutePagesAndSendPlainLinksToTheLookupPage() throws {
        let yaml = Self.routes.replacingOccurrences(
            of: "  url: https://go.example.com\n", with: "  url: https://go.example.com\n  layout: compact\n")
        let build = try SiteFixture(catalog: yaml).build()
        func rules(_ build: SiteBuild) throws -> [Substring] {
            String(decoding: try XCTUnwrap(build["_redirects"]), as: UTF8.self).split(separator: "\n").filter {
                !$0.hasPrefix("#")
            }
        }
        let routeRules: [Substring] = [
            "/restaurant/best /404.html 200",
            "/guide/:slug /_routes/guide/_slug/ 200",
            "/restaurant/:id /_routes/restaurant/_id/ 200",
            "/restaurant/* /_routes/restaurant/_name/ 200",
        ]
        XCTAssertEqual(try rules(build), routeRules + ["/* /404.html 200"])
        let paths = build.plan.paths.map(\.value)
        XCTAssertTrue(paths.contains("_routes/restaurant/_id/index.html"), "\(paths)")
        XCTAssertTrue(paths.contains("trampoline-route.js"))
        XCTAssertFalse(paths.contains("restaurant/best/index.html"), "a plain link has no page in the compact layout")
        let table = try XCTUnwrap(build["_links/0.json"])
        let entries = try XCTUnwrap(JSONSerialization.jsonObject(with: table) as? [String: Any])
        let id = LinkSealing.name(host: build.catalog.site.host, path: "/restaurant/best", shards: 1).id
        XCTAssertEqual(entries.keys.sorted(), [id], "only plain links are in the table")
        let lookup = String(decoding: try XCTUnwrap(build["404.html"]), as: UTF8.self)
        XCTAssertTrue(lookup.contains(#""behaviour":"link-lookup""#), lookup)
        XCTAssertTrue(lookup.contains(#""routes":[[["guide",[":","slug"]],"/_routes/guide/_slug/"]"#), lookup)
        // On Cloudflare Pages the same rules, without the catch-all.
        let cloudflare = try SiteFixture(
            catalog: yaml.replacingOccurrences(
                of: "  layout: compact\n", with: "  layout: compact\n  host: cloudflare-pages\n")
        ).build()
        XCTAssertEqual(try rules(cloudflare), routeRules)
    }

    func testTheSiteHasOnePagePerRouteRewriteRulesAndAFourOhFourTable() throws {
        let site = try SiteFixture(catalog: Self.routes)
        let build = try site.build()
        let redirects = String(decoding: try XCTUnwrap(build["_redirects"]), as: UTF8.self)
        XCTAssertEqual(
            redirects.split(separator: "\n").filter { !$0.hasPrefix("#") },
            [
                "/restaurant/best /restaurant/best/ 200",
                "/guide/:slug /_routes/guide/_slug/ 200",
                "/restaurant/:id /_routes/restaurant/_id/ 200",
                "/restaurant/* /_routes/restaurant/_name/ 200",
            ])
        let page = String(decoding: try XCTUnwrap(build["_routes/restaurant/_id/index.html"]), as: UTF8.self)
        XCTAssertTrue(page.contains(#""deferredLink":"tabi://restaurant/:id?utm_source=web""#), page)
        XCTAssertTrue(
            page.contains(#""route":["restaurant",[":","id","digits"]],"page":"/_routes/restaurant/_id/""#), page)
        XCTAssertFalse(page.contains("canonical"), "a route's page stands for many URLs")
        XCTAssertTrue(page.contains(#"<meta name="apple-itunes-app" content="app-id=1356057329">"#))
        XCTAssertNil(build["_routes/restaurant/_id/qr.svg"], "routes get no QR code")
        let notFound = String(decoding: try XCTUnwrap(build["404.html"]), as: UTF8.self)
        XCTAssertTrue(
            notFound.contains(
                #""routes":[[["guide",[":","slug"]],"/_routes/guide/_slug/"],[["restaurant",[":","id","digits"]],"/_routes/restaurant/_id/"],[["restaurant",["*","name"]],"/_routes/restaurant/_name/"]]"#
            ), notFound)
        XCTAssertTrue(notFound.contains("script-src 'sha256-"), "the 404 page may run its route table")
        XCTAssertNotNil(build["trampoline-route.js"])
        for (path, data) in build.files where path.hasSuffix(".html") {
            XCTAssertLessThanOrEqual(data.count, 8 * 1024, path)
        }
        let again = try SiteFixture(catalog: Self.routes).build()
        XCTAssertEqual(build.files, again.files, "same catalog, same bytes")
    }

    /// Cloudflare Pages reads at most 100 dynamic rules: more routes than that is a warning.
    func testMoreRoutesThanCloudflareReadsIsAWarning() throws {
        let links = (0...100).map { "  - path: /r\($0)/:id\n    title: t" }.joined(separator: "\n")
        let build = try SiteFixture(catalog: Self.catalog(links: links)).build()
        let warnings = build.warnings.map(\.description).filter { $0.contains("_redirects") }
        XCTAssertEqual(warnings.count, 1, "\(build.warnings)")
        XCTAssertTrue(
            warnings.first?.contains(
                "_redirects has 101 route rules and 0 rules keeping plain links beside routes; Cloudflare Pages reads at most 100 and 2000"
            ) == true, "\(warnings)")
        let fewer = try SiteFixture(
            catalog: Self.catalog(
                links: (0..<100).map { "  - path: /r\($0)/:id\n    title: t" }.joined(separator: "\n"))
        ).build()
        XCTAssertFalse(fewer.warnings.contains { $0.message.contains("_redirects") })
    }

    /// Without routes: no rewrite rules and no route script file; the 404 page inlines the route
    /// script only to give Android phones Google Play, so without an Android app it has none.
    func testASiteWithoutRoutesHasNoRouteFiles() throws {
        let build = try SiteFixture(catalog: Self.catalog(links: "  - path: /topic/1\n    title: t")).build()
        XCTAssertNil(build["_redirects"])
        XCTAssertNil(build["trampoline-route.js"])
        XCTAssertFalse(
            String(decoding: try XCTUnwrap(build["404.html"]), as: UTF8.self).contains("script-src 'none'"),
            "the 404 page gives Android phones Google Play")
        let iosOnly = try SiteFixture(
            catalog: Self.catalog(links: "  - path: /topic/1\n    title: t").replacingOccurrences(
                of:
                    "  android:\n    package: com.example.tabi\n    sha256_cert_fingerprints: [\"146de983c5730650d8eeb9952f34fc6416a08342e61dbea88a0496b23fcf44e5\"]\n",
                with: "")
        ).build()
        XCTAssertNil(iosOnly["_redirects"])
        XCTAssertNil(iosOnly["trampoline-route.js"])
        let notFound = String(decoding: try XCTUnwrap(iosOnly["404.html"]), as: UTF8.self)
        XCTAssertTrue(notFound.contains("script-src 'none'"))
    }

    // MARK: - Claims

    /// ``routes`` with `site.claims: links`: the claims of each route and link, not the domain's.
    static let routesClaimedByLink = routes.replacingOccurrences(
        of: "  url: https://go.example.com\n", with: "  url: https://go.example.com\n  claims: links\n")

    func testTheAASAClaimsEachRouteByWildcardAndNeverTheSitesOwnFiles() throws {
        let build = try SiteFixture(catalog: Self.routesClaimedByLink).build()
        let data = try XCTUnwrap(build["apple-app-site-association"])
        let matcher = try AASAMatcher(data: data)
        let app = "ABCDE12345.com.example.tabi"
        let host = "go.example.com"
        func decision(_ path: String) -> AASADecision {
            matcher.verdict(for: "https://\(host)\(path)", appID: app, domain: host).decision
        }
        for route in build.catalog.routes {
            let sample = route.samplePath
            for path in [sample, sample + "/", sample + "?date=2026-12-01", sample + "/?x=1"] {
                XCTAssertEqual(decision(path), .match, path)
            }
            XCTAssertNotEqual(decision(sample + "?debug=1"), .match, "the debug view stays a page")
        }
        XCTAssertEqual(decision("/restaurant/best"), .match)
        for path in [
            "/", "/index.html", "/404.html", "/loadCookie.html", "/trampoline-more.js", "/trampoline-route.js",
            "/_routes/restaurant/_id/", "/other/1",
        ] {
            XCTAssertNotEqual(decision(path), .match, path)
        }
        var engine = DiagnosticEngine()
        ClaimVerifier.verify(aasa: data, catalog: build.catalog, engine: &engine)
        XCTAssertEqual(engine.diagnostics, [])
        let json = String(decoding: data, as: UTF8.self)
        XCTAssertTrue(json.contains(#""/restaurant/*""#) && json.contains(#""/guide/*""#))
        XCTAssertLessThan(
            json.range(of: #""/loadCookie.html", "exclude": true"#)!.lowerBound,
            json.range(of: #""/restaurant/*""#)!.lowerBound, "exclusions first")
        XCTAssertLessThan(
            json.range(of: #""/restaurant/best/""#)!.lowerBound, json.range(of: #""/restaurant/*""#)!.lowerBound,
            "plain links before the routes' wildcards")
        XCTAssertEqual(
            matcher.verdict(for: "https://\(host)/restaurant/best", appID: app, domain: host).rule,
            #"{"/": "/restaurant/best"}"#, "the plain link's own rule decides")
    }

    /// The verifier reads a route's claim back on its sample URL: a file without the wildcard is
    /// an error at the route, naming the URL.
    func testAnUnclaimedRouteIsAnErrorAtTheRoute() throws {
        let build = try SiteFixture(catalog: Self.routesClaimedByLink).build()
        let aasa = String(decoding: try XCTUnwrap(build["apple-app-site-association"]), as: UTF8.self)
            .replacingOccurrences(of: #",\#n        {"/": "/guide/*"}"#, with: "").replacingOccurrences(
                of: #", "/guide/*""#, with: "")
        XCTAssertFalse(aasa.contains("/guide/*"))
        var engine = DiagnosticEngine()
        ClaimVerifier.verify(aasa: Data(aasa.utf8), catalog: build.catalog, engine: &engine)
        XCTAssertEqual(engine.diagnostics.count, 1, "\(engine.diagnostics)")
        let first = try XCTUnwrap(engine.diagnostics.first)
        XCTAssertTrue(
            first.description.hasPrefix(
                "site-config.yml:24:5: error: the apple-app-site-association file does not claim https://go.example.com/guide/sample for ABCDE12345.com.example.tabi"
            ), first.description)
    }

    /// A route's page is scanned for links to claimed URLs like any other page.
    func testARoutePageLinkingToAClaimedURLIsAWarning() throws {
        let catalog = Self.routes.replacingOccurrences(
            of: "    title: A guide",
            with: "    title: A guide\n    description: See [the restaurant](https://go.example.com/restaurant/7).")
        let build = try SiteFixture(catalog: catalog).build()
        let matcher = try AASAMatcher(data: try XCTUnwrap(build["apple-app-site-association"]))
        let warnings = SameHostChecker(catalog: build.catalog, matcher: matcher).warnings(for: build).map(\.description)
        XCTAssertEqual(warnings.count, 1, "\(warnings)")
        XCTAssertTrue(
            warnings.first?.contains("the description of /guide/:slug links to https://go.example.com/restaurant/7")
                == true, "\(warnings)")
    }

    func testTheIntentFilterUsesPathPatternAndPathPrefix() throws {
        let (catalog, _) = load(Self.routesClaimedByLink)
        let xml = try XCTUnwrap(IntentFilter.xml(for: try XCTUnwrap(catalog)))
        XCTAssertTrue(xml.contains(#"<data android:pathPattern="/restaurant/..*" />"#), xml)
        XCTAssertTrue(xml.contains(#"<data android:pathPrefix="/restaurant/" />"#), xml)
        XCTAssertTrue(xml.contains(#"<data android:pathPattern="/guide/..*" />"#), xml)
        XCTAssertTrue(xml.contains(#"<data android:path="/restaurant/best" />"#), xml)
        XCTAssertEqual(Route(try RoutePattern("/v1.2/:id")).intentFilterData.value, #"/v1\\.2/..*"#)
    }
}
