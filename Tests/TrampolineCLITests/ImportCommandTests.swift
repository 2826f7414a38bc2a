import Foundation
import TrampolineTestSupport
import XCTest

/// `trampoline import firebase` run as a user would, on the fixtures that generate.py writes
/// (Fixtures/firebase): a 400-row export, bad rows, broken files and long links.
final class ImportCommandTests: XCTestCase {
    static let fingerprint =
        "14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5"
    static let newCatalog = ["--team-id", "ABCDE12345", "--sha256-cert-fingerprint", fingerprint]

    func fixture(_ name: String) throws -> Data {
        let url = try XCTUnwrap(Bundle.module.url(forResource: "Fixtures/firebase/\(name)", withExtension: nil))
        return try Data(contentsOf: url)
    }

    /// A folder holding the named fixtures.
    func folder(with names: [String]) throws -> TemporaryDirectory {
        let dir = try TemporaryDirectory()
        for name in names { try fixture(name).write(to: dir.url.appendingPathComponent(name)) }
        return dir
    }

    func testTheRealisticExportBecomesACatalogThatBuildsAndASecondImportChangesNothing() throws {
        let dir = try folder(with: ["export.csv"])
        let first = try TrampolineProcess.run(["import", "firebase", "export.csv"] + Self.newCatalog, in: dir.url)
        XCTAssertEqual(first.status, 0, first.stderr)
        XCTAssertEqual(
            first.stdout,
            "Imported 384 links into firebase-links.csv (new catalog site-config.yml): 0 unchanged, 16 archived skipped, 0 invalid skipped, 117 warnings; wrote site-config.yml and firebase-links.csv.\n"
        )
        // Nothing without an equivalent is dropped in silence: each is a warning at its row and column.
        let warnings = first.stderr.split(separator: "\n")
        XCTAssertEqual(warnings.count, 117)
        XCTAssertTrue(
            warnings.allSatisfy {
                $0.range(of: #"^export\.csv:\d+:\d+: warning: "#, options: .regularExpression) != nil
            })
        XCTAssertTrue(
            warnings.contains(
                "export.csv:12:5: warning: amv (Android minimum version code) has no equivalent: the app must check its own version; the value is not imported"
            ), first.stderr)
        for parameter in ["amv", "imv", "ipbi", "ipfl"] {
            XCTAssertTrue(warnings.contains { $0.contains("warning: \(parameter) (") }, parameter)
        }
        // App Store Connect's tokens are kept: pt and at for the app (as the rows that have them
        // carry them), each row's ct on its link, mt=8 added by the pages.
        XCTAssertFalse(warnings.contains { $0.contains("warning: pt ") || $0.contains("warning: at ") }, first.stderr)
        let catalog = try XCTUnwrap(dir.read("site-config.yml"))
        XCTAssertTrue(catalog.contains("url: \"https://links.shopfront.example\""), catalog)
        XCTAssertTrue(
            catalog.contains("provider_token: \"123456\"") && catalog.contains("affiliate_token: \"1l3vpjz\""), catalog)
        XCTAssertTrue(
            catalog.contains("bundle_id: \"com.shopfront.ios\"")
                && catalog.contains("package: \"com.shopfront.android\"") && catalog.contains("scheme: \"shopfront\""),
            catalog)
        let links = try XCTUnwrap(dir.read("firebase-links.csv"))
        // Row 2 of the export: the short link's suffix is the path, link's path and query the deep link.
        XCTAssertTrue(
            links.contains(
                "\n/iaqda,shopfront://category/1?ref=fdl&id=1,Jackets #1,\"The \"\"jackets\"\" edit: new arrivals \\*and\\* favourites\",https://shopfront.example/category/1?ref=fdl&id=1,redirect,"
            ), links)
        XCTAssertFalse(links.contains("/product-25,"), "archived (row 26) is left out")

        let build = try TrampolineProcess.run(["build"], in: dir.url)
        XCTAssertEqual(build.status, 0, build.stderr)
        // No warning, the page budget's included: the fullest rows (App Store campaign tokens, five
        // utm_* keys and a long deep link, which each page repeats in its data, App Links tags and
        // button) come to 10 KB at most.
        XCTAssertEqual(build.stderr, "")
        XCTAssertTrue(build.stdout.hasPrefix("Built 384 links into _site"), build.stdout)
        XCTAssertNotNil(dir.read("_site/iaqda/index.html"))

        let before = dir.contents(of: ".").filter { !$0.key.hasPrefix("_site") }
        let second = try TrampolineProcess.run(["import", "firebase", "export.csv"], in: dir.url)
        XCTAssertEqual(second.status, 0, second.stderr)
        XCTAssertEqual(
            second.stdout,
            "Imported 0 links into firebase-links.csv (site-config.yml): 384 unchanged, 16 archived skipped, 0 invalid skipped, 117 warnings; nothing changed.\n"
        )
        XCTAssertEqual(dir.contents(of: ".").filter { !$0.key.hasPrefix("_site") }, before, "byte-identical")
    }

    /// Cells a spreadsheet would run as formulas (OWASP "CSV Injection") are written with a
    /// leading `'`, and read back unchanged by the build (issue #51: they were written raw into
    /// the file the docs say to edit in a spreadsheet).
    func testFormulaCellsAreWrittenAsTextAndReadBackUnchanged() throws {
        // The export has CRLF line ends, one Character in Swift: split on the scalars.
        let lines = String(decoding: try fixture("export.csv"), as: UTF8.self)
            .replacingOccurrences(of: "\r\n", with: "\n").split(separator: "\n")
        let formulas = [
            (#""=HYPERLINK(""https://evil.example"",""x"")""#, #"=HYPERLINK("https://evil.example","x")"#),
            (#""-2+3+cmd|' /C calc'!A0""#, "-2+3+cmd|' /C calc'!A0"),
            ("@SUM(1)", "@SUM(1)"),
        ]
        var rows = [String(lines[0])]
        for (index, (cell, _)) in formulas.enumerated() {
            let row = String(lines[1]).replacingOccurrences(of: "Jackets #1", with: cell)
                .replacingOccurrences(of: "/iaqda", with: "/f\(index)")
                .replacingOccurrences(of: "id=1,", with: "id=\(index + 100),")
            rows.append(row)
        }
        let dir = try TemporaryDirectory()
        try dir.write("export.csv", rows.joined(separator: "\n") + "\n")
        let imported = try TrampolineProcess.run(["import", "firebase", "export.csv"] + Self.newCatalog, in: dir.url)
        XCTAssertEqual(imported.status, 0, imported.stderr)
        let written = try XCTUnwrap(dir.read("firebase-links.csv"))
        for (_, value) in formulas {
            XCTAssertFalse(
                written.split(separator: ",").contains {
                    $0.hasPrefix(value.prefix(4)) || $0.hasPrefix("\"" + value.prefix(4))
                },
                "a cell starts with a formula: \(written)")
        }
        XCTAssertTrue(written.contains("'@SUM(1)"), written)
        let built = try TrampolineProcess.run(["build"], in: dir.url)
        XCTAssertEqual(built.status, 0, built.stderr)
        let page = try XCTUnwrap(dir.read("_site/f2/index.html"))
        XCTAssertTrue(page.contains("<title>@SUM(1)</title>"), page)
        let first = try XCTUnwrap(dir.read("_site/f0/index.html"))
        XCTAssertTrue(
            first.contains("<title>=HYPERLINK(&quot;https://evil.example&quot;,&quot;x&quot;)</title>"), first)
        // A second import reads the escaped cells back as the same values: nothing changes.
        let again = try TrampolineProcess.run(["import", "firebase", "export.csv"], in: dir.url)
        XCTAssertTrue(again.stdout.contains("nothing changed"), again.stdout + again.stderr)
    }

    /// `--claims links` writes a new catalog's `site.claims`: its AASA then claims each link's
    /// path, not the whole host; a value other than domain or links is refused before anything is read.
    func testClaimsSetsTheNewCatalogsSiteClaims() throws {
        let dir = try folder(with: ["export.csv"])
        let imported = try TrampolineProcess.run(
            ["import", "firebase", "export.csv", "--claims", "links"] + Self.newCatalog, in: dir.url)
        XCTAssertEqual(imported.status, 0, imported.stderr)
        let catalog = try XCTUnwrap(dir.read("site-config.yml"))
        XCTAssertTrue(catalog.contains("\n  claims: links\n"), catalog)
        let build = try TrampolineProcess.run(["build"], in: dir.url)
        XCTAssertEqual(build.status, 0, build.stderr)
        // Each link's path is a component of its own (the whole-domain claim has a few rules and
        // one `"/": "*"` that is not an exclusion).
        let data = try XCTUnwrap(dir.read("_site/.well-known/apple-app-site-association")).data(using: .utf8)!
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [String: Any])
        let details = try XCTUnwrap((json["applinks"] as? [String: Any])?["details"] as? [[String: Any]])
        let components = try XCTUnwrap(details.first?["components"] as? [[String: Any]])
        let claimed = components.filter { $0["exclude"] == nil }.compactMap { $0["/"] as? String }
        XCTAssertTrue(claimed.contains("/zzxda") && claimed.contains("/26m6c"), "\(claimed.prefix(10))")
        XCTAssertFalse(claimed.contains("*"), "\(claimed.prefix(10))")

        let wrong = try TrampolineProcess.run(
            ["import", "firebase", "export.csv", "--claims", "everything"] + Self.newCatalog, in: dir.url)
        XCTAssertNotEqual(wrong.status, 0)
        XCTAssertTrue(wrong.stderr.contains("--claims"), wrong.stderr)
    }

    func testBadRowsAreReportedAtRowAndColumnAndNothingIsWritten() throws {
        let dir = try folder(with: ["bad.csv"])
        let result = try TrampolineProcess.run(["import", "firebase", "bad.csv"] + Self.newCatalog, in: dir.url)
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.stdout, "")
        let errors = result.stderr.split(separator: "\n").filter { $0.contains(": error: ") }.map {
            String($0.prefix { $0 != ";" })
        }
        XCTAssertEqual(
            errors,
            [
                "bad.csv:5:2: error: link uses the 'javascript:' scheme",
                "bad.csv:6:2: error: link points at evil.example, not at the app's web host shopfront.example",
                "bad.csv:7:1: error: duplicate short link /iaqda",
                "bad.csv:10:6: error: ibi 'com.other.app' is not the catalog's app.ios.bundle_id 'com.shopfront.ios'",
                "bad.csv:11:13: error: efr must be 1 or 0, found 'maybe'",
                "bad.csv:12:1: error: the row has no deep link (link)",
                "bad.csv:13:17: error: image uses the 'data:' scheme",
                "bad.csv:14:3: error: this row has 2 fields but the header has 29",
            ])
        // /promo-sale beside /Promo-Sale (rows 8 and 9) is no error: they are two links, as in Firebase.
        XCTAssertTrue(
            result.stderr.hasSuffix(
                "Nothing imported: 8 errors; fix them, or pass --skip-invalid to leave those rows out.\n"),
            result.stderr)
        XCTAssertEqual(dir.contents(of: ".").keys.sorted(), ["bad.csv"], "nothing written")

        let skipped = try TrampolineProcess.run(
            ["import", "firebase", "bad.csv", "--skip-invalid"] + Self.newCatalog, in: dir.url)
        XCTAssertEqual(skipped.status, 0, skipped.stderr)
        XCTAssertTrue(
            skipped.stdout.hasPrefix(
                "Imported 5 links into firebase-links.csv (new catalog site-config.yml): 0 unchanged, 0 archived skipped, 8 invalid skipped,"
            ), skipped.stdout)
        XCTAssertTrue(
            skipped.stderr.contains("bad.csv:5:2: warning: skipped this row: link uses the 'javascript:' scheme"),
            skipped.stderr)
        XCTAssertFalse(skipped.stderr.contains(": error: "), skipped.stderr)
        let build = try TrampolineProcess.run(["build"], in: dir.url)
        XCTAssertEqual(build.status, 0, build.stderr)
        XCTAssertTrue(build.stdout.hasPrefix("Built 5 links"), build.stdout)
    }

    func testBrokenFilesAreRefusedWithTheirPosition() throws {
        let dir = try folder(with: ["bad-quoting.csv", "bad-utf8.csv", "bad-long-links.txt"])
        let quoting = try TrampolineProcess.run(
            ["import", "firebase", "bad-quoting.csv"] + Self.newCatalog, in: dir.url)
        XCTAssertEqual(quoting.status, 1)
        XCTAssertTrue(
            quoting.stderr.hasPrefix(
                "bad-quoting.csv:3:2: error: malformed CSV: text follows the closing quote of this field"),
            quoting.stderr)
        XCTAssertTrue(
            quoting.stderr.hasSuffix(
                "Nothing imported: 1 error; fix it, or pass --skip-invalid to leave those rows out.\n"),
            quoting.stderr)
        // A broken file is no row to skip: the footer does not send the user back to the flag they passed.
        let skipping = try TrampolineProcess.run(
            ["import", "firebase", "bad-quoting.csv", "--skip-invalid"] + Self.newCatalog, in: dir.url)
        XCTAssertEqual(skipping.status, 1)
        XCTAssertTrue(
            skipping.stderr.hasSuffix(
                "Nothing imported: 1 error that --skip-invalid cannot leave out (it skips only rows); fix it.\n"),
            skipping.stderr)
        let utf8 = try TrampolineProcess.run(
            ["import", "firebase", "bad-utf8.csv", "--format", "json"] + Self.newCatalog, in: dir.url)
        XCTAssertEqual(utf8.status, 1)
        // The JSON report, then the one-line summary.
        let json = try XCTUnwrap(utf8.stderr.components(separatedBy: "Nothing imported").first)
        let report = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
        let first = try XCTUnwrap((report?["diagnostics"] as? [[String: Any]])?.first)
        XCTAssertEqual(first["file"] as? String, "bad-utf8.csv")
        XCTAssertEqual(first["line"] as? Int, 2)
        XCTAssertEqual(first["message"] as? String, "the export is not valid UTF-8 text")
        let long = try TrampolineProcess.run(
            ["import", "firebase", "bad-long-links.txt"] + Self.newCatalog, in: dir.url)
        XCTAssertEqual(long.status, 1)
        XCTAssertEqual(
            long.stderr.split(separator: "\n").filter { $0.contains(": error: ") }.map {
                String($0.prefix { $0 != ";" })
            },
            [
                "bad-long-links.txt:2:1: error: the long link has no link= parameter (the deep link)",
                "bad-long-links.txt:3:34: error: link uses the 'javascript:' scheme",
            ])
        XCTAssertEqual(
            dir.contents(of: ".").keys.sorted(), ["bad-long-links.txt", "bad-quoting.csv", "bad-utf8.csv"],
            "nothing written")
    }

    func testLongLinksJoinAnExistingCatalogWhoseTextIsKept() throws {
        let dir = try folder(with: ["long-links.txt"])
        XCTAssertEqual(try TrampolineProcess.run(["init"], in: dir.url).status, 0)
        // The starter's app becomes the long links' app.
        let starter = try XCTUnwrap(dir.read("site-config.yml"))
            .replacingOccurrences(of: "bundle_id: com.example.app", with: "bundle_id: com.shopfront.ios")
            .replacingOccurrences(
                of: "app_store_id: \"1234567890\"", with: "app_store_id: \"1234567890\"\n    # (the Shopfront app)"
            )
            .replacingOccurrences(of: "scheme: example", with: "scheme: shopfront")
            .replacingOccurrences(of: "deep_link: example://welcome", with: "deep_link: shopfront://welcome")
        try dir.write("site-config.yml", starter)
        let result = try TrampolineProcess.run(
            ["import", "firebase", "long-links.txt", "--web-host", "shopfront.example"], in: dir.url)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(
            result.stdout.hasPrefix("Imported 20 links into firebase-links.csv (site-config.yml): 0 unchanged,"),
            result.stdout)
        // The Android columns are named, but this catalog has no Android app: said, not dropped.
        XCTAssertTrue(result.stderr.contains("long-links.txt:3:"), result.stderr)
        XCTAssertTrue(
            result.stderr.contains("warning: apn names 'com.shopfront.android', but the catalog has no app.android"),
            result.stderr)
        let catalog = try XCTUnwrap(dir.read("site-config.yml"))
        XCTAssertEqual(
            catalog, starter + "# Links imported by 'trampoline import firebase'.\nlinks_file: \"firebase-links.csv\"\n"
        )
        let links = try XCTUnwrap(dir.read("firebase-links.csv"))
        XCTAssertTrue(
            links.contains("\n/category/1,shopfront://category/1?from=long,Long link 1,\"From a long link, \\#1\","),
            links)
        let build = try TrampolineProcess.run(["build"], in: dir.url)
        XCTAssertEqual(build.status, 0, build.stderr)
        XCTAssertTrue(build.stdout.hasPrefix("Built 22 links"), build.stdout)
    }

    func testTheSubcommandIsListed() throws {
        let dir = try TemporaryDirectory()
        let help = try TrampolineProcess.run(["import", "--help"], in: dir.url)
        XCTAssertTrue(help.stdout.contains("firebase"), help.stdout)
        let missing = try TrampolineProcess.run(["import", "firebase", "nope.csv"], in: dir.url)
        XCTAssertEqual(missing.status, 1)
        XCTAssertTrue(missing.stderr.hasPrefix("error: cannot read nope.csv"), missing.stderr)
    }

    /// A migrated domain: 3,000 short links with Firebase's default 17-character suffixes, 50 of
    /// them case pairs (/AbC… and /aBc… are two links in Firebase). It imports, builds and checks
    /// with no error; the domain is claimed in an AASA of a fixed size; both links of each pair
    /// resolve to their own deep link, in the page table and in what the app receives.
    func testAMigratedDomainOf3000LinksWithCasePairsImportsBuildsAndChecks() throws {
        var generator = SeededGenerator(seed: 37)
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789")
        var suffixes: [String] = []
        var seen = Set<String>()
        while suffixes.count < 2_950 {
            let suffix = String((0..<17).map { _ in alphabet.randomElement(using: &generator)! })
            if seen.insert(suffix.lowercased()).inserted { suffixes.append(suffix) }
        }
        // The pairs: the same letters, every letter's case swapped.
        let pairs = suffixes.prefix(50).map {
            String($0.map { $0.isUppercase ? Character($0.lowercased()) : Character($0.uppercased()) })
        }
        let header = String(decoding: try fixture("export.csv"), as: UTF8.self).split(whereSeparator: \.isNewline)[0]
        var csv = String(header) + "\n"
        for (index, suffix) in (suffixes + pairs).enumerated() {
            csv +=
                "https://links.shopfront.example/\(suffix),https://shopfront.example/item/\(index)?ref=fdl,com.shopfront.android,,,com.shopfront.ios,,shopfront,,,1234567890,,,,Item \(index),,,,,,,,,,,,false,item \(index),2023-02-02T01:01:00Z\n"
        }
        let dir = try TemporaryDirectory()
        try dir.write("export.csv", csv)
        let imported = try TrampolineProcess.run(["import", "firebase", "export.csv"] + Self.newCatalog, in: dir.url)
        XCTAssertEqual(imported.status, 0, imported.stderr)
        XCTAssertTrue(imported.stdout.hasPrefix("Imported 3000 links into firebase-links.csv"), imported.stdout)
        let build = try TrampolineProcess.run(["build"], in: dir.url)
        XCTAssertEqual(build.status, 0, build.stderr)
        let files = dir.contents(of: "_site")
        let aasa = try XCTUnwrap(files["apple-app-site-association"])
        XCTAssertLessThan(aasa.count, 4096)
        let check = try TrampolineProcess.run(["check"], in: dir.url)
        XCTAssertEqual(check.status, 0, check.stdout + check.stderr)
        XCTAssertTrue(check.stderr.contains(": 0 errors, 0 warnings"), check.stderr)
        // Each of a pair: a page of its own (the later one under _case/, which _redirects serves
        // at its URL), no two folders that differ only in case, resolved apart.
        let (upper, lower) = (suffixes[0], pairs[0])
        let (kept, moved) = files["\(upper)/index.html"] != nil ? (upper, lower) : (lower, upper)
        XCTAssertNotNil(files["\(kept)/index.html"])
        XCTAssertNil(files["\(moved)/index.html"])
        XCTAssertEqual(Set(files.keys.map { $0.lowercased() }).count, files.count)
        let rules = String(decoding: try XCTUnwrap(files["_redirects"]), as: UTF8.self)
        XCTAssertEqual(rules.split(separator: "\n").filter { $0.hasSuffix(" 200") && $0.contains("/_case/") }.count, 50)
        XCTAssertTrue(rules.contains("\n/\(moved) /_case/"), rules)
        let match = try TrampolineProcess.run(
            ["match", "--format", "json", "/\(upper)", "/\(lower)", "/\(suffixes[2_000])"], in: dir.url)
        let receives = match.stdout.split(separator: "\n").compactMap { line in
            (try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])?["app_receives"] as? String
        }
        XCTAssertEqual(
            receives, ["shopfront://item/0?ref=fdl", "shopfront://item/2950?ref=fdl", "shopfront://item/2000?ref=fdl"],
            match.stdout)
    }

    /// Long links from the command line and from standard input, and no scheme guessed.
    func testLongLinksFromArgumentsAndStandardInputAndAMissingSchemeIsAskedFor() throws {
        let link =
            "https://links.shopfront.example/?link=https%3A%2F%2Fshopfront.example%2Fitem%2F1&ibi=com.shopfront.ios&isi=1234567890&ius=shopfront&apn=com.shopfront.android&st=One"
        let args = try TemporaryDirectory()
        let fromArgs = try TrampolineProcess.run(["import", "firebase", link] + Self.newCatalog, in: args.url)
        XCTAssertEqual(fromArgs.status, 0, fromArgs.stderr)
        XCTAssertTrue(try XCTUnwrap(args.read("firebase-links.csv")).contains("shopfront://item/1"))
        let stdin = try TemporaryDirectory()
        let fromStdin = try TrampolineProcess.run(
            ["import", "firebase", "-"] + Self.newCatalog, in: stdin.url,
            stdin: link.replacingOccurrences(of: "item%2F1", with: "item%2F2") + "\n")
        XCTAssertEqual(fromStdin.status, 0, fromStdin.stderr)
        XCTAssertTrue(try XCTUnwrap(stdin.read("firebase-links.csv")).contains("shopfront://item/2"))
        let noScheme = try TemporaryDirectory()
        let asked = try TrampolineProcess.run(
            ["import", "firebase", link.replacingOccurrences(of: "&ius=shopfront", with: "")] + Self.newCatalog,
            in: noScheme.url)
        XCTAssertEqual(asked.status, 1)
        XCTAssertTrue(
            asked.stderr.contains(
                "error: the export names the iOS app com.shopfront.ios but no custom URL scheme (ius)"), asked.stderr)
        XCTAssertTrue(asked.stderr.contains("pass --scheme"), asked.stderr)
        XCTAssertNil(noScheme.read("site-config.yml"), "nothing written")
    }
}
