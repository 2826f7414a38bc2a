import Foundation
import XCTest

@testable import TrampolineLink

/// The onboarding inbox as a pure state machine: hold, release, latest tap wins, timeout.
final class LinkInboxTests: XCTestCase {
    let config = LinkConfiguration(scheme: "marry", host: "go.example.com", cookieDays: 1, holdTimeout: 600)
    let start = Date(timeIntervalSince1970: 1_767_225_600)

    func opened(_ text: String, at offset: TimeInterval) throws -> IncomingLink {
        try IncomingLink(opening: text, configuration: config, now: start + offset)
    }

    func testAnOpenInboxDeliversAtOnce() throws {
        var inbox = LinkInbox(held: false, timeout: 600)
        XCTAssertEqual(inbox.receive(try opened("marry://a", at: 0)), .deliverNow)
        XCTAssertNil(inbox.pending)
    }

    func testHeldLinksWaitForReleaseAndTheLatestTapWins() throws {
        var inbox = LinkInbox(timeout: 600)
        XCTAssertTrue(inbox.isHeld)
        let first = try opened("marry://first", at: 0)
        let second = try opened("https://go.example.com/second", at: 5)
        XCTAssertEqual(inbox.receive(first), .held)
        XCTAssertEqual(inbox.receive(second), .held)
        XCTAssertEqual(inbox.pending, second)
        XCTAssertEqual(inbox.release(now: start + 10), second)
        XCTAssertFalse(inbox.isHeld)
        XCTAssertNil(inbox.pending)
        XCTAssertNil(inbox.release(now: start + 11), "a link is released once")
        XCTAssertEqual(inbox.receive(try opened("marry://later", at: 12)), .deliverNow)
    }

    func testADeferredLinkFromBeforeTheInstallNeverReplacesALaterTap() throws {
        var inbox = LinkInbox(timeout: 600)
        let tapped = try opened("https://go.example.com/invite/7", at: 60)
        // The cookie channel answers after the universal link, but its visit was before the install.
        let deferred = try DeferredLink.accept(
            "marry://topic?tl_t=\(Int(start.timeIntervalSince1970) - 3600)", from: .cookie, configuration: config,
            now: start + 61)
        XCTAssertEqual(inbox.receive(tapped), .held)
        XCTAssertEqual(inbox.receive(deferred), .superseded)
        XCTAssertEqual(inbox.release(now: start + 70), tapped)
    }

    func testAHeldLinkExpiresAfterTheTimeout() throws {
        var inbox = LinkInbox(timeout: 600)
        let link = try opened("marry://a", at: 0)
        XCTAssertEqual(inbox.receive(link), .held)
        XCTAssertNil(inbox.expire(now: start + 600))
        XCTAssertEqual(inbox.pending, link)
        XCTAssertNil(inbox.release(now: start + 600.5), "held longer than the timeout")
        XCTAssertNil(inbox.pending)

        var again = LinkInbox(timeout: 600)
        _ = again.receive(link)
        XCTAssertEqual(again.release(now: start + 600), link, "exactly the timeout is still in time")

        var expiring = LinkInbox(timeout: 600)
        _ = expiring.receive(link)
        XCTAssertEqual(expiring.expire(now: start + 601), link)
        XCTAssertNil(expiring.pending)
        XCTAssertTrue(expiring.isHeld)
    }

    func testHoldingAgainKeepsLaterLinks() throws {
        var inbox = LinkInbox(held: false, timeout: 600)
        inbox.hold()
        let link = try opened("marry://a", at: 0)
        XCTAssertEqual(inbox.receive(link), .held)
        XCTAssertEqual(inbox.release(now: start + 1), link)
    }
}
