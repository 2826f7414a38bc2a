import Foundation
import XCTest

@testable import TrampolineLink

/// Which texts are taken as this app's deferred links, and what is left of them for routing.
final class DeferredLinkTests: XCTestCase {
    let config = LinkConfiguration(scheme: "marry", host: "go.example.com", cookieDays: 1)
    let now = Date(timeIntervalSince1970: 1_767_225_600)  // 2026-01-01T00:00:00Z
    var t: Int { Int(now.timeIntervalSince1970) }

    func accept(_ text: String, days: Int? = nil) throws(LinkRejection) -> IncomingLink {
        let c = days.map { LinkConfiguration(scheme: "marry", host: "go.example.com", cookieDays: $0) } ?? config
        return try DeferredLink.accept(text, configuration: c, now: now)
    }

    func rejection(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> LinkRejection? {
        do {
            let link = try accept(text)
            XCTFail("accepted \(text) as \(link.text)", file: file, line: line)
            return nil
        } catch {
            return error
        }
    }

    func testTheMarkerIsRequiredReadAndStripped() throws {
        let link = try accept("marry://topic?id=1&utm_source=line&tl_t=\(t - 60)")
        XCTAssertEqual(link.text, "marry://topic?id=1&utm_source=line")
        XCTAssertEqual(link.path, "/topic")
        XCTAssertEqual(
            link.query, [QueryParameter(name: "id", value: "1"), QueryParameter(name: "utm_source", value: "line")])
        XCTAssertEqual(link.visitedAt, Date(timeIntervalSince1970: TimeInterval(t - 60)))
        XCTAssertEqual(link.receivedAt, now)
        XCTAssertEqual(link.tappedAt, link.visitedAt)
        XCTAssertTrue(link.isDeferred)
        XCTAssertEqual(link.source, .clipboard)
        XCTAssertNotNil(link.deliveryToken)
        XCTAssertEqual(rejection("marry://topic?id=1"), .unmarked)
        XCTAssertEqual(DeferredLink.marker, "tl_t")
    }

    func testTheMarkerAloneLeavesNoQuestionMarkAndTheFragmentStays() throws {
        XCTAssertEqual(try accept("marry://plan/42?tl_t=\(t)").text, "marry://plan/42")
        let withFragment = try accept("marry://plan/42?x=1&tl_t=\(t)#top")
        XCTAssertEqual(withFragment.text, "marry://plan/42?x=1#top")
        XCTAssertEqual(withFragment.fragment, "top")
        // Wherever the marker sits, it is taken out and the rest keeps its order and encoding.
        XCTAssertEqual(try accept("marry://p?tl_t=\(t)&a=%20b&c=d+e").text, "marry://p?a=%20b&c=d+e")
        XCTAssertEqual(try accept("marry://p?a=%20b&c=d+e&tl_t=\(t)").query.map(\.value), [" b", "d e"])
    }

    func testTheSiteHostOverHTTPSIsAcceptedToo() throws {
        let link = try accept("https://GO.example.com/plan/42/?x=1&tl_t=\(t)")
        XCTAssertEqual(link.path, "/plan/42")
        XCTAssertEqual(link.text, "https://GO.example.com/plan/42/?x=1")
        XCTAssertEqual(rejection("https://evil.example/plan/42?tl_t=\(t)"), .otherHost)
        XCTAssertEqual(rejection("https://go.example.com.evil.example/p?tl_t=\(t)"), .otherHost)
        XCTAssertEqual(rejection("https://user@go.example.com/p?tl_t=\(t)"), .otherHost)
        XCTAssertEqual(rejection("https://go.example.com:8443/p?tl_t=\(t)"), .otherHost)
        XCTAssertEqual(rejection("https:go.example.com/p?tl_t=\(t)"), .otherHost)
        XCTAssertEqual(rejection("http://go.example.com/p?tl_t=\(t)"), .otherScheme)
    }

    func testOtherSchemesAndPlainTextAreRefused() {
        XCTAssertEqual(rejection("tabi://plan/42?tl_t=\(t)"), .otherScheme)
        XCTAssertEqual(rejection("marryx://topic?tl_t=\(t)"), .otherScheme)
        XCTAssertEqual(rejection("javascript:alert(1)//?tl_t=\(t)"), .otherScheme)
        XCTAssertEqual(rejection("Meet at 5, bring the marry://topic?tl_t=\(t) link"), .notALink)
        XCTAssertEqual(rejection("call me maybe"), .notALink)
        XCTAssertEqual(rejection(""), .notALink)
        XCTAssertEqual(rejection("   \n"), .notALink)
        XCTAssertEqual(rejection("://x?tl_t=\(t)"), .notALink)
        XCTAssertEqual(rejection("1marry://x?tl_t=\(t)"), .notALink)
        XCTAssertEqual(rejection("marry://to pic?tl_t=\(t)"), .notALink)
        XCTAssertEqual(rejection("marry://topic\u{202E}?tl_t=\(t)"), .notALink)
        XCTAssertEqual(rejection("marry://topic\u{0}?tl_t=\(t)"), .notALink)
    }

    func testSchemeCaseAndSurroundingWhitespaceAreTolerated() throws {
        XCTAssertEqual(try accept("  MARRY://topic?tl_t=\(t)\n").path, "/topic")
        XCTAssertEqual(
            try DeferredLink.accept(
                "marry://x?tl_t=\(t)", configuration: LinkConfiguration(scheme: "Marry", host: "GO.example.com"),
                now: now
            ).path, "/x")
    }

    func testExpiryFollowsCookieDays() throws {
        XCTAssertNoThrow(try accept("marry://x?tl_t=\(t - 86_400)"))
        XCTAssertEqual(rejection("marry://x?tl_t=\(t - 86_401)"), .expired)
        XCTAssertNoThrow(try accept("marry://x?tl_t=\(t - 7 * 86_400)", days: 7))
        XCTAssertThrowsError(try accept("marry://x?tl_t=\(t - 7 * 86_400 - 1)", days: 7))
        XCTAssertNoThrow(try accept("marry://x?tl_t=\(t + 300)"))
        XCTAssertEqual(rejection("marry://x?tl_t=\(t + 301)"), .fromTheFuture)
        XCTAssertEqual(rejection("marry://x?tl_t=0"), .expired)
    }

    func testABrokenMarkerIsRefused() {
        for bad in ["", "abc", "-5", "1.5", "%31x", String(repeating: "9", count: 12), "+1", "1e9"] {
            XCTAssertEqual(rejection("marry://x?tl_t=\(bad)"), .badMarker, bad)
        }
        XCTAssertEqual(rejection("marry://x?tl_t=\(t)&tl_t=\(t)"), .badMarker)
        XCTAssertEqual(rejection("marry://x?tl_t"), .badMarker)
        // An encoded marker name is still the marker.
        XCTAssertEqual(try? accept("marry://x?tl%5Ft=\(t)").text, "marry://x")
    }

    func testMalformedPercentEncodingIsRefused() {
        for bad in [
            "marry://x/%?tl_t=\(t)", "marry://x/%4?tl_t=\(t)", "marry://x/%zz?tl_t=\(t)", "marry://x/%C3?tl_t=\(t)",
            "marry://x/%00?tl_t=\(t)", "marry://x?a=%&tl_t=\(t)", "marry://x?a=%FF%FE&tl_t=\(t)",
            "marry://x?%=1&tl_t=\(t)",
            "marry://x?tl_t=\(t)#%", "marry://x?a=%0A&tl_t=\(t)",
        ] {
            XCTAssertEqual(rejection(bad), .malformedEncoding, bad)
        }
    }

    func testOverLongInputIsRefusedNotTruncated() throws {
        let base = "marry://x?tl_t=\(t)&a="
        let fits = base + String(repeating: "b", count: LinkConfiguration.maximumLength - base.utf8.count)
        XCTAssertNoThrow(try accept(fits))
        XCTAssertEqual(rejection(fits + "b"), .tooLong)
        XCTAssertEqual(rejection(String(repeating: "x", count: 10_000_000)), .tooLong)
        let segments =
            "marry://" + Array(repeating: "a", count: LinkConfiguration.maximumParts + 1).joined(separator: "/")
            + "?tl_t=\(t)"
        XCTAssertEqual(rejection(segments), .tooLong)
        let params =
            "marry://x?" + (0..<LinkConfiguration.maximumParts).map { "p\($0)=1" }.joined(separator: "&") + "&tl_t=\(t)"
        XCTAssertEqual(rejection(params), .tooLong)
    }

    func testTheSchemeFormsGiveTheSamePath() throws {
        for text in [
            "marry://plan/42", "marry:///plan/42", "marry:/plan/42", "marry:plan/42", "marry://plan/42/",
            "https://go.example.com/plan/42",
        ] {
            let link = try accept(text + "?x=1&tl_t=\(t)")
            XCTAssertEqual(link.path, "/plan/42", text)
            XCTAssertEqual(link.segments, ["plan", "42"], text)
            XCTAssertEqual(link.value(of: "x"), "1", text)
        }
        XCTAssertEqual(try accept("marry://?tl_t=\(t)").path, "/")
        XCTAssertEqual(try accept("https://go.example.com?tl_t=\(t)").path, "/")
    }

    func testTheSameLinkHasTheSameTokenWhateverItsEncoding() throws {
        let a = try accept("marry://plan/42?x=a%20b&tl_t=\(t)")
        let b = try accept("MARRY://plan/%34%32/?x=a+b&tl_t=\(t)")
        XCTAssertEqual(a.deliveryToken, b.deliveryToken)
        XCTAssertNotEqual(a.deliveryToken, try accept("marry://plan/42?x=a%20b&tl_t=\(t - 1)").deliveryToken)
        XCTAssertNotEqual(a.deliveryToken, try accept("marry://plan/43?x=a%20b&tl_t=\(t)").deliveryToken)
        XCTAssertEqual(a.deliveryToken?.count, 16)
        XCTAssertFalse(a.deliveryToken!.contains("plan"))
    }

    func testOpenedLinksNeedNoMarkerButAMarkedOneIsDeferred() throws {
        let universal = try IncomingLink(opening: "https://go.example.com/plan/42?x=1", configuration: config, now: now)
        let scheme = try IncomingLink(opening: "marry://plan/42?x=1", configuration: config, now: now)
        XCTAssertEqual(universal.source, .universalLink)
        XCTAssertEqual(
            try IncomingLink(opening: "HTTPS://go.example.com/plan/42", configuration: config, now: now).source,
            .universalLink)
        XCTAssertEqual(scheme.source, .customScheme)
        XCTAssertEqual(universal.path, scheme.path)
        XCTAssertEqual(universal.query, scheme.query)
        XCTAssertNil(scheme.visitedAt)
        XCTAssertNil(scheme.deliveryToken)
        let marked = try IncomingLink(opening: "marry://plan/42?x=1&tl_t=\(t)", configuration: config, now: now)
        XCTAssertTrue(marked.isDeferred)
        XCTAssertEqual(marked.text, "marry://plan/42?x=1")
        XCTAssertThrowsError(
            try IncomingLink(opening: "marry://plan/42?tl_t=\(t - 90_000)", configuration: config, now: now))
        XCTAssertThrowsError(try IncomingLink(opening: "tabi://plan/42", configuration: config, now: now))
    }
}
