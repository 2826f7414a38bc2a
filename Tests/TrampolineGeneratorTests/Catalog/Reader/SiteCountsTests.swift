import Foundation
import TrampolineBuild
import TrampolineCatalog
import TrampolineModel
import XCTest

/// `site.counts` (docs/counts.md): the host's log by default, nothing with `false`, or events to
/// a Plausible endpoint; what each puts in the plan, the pages' policy and their data.
final class SiteCountsTests: XCTestCase {
    static func catalog(counts: String?) -> String {
        """
        site:
          url: https://go.example.com
        \(counts.map { "  counts: \($0)\n" } ?? "")app:
          name: Marry
          ios: {team_id: ABCDE12345, bundle_id: com.example.marry, app_store_id: "1356057329", scheme: marry}
        links:
          - {path: /a, title: A}

        """
    }

    private func build(_ counts: String?) throws -> SiteBuild {
        try SiteFixture(catalog: Self.catalog(counts: counts)).build()
    }

    private func page(_ site: SiteBuild) throws -> String {
        String(decoding: try XCTUnwrap(site["a/index.html"]), as: UTF8.self)
    }

    func testEachSettingWritesWhatItNeedsAndNothingElse() throws {
        let log = try build(nil)
        XCTAssertEqual(log.catalog.site.counts, .log)
        XCTAssertEqual(
            log.plan.paths.map(\.value).filter { $0.hasPrefix("_count/") },
            PageOutcome.allCases.map(\.outputPath.value))
        XCTAssertEqual(log["_count/store.txt"], Data())
        XCTAssertTrue(try page(log).contains("connect-src 'self';"))
        XCTAssertFalse(try page(log).contains("\"counts\""))

        let off = try build("false")
        XCTAssertEqual(off.catalog.site.counts, .off)
        XCTAssertFalse(off.plan.paths.contains { $0.value.hasPrefix("_count/") })
        XCTAssertFalse(try page(off).contains("connect-src"), "nothing to connect to")
        XCTAssertTrue(try page(off).contains("\"counts\":false"))

        let plausible = try build("{plausible: \"https://stats.example.org/api/event\", domain: go.example.com}")
        XCTAssertEqual(
            plausible.catalog.site.counts,
            .plausible(endpoint: "https://stats.example.org/api/event", domain: "go.example.com"))
        XCTAssertFalse(plausible.plan.paths.contains { $0.value.hasPrefix("_count/") })
        let plausiblePage = try page(plausible)
        XCTAssertTrue(plausiblePage.contains("connect-src https://stats.example.org;"), plausiblePage)
        XCTAssertTrue(
            try page(plausible).contains(#""counts":{"e":"https://stats.example.org/api/event","d":"go.example.com"}"#))
        // Only the log needs the scans' mark in the QR codes.
        XCTAssertNotEqual(log["a/qr.svg"], plausible["a/qr.svg"])
        XCTAssertEqual(off["a/qr.svg"], plausible["a/qr.svg"])
    }

    func testBadSettingsAreErrorsAtTheirPlace() {
        let cases: [(String, String)] = [
            ("sometimes", "site-config.yml:3:11: error: site.counts must be true or false, found 'sometimes'"),
            (
                "{plausible: \"ftp://stats.example.org/api/event\"}",
                "site-config.yml:3:23: error: site.counts.plausible 'ftp://stats.example.org/api/event' is not an https URL of an events endpoint"
            ),
            (
                "{plausible: \"https://stats.example.org/api/event?x=1\"}",
                "site-config.yml:3:23: error: site.counts.plausible 'https://stats.example.org/api/event?x=1' is not an https URL of an events endpoint"
            ),
            (
                "{plausible: \"http://stats.example.org/api/event\"}",
                "site-config.yml:3:23: error: site.counts.plausible 'http://stats.example.org/api/event' is not an https URL of an events endpoint"
            ),
            (
                "{domain: go.example.com}",
                "site-config.yml:3:11: error: site.counts is missing the required key 'plausible'"
            ),
            ("{plausible: \"https://stats.example.org/api/event\", sample: 1}", "site-config.yml:3:"),
        ]
        for (value, prefix) in cases {
            let (catalog, engine) = CatalogLoader().load(
                yaml: Self.catalog(counts: value), displayPath: "site-config.yml")
            XCTAssertNil(catalog, value)
            let errors = engine.sorted.filter { $0.severity == .error }.map(\.description)
            XCTAssertEqual(errors.count, 1, "\(value): \(errors)")
            XCTAssertTrue(errors.first?.hasPrefix(prefix) == true, "\(value): \(errors)")
        }
        // A loopback test server may be plain http.
        let (local, _) = CatalogLoader().load(
            yaml: Self.catalog(counts: "{plausible: \"http://127.0.0.1:8000/api/event\"}"),
            displayPath: "site-config.yml")
        XCTAssertEqual(local?.site.counts, .plausible(endpoint: "http://127.0.0.1:8000/api/event", domain: nil))
    }
}
