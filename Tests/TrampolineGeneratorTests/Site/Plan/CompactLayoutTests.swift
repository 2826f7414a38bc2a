import Foundation
@_spi(Generator) import TrampolineLink
import XCTest

@testable import TrampolineCatalog
@testable import TrampolineModel
@testable import TrampolineSite

/// `site.layout: compact` and `site.host`: the catalog keys, the plan (one lookup page, a sharded
/// link table, one rewrite rule), the shards' size and placement, and the hosts' limits.
final class CompactLayoutTests: XCTestCase {
    private func catalog(
        links: Int, layout: String? = "compact", host: String? = nil,
        description: (Int) -> String = { "Item **\($0)**." }
    ) -> String {
        var text = "site:\n  url: https://go.example.com\n"
        if let layout { text += "  layout: \(layout)\n" }
        if let host { text += "  host: \(host)\n" }
        text += """
            app:
              name: Marry
              ios: {team_id: ABCDE12345, bundle_id: com.example.marry, app_store_id: "1356057329", scheme: marry}
            links:

            """
        for i in 1...links {
            text +=
                "  - {path: /p/\(i), title: \"Item \(i)\", description: \"\(description(i))\", campaign: {utm_source: s\(i % 5)}}\n"
        }
        return text
    }

    private func load(_ yaml: String) -> [String] {
        CatalogLoader(knownTemplates: ["interstitial", "redirect"]).load(yaml: yaml, displayPath: "site-config.yml").1
            .sorted.map(\.description)
    }

    func testTheKeysAndTheirErrors() {
        XCTAssertEqual(load(catalog(links: 1, layout: "compact", host: "netlify")), [])
        let layout = load(catalog(links: 1, layout: "flat"))
        XCTAssertEqual(layout.count, 1)
        XCTAssertTrue(
            layout[0].hasPrefix(
                "site-config.yml:3:11: error: site.layout must be 'folders' or 'compact', found 'flat'"), layout[0])
        let host = load(catalog(links: 1, host: "cloudflare-page"))
        XCTAssertEqual(host.count, 1)
        XCTAssertTrue(
            host[0].hasPrefix(
                "site-config.yml:4:9: error: site.host 'cloudflare-page' is not a host Trampoline knows; did you mean 'cloudflare-pages'?"
            ), host[0])
    }

    func testOneLookupPageAShardedTableAndOneRewrite() throws {
        let build = try SiteFixture(catalog: catalog(links: 3000)).build()
        let paths = build.plan.paths.map(\.value)
        XCTAssertFalse(paths.contains { $0.hasPrefix("p/") }, "no page or QR code per link")
        XCTAssertEqual(
            String(decoding: try XCTUnwrap(build["_redirects"]), as: UTF8.self),
            "# Written by trampoline: rewrites (status 200, the address stays). See docs/routes.md and docs/compact.md in Trampoline.\n/* /404.html 200\n"
        )
        let shards = paths.filter { $0.hasPrefix("_links/") }
        XCTAssertGreaterThan(shards.count, 1)
        XCTAssertLessThan(paths.count, 60, "a few dozen files for 3,000 links")
        // The lookup page: the link script, allowed to fetch from its own origin, and the shard count.
        let page = String(decoding: try XCTUnwrap(build["404.html"]), as: UTF8.self)
        XCTAssertTrue(
            page.contains(
                #""behaviour":"link-lookup","shards":\#(shards.count),"host":"go.example.com","table":"/_links/""#),
            page)
        XCTAssertTrue(page.contains("connect-src 'self'"))
        XCTAssertTrue(page.contains("Link not found"), "the not-found text stays for paths that are no link")
        // Every link in exactly the shard its id names, sealed for its path, with what differs
        // from the base; no shard names a path or a deep link.
        var found = 0
        for index in shards.indices {
            let data = try XCTUnwrap(build["_links/\(index).json"])
            XCTAssertLessThanOrEqual(data.count, LookupShards.shardLimit)
            let text = String(decoding: data, as: UTF8.self)
            // (Base64 has no colon or space; ids are hex.)
            XCTAssertFalse(text.contains("marry:") || text.contains("Item "), text)
            let table = try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [String: String])
            XCTAssertTrue(table.keys.allSatisfy { $0.count == 32 && !$0.contains("/") }, "\(table.keys)")
            found += table.count
        }
        XCTAssertEqual(found, 3000)
        for number in [1, 1500, 3000] {
            let path = "/p/\(number)"
            let name = LinkSealing.name(host: "go.example.com", path: path, shards: shards.count)
            XCTAssertEqual(LookupShards.shard(host: "go.example.com", path: path, count: shards.count), name.shard)
            let data = try XCTUnwrap(build["_links/\(name.shard).json"])
            let table = try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [String: String])
            let sealed = try XCTUnwrap(table[name.id], path)
            let bytes = try XCTUnwrap(LinkSealing.unseal(sealed, host: "go.example.com", path: path))
            let entry = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any])
            XCTAssertEqual(entry["deferredLink"] as? String, "marry://p/\(number)?utm_source=s\(number % 5)")
            XCTAssertEqual(entry["title"] as? String, "Item \(number)")
            XCTAssertEqual(entry["text"] as? String, "Item \(number).")
            XCTAssertNil(entry["store"], "the base carries what every link shares")
        }
    }

    /// Text that JSON escaping doubles (quotes) comes out twice the estimate: the builder measures
    /// the shards and plans again over more of them, so none passes the limit.
    func testShardsThatComeOutTooLargeAreSplitFurther() throws {
        let quotes = String(repeating: #"\""#, count: 600)
        let yaml = catalog(links: 400) { "\(quotes) \($0)" }
        let (loaded, diagnostics) = CatalogLoader(knownTemplates: ["interstitial", "redirect"]).load(
            yaml: yaml, displayPath: "site-config.yml")
        XCTAssertEqual(diagnostics.errors, [])
        let first = LookupShards.shardCount(for: try XCTUnwrap(loaded).links)
        let build = try SiteFixture(catalog: yaml).build()
        let shards = build.plan.paths.filter { $0.value.hasPrefix("_links/") }
        XCTAssertGreaterThan(shards.count, first, "planned again with more shards")
        for path in shards {
            XCTAssertLessThanOrEqual(try XCTUnwrap(build[path]).count, LookupShards.shardLimit, path.value)
        }
        // The shards measured while planning are the ones written, not rendered again: the
        // writer's bytes for each are those the renderer makes for the final plan's entry.
        XCTAssertEqual(build.rendered?.count, shards.count, "every shard of the final plan kept")
        let files = build.outputFiles
        for (index, entry) in build.plan.entries.enumerated() {
            guard case .lookupShard = entry.content else { continue }
            XCTAssertNotNil(build.rendered?[index], entry.path.value)
            XCTAssertEqual(files[index].path, entry.path)
            XCTAssertEqual(files[index].bytes(), build.renderer.render(entry), entry.path.value)
        }
    }

    /// A link's estimate counts its deferred link by its parts: the length the composed link has
    /// when no parameter needs escaping or is fixed by the deep link, and no more than the
    /// escaping adds when one does.
    func testTheEstimateCountsTheDeferredLinkByItsParts() {
        func link(_ deepLink: String, _ campaign: [(String, String)]) -> Link {
            Link(
                path: "/p/1", deepLink: deepLink, title: "A title", description: "Some text.",
                webURL: "https://example.com/p/1",
                campaign: campaign.map { CampaignParameter(name: $0.0, value: $0.1) },
                options: LinkOptions(), location: SourceLocation(file: "site-config.yml", line: 1, column: 1),
                webURLLocation: nil, templateLocation: SourceLocation(file: "site-config.yml", line: 1, column: 1))
        }
        func composed(_ link: Link) -> Int {
            let campaign = link.campaign.reduce(0) { $0 + $1.name.utf8.count + $1.value.utf8.count }
            let json =
                link.title.utf8.count + (link.description?.utf8.count ?? 0) + link.deferredLink.utf8.count
                + (link.webURL?.utf8.count ?? 0) + campaign + 80
            return 40 + (json + 2) / 3 * 4
        }
        for plain in [
            link("marry://p/1", []), link("marry://p/1", [("utm_source", "news")]),
            link("marry://p/1?id=2", [("utm_source", "news"), ("utm_medium", "mail")]),
            link("marry://p/1#top", [("utm_campaign", "spring")]),
        ] {
            XCTAssertEqual(plain.tableEstimate, composed(plain), plain.deferredLink)
        }
        let escaped = link("marry://p/1", [("utm_content", "crème brûlée ✓")])
        XCTAssertLessThan(escaped.tableEstimate, composed(escaped))
        XCTAssertGreaterThan(escaped.tableEstimate, composed(escaped) - 40)
    }

    /// Shard counts stand on a ladder (16 steps per doubling): never fewer than the estimate
    /// asks, at most 1/16 more, and the same for a catalog grown by a few titles' worth.
    func testShardCountsStandOnALadder() {
        var last = 0
        var steps = Set<Int>()
        for count in 1...100_000 {
            let steady = LookupShards.steadyCount(atLeast: count)
            XCTAssertGreaterThanOrEqual(steady, count)
            XCTAssertLessThanOrEqual(steady, count <= 32 ? count : count + count / 16 + 1, "\(count)")
            XCTAssertGreaterThanOrEqual(steady, last, "never fewer for more")
            XCTAssertEqual(LookupShards.steadyCount(atLeast: steady), steady, "a step is its own count")
            last = steady
            steps.insert(steady)
        }
        XCTAssertEqual(steps.count, 32 + 12 * 16 - 7, "32 small counts, then 16 steps per doubling up to 100,000")
        // The benchmark's million links (11,405 shards estimated), grown by 0.1 %: the same count.
        XCTAssertEqual(LookupShards.steadyCount(atLeast: 11_405), 11_776)
        XCTAssertEqual(LookupShards.steadyCount(atLeast: 11_417), 11_776)
    }

    func testAHostLimitIsAWarningAtSiteHost() throws {
        // 10,001 links in folders: a page and a QR code each (and the link table's shards), past the Free plan's 20,000 files.
        let folders = try SiteFixture(catalog: catalog(links: 10_001, layout: nil, host: "cloudflare-pages-free"))
            .build()
        let warning = try XCTUnwrap(folders.warnings.first { $0.message.contains("files") })
        XCTAssertEqual(warning.location, SourceLocation(file: "site-config.yml", line: 3, column: 9))
        XCTAssertTrue(
            warning.message.hasPrefix(
                "the site has 20059 files, over the 20000 files Cloudflare Pages (Free plan) takes"), warning.message)
        XCTAssertTrue(warning.hint?.contains("site.layout: compact") == true)
        // The same links compact: a few hundred files at most, no warning.
        let compact = try SiteFixture(catalog: catalog(links: 10_001, host: "cloudflare-pages-free")).build()
        XCTAssertFalse(compact.warnings.contains { $0.message.contains("files") })
        XCTAssertLessThan(compact.plan.entries.count, 300)
    }

    /// Cloudflare Pages follows rules before files: a catch-all would answer the shards, scripts
    /// and AASA with the lookup page. With that host there is none (Cloudflare serves 404.html for
    /// a path without a file); every other host, or none named, gets it, but GitHub Pages, which
    /// reads no rules and would publish the file.
    func testCloudflarePagesGetsNoCatchAll() throws {
        for host in ["cloudflare-pages", "cloudflare-pages-free", "github-pages"] {
            let build = try SiteFixture(catalog: catalog(links: 20, host: host)).build()
            XCTAssertNil(build["_redirects"], host)
            XCTAssertNotNil(build["404.html"], host)
        }
        for host in ["netlify"] {
            let build = try SiteFixture(catalog: catalog(links: 20, host: host)).build()
            XCTAssertTrue(
                String(decoding: try XCTUnwrap(build["_redirects"], host), as: UTF8.self).hasSuffix(
                    "\n/* /404.html 200\n"), host)
        }
    }
}
