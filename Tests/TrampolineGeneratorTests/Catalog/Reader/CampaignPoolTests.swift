import TrampolineTestSupport
import XCTest

@testable import TrampolineCatalog
@testable import TrampolineModel

/// Links with the same campaign share one array (a million links carrying one of four campaigns
/// held a million arrays); the values are the ones read, whatever is shared.
final class CampaignPoolTests: XCTestCase {
    private func campaign(_ value: String) -> [CampaignParameter] {
        [CampaignParameter(name: "utm_source", value: value), CampaignParameter(name: "utm_medium", value: "link")]
    }

    private func storage(_ array: [CampaignParameter]) -> UnsafeRawPointer? {
        array.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
    }

    func testEqualCampaignsShareTheFirstArray() {
        var pool = CampaignPool()
        let first = pool.shared(campaign("newsletter"))
        let again = pool.shared(campaign("newsletter"))
        let other = pool.shared(campaign("instagram"))
        XCTAssertEqual(again, campaign("newsletter"))
        XCTAssertEqual(storage(again), storage(first), "the second reading is the first's array")
        XCTAssertEqual(other, campaign("instagram"))
        XCTAssertNotEqual(storage(other), storage(first))
    }

    func testPastItsCapacityCampaignsAreKeptAsRead() {
        var pool = CampaignPool()
        for index in 0..<CampaignPool.capacity { _ = pool.shared(campaign("source-\(index)")) }
        let late = pool.shared(campaign("late"))
        let lateAgain = pool.shared(campaign("late"))
        XCTAssertEqual(lateAgain, campaign("late"))
        XCTAssertNotEqual(storage(lateAgain), storage(late), "not pooled: the pool is full")
        let early = pool.shared(campaign("source-3"))
        XCTAssertEqual(early, campaign("source-3"))
    }

    /// Two links of a catalog with the same campaign hold the same array.
    func testLinksReadWithTheSameCampaignShareIt() throws {
        let yaml = """
            \(TestCatalog.marryHead)
              - path: /a
                title: A
                campaign: {utm_source: newsletter}
              - path: /b
                title: B
                campaign: {utm_source: newsletter}
            """
        let (catalog, engine) = CatalogLoader(knownTemplates: ["interstitial"]).load(
            yaml: yaml, displayPath: "site-config.yml")
        let links = try XCTUnwrap(catalog, "\(engine.sorted)").links
        XCTAssertEqual(links[1].campaign, [CampaignParameter(name: "utm_source", value: "newsletter")])
        XCTAssertEqual(storage(links[0].campaign), storage(links[1].campaign))
    }
}
