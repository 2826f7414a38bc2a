import Foundation
import TrampolineTestSupport
import XCTest

/// Every fast path (contributing/fast-paths.md lists them) stands for a plain path that makes the same bytes.
/// `TRAMPOLINE_PLAIN_PATHS=all` turns them all off: each catalog here is built with them and
/// without, first into an empty folder and then again after an edit (the rebuild is where the link
/// cache, the catalog layout, the list pieces, the claim cache and the stamps work), and every file
/// of the two sites must be the same bytes.
final class PlainPathsTests: XCTestCase {
    static let header = """
        site:
          url: https://go.example.com
          title: Marry links
        app:
          name: Marry
          ios: {team_id: ABCDE12345, bundle_id: com.example.marry, app_store_id: "1356057329", scheme: marry}
          android:
            package: com.example.marry
            sha256_cert_fingerprints: [146de983c5730650d8eeb9952f34fc6416a08342e61dbea88a0496b23fcf44e5]
        defaults:
          template: interstitial
          fallback: store

        """

    /// Four description shapes in turn (rotating), or every description its own words (distinct);
    /// enough links that the list is read in several pieces (192 KB each).
    static func catalog(links count: Int, distinct: Bool, site: String = "") -> String {
        var text = header.replacingOccurrences(of: "  title: Marry links\n", with: "  title: Marry links\n" + site)
        text += "links:\n"
        for i in 1...count {
            let word = distinct ? "w\(i)x" : "word"
            let description: String
            switch i % 4 {
            case 0: description = "A *\(word)* plan with **emphasis**, number \(i % 7)."
            case 1: description = "A list:\\n\\n- \(word) one\\n- two"
            case 2: description = "See [the \(word) guide](https://example.com/guide/\(i % 5))."
            default: description = "Run `\(word) --now` to start."
            }
            text += """
                  - path: /p/\(i)
                    deep_link: marry://plan/\(i)
                    title: "Plan \(i) – été \(word)"
                    description: "\(description)"
                    web_url: https://example.com/plans/\(i)
                    campaign: {utm_source: news, utm_campaign: spring-\(i % 3)}

                """
        }
        return text
    }

    static let routes = """
          - path: /restaurant/:id(digits)
            deep_link: marry://restaurant/:id
            title: A restaurant
          - path: /restaurant/best
            deep_link: marry://best
            title: Our pick
          - path: /search/*terms
            deep_link: marry://search/*terms
            title: Search

        """

    /// Builds `catalog` in a folder of its own, with the fast paths or without, then edits one link,
    /// adds one, and builds again; returns both sites' files.
    func buildTwice(_ catalog: String, plain: Bool, home: URL) throws -> (
        first: [String: Data], second: [String: Data], linkCache: Bool
    ) {
        let dir = try TemporaryDirectory()
        try dir.write("site-config.yml", catalog)
        var environment = ["HOME": home.path, "XDG_CACHE_HOME": home.appendingPathComponent("cache").path]
        if plain { environment["TRAMPOLINE_PLAIN_PATHS"] = "all" }
        let first = try TrampolineProcess.run(
            ["build", "--output", "site"], in: dir.url, environment: environment)
        XCTAssertEqual(first.status, 0, first.stdout + first.stderr)
        let firstSite = dir.contents(of: "site")
        let edited =
            catalog.replacingOccurrences(of: "title: \"Plan 2 ", with: "title: \"Plan two ")
            + "  - {path: /added, deep_link: \"marry://added\", title: Added}\n"
        try dir.write("site-config.yml", edited)
        let second = try TrampolineProcess.run(
            ["build", "--output", "site"], in: dir.url, environment: environment)
        XCTAssertEqual(second.status, 0, second.stdout + second.stderr)
        let linkCache = FileManager.default.fileExists(
            atPath: dir.url.appendingPathComponent(".trampoline/.catalogs").path)
        return (firstSite, dir.contents(of: "site"), linkCache)
    }

    func assertSameSites(_ catalog: String, _ name: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let home = try TemporaryDirectory()
        let fast = try buildTwice(catalog, plain: false, home: home.url)
        let plain = try buildTwice(catalog, plain: true, home: home.url)
        for (step, a, b) in [("first build", fast.first, plain.first), ("rebuild", fast.second, plain.second)] {
            XCTAssertGreaterThan(a.count, 3, "\(name), \(step): nothing built", file: file, line: line)
            XCTAssertEqual(
                a.keys.sorted(), b.keys.sorted(), "\(name), \(step): different files", file: file, line: line)
            let differing = a.keys.sorted().filter { a[$0] != b[$0] }
            XCTAssertEqual(differing, [], "\(name), \(step): files differ", file: file, line: line)
        }
        XCTAssertNotEqual(fast.first, fast.second, "\(name): the edit changed nothing", file: file, line: line)
        // The switch is seen working: the fast build keeps its link cache beside the catalog, the plain one none.
        XCTAssertTrue(fast.linkCache, "\(name): no link cache", file: file, line: line)
        XCTAssertFalse(plain.linkCache, "\(name): the plain build used the link cache", file: file, line: line)
    }

    func testTheRotatingCatalogIsTheSameBytesThroughThePlainPaths() throws {
        try assertSameSites(Self.catalog(links: 4000, distinct: false), "rotating")
    }

    func testTheDistinctCatalogIsTheSameBytesThroughThePlainPaths() throws {
        try assertSameSites(Self.catalog(links: 4000, distinct: true), "distinct")
    }

    func testTheCompactCatalogIsTheSameBytesThroughThePlainPaths() throws {
        try assertSameSites(Self.catalog(links: 2000, distinct: true, site: "  layout: compact\n"), "compact")
    }

    func testRoutesAndPerLinkClaimsAreTheSameBytesThroughThePlainPaths() throws {
        let catalog = Self.catalog(links: 300, distinct: true, site: "  claims: links\n") + Self.routes
        try assertSameSites(catalog, "routes, claims: links")
    }

    func testAFirebaseImportIsTheSameBytesThroughThePlainPaths() throws {
        let dir = try TemporaryDirectory()
        let export = try XCTUnwrap(Bundle.module.url(forResource: "Fixtures/firebase/export.csv", withExtension: nil))
        try Data(contentsOf: export).write(to: dir.url.appendingPathComponent("export.csv"))
        let imported = try TrampolineProcess.run(
            ["import", "firebase", "export.csv"] + ImportCommandTests.newCatalog, in: dir.url)
        XCTAssertEqual(imported.status, 0, imported.stderr)
        let catalog = try XCTUnwrap(dir.read("site-config.yml"))
        let linksFile = try XCTUnwrap(dir.read("firebase-links.csv"))
        let home = try TemporaryDirectory()
        var sites: [[String: Data]] = []
        for plain in [false, true] {
            let build = try TemporaryDirectory()
            try build.write("site-config.yml", catalog)
            try build.write("firebase-links.csv", linksFile)
            var environment = ["HOME": home.url.path]
            if plain { environment["TRAMPOLINE_PLAIN_PATHS"] = "all" }
            let result = try TrampolineProcess.run(
                ["build", "--output", "site"], in: build.url, environment: environment)
            XCTAssertEqual(result.status, 0, result.stdout + result.stderr)
            sites.append(build.contents(of: "site"))
        }
        XCTAssertGreaterThan(sites[0].count, 300)
        XCTAssertEqual(sites[0].keys.sorted(), sites[1].keys.sorted())
        XCTAssertEqual(sites[0].keys.sorted().filter { sites[0][$0] != sites[1][$0] }, [])
    }

    /// Builds `catalog` with the fast paths and without, each in a folder of its own, once per
    /// version of its data file `name`; asserts each pair of sites is the same bytes, that the
    /// versions changed the site, and that only the fast builds keep a cache file whose name holds
    /// `cacheMark`. Returns what the fast path's last build printed with `--timings`.
    @discardableResult
    func assertSameSitesEachWay(
        _ catalog: String, file name: String, versions: [String], cacheMark: String, home: URL, what: String,
        file: StaticString = #filePath, line: UInt = #line
    ) throws -> String {
        var sites: [[[String: Data]]] = []
        var caches: [Bool] = []
        var timings = ""
        for plain in [false, true] {
            let dir = try TemporaryDirectory()
            var environment = ["HOME": home.path, "XDG_CACHE_HOME": home.appendingPathComponent("cache").path]
            if plain { environment["TRAMPOLINE_PLAIN_PATHS"] = "all" }
            try dir.write("site-config.yml", catalog)
            var built: [[String: Data]] = []
            for version in versions {
                try dir.write(name, version)
                let result = try TrampolineProcess.run(
                    ["build", "--output", "site", "--timings"], in: dir.url, environment: environment)
                XCTAssertEqual(result.status, 0, result.stdout + result.stderr, file: file, line: line)
                if !plain { timings = result.stderr }
                built.append(dir.contents(of: "site"))
            }
            sites.append(built)
            let folder = dir.url.appendingPathComponent(".trampoline/.catalogs")
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
            caches.append(names.contains { $0.contains(cacheMark) })
        }
        XCTAssertEqual(caches, [true, false], "\(what): only the fast build keeps its cache", file: file, line: line)
        for step in versions.indices {
            let (fast, plain) = (sites[0][step], sites[1][step])
            XCTAssertGreaterThan(fast.count, 10, "\(what), build \(step + 1): nothing built", file: file, line: line)
            XCTAssertEqual(
                fast.keys.sorted(), plain.keys.sorted(), "\(what), build \(step + 1)", file: file, line: line)
            XCTAssertEqual(
                fast.keys.sorted().filter { fast[$0] != plain[$0] }, [], "\(what), build \(step + 1)", file: file,
                line: line)
        }
        XCTAssertNotEqual(sites[0].first, sites[0].last, "\(what): the edit changed nothing", file: file, line: line)
        return timings
    }

    /// A CSV or JSON links file, then 1 % of its rows edited and one added: the links file's cache
    /// (`CatalogReader+LinksFileCache.swift`) against reading every row, in the folders layout
    /// and (at 20,000 links) the compact one.
    func testACSVLinksFileIsTheSameBytesThroughThePlainPaths() throws {
        let home = try TemporaryDirectory()
        for format in ["csv", "json"] {
            for (count, layout) in [(3000, ""), (20_000, "  layout: compact\n")] {
                try assertLinksFileIsTheSameBytesEachWay(format: format, count: count, layout: layout, home: home.url)
            }
        }
    }

    private func assertLinksFileIsTheSameBytesEachWay(format: String, count: Int, layout: String, home: URL) throws {
        func links(_ count: Int, edited: Bool) -> String {
            let rows = (1...count).map { n in
                let title = edited && n % 100 == 7 ? "Plan \(n), edited" : "Plan \(n) — \"ü\", \(n % 7)"
                return (n, title)
            }
            if format == "json" {
                let objects = rows.map { n, title in
                    #"{"path": "/p/\#(n)", "title": "\#(title.replacingOccurrences(of: "\"", with: "\\\""))", "#
                        + #""deep_link": "marry://plan/\#(n)", "web_url": "https://example.com/plans/\#(n)", "#
                        + #""campaign": {"utm_source": "news"}}"#
                }
                return "[\n  " + objects.joined(separator: ",\n  ") + "\n]\n"
            }
            let lines = rows.map { n, title in
                "/p/\(n),\"\(title.replacingOccurrences(of: "\"", with: "\"\""))\",marry://plan/\(n),https://example.com/plans/\(n),news"
            }
            return (["path,title,deep_link,web_url,campaign.utm_source"] + lines).joined(separator: "\n") + "\n"
        }
        let catalog =
            Self.header.replacingOccurrences(of: "  title: Marry links\n", with: "  title: Marry links\n" + layout)
            .replacingOccurrences(of: "  fallback: store\n", with: "  fallback: store\n  qr_code: false\n")
            + "links_file: links.\(format)\n"
        let rebuilt = try assertSameSitesEachWay(
            catalog, file: "links.\(format)", versions: [links(count, edited: false), links(count + 1, edited: true)],
            cacheMark: ".links-file-", home: home, what: "\(count) links, \(format)")
        XCTAssertTrue(
            rebuilt.contains(
                "\(count - count / 100) of \(count + 1) links of the links file came unchanged from its cache"),
            rebuilt)
    }

    /// A route's items file (CSV, JSON Lines and a JSON list), then 1 % of its rows edited and one added: the
    /// items cache (`CatalogReader+ItemsCache.swift`) against reading every row.
    func testARouteWithItemsIsTheSameBytesThroughThePlainPaths() throws {
        let home = try TemporaryDirectory()
        for format in ["csv", "jsonl", "json"] {
            func items(_ count: Int, edited: Bool) -> String {
                let rows = (1...count).map { n -> (String, String) in
                    let title = edited && n % 100 == 7 ? "Plan \(n), edited" : "Plan \(n) — \"ü\", \(n % 7)"
                    return ("\(n)", title)
                }
                if format == "csv" {
                    let lines = rows.map {
                        "\($0.0),\"\($0.1.replacingOccurrences(of: "\"", with: "\"\""))\",https://cdn.example.com/\($0.0).jpg"
                    }
                    return (["id,title,image"] + lines).joined(separator: "\n") + "\n"
                }
                let objects = rows.map {
                    #"{"id": "\#($0.0)", "title": "\#($0.1.replacingOccurrences(of: "\"", with: "\\\""))", "image": "https://cdn.example.com/\#($0.0).jpg"}"#
                }
                return format == "json"
                    ? "[\n" + objects.joined(separator: ",\n") + "\n]\n" : objects.joined(separator: "\n") + "\n"
            }
            let catalog =
                Self.header
                + "links:\n  - {path: /plan/:id(digits), deep_link: \"marry://plan/:id\", title: \"Plan :id\", items: plans.\(format)}\n"
            try assertSameSitesEachWay(
                catalog, file: "plans.\(format)", versions: [items(1000, edited: false), items(1001, edited: true)],
                cacheMark: ".items-", home: home.url, what: format)
        }
    }
}
