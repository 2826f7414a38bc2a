import XCTest

@testable import TrampolineCatalog
@testable import TrampolineModel

/// Reading Firebase's export and long links: header spellings, strict CSV, positions.
final class FirebaseImportReadingTests: XCTestCase {
    /// The export's header as Firebase's guide spells it.
    static let documentedHeader = [
        "Short link", "Deep link (link)", "Android package name (apn)", "Android fallback link (afl)",
        "Android minimum package version code (amv)", "iOS bundle ID (ibi)", "iOS fallback link (ifl)",
        "iOS custom scheme (ius)", "iOS iPad fallback link (ipfl)", "iOS iPad bundle ID (ipbi)",
        "iOS app store ID (isi)", "iOS minimum version (imv)", "Enable forced redirect? (efr)",
        "Desktop fallback link (ofl)", "Social title (st)", "Social description (sd)", "Social image link (si)",
        "UTM source (utm_source)", "UTM medium (utm_medium)", "UTM campaign (utm_campaign)", "UTM term (utm_term)",
        "UTM content (utm_content)", "iTunes Connect at", "iTunes Connect ct", "iTunes Connect mt", "iTunes Connect pt",
        "Archived?", "Link name", "Creation timestamp",
    ]

    func testEveryDocumentedHeaderAndEveryBareParameterNamesItsField() {
        let fields = Self.documentedHeader.map { FirebaseField.field(forHeader: $0) }
        XCTAssertEqual(fields, FirebaseField.allCases.map { Optional($0) }, "the guide's 29 columns, in its order")
        for field in FirebaseField.allCases {
            if let parameter = field.parameter {
                XCTAssertEqual(FirebaseField.field(forHeader: parameter), field, parameter)
                XCTAssertEqual(FirebaseField.field(forParameter: parameter), field, parameter)
            }
        }
    }

    func testHeadersIgnoreCaseSpacesUnderscoresAndPunctuation() {
        let cases: [(String, FirebaseField?)] = [
            ("SHORT_LINK", .shortLink), ("short-link", .shortLink), ("  Short Link ", .shortLink),
            ("deep_link", .link), ("LINK", .link), ("Deep Link", .link),
            ("enable forced redirect", .efr), ("EFR", .efr), ("utm source", .utmSource), ("UTM_SOURCE", .utmSource),
            ("itunes_connect_pt", .pt), ("is archived", .archived), ("archived", .archived), ("name", .name),
            ("Creation time", .created), ("iTunes Connect", nil), ("clicks", nil), ("", nil),
            // Every "label (param)" form, as the other columns have it.
            ("iTunes Connect at (at)", .at), ("iTunes Connect ct (ct)", .ct), ("iTunes Connect mt (mt)", .mt),
            ("iTunes Connect pt (pt)", .pt), ("UTM source (utm_source)", .utmSource), ("Social title (st)", .st),
        ]
        for (header, expected) in cases {
            XCTAssertEqual(FirebaseField.field(forHeader: header), expected, header)
        }
    }

    func testColumnsInAnyOrderWithUnknownOnesWarned() {
        let csv = "utm_source,Clicks,LINK,short link\nmail,12,https://shop.example/p/1,https://go.shop.example/abc\n"
        var engine = DiagnosticEngine()
        let rows = FirebaseExportReader.rows(text: csv, displayPath: "e.csv", engine: &engine) ?? []
        XCTAssertEqual(
            engine.diagnostics.map(\.description),
            [
                "e.csv:1:2: warning: unknown column 'Clicks' is ignored; Firebase's export columns are Short link, Deep link (link), apn, afl, amv, ibi, ifl, ius, ipfl, ipbi, isi, imv, efr, ofl, st, sd, si, utm_*, at, ct, mt, pt, Archived?, Link name and Creation timestamp"
            ])
        XCTAssertEqual(rows.count, 1)
        XCTAssertEqual(rows.first?[.utmSource], "mail")
        XCTAssertEqual(rows.first?[.link], "https://shop.example/p/1")
        XCTAssertEqual(rows.first?.location(.shortLink).description, "e.csv:2:4")
        XCTAssertEqual(rows.first?.domain, "go.shop.example")
    }

    func testMissingAndRepeatedColumnsAreErrors() {
        var engine = DiagnosticEngine()
        XCTAssertNil(
            FirebaseExportReader.rows(
                text: "link,Deep link (link)\nhttps://a.example/x,https://a.example/y\n", displayPath: "e.csv",
                engine: &engine))
        XCTAssertEqual(
            engine.errors.map(\.description),
            [
                "e.csv:1:2: error: column 'Deep link (link)' repeats column 1 (Deep link); keep one column per field",
                "e.csv:1:1: error: the export has no 'Short link' column; the header must name it (Short link, Deep link (link)); for FDL long links, list one URL per line instead",
            ])
    }

    func testStrictCSVReportsBadQuotingAtRowAndColumn() {
        XCTAssertEqual(
            try StrictCSV.records("a,b\r\n\"x,1\",\"say \"\"hi\"\"\"\n\n\"two\nlines\",z\n").get(),
            [
                .init(row: 1, fields: ["a", "b"]), .init(row: 2, fields: ["x,1", "say \"hi\""]),
                .init(row: 4, fields: ["two\nlines", "z"]),
            ])
        func problem(_ text: String) -> String? {
            if case .failure(let p) = StrictCSV.records(text) { return "\(p.row):\(p.column) \(p.message)" }
            return nil
        }
        XCTAssertEqual(problem("a,b\nc,\"open\n"), "2:2 this quoted field is never closed")
        XCTAssertEqual(problem("a,b\nc,d\"e\n"), "2:2 a quote inside a field that does not start with one")
        XCTAssertEqual(problem("a,b\n\"c\"x,d\n"), "2:1 text follows the closing quote of this field")
    }

    func testWrongFieldCountStaysWithItsRow() {
        var engine = DiagnosticEngine()
        let rows =
            FirebaseExportReader.rows(
                text:
                    "Short link,link,st\nhttps://go.a.example/x,https://a.example/1\nhttps://go.a.example/y,https://a.example/2,T,extra\n",
                displayPath: "e.csv", engine: &engine) ?? []
        XCTAssertFalse(engine.hasErrors)
        XCTAssertEqual(
            rows.flatMap(\.diagnostics).map(\.description),
            [
                "e.csv:2:3: error: this row has 2 fields but the header has 3; quote values that contain commas; every row needs one value (maybe empty) per column",
                "e.csv:3:4: error: this row has 4 fields but the header has 3; quote values that contain commas; every row needs one value (maybe empty) per column",
            ])
    }

    func testLongLinkParametersAreDecodedWithTheirColumns() {
        let text =
            "# comment\n\n  https://x.page.link/?link=https%3A%2F%2Fshop.example%2Fp%2F1%3Fa%3D1&apn=com.a&st=Big+sale&zz=1\nhttps://x.page.link/abc?st=Short\n"
        XCTAssertTrue(FirebaseLongLinkReader.looksLikeLongLinks(text))
        XCTAssertFalse(FirebaseLongLinkReader.looksLikeLongLinks("Short link,link\n"))
        let rows = FirebaseLongLinkReader.rows(text: text, displayPath: "l.txt")
        XCTAssertEqual(rows.count, 2)
        XCTAssertEqual(rows[0][.link], "https://shop.example/p/1?a=1")
        XCTAssertEqual(rows[0][.st], "Big sale")
        XCTAssertTrue(rows[0].isLongLink)
        XCTAssertEqual(rows[0].location(.link).description, "l.txt:3:24")
        XCTAssertEqual(rows[0].location(.apn).description, "l.txt:3:72")
        XCTAssertEqual(
            rows[0].diagnostics.map(\.description),
            [
                "l.txt:3:94: warning: unknown long-link parameter 'zz' is ignored; Trampoline reads link, apn, afl, amv, ibi, ifl, ius, ipfl, ipbi, isi, imv, efr, ofl, st, sd, si, utm_*, at, ct, mt and pt"
            ])
        // A short link with parameters keeps its suffix.
        XCTAssertFalse(rows[1].isLongLink)
        XCTAssertEqual(rows[1][.shortLink], "https://x.page.link/abc")
    }
}
