import Foundation
import TrampolineCatalog
import TrampolineModel
import XCTest

/// `links_file:` CSV and JSON lists: the same links and the same checks as `links:`, with
/// positions in the links file.
final class LinksFileTests: XCTestCase {
    static let head = """
        site: {url: "https://go.example.com"}
        app:
          name: Marry
          ios: {team_id: ABCDE12345, bundle_id: com.example.marry, app_store_id: "1356057329", scheme: marry}
        defaults: {fallback_delay_ms: 900}

        """

    func load(_ catalog: String, files: [String: String]) throws -> (Catalog?, [String]) {
        let site = try SiteFixture(catalog: catalog)
        for (name, text) in files {
            try Data(text.utf8).write(to: site.folder.appendingPathComponent(name))
        }
        let (result, engine) = CatalogLoader(knownTemplates: ["interstitial", "redirect"]).load(
            contentsOf: site.configURL, displayPath: "site-config.yml")
        return (result, engine.sorted.map(\.description))
    }

    func testCSVColumnsBecomeLinks() throws {
        let csv = """
            path,title,deep_link,fallback_delay_ms,forward_query,deferred,campaign.utm_source,campaign.utm_campaign,description
            /p/1,"Dress, veil and shoes",marry://p?id=1,1200,false,"clipboard,cookie",sheet,spring,"Two

            lines"
            /p/2,Cake,,,,cookie,,,

            """
        let (catalog, diagnostics) = try load(Self.head + "links_file: links.csv\n", files: ["links.csv": csv])
        XCTAssertEqual(diagnostics, [])
        let links = try XCTUnwrap(catalog).links
        XCTAssertEqual(links.map(\.path), ["/p/1", "/p/2"])
        XCTAssertEqual(links[0].title, "Dress, veil and shoes")
        XCTAssertEqual(links[0].options.fallbackDelayMs, 1200)
        XCTAssertFalse(links[0].options.forwardQuery)
        XCTAssertEqual(links[0].deferredLink, "marry://p?id=1&utm_source=sheet&utm_campaign=spring")
        XCTAssertEqual(links[0].description, "Two\n\nlines")
        XCTAssertEqual(links[1].deepLink, "marry://p/2", "empty cells fall back to the derived value")
        XCTAssertEqual(links[1].options.fallbackDelayMs, 900, "and to the defaults")
        XCTAssertEqual(links[1].options.deferred, [.cookie])
        XCTAssertEqual(links[1].location.file, "links.csv")
    }

    func testCSVProblemsHaveRowAndColumn() throws {
        let csv = "path,titel,fallback_delay_ms\n/p/1,A,soon\n/p/1,B,100\n"
        let (_, header) = try load(Self.head + "links_file: links.csv\n", files: ["links.csv": csv])
        XCTAssertEqual(header, ["links.csv:1:2: error: unknown column 2 'titel'; did you mean 'title'?"])
        let fixed = "path,title,fallback_delay_ms\n/p/1,A,soon\n/p/2,B,100\n/p/2,C,1\n/../x,D,1\n"
        let (catalog, rows) = try load(Self.head + "links_file: links.csv\n", files: ["links.csv": fixed])
        XCTAssertNil(catalog)
        guard rows.count == 3 else { return XCTFail("\(rows)") }
        XCTAssertTrue(
            rows[0].hasPrefix("links.csv:2:3: error: fallback_delay_ms must be a whole number, found 'soon'"), rows[0])
        XCTAssertTrue(
            rows[1].hasPrefix("links.csv:4:1: error: duplicate path /p/2; first defined at links.csv:3:1"), rows[1])
        XCTAssertTrue(rows[2].hasPrefix("links.csv:5:1: error: path '/../x' contains a '..' segment"), rows[2])
    }

    /// The links file is read by the same strict reader as a Firebase export: a damaged quote is an
    /// error at its row and column, never text that silently swallows the rows after it.
    func testMalformedCSVQuotingIsAnErrorAtItsCell() throws {
        let stray = "path,title\n/p/1,Say \"hi\"\n/p/2,B\n"
        let (none, strayErrors) = try load(Self.head + "links_file: links.csv\n", files: ["links.csv": stray])
        XCTAssertNil(none)
        XCTAssertEqual(strayErrors.count, 1, "\(strayErrors)")
        XCTAssertTrue(
            strayErrors[0].hasPrefix(
                "links.csv:2:2: error: malformed CSV: a quote inside a field that does not start with one"),
            strayErrors[0])
        let unclosed = "path,title\n/p/1,A\n/p/2,\"B\n/p/3,C\n"
        let (_, unclosedErrors) = try load(Self.head + "links_file: links.csv\n", files: ["links.csv": unclosed])
        XCTAssertEqual(unclosedErrors.count, 1, "\(unclosedErrors)")
        XCTAssertTrue(
            unclosedErrors[0].hasPrefix("links.csv:3:2: error: malformed CSV: this quoted field is never closed"),
            unclosedErrors[0])
        let (_, empty) = try load(Self.head + "links_file: links.csv\n", files: ["links.csv": "\n"])
        XCTAssertEqual(empty.count, 1, "\(empty)")
        XCTAssertTrue(empty[0].hasPrefix("links.csv:1:1: error: the links file is empty"), empty[0])
    }

    func testJSONListWithLineAndColumn() throws {
        let json = """
            [
              {"path": "/p/1", "title": "One", "campaign": {"utm_source": "json"}},
              {"path": "/p/2", "title": "Two", "web_url": "javascript:alert(1)"}
            ]

            """
        let (catalog, diagnostics) = try load(Self.head + "links_file: links.json\n", files: ["links.json": json])
        XCTAssertNil(catalog)
        guard diagnostics.count == 1 else { return XCTFail("\(diagnostics)") }
        XCTAssertTrue(
            diagnostics[0].hasPrefix("links.json:3:47: error: web_url uses the 'javascript:' scheme"), diagnostics[0])
        let good = json.replacingOccurrences(of: "javascript:alert(1)", with: "https://example.com/2")
        let (loaded, none) = try load(Self.head + "links_file: links.json\n", files: ["links.json": good])
        XCTAssertEqual(none, [])
        XCTAssertEqual(loaded?.links.map(\.deferredLink), ["marry://p/1?utm_source=json", "marry://p/2"])
        let (_, syntax) = try load(
            Self.head + "links_file: links.json\n", files: ["links.json": "[{\"path\": \"/a\",, }]"])
        XCTAssertTrue(syntax.first?.hasPrefix("links.json:1:16: error: JSON syntax:") == true, "\(syntax)")
    }

    func testLinksAndLinksFileCombineOrAMissingFile() throws {
        // Both together: the inline links, then the file's; a path in both is a duplicate.
        let (both, none) = try load(
            Self.head + "links_file: links.csv\nlinks:\n  - {path: /a, title: A}\n",
            files: ["links.csv": "path,title\n/b,B\n"])
        XCTAssertEqual(none, [])
        XCTAssertEqual(both?.links.map(\.path), ["/a", "/b"])
        let (cased, twice) = try load(
            Self.head + "links_file: links.csv\nlinks:\n  - {path: /a, title: A}\n",
            files: ["links.csv": "path,title\n/A,B\n/a,C\n"])
        // /A is another link than /a (paths are case-sensitive); /a again is a duplicate.
        XCTAssertNil(cased)
        XCTAssertEqual(twice.count, 1, "\(twice)")
        XCTAssertTrue(
            twice.contains {
                $0.hasPrefix("links.csv:3:1: error: duplicate path /a; first defined at site-config.yml:8:")
            }, "\(twice)")
        let (_, missing) = try load(Self.head + "links_file: nope.csv\n", files: [:])
        XCTAssertEqual(
            missing,
            [
                "site-config.yml:6:13: error: links_file 'nope.csv' does not exist; write its path relative to the catalog's folder"
            ])
    }
}
