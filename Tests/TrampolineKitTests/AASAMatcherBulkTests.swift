import Foundation
@testable import TrampolineKit
import XCTest

/// `AASAMatcher.Bulk` only skips rules that cannot match, so it must agree with the matcher
/// everywhere: on the whole conformance corpus and on the files `build` writes.
final class AASAMatcherBulkTests: XCTestCase {
    func testBulkAgreesWithTheMatcherOnTheConformanceCorpus() throws {
        let fixtures = try XCTUnwrap(Bundle.module.url(forResource: "Fixtures", withExtension: nil))
        let data = try Data(contentsOf: fixtures.appendingPathComponent("aasa-conformance/cases.json"))
        let corpus = try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [String: Any])
        let cases = try XCTUnwrap(corpus["matching"] as? [[String: Any]])
        XCTAssertEqual(cases.count, 100)
        for entry in cases {
            let url = try XCTUnwrap(entry["url"] as? String), appID = try XCTUnwrap(entry["appId"] as? String)
            let domain = try XCTUnwrap(entry["domain"] as? String)
            let matcher = try AASAMatcher(json: try XCTUnwrap(entry["aasa"]))
            XCTAssertEqual(AASAMatcher.Bulk(matcher).verdict(for: url, appID: appID, domain: domain),
                           matcher.verdict(for: url, appID: appID, domain: domain), "\(entry["name"] ?? url)")
        }
    }

    func testBulkAgreesWithTheMatcherOnAGeneratedFile() throws {
        let catalog = try CheckFixtures.catalog()
        let matcher = try AASAMatcher(data: Data(AppSiteAssociation.json(for: catalog).utf8))
        let bulk = AASAMatcher.Bulk(matcher)
        let paths = ["", "/", "/topic/1", "/topic/1/", "//topic/1//", "/Topic/1", "/topic/1?x=1", "/topic/1#f", "/topic/%31",
                     "/topic", "/topic/12", "/invite", "/loadCookie.html", "/index.html", "/404.html", "/nope"]
        for path in paths {
            for appID in catalog.app.appIDs + ["T.other"] {
                for host in ["go.example.com", "GO.example.com.", "other.example.com"] {
                    let url = "https://\(host)\(path)"
                    XCTAssertEqual(bulk.verdict(for: url, appID: appID, domain: "go.example.com"),
                                   matcher.verdict(for: url, appID: appID, domain: "go.example.com"), url)
                }
            }
        }
    }
}
