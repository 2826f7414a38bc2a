@testable import TrampolineKit
import XCTest

final class DeferredLinkTests: XCTestCase {
    func link(_ deepLink: String, _ campaign: [(String, String)]) -> Link {
        Link(
            path: "/x", deepLink: deepLink, title: "x", description: nil, webURL: nil,
            campaign: campaign.map { CampaignParameter(name: $0.0, value: $0.1) }, options: LinkOptions(),
            location: SourceLocation(file: "f", line: 1, column: 1), webURLLocation: nil,
            templateLocation: SourceLocation(file: "f", line: 1, column: 1)
        )
    }

    func testCampaignIsAppendedFormEncoded() {
        XCTAssertEqual(link("marry://topic?id=1", [("utm_source", "line"), ("utm_campaign", "spring sale")]).deferredLink,
                       "marry://topic?id=1&utm_source=line&utm_campaign=spring+sale")
        XCTAssertEqual(link("marry://topic", [("a", "\"><script>")]).deferredLink, "marry://topic?a=%22%3E%3Cscript%3E")
    }

    func testDeepLinkOwnParametersWinAndFragmentStaysLast() {
        let l = link("marry://topic?id=1#top", [("id", "2"), ("src", "x")])
        XCTAssertEqual(l.deferredLink, "marry://topic?id=1&src=x#top")
        XCTAssertEqual(l.fixedQueryKeys, ["id"])
    }

    func testNoCampaignLeavesTheDeepLinkUntouched() {
        XCTAssertEqual(link("marry://a%20b?x=%2F", []).deferredLink, "marry://a%20b?x=%2F")
    }
}
