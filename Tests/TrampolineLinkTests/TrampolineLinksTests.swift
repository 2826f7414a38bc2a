import Foundation
import Testing

@testable import TrampolineLink

/// A test clock: time moves only when a test says so (no sleeping).
final class TestClock: @unchecked Sendable {
    private let lock = NSLock()
    private var current: Date
    init(_ start: Date) { current = start }
    var now: Date {
        lock.lock()
        defer { lock.unlock() }
        return current
    }
    func advance(_ seconds: TimeInterval) {
        lock.lock()
        current += seconds
        lock.unlock()
    }
}

/// What the app's handlers were called with, in order.
@MainActor
final class Deliveries {
    var items: [String] = []
}

/// The whole flow through the facade: routing, the fallback, once-only across relaunches,
/// holding during onboarding, and the hold timeout. (Swift Testing: XCTest on Linux cannot run
/// @MainActor test classes.)
@MainActor
struct TrampolineLinksTests {
    let config = LinkConfiguration(scheme: "marry", host: "go.example.com", cookieDays: 1, holdTimeout: 600)
    let clock = TestClock(Date(timeIntervalSince1970: 1_767_225_600))
    var t: Int { Int(clock.now.timeIntervalSince1970) }
    let log = Deliveries()
    var delivered: [String] { log.items }

    /// An app launch: a new facade over `store`, with the app's routes.
    func launch(_ store: any LinkStore) throws -> TrampolineLinks {
        let clock = self.clock
        let log = self.log
        let links = TrampolineLinks(
            config, store: store, clock: { clock.now },
            unmatched: { link in log.items.append("unmatched \(link.path)") })
        try links.route("/plan/new") { _ in log.items.append("new plan") }
        try links.route("/plan/:id(digits)") { m in
            log.items.append("plan \(m["id"]!) x=\(m.query("x") ?? "-") via \(m.link.source)")
        }
        try links.route("/topic") { m in log.items.append("topic \(m.query("id") ?? "-")") }
        return links
    }

    let planID = try! RoutePattern("/plan/:id(digits)")

    @Test func oneRouterForUniversalLinksAndSchemeURLs() throws {
        let links = try launch(InMemoryLinkStore())
        #expect(links.ready() == nil)
        #expect(links.open(URL(string: "https://go.example.com/plan/42?x=1")!) == .routed(planID))
        #expect(links.open(URL(string: "marry://plan/42?x=1")!) == .routed(planID))
        #expect(links.open("marry://plan/new") == .routed(try RoutePattern("/plan/new")))
        #expect(delivered == ["plan 42 x=1 via universalLink", "plan 42 x=1 via customScheme", "new plan"])
    }

    @Test func unmatchedLinksGoToTheFallbackAndForeignOnesNowhere() throws {
        let links = try launch(InMemoryLinkStore())
        links.ready()
        #expect(links.open("marry://plan/abc") == .unmatched)
        #expect(links.open("https://go.example.com/nowhere/1") == .unmatched)
        #expect(links.open("https://evil.example/plan/42") == .rejected(.otherHost))
        #expect(links.open("tabi://plan/42") == .rejected(.otherScheme))
        #expect(links.open("marry://plan/%ZZ") == .rejected(.malformedEncoding))
        #expect(!links.open("tabi://plan/42").isHandled)
        #expect(links.open("marry://plan/abc").isHandled)
        #expect(delivered == ["unmatched /plan/abc", "unmatched /nowhere/1", "unmatched /plan/abc"])
    }

    @Test func clipboardTextThatIsNotOursIsNeverRouted() throws {
        let links = try launch(InMemoryLinkStore())
        links.ready()
        for text in [
            "marry://plan/42?x=1", "https://go.example.com/plan/42", "hello", "tabi://plan/42?tl_t=\(t)",
            "https://other.example/plan/42?tl_t=\(t)", "marry://plan/42?tl_t=\(t - 90_000)", "marry://plan/42?tl_t=abc",
            "marry://plan/%E0?tl_t=\(t)", String(repeating: "a", count: 5000),
        ] {
            #expect(!links.receiveDeferred(text, from: .clipboard).isHandled, "\(text.prefix(40))")
        }
        #expect(delivered == [])
    }

    @Test func aDeferredLinkIsDeliveredOnceAcrossChannelsAndRelaunches() throws {
        let store = InMemoryLinkStore()
        let text = "marry://plan/42?x=1&tl_t=\(t - 120)"
        var links = try launch(store)
        #expect(links.beginFirstLaunch())
        links.ready()
        #expect(links.receiveDeferred(text, from: .clipboard) == .routed(planID))
        // The same link through the cookie (same click, same marker): not again.
        #expect(links.receiveDeferred(text, from: .cookie) == .rejected(.alreadyDelivered))
        #expect(links.open(text) == .rejected(.alreadyDelivered))

        // Relaunch: a new facade over the same store. Not the first launch; the link is spent.
        clock.advance(60)
        links = try launch(store)
        #expect(!links.beginFirstLaunch())
        links.ready()
        #expect(links.receiveDeferred(text, from: .clipboard) == .rejected(.alreadyDelivered))
        // A later visit of the same page is a new deferred link.
        #expect(links.receiveDeferred("marry://plan/42?x=1&tl_t=\(t)", from: .clipboard) == .routed(planID))
        // A plain universal link is never "spent": the person may tap it as often as they like.
        #expect(links.open("https://go.example.com/plan/42?x=1").isHandled)
        #expect(links.open("https://go.example.com/plan/42?x=1").isHandled)
        #expect(
            delivered == [
                "plan 42 x=1 via clipboard", "plan 42 x=1 via clipboard", "plan 42 x=1 via universalLink",
                "plan 42 x=1 via universalLink",
            ])
        #expect(!store.tokens.contains { $0.contains("plan") }, "the store keeps fingerprints, not links")
    }

    /// What the app logs to its analytics (docs/counts.md, "The app's side"): how each delivered
    /// link came, and whether it came on the app's first launch (a first open) or a later one.
    @Test func aDeliveredLinkSaysWhetherItCameOnTheFirstLaunch() throws {
        let store = InMemoryLinkStore()
        let clock = self.clock
        let log = self.log
        let facade = { [config] () throws -> TrampolineLinks in
            let links = TrampolineLinks(
                config, store: store, clock: { clock.now },
                unmatched: { log.items.append("unmatched first=\($0.isFirstLaunch)") })
            try links.route("/plan/:id") { m in log.items.append("\(m.link.source) first=\(m.link.isFirstLaunch)") }
            return links
        }
        var links = try facade()
        #expect(links.beginFirstLaunch())
        links.ready()
        links.open("https://go.example.com/plan/1")
        links.receiveDeferred("marry://plan/2?tl_t=\(t)", from: .cookie)
        links.open("marry://nowhere")
        // A later launch: links are re-opens, but a deferred link is always an install's first open.
        links = try facade()
        #expect(!links.beginFirstLaunch())
        links.ready()
        links.open("marry://plan/3")
        links.receiveDeferred("marry://plan/4?tl_t=\(t)", from: .clipboard)
        #expect(
            delivered == [
                "universalLink first=true", "cookie first=true", "unmatched first=true", "customScheme first=false",
                "clipboard first=true",
            ])
    }

    @Test func onceOnlyThroughUserDefaultsAcrossRelaunches() throws {
        let suite = "TrampolineLinkTests-\(UUID().uuidString)"
        defer { UserDefaults().removePersistentDomain(forName: suite) }
        let text = "marry://topic?id=1&tl_t=\(t)"
        var links = try launch(UserDefaultsLinkStore(defaults: try #require(UserDefaults(suiteName: suite))))
        #expect(links.beginFirstLaunch())
        links.ready()
        #expect(links.receiveDeferred(text, from: .clipboard) == .routed(try RoutePattern("/topic")))
        links = try launch(UserDefaultsLinkStore(defaults: try #require(UserDefaults(suiteName: suite))))
        #expect(!links.beginFirstLaunch())
        links.ready()
        #expect(links.receiveDeferred(text, from: .clipboard) == .rejected(.alreadyDelivered))
        #expect(delivered == ["topic 1"])
    }

    @Test func userDefaultsStoreKeepsTheNewestTokensUpToItsCapacity() throws {
        let suite = "TrampolineLinkTests-\(UUID().uuidString)"
        defer { UserDefaults().removePersistentDomain(forName: suite) }
        let defaults = try #require(UserDefaults(suiteName: suite))
        let store = UserDefaultsLinkStore(defaults: defaults, key: "k")
        for i in 0..<(UserDefaultsLinkStore.capacity + 10) { #expect(store.claim("t\(i)")) }
        #expect(defaults.stringArray(forKey: "k")?.count == UserDefaultsLinkStore.capacity)
        #expect(!store.claim("t\(UserDefaultsLinkStore.capacity + 9)"))
        #expect(store.claim("t0"), "the oldest token was let go")
    }

    @Test func linksAreHeldDuringOnboardingAndDeliveredWhenReady() throws {
        let links = try launch(InMemoryLinkStore())
        #expect(links.isHeld)
        #expect(links.beginFirstLaunch())
        // First launch: the deferred link arrives while onboarding runs...
        #expect(links.receiveDeferred("marry://topic?id=1&tl_t=\(t - 600)", from: .clipboard) == .held)
        #expect(delivered == [], "nothing is shown over the onboarding")
        #expect(links.pendingLink?.path == "/topic")
        // ...then the person taps a universal link during sign-up: the latest tap wins.
        clock.advance(30)
        #expect(links.open("https://go.example.com/plan/7?x=2") == .held)
        #expect(links.pendingLink?.path == "/plan/7")
        // A deferred channel answering late (visit before the install) does not replace it.
        #expect(links.receiveDeferred("marry://topic?id=9&tl_t=\(t - 900)", from: .cookie) == .rejected(.superseded))
        #expect(delivered == [])
        clock.advance(120)
        #expect(links.ready() == .routed(planID))
        #expect(delivered == ["plan 7 x=2 via universalLink"])
        #expect(links.ready() == nil, "nothing left")
        #expect(links.open("marry://topic?id=3") == .routed(try RoutePattern("/topic")))
        // Sign-out: hold again.
        links.hold()
        #expect(links.open("marry://plan/new") == .held)
        #expect(links.ready() == .routed(try RoutePattern("/plan/new")))
        #expect(delivered == ["plan 7 x=2 via universalLink", "topic 3", "new plan"])
    }

    @Test func aHeldLinkExpiresAfterTheHoldTimeout() throws {
        let links = try launch(InMemoryLinkStore())
        #expect(links.receiveDeferred("marry://topic?id=1&tl_t=\(t)", from: .clipboard) == .held)
        clock.advance(601)
        #expect(links.ready() == .rejected(.heldTooLong))
        #expect(delivered == [])
        #expect(links.pendingLink == nil)
        // And it was claimed on arrival: it does not come back.
        #expect(
            links.receiveDeferred("marry://topic?id=1&tl_t=\(t - 601)", from: .clipboard)
                == .rejected(.alreadyDelivered))
    }

    @Test func aHeldUnmatchedLinkStillReachesTheFallback() throws {
        let links = try launch(InMemoryLinkStore())
        #expect(links.open("marry://unknown/screen") == .held)
        #expect(links.ready() == .unmatched)
        #expect(delivered == ["unmatched /unknown/screen"])
    }

    @Test func aBadRouteIsATypedErrorNotACrash() throws {
        let links = try launch(InMemoryLinkStore())
        let error = #expect(throws: RoutePatternError.self) { try links.route("/plan/:id(number)") { _ in } }
        #expect(error?.kind == .unknownConstraint)
        #expect(error?.column == 11)
    }
}
