import XCTest

@testable import TrampolineCatalog
@testable import TrampolineModel
@testable import TrampolineSite

/// What each Firebase column becomes in the catalog, the checks on each row, and how the catalog
/// and its links file are written.
final class FirebaseImportMappingTests: XCTestCase {
    static let catalog = """
        # My catalog: keep this comment.
        site: {url: "https://go.shop.example"}
        app:
          name: Shop
          ios: {team_id: ABCDE12345, bundle_id: com.shop.ios, app_store_id: "1234567890", scheme: shop}
          android: {package: com.shop.android, sha256_cert_fingerprints: ["14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5"]}
        links:
          - {path: /welcome, title: Welcome}

        """
    static let header = FirebaseImportReadingTests.documentedHeader

    var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("fdl-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    /// A CSV export from rows of header → value (the documented header, all columns).
    func export(_ rows: [[String: String]]) -> String {
        func cell(_ s: String) -> String {
            s.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" })
                ? "\"" + s.replacingOccurrences(of: "\"", with: "\"\"") + "\"" : s
        }
        return
            ([Self.header.map(cell).joined(separator: ",")]
            + rows.map { row in Self.header.map { cell(row[$0] ?? "") }.joined(separator: ",") }).joined(
                separator: "\n") + "\n"
    }

    func run(
        _ files: [String: String], catalog: String? = FirebaseImportMappingTests.catalog,
        options: FirebaseImportOptions = .init()
    ) throws -> FirebaseImportResult {
        if let catalog { try Data(catalog.utf8).write(to: folder.appendingPathComponent("site-config.yml")) }
        for (name, text) in files { try Data(text.utf8).write(to: folder.appendingPathComponent(name)) }
        let inputs = files.keys.sorted().map {
            FirebaseImport.Input(url: folder.appendingPathComponent($0), displayPath: $0)
        }
        return FirebaseImport(options: options).run(
            inputs, catalogURL: folder.appendingPathComponent("site-config.yml"), catalogDisplayPath: "site-config.yml")
    }

    /// The links file the result writes: path → column → cell.
    func links(_ result: FirebaseImportResult) throws -> [String: [String: String]] {
        let file = try XCTUnwrap(
            result.files.first { $0.url.lastPathComponent == "firebase-links.csv" }, "\(result.diagnostics)")
        let records = try StrictCSV.records(file.text).get()
        let header = try XCTUnwrap(records.first).fields
        var out: [String: [String: String]] = [:]
        for record in records.dropFirst() {
            let row = Dictionary(uniqueKeysWithValues: zip(header, record.fields).filter { !$0.1.isEmpty })
            out[row["path"] ?? ""] = row
        }
        return out
    }

    func good(_ suffix: String, _ extra: [String: String] = [:]) -> [String: String] {
        [
            "Short link": "https://go.shop.example/\(suffix)",
            "Deep link (link)": "https://shop.example/product/\(suffix)",
        ].merging(extra) { $1 }
    }

    func testEveryColumnMapsToItsCatalogKeyOrAWarning() throws {
        let row = good(
            "abc",
            [
                "Deep link (link)": "https://shop.example/product/7?color=red#reviews",
                "Android package name (apn)": "com.shop.android",
                "Android fallback link (afl)": "https://shop.example/android",
                "Android minimum package version code (amv)": "120", "iOS bundle ID (ibi)": "com.shop.ios",
                "iOS fallback link (ifl)": "https://shop.example/ios", "iOS custom scheme (ius)": "shop",
                "iOS iPad fallback link (ipfl)": "https://shop.example/ipad",
                "iOS iPad bundle ID (ipbi)": "com.shop.ipad",
                "iOS app store ID (isi)": "1234567890", "iOS minimum version (imv)": "2.0",
                "Enable forced redirect? (efr)": "1",
                "Desktop fallback link (ofl)": "https://shop.example/desktop", "Social title (st)": "Red shoes",
                "Social description (sd)": "Save 20% *today*, <b>really</b>",
                "Social image link (si)": "https://cdn.shop.example/7.jpg",
                "UTM source (utm_source)": "mail", "UTM medium (utm_medium)": "email",
                "UTM campaign (utm_campaign)": "spring",
                "UTM term (utm_term)": "shoes", "UTM content (utm_content)": "top", "iTunes Connect at": "a1",
                "iTunes Connect ct": "c1", "iTunes Connect mt": "8", "iTunes Connect pt": "p1", "Archived?": "false",
                "Link name": "Shoes link", "Creation timestamp": "2023-01-01T00:00:00Z",
            ])
        let result = try run(["e.csv": export([row])])
        XCTAssertEqual(
            try links(result)["/abc"],
            [
                "path": "/abc", "title": "Red shoes", "description": "Save 20% \\*today\\*, \\<b\\>really\\</b\\>",
                "deep_link": "shop://product/7?color=red", "web_url": "https://shop.example/ios", "fallback": "web",
                "template": "redirect", "image": "https://cdn.shop.example/7.jpg",
                "desktop_url": "https://shop.example/desktop",
                "campaign.utm_source": "mail", "campaign.utm_medium": "email", "campaign.utm_campaign": "spring",
                "campaign.utm_term": "shoes", "campaign.utm_content": "top", "app_store_campaign": "c1",
            ])
        XCTAssertEqual(result.imported, 1)
        let warnings = result.diagnostics.map {
            "\($0.location!.line):\($0.location!.column) \($0.message.prefix(while: { $0 != " " }))"
        }
        XCTAssertEqual(
            warnings,
            [
                "2:2 link's", "2:4 afl", "2:5 amv", "2:9 ipfl", "2:10 ipbi", "2:12 imv", "2:23 at", "2:26 pt",
            ], "\(result.diagnostics)")
        XCTAssertTrue(result.diagnostics.allSatisfy { $0.severity == .warning })
    }

    func testFallbacksAndTitles() throws {
        let result = try run([
            "e.csv": export([
                good("only-afl", ["Android fallback link (afl)": "https://shop.example/a", "Link name": "Named"]),
                good("only-ifl", ["iOS fallback link (ifl)": "https://shop.example/i"]),
                good("none", ["Enable forced redirect? (efr)": "0"]),
            ])
        ])
        let links = try links(result)
        XCTAssertEqual(links["/only-afl"]?["web_url"], "https://shop.example/a")
        XCTAssertEqual(links["/only-afl"]?["android_fallback"], "web")
        XCTAssertNil(links["/only-afl"]?["fallback"])
        XCTAssertEqual(links["/only-afl"]?["title"], "Named")
        XCTAssertEqual(links["/only-ifl"]?["fallback"], "web")
        XCTAssertEqual(links["/only-ifl"]?["android_fallback"], "store", "Firebase sends Android to Play without afl")
        XCTAssertEqual(links["/none"]?["web_url"], "https://shop.example/product/none")
        XCTAssertNil(links["/none"]?["template"])
        XCTAssertEqual(links["/none"]?["title"], "none", "no st or name: the suffix")
    }

    func testBadRowsAreErrorsAtTheirCellAndNothingIsWritten() throws {
        let result = try run([
            "e.csv": export([
                good("ok"),
                good("js", ["Deep link (link)": "javascript:alert(1)"]),
                good("other", ["Deep link (link)": "https://evil.example/x"]),
                good("app", ["iOS app store ID (isi)": "999", "Android package name (apn)": "com.evil"]),
                good("Welcome"),  // another link than the catalog's /welcome: paths are case-sensitive
                good("OK"),  // and than /ok
                good("bad", ["Short link": "https://go.shop.example/a%20b"]),
            ])
        ])
        XCTAssertTrue(result.files.isEmpty)
        XCTAssertEqual(
            result.diagnostics.filter { $0.severity == .error }.map { "\($0.location!)" + " " + $0.message.prefix(40) },
            [
                "e.csv:3:2 link uses the 'javascript:' scheme; only",
                "e.csv:4:2 link points at evil.example, not at the ",
                "e.csv:5:3 apn 'com.evil' is not the catalog's app.",
                "e.csv:5:11 isi '999' is not the catalog's app.ios.a",
                "e.csv:8:1 path '/a%20b' contains '%' (U+0025), whi",
            ])
        var skip = FirebaseImportOptions()
        skip.skipInvalid = true
        let skipped = try run(
            ["e.csv": export([good("ok"), good("js", ["Deep link (link)": "javascript:alert(1)"])])], options: skip)
        XCTAssertFalse(skipped.hasErrors)
        XCTAssertEqual(skipped.skippedInvalid, 1)
        XCTAssertEqual(try links(skipped).keys.sorted(), ["/ok"])
        XCTAssertTrue(
            skipped.diagnostics.contains {
                $0.description.hasPrefix("e.csv:3:2: warning: skipped this row: link uses the 'javascript:' scheme")
            })
    }

    func testArchivedRowsAreSkippedUnlessAsked() throws {
        let rows = export([good("live", ["Archived?": "false"]), good("gone", ["Archived?": "TRUE"])])
        let plain = try run(["e.csv": rows])
        XCTAssertEqual(plain.skippedArchived, 1)
        XCTAssertEqual(try links(plain).keys.sorted(), ["/live"])
        var options = FirebaseImportOptions()
        options.includeArchived = true
        let all = try run(["e.csv": rows], options: options)
        XCTAssertEqual(all.skippedArchived, 0)
        XCTAssertEqual(try links(all).keys.sorted(), ["/gone", "/live"])
        let bad = try run(["e.csv": export([good("x", ["Archived?": "perhaps"])])])
        XCTAssertEqual(
            bad.diagnostics.first?.description,
            "e.csv:2:27: error: Archived? must be true or false, found 'perhaps'; write true or false")
    }

    func testExistingCatalogKeepsItsTextAndGainsALinksFileLine() throws {
        let result = try run(["e.csv": export([good("a")])])
        let catalog = try XCTUnwrap(result.files.first { $0.url.lastPathComponent == "site-config.yml" })
        XCTAssertTrue(catalog.text.hasPrefix(Self.catalog), "the user's text, comments included, is kept as it was")
        XCTAssertEqual(
            String(catalog.text.dropFirst(Self.catalog.count)),
            "# Links imported by 'trampoline import firebase'.\nlinks_file: \"firebase-links.csv\"\n")
        // The result loads as a catalog with both lists.
        for file in result.files { try Data(file.text.utf8).write(to: file.url) }
        let (loaded, diagnostics) = CatalogLoader().load(
            contentsOf: folder.appendingPathComponent("site-config.yml"), displayPath: "site-config.yml")
        XCTAssertEqual(diagnostics.diagnostics, [])
        XCTAssertEqual(loaded?.links.map(\.path), ["/welcome", "/a"])
        // Importing again changes nothing.
        let again = try run(["e.csv": export([good("a")])], catalog: nil)
        XCTAssertEqual(again.files, [])
        XCTAssertEqual(again.unchanged, 1)
        // Changed values for an imported path are an error, not a silent overwrite.
        let changed = try run(["e.csv": export([good("a", ["Social title (st)": "New"])])], catalog: nil)
        XCTAssertEqual(
            changed.diagnostics.first?.description,
            "e.csv:2:1: error: firebase-links.csv:2 already has /a with other values; delete that row (or the whole file) to import this link again"
        )
    }

    func testLongLinksTakeTheirPathFromLink() throws {
        let text =
            "https://go.shop.example/?link=https%3A%2F%2Fshop.example%2Fproduct%2F9%3Fq%3D1&ibi=com.shop.ios&st=Nine\nhttps://go.shop.example/?link=https%3A%2F%2Fshop.example%2F\n"
        let result = try run(["l.txt": text])
        XCTAssertEqual(
            result.diagnostics.map(\.description),
            [
                "l.txt:2:26: error: link has no path to name the page; a long link's page takes link's path (https://shop.example/product/1 → /product/1); give this link one, or import the export's short link"
            ])
        let fine = try run(["l.txt": String(text.split(separator: "\n")[0]) + "\n"])
        XCTAssertEqual(
            try links(fine)["/product/9"],
            [
                "path": "/product/9", "title": "Nine", "deep_link": "shop://product/9?q=1",
                "web_url": "https://shop.example/product/9?q=1",
            ])
    }

    func testMarkdownEscapingKeepsTheText() {
        XCTAssertEqual(
            FirebaseLinkMapper.markdownEscaped("- 50% off *all* [shoes] & <b>"),
            "\\- 50% off \\*all\\* \\[shoes\\] \\& \\<b\\>")
        XCTAssertEqual(FirebaseLinkMapper.markdownEscaped("1. first"), "1\\. first")
        XCTAssertEqual(
            MarkdownRenderer.plainText(from: FirebaseLinkMapper.markdownEscaped("# *a* _b_ `c` 1) x")),
            "# *a* _b_ `c` 1) x")
    }
}

extension FirebaseImportMappingTests {
    /// The importer's column map against ``CatalogFieldTests/fields``: each Firebase column said
    /// to map to a field fills that field's column in the links file; no other column is written.
    func testEveryMappedFieldReachesTheLinksFile() throws {
        let row = good(
            "all",
            [
                "Social title (st)": "Title", "Social description (sd)": "Text",
                "Social image link (si)": "https://cdn.shop.example/i.png",
                "iOS fallback link (ifl)": "https://shop.example/product/all", "Enable forced redirect? (efr)": "1",
                "UTM source (utm_source)": "news", "Desktop fallback link (ofl)": "https://shop.example/desk",
                "iTunes Connect ct": "spring-mail",
            ])
        // afl alone: with ifl too, one `fallback` says it for both.
        let android = good("afl", ["Android fallback link (afl)": "https://shop.example/product/afl"])
        let imported = try links(try run(["e.csv": export([row, android])]))
        var written = try XCTUnwrap(imported["/all"])
        written.merge(try XCTUnwrap(imported["/afl"])) { first, _ in first }
        let mapped = CatalogFieldTests.fields.filter { $0.firebaseColumn != nil }.map(\.key)
        for key in mapped where key != "campaign" {
            XCTAssertNotNil(written[key], "\(key) is mapped from Firebase but not written: \(written)")
        }
        XCTAssertEqual(written["campaign.utm_source"], "news")
        let columns = Set(written.keys.map { $0.hasPrefix("campaign.") ? "campaign" : $0 })
        XCTAssertTrue(
            columns.isSubset(of: Set(mapped)), "written but not listed as mapped: \(columns.subtracting(mapped))")
    }
}
