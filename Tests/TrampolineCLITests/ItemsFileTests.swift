import Foundation
@_spi(Generator) import TrampolineLink
import TrampolineTestSupport
import XCTest

/// A route's `items:` file (issue #48): each row gets a page of its own with its own preview,
/// the route's behaviour, an entry in the link table and a place in `match`; a bad row is an
/// error at its row and column and nothing is written. Run on the built binary.
final class ItemsFileTests: XCTestCase {
    static func catalog(items: String = "recipes.csv", claims: String = "links", route: String = "") -> String {
        """
        \(TestCatalog.marrySite)
          claims: \(claims)
        \(TestCatalog.marryApp)
        defaults:
          image: https://go.example.com/share.png
        links:
          - path: /recipe/:id(digits)
            title: Recipe :id
            description: Recipe number :id, *by* the team.
            items: \(items)
        \(route)
          - path: /spring
            title: Spring
        """
    }

    static let csv = """
        id,title,description,image
        12345,Lemon tart,"Sharp, sweet, **easy**.",https://cdn.example.com/tart.jpg
        777,,,

        """

    func build(_ folder: TemporaryDirectory, _ arguments: [String] = []) throws -> TrampolineProcess.Output {
        try TrampolineProcess.run(["build", "--output", "out"] + arguments, in: folder.url)
    }

    /// The `<meta>` tags' contents by `property`/`name`.
    func meta(_ html: String) -> [String: String] {
        var tags: [String: String] = [:]
        let pattern = try! NSRegularExpression(pattern: #"<meta (?:property|name)="([^"]+)" content="([^"]*)">"#)
        for match in pattern.matches(in: html, range: NSRange(html.startIndex..., in: html)) {
            tags[String(html[Range(match.range(at: 1), in: html)!])] = String(
                html[Range(match.range(at: 2), in: html)!])
        }
        return tags
    }

    func testEachItemGetsAPageWithItsOwnPreview() throws {
        let folder = try TemporaryDirectory()
        try folder.write("site-config.yml", Self.catalog())
        try folder.write("recipes.csv", Self.csv)
        let output = try build(folder)
        XCTAssertEqual(output.status, 0, output.stderr)

        let tart = try XCTUnwrap(folder.read("out/recipe/12345/index.html"))
        let tags = meta(tart)
        XCTAssertEqual(tags["og:title"], "Lemon tart")
        XCTAssertEqual(tags["og:description"], "Sharp, sweet, easy.")
        XCTAssertEqual(tags["og:image"], "https://cdn.example.com/tart.jpg")
        XCTAssertEqual(tags["twitter:card"], "summary_large_image")
        XCTAssertEqual(tags["og:url"], "https://go.example.com/recipe/12345")
        XCTAssertTrue(tart.contains("app-argument=https://go.example.com/recipe/12345"), tart)
        XCTAssertTrue(tart.contains(#""deferredLink":"marry://recipe/12345""#), tart)
        XCTAssertTrue(tart.contains("<title>Lemon tart</title>"))
        // An item has one URL, so it gets the QR code a route cannot have.
        XCTAssertTrue(try XCTUnwrap(folder.read("out/recipe/12345/qr.svg")).hasPrefix("<svg"))
        XCTAssertNil(folder.read("out/_routes/recipe/_id/qr.svg"))

        // A row without texts: the route's, with the parameters filled in (Markdown-escaped).
        let plain = try XCTUnwrap(folder.read("out/recipe/777/index.html"))
        XCTAssertEqual(meta(plain)["og:title"], "Recipe 777")
        XCTAssertEqual(meta(plain)["og:description"], "Recipe number 777, by the team.")
        XCTAssertEqual(meta(plain)["og:image"], "https://go.example.com/share.png")

        // Any other id still gets the route's page; its literal texts are a warning.
        XCTAssertNotNil(folder.read("out/_routes/recipe/_id/index.html"))
        XCTAssertTrue(
            output.stderr.contains("site-config.yml:15:5: warning: route /recipe/:id(digits)'s title has :id"),
            output.stderr)

        // The AASA claims the route once, not each item; the link table knows each item (by its
        // id: the table names no path).
        let aasa = try XCTUnwrap(folder.read("out/apple-app-site-association"))
        XCTAssertFalse(aasa.contains("/recipe/12345"), aasa)
        XCTAssertTrue(aasa.contains(#"{"/": "/recipe/*"}"#), aasa)
        let table = folder.files(under: "out/.well-known/trampoline").values.joined()
        XCTAssertFalse(table.contains("/recipe/12345"), table)
        XCTAssertTrue(
            table.contains(LinkSealing.name(host: "go.example.com", path: "/recipe/12345", shards: 1).id), table)

        let match = try TrampolineProcess.run(
            ["match", "--config", "site-config.yml", "--format", "json", "https://go.example.com/recipe/777"],
            in: folder.url)
        XCTAssertEqual(match.status, 0, match.stderr)
        XCTAssertTrue(
            match.stdout.contains(
                #""page":"/recipe/777/ (an item of the route /recipe/:id(digits): /recipe/777) opens marry://recipe/777""#
            ),
            match.stdout)
        XCTAssertTrue(match.stdout.contains(#""app_receives":"marry://recipe/777""#), match.stdout)

        let check = try TrampolineProcess.run(["check", "--output", "out"], in: folder.url)
        XCTAssertEqual(check.status, 0, check.stdout + check.stderr)
    }

    func testCSVJSONAndJSONLinesGiveTheSamePages() throws {
        var sites: [[String: String]] = []
        let files = [
            "recipes.csv": Self.csv,
            "recipes.json": """
            [{"id": "12345", "title": "Lemon tart", "description": "Sharp, sweet, **easy**.",
              "image": "https://cdn.example.com/tart.jpg"},
             {"id": 777}]
            """,
            "recipes.jsonl": """
            {"id": "12345", "title": "Lemon tart", "description": "Sharp, sweet, **easy**.", "image": "https://cdn.example.com/tart.jpg"}

            {"id": 777}

            """,
        ]
        for name in files.keys.sorted() {
            let folder = try TemporaryDirectory()
            try folder.write("site-config.yml", Self.catalog(items: name))
            try folder.write(name, files[name]!)
            let output = try build(folder)
            XCTAssertEqual(output.status, 0, name + output.stderr)
            sites.append(folder.files(under: "out").filter { !$0.key.hasPrefix(".trampoline") })
        }
        XCTAssertEqual(sites[0].count, sites[1].count)
        XCTAssertEqual(sites[0], sites[1])
        XCTAssertEqual(sites[1], sites[2])
    }

    /// Every bad row at once, each at its row and column, and nothing written.
    func testBadRowsAreErrorsAtTheirCellsAndNothingIsWritten() throws {
        let folder = try TemporaryDirectory()
        try folder.write("site-config.yml", Self.catalog())
        try folder.write(
            "recipes.csv",
            """
            id,title,image
            12a,Bad id,
            5,Five,http://cdn.example.com/5.jpg
            6,Six,
            6,Six again,
            a b,Space,
            ,No id,

            """)
        let output = try build(folder)
        XCTAssertEqual(output.status, 1)
        for expected in [
            "recipes.csv:2:1: error: item value '12a' does not pass :id(digits)",
            "recipes.csv:3:3: error: image 'http://cdn.example.com/5.jpg' is not an https: URL",
            "recipes.csv:5:1: error: duplicate path /recipe/6; first defined at recipes.csv:4:1",
            "recipes.csv:6:1: error: item value 'a b' for :id cannot be part of a page's path",
            "recipes.csv:7:1: error: the item has no value for :id",
        ] {
            XCTAssertTrue(output.stderr.contains(expected), "missing \(expected) in:\n\(output.stderr)")
        }
        XCTAssertNil(folder.read("out/index.html"), "a failed build wrote the site")

        // A mistyped column is named from the header, even with every cell of it empty.
        try folder.write("recipes.csv", "id,titel,colour\n1,,\n")
        let columns = try build(folder)
        XCTAssertEqual(columns.status, 1)
        XCTAssertTrue(
            columns.stderr.contains("recipes.csv:1:2: error: unknown column 2 'titel'; did you mean 'title'?"),
            columns.stderr)
        XCTAssertTrue(columns.stderr.contains("recipes.csv:1:3: error: unknown column 3 'colour'"), columns.stderr)
    }

    func testMalformedFilesAndMisplacedItemsAreLocatedErrors() throws {
        let cases: [(file: String, text: String, expected: String)] = [
            ("recipes.json", "[{\"id\": \"1\"},\n {\"id\": \"2\",]", "recipes.json:2:"),
            (
                "recipes.jsonl", "{\"id\": \"1\"}\n[\"2\"]\n",
                "recipes.jsonl:2:1: error: line 2 of the items file is not a JSON object"
            ),
            ("recipes.jsonl", "{\"id\": \"1\"}\n{\"id\": \"2\"\n", "recipes.jsonl:2:11: error: JSON syntax"),
            (
                "recipes.jsonl", "{\"id\": \"1\", \"colour\": 2}\n",
                "recipes.jsonl:1:13: error: unknown key 'colour' in an item"
            ),
            ("recipes.txt", "id\n1\n", "site-config.yml:18:12: error: items must name a .csv, .json or .jsonl file"),
            ("../recipes.csv", "id\n1\n", "site-config.yml:18:12: error:"),
        ]
        for entry in cases {
            let folder = try TemporaryDirectory()
            try folder.write("project/site-config.yml", Self.catalog(items: entry.file))
            try folder.write("project/" + entry.file, entry.text)
            let output = try TrampolineProcess.run(
                ["build", "--output", "out"], in: folder.url.appendingPathComponent("project"))
            XCTAssertEqual(output.status, 1, entry.file)
            XCTAssertTrue(output.stderr.contains(entry.expected), "\(entry.file): \(output.stderr)")
        }

        let plain = try TemporaryDirectory()
        try plain.write(
            "site-config.yml",
            """
            \(TestCatalog.marrySite)
            \(TestCatalog.marryApp)
            links:
              - path: /spring
                title: Spring
                items: spring.csv
            """)
        let output = try build(plain)
        XCTAssertEqual(output.status, 1)
        XCTAssertTrue(output.stderr.contains("site-config.yml:14:12: error: items: is for routes"), output.stderr)
    }

    /// An items file is read like every project file: a symbolic link out of the project is refused.
    func testAnItemsFileThatIsASymbolicLinkIsRefused() throws {
        let folder = try TemporaryDirectory()
        let secret = try folder.write("outside/secret.csv", "id\n424242\n")
        try folder.write("project/site-config.yml", Self.catalog())
        try FileManager.default.createSymbolicLink(
            atPath: folder.url.appendingPathComponent("project/recipes.csv").path, withDestinationPath: secret.path)
        let output = try TrampolineProcess.run(
            ["build", "--output", "out"], in: folder.url.appendingPathComponent("project"))
        XCTAssertEqual(output.status, 1)
        XCTAssertTrue(output.stderr.contains("site-config.yml:18:12: error:"), output.stderr)
        XCTAssertTrue(output.stderr.contains("symbolic link"), output.stderr)
        XCTAssertFalse(output.stderr.contains("424242"))
    }

    /// Hosts that serve files before rules need no rule per item; Cloudflare Pages, which applies
    /// rules first, gets one per item beside the route's own.
    func testItemsGetRewriteRulesOnlyOnHostsThatApplyRulesFirst() throws {
        for (host, expected) in [("netlify", false), ("cloudflare-pages", true), (nil, false)] {
            let folder = try TemporaryDirectory()
            var text = Self.catalog()
            if let host {
                text = text.replacingOccurrences(of: "  claims: links\n", with: "  claims: links\n  host: \(host)\n")
            }
            try folder.write("site-config.yml", text)
            try folder.write("recipes.csv", Self.csv)
            let output = try build(folder)
            XCTAssertEqual(output.status, 0, output.stderr)
            let rules = try XCTUnwrap(folder.read("out/_redirects"))
            XCTAssertEqual(rules.contains("/recipe/12345 "), expected, "\(host ?? "no host"): \(rules)")
            XCTAssertTrue(rules.contains("/recipe/:id /_routes/recipe/_id/ 200"), rules)
        }
    }

    /// A nightly export that changes one item rewrites that item's page and nothing else.
    func testChangingOneItemRewritesOnlyItsPage() throws {
        let folder = try TemporaryDirectory()
        try folder.write("site-config.yml", Self.catalog())
        let rows = (1...300).map { "\($0),Recipe number \($0)" }
        try folder.write("recipes.csv", "id,title\n" + rows.joined(separator: "\n") + "\n")
        XCTAssertEqual(try build(folder).status, 0)
        var changed = rows
        changed[41] = "42,The answer"
        try folder.write("recipes.csv", "id,title\n" + changed.joined(separator: "\n") + "\n")
        let output = try build(folder)
        XCTAssertEqual(output.status, 0, output.stderr)
        XCTAssertTrue(output.stdout.contains(": 1 written, "), output.stdout)
        XCTAssertTrue(try XCTUnwrap(folder.read("out/recipe/42/index.html")).contains("<title>The answer</title>"))
    }
}

extension ItemsFileTests {
    /// An items file past the row limit is refused at its first row too many, before any row is
    /// turned into a link (each would be held as text and as a link at once).
    func testAFileOfTooManyRowsIsRefusedAtTheFirstOneTooMany() throws {
        let folder = try TemporaryDirectory()
        try folder.write("site-config.yml", Self.catalog())
        var text = "id\n"
        text.reserveCapacity(4_000_000)
        for id in 1...500_001 { text += "\(id)\n" }
        try folder.write("recipes.csv", text)
        let output = try build(folder)
        XCTAssertEqual(output.status, 1)
        XCTAssertTrue(
            output.stderr.contains("recipes.csv:500002:1: error: the items file has more than 500000 rows"),
            output.stderr)
        XCTAssertNil(folder.read("out/index.html"))
    }
}
