import Foundation
@_spi(Generator) import TrampolineLink
import TrampolineTestSupport
import XCTest

@testable import TrampolineBuild
@testable import TrampolineCatalog
@testable import TrampolineModel
@testable import TrampolineSite

/// The link table every site publishes for apps (docs/link-table.md): what the build writes for
/// the shared composition cases, how it shards, that its bytes depend on the catalog alone, and
/// that the library resolves every link through it to the deep link its page holds.
final class LinkTableTests: XCTestCase {
    private static let head = """
        site:
          url: https://go.example.com
        app:
          name: Marry
          ios: {team_id: ABCDE12345, bundle_id: com.example.marry, app_store_id: "1356057329", scheme: marry}
        links:

        """

    private static func quoted(_ text: String) -> String {
        String(decoding: try! JSONEncoder().encode(text), as: UTF8.self)
    }

    /// The shared cases as a catalog: each case's link, with its campaign and `forward_query`.
    static func compositionCatalog(_ cases: [CompositionTable.Case], layout: String = "folders") -> String {
        var text = head.replacingOccurrences(
            of: "url: https://go.example.com", with: "url: https://go.example.com\n  layout: \(layout)")
        for c in cases {
            guard let link = c.link else { continue }
            text +=
                "  - {path: \(quoted(link.path)), deep_link: \(quoted(link.deep_link)), title: \(quoted(c.name)), forward_query: \(link.forward_query ?? false)"
            if let campaign = link.campaign {
                text +=
                    ", campaign: {" + campaign.map { quoted($0[0]) + ": " + quoted($0[1]) }.joined(separator: ", ")
                    + "}"
            }
            text += "}\n"
        }
        return text
    }

    /// Index and shards of a build, read back by the library as one snapshot; each plain link of
    /// the catalog is in the shard its id names.
    static func readTable(_ build: SiteBuild) throws -> SiteLinkTable {
        var table = try SiteLinkTable(
            json: Data(try XCTUnwrap(build[OutputPath.linkTableIndex.value])), host: "go.example.com")
        var shards: [[String: String]] = []
        for shard in 0..<table.shards {
            let links = try SiteLinkTable.shardLinks(
                json: Data(try XCTUnwrap(build[OutputPath.linkTableShard(shard).value])))
            shards.append(links)
            table.links.merge(links) { first, _ in first }
        }
        for link in build.catalog.links where !link.isRoute {
            let (id, shard, _) = LinkSealing.name(host: "go.example.com", path: link.path, shards: table.shards)
            XCTAssertNotNil(shards[shard][id], "\(link.path) is in the shard its id names")
        }
        return table
    }

    func testTheSharedCasesFromTheCatalogSide() async throws {
        let cases = try CompositionTable.load().cases
        for layout in ["folders", "compact"] {
            let build = try SiteFixture(catalog: Self.compositionCatalog(cases, layout: layout)).build()
            let table = try Self.readTable(build)
            for c in cases {
                guard let link = c.link, let entry = c.entry else { continue }
                let expected = LinkTarget(
                    deepLink: entry.deep_link, fixed: entry.fixed ?? [], forwardQuery: entry.forward_query ?? false)
                if link.isRoute {
                    XCTAssertEqual(
                        table.routes.first { $0.pattern.text == link.path }?.target, expected, "\(layout): \(c.name)")
                } else {
                    XCTAssertEqual(try table.link(path: link.path), expected, "\(layout): \(c.name)")
                }
            }
            let resolver = LinkResolver(host: "go.example.com", scheme: "marry", snapshot: table, fetcher: nil)
            for c in cases {
                for visit in c.visits {
                    let result = await resolver.resolve("https://go.example.com" + visit.url)
                    XCTAssertEqual(try? result.get(), visit.expected, "\(layout): \(c.name): \(visit.url)")
                }
            }
        }
    }

    private static func manyLinks(_ count: Int, reversed: Bool = false) -> String {
        var items = (0..<count).map { i in
            "  - {path: /p\(i)/x\(i * 7919 % 1000), deep_link: \"marry://item?id=\(i)\", title: \"Item \(i)\", campaign: {utm_source: s\(i % 3)}}\n"
        }
        if reversed { items.reverse() }
        return head + items.joined() + "  - {path: \"/r/:id(digits)\", deep_link: \"marry://r/:id\", title: Route}\n"
    }

    func testShardsAreSmallFoundFromThePathAndIndependentOfOrder() async throws {
        let build = try SiteFixture(catalog: Self.manyLinks(6000)).build()
        let again = try SiteFixture(catalog: Self.manyLinks(6000, reversed: true)).build()
        let table = try Self.readTable(build)
        XCTAssertGreaterThan(table.shards, 3)
        XCTAssertEqual(table.links.count, 6000)
        XCTAssertEqual(table.routes.map(\.pattern.text), ["/r/:id(digits)"])
        for shard in 0..<table.shards {
            let path = OutputPath.linkTableShard(shard).value
            XCTAssertLessThan(try XCTUnwrap(build[path]).count, 48 * 1024, path)
            XCTAssertEqual(build[path], again[path], "\(path): the catalog's order changes no byte")
        }
        XCTAssertEqual(build[OutputPath.linkTableIndex.value], again[OutputPath.linkTableIndex.value])
        // Nothing in the shards names a link: no path, no deep link, only ids and sealed entries.
        for shard in 0..<table.shards {
            let text = String(decoding: try XCTUnwrap(build[OutputPath.linkTableShard(shard).value]), as: UTF8.self)
            XCTAssertFalse(
                text.contains("marry:") || text.contains("id="), String(text.prefix(300)))
        }
        // Every link through the library, from its path alone: the deep link its page holds.
        let resolver = LinkResolver(host: "go.example.com", scheme: "marry", snapshot: table, fetcher: nil)
        for i in stride(from: 0, to: 6000, by: 97) {
            let result = await resolver.resolve("https://go.example.com/p\(i)/x\(i * 7919 % 1000)?ref=qr")
            XCTAssertEqual(try? result.get(), "marry://item?id=\(i)&utm_source=s\(i % 3)&ref=qr")
        }
        let route = await resolver.resolve("https://go.example.com/r/12")
        XCTAssertEqual(try? route.get(), "marry://r/12")
    }

    /// The build names and seals with swift-crypto's SHA-256, the library with its own: both give
    /// the shared vectors (Tests/Fixtures/link-table-v2.json).
    func testTheBuildSealsAsTheSharedVectorsSay() throws {
        for c in try SealingTable.load().cases {
            let name = LinkSealing.name(host: c.host, path: c.path, shards: 64, hash: LinkTableRow.hash)
            XCTAssertEqual(name.id, c.id, c.path)
            XCTAssertEqual(name.shard, c.shards["64"], c.path)
            // The plan's id: two words, the same digits, shard and order.
            let id = LinkID(host: c.host, path: c.path)
            XCTAssertEqual(id.hex, c.id, c.path)
            // The planner's namer: the host's start hashed once, then each path.
            XCTAssertEqual(LinkID.Namer(host: c.host).id(of: c.path), id, c.path)
            XCTAssertEqual(LinkID(hex: Array(c.id.utf8)[...]), id, c.path)
            for (count, shard) in c.shards {
                XCTAssertEqual(id.shard(of: Int(count) ?? 0), shard, "\(c.path) of \(count)")
            }
            XCTAssertEqual(
                LinkSealing.seal(Array(c.entry.utf8), host: c.host, path: c.path, hash: LinkTableRow.hash), c.sealed)
        }
    }

    /// One namer names many paths, from several threads at once, each as if alone.
    func testANamerNamesEachPathAsIfAlone() {
        let namer = LinkID.Namer(host: "go.example.com")
        let paths = (0..<2_000).map { "/p\($0)" } + ["/", "/é/ü", "/" + String(repeating: "long", count: 100)]
        let named = concurrentMap(paths.count, chunk: 64) { namer.id(of: paths[$0]) }
        XCTAssertEqual(named, paths.map { LinkID(host: "go.example.com", path: $0) })
        XCTAssertNotEqual(LinkID.Namer(host: "other.example.com").id(of: "/p1"), named[1])
    }

    /// Ids sort as their hex digits do, which is the order a shard's entries are written in.
    func testIdsSortAsTheirDigits() {
        let ids = (0..<300).map { LinkID(host: "go.example.com", path: "/p\($0)") }
        XCTAssertEqual(ids.sorted().map(\.hex), ids.map(\.hex).sorted())
    }

    func testHeadersServeTheTableAsJSON() throws {
        let build = try SiteFixture(catalog: Self.manyLinks(3)).build()
        let headers = String(decoding: try XCTUnwrap(build["_headers"]), as: UTF8.self)
        XCTAssertTrue(
            headers.contains(
                "/.well-known/trampoline/v2/*\n  Content-Type: application/json\n  Cache-Control: public, max-age=300\n"
            ), headers)
    }
}

/// `site.claims`: the domain claimed whole in a file whose size does not grow with the catalog,
/// proved by the matcher at every build; a value that cannot be served is an error at its place.
final class DomainClaimsTests: XCTestCase {
    private func catalog(links: Int, claims: String? = nil) -> String {
        var text = "site:\n  url: https://go.example.com\n" + (claims.map { "  claims: \($0)\n" } ?? "")
        text +=
            "app:\n  name: Marry\n  ios: {team_id: ABCDE12345, bundle_id: com.example.marry, app_store_id: \"1356057329\", scheme: marry}\nlinks:\n"
        for i in 0..<links { text += "  - {path: /Xq\(i)aZ\(i % 97), title: T}\n" }
        return text
    }

    func testTheDomainAASAIsProvedFor100000LinksAndDoesNotGrow() throws {
        let (large, diagnostics) = CatalogLoader().load(yaml: catalog(links: 100_000), displayPath: "site-config.yml")
        let catalog100k = try XCTUnwrap(large, "\(diagnostics.diagnostics)")
        let small = try XCTUnwrap(CatalogLoader().load(yaml: catalog(links: 3), displayPath: "site-config.yml").0)
        let aasa = Data(AppSiteAssociation.json(for: catalog100k).utf8)
        XCTAssertEqual(
            aasa, Data(AppSiteAssociation.json(for: small).utf8), "the same bytes for 3 links and for 100,000")
        XCTAssertLessThan(aasa.count, 4096)
        var engine = DiagnosticEngine()
        XCTAssertEqual(ClaimVerifier.verify(aasa: aasa, catalog: catalog100k, engine: &engine), 100_000)
        XCTAssertEqual(engine.diagnostics, [], "every link claimed, every site file left to the browser")
        // The same links claimed one by one do not fit: the reason the domain is the default.
        let byLink = try XCTUnwrap(
            CatalogLoader().load(yaml: catalog(links: 3_000, claims: "links"), displayPath: "site-config.yml").0)
        XCTAssertGreaterThan(AppSiteAssociation.json(for: byLink).utf8.count, AppSiteAssociation.sizeLimit)
    }

    func testAClaimsValueThatCannotBeServedIsAnErrorAtItsPlace() {
        let (_, engine) = CatalogLoader().load(yaml: catalog(links: 1, claims: "paths"), displayPath: "site-config.yml")
        XCTAssertEqual(
            engine.diagnostics.map(\.description),
            [
                "site-config.yml:3:11: error: site.claims must be 'domain' or 'links', found 'paths'; domain claims every path of the host but the site's own files (the default); links claims each link, for a host shared with a web site"
            ])
        let qr = catalog(links: 1).replacingOccurrences(
            of: "links:\n", with: "links:\n  - {path: /promo/qr.svg, title: QR}\n")
        XCTAssertEqual(
            CatalogLoader().load(yaml: qr, displayPath: "site-config.yml").1.diagnostics.map(\.description),
            [
                "site-config.yml:7:5: error: path /promo/qr.svg ends in /qr.svg, where the site keeps its QR codes; site.claims: domain leaves those paths in the browser; choose another last segment, or set site.claims: links"
            ])
    }
}
