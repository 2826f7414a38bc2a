import Foundation

/// The app side of Trampoline: one object that accepts links from every channel, keeps deferred
/// links once-only, holds links during onboarding, and routes them.
///
/// ```swift
/// let links = TrampolineLinks(LinkConfiguration(scheme: "marry", host: "go.example.com", cookieDays: 1)) { link in
///     navigator.showHome()                              // ours, but no route matched
/// }
/// try links.route("/topic/:id(digits)") { match in navigator.showTopic(match["id"]!) }
/// links.open(url)          // universal link or marry:// URL (the UIKit adapters call this)
/// links.ready()            // after onboarding, and on later launches once the UI is up
/// ```
///
/// Links are held from the start until ``ready()``: a link that arrives while the app is still
/// setting up, or during first-run onboarding, is kept (the latest tap wins, see ``LinkInbox``)
/// and delivered then. Deferred links (clipboard, cookie) must carry the pages' marker
/// (``DeferredLink/marker``), must not be older than `cookie_days`, and are delivered at most
/// once across launches (``LinkStore``).
@MainActor
public final class TrampolineLinks {
    /// Called with a match when a link's path matches a route.
    public typealias RouteHandler = @MainActor (RouteMatch) -> Void
    /// Called with a link of the app's that no route matches.
    public typealias LinkHandler = @MainActor (IncomingLink) -> Void

    /// The site's scheme, host and limits.
    public let configuration: LinkConfiguration
    private let store: any LinkStore
    private let clock: @Sendable () -> Date
    private var router = LinkRouter()
    private var handlers: [RouteHandler] = []
    private let unmatched: LinkHandler
    private var inbox: LinkInbox
    /// Resolves universal links that are not the app's own routes (nil: none are resolved).
    public let resolver: LinkResolver?
    /// Counts arrivals: a resolution that ends after a later tap is superseded (the latest tap wins).
    private var arrivals: UInt64 = 0
    /// Resolutions under way (``resolutionsFinished()`` waits for them).
    private var resolving: [UInt64: Task<LinkDisposition, Never>] = [:]
    /// Objects the platform adapters keep alive while they work (a web session, a paste target).
    var retained: [String: AnyObject] = [:]

    /// - Parameters:
    ///   - configuration: the site's scheme, host and `cookie_days`.
    ///   - store: where delivered deferred links are remembered (default: `UserDefaults.standard`).
    ///   - clock: the current time (tests pass a fake one).
    ///   - resolver: resolves universal links through the site's link table (snapshot, then live);
    ///     nil keeps the links as they arrive.
    ///   - unmatched: receives links of the app's that match no route: they are never dropped silently.
    public init(
        _ configuration: LinkConfiguration, store: any LinkStore = UserDefaultsLinkStore(),
        clock: @escaping @Sendable () -> Date = { Date() }, resolver: LinkResolver? = nil,
        unmatched: @escaping LinkHandler
    ) {
        self.configuration = configuration
        self.resolver = resolver
        self.store = store
        self.clock = clock
        self.unmatched = unmatched
        self.inbox = LinkInbox(held: true, timeout: configuration.holdTimeout)
    }

    /// Adds a route: links whose path matches `pattern` (``RoutePattern`` syntax) go to `handler`.
    /// Routes are tried in the order they were added.
    public func route(_ pattern: String, to handler: @escaping RouteHandler) throws(RoutePatternError) {
        router.add(try RoutePattern(pattern))
        handlers.append(handler)
    }

    /// A URL that opened the app: a universal link or a custom-scheme URL. The disposition says
    /// what happened; ``LinkDisposition/isHandled`` is the answer for `application(_:open:options:)`.
    @discardableResult
    public func open(_ url: URL) -> LinkDisposition {
        open(url.absoluteString)
    }

    /// ``open(_:)-(URL)`` for a URL's text. A universal link that is none of the app's routes is
    /// resolved in the background (``LinkDisposition/resolving``); ``openResolving(_:)`` waits.
    @discardableResult
    public func open(_ text: String) -> LinkDisposition {
        arrivals &+= 1
        let link: IncomingLink
        do {
            link = try IncomingLink(opening: text, configuration: configuration, now: clock())
        } catch {
            return .rejected(error)
        }
        guard let resolver, link.source == .universalLink, router.match(link) == nil else { return take(link) }
        let arrival = arrivals
        resolving[arrival] = Task { @MainActor in
            let disposition = await self.finishResolving(link, text: text, resolver: resolver, arrival: arrival)
            self.resolving[arrival] = nil
            return disposition
        }
        return .resolving
    }

    /// ``open(_:)-(String)``, waiting for the resolution: what finally happened to the link.
    @discardableResult
    public func openResolving(_ text: String) async -> LinkDisposition {
        let disposition = open(text)
        guard disposition == .resolving, let task = resolving[arrivals] else { return disposition }
        return await task.value
    }

    /// Waits until every resolution under way has ended.
    public func resolutionsFinished() async {
        while let task = resolving.values.first {
            _ = await task.value
        }
    }

    /// The resolver's answer for `link`: the deep link, taken like a link of the app's scheme, or
    /// the link itself with the reason, for `unmatched`. A later tap supersedes it.
    private func finishResolving(_ link: IncomingLink, text: String, resolver: LinkResolver, arrival: UInt64) async
        -> LinkDisposition
    {
        let result = await resolver.resolve(text)
        guard arrival == arrivals else { return .rejected(.superseded) }
        switch result {
        case .success(let deepLink):
            do {
                var resolved = try IncomingLink(
                    parsing: deepLink, source: .universalLink, requireMarker: false, configuration: configuration,
                    now: link.receivedAt)
                resolved.universalLink = link.text
                return take(resolved)
            } catch {
                var unresolved = link
                unresolved.resolutionFailure = .otherScheme
                return take(unresolved)
            }
        case .failure(let reason):
            var unresolved = link
            unresolved.resolutionFailure = reason
            return take(unresolved)
        }
    }

    /// A deferred link from `source` (clipboard text, the cookie's callback URL): delivered only if
    /// it is marked, fresh and not delivered before. Text that is not a Trampoline link is refused.
    @discardableResult
    public func receiveDeferred(_ text: String, from source: LinkSource) -> LinkDisposition {
        arrivals &+= 1
        let link: IncomingLink
        do {
            link = try IncomingLink(
                parsing: text, source: source, requireMarker: true, configuration: configuration, now: clock())
        } catch {
            return .rejected(error)
        }
        return take(link)
    }

    /// True exactly once per installation (per store): on the launch where the deferred channels
    /// should be read. The adapters ask before they probe the pasteboard or open `loadCookie.html`,
    /// so the person is asked at most once.
    public func beginFirstLaunch() -> Bool {
        let first = store.claim("first-launch")
        if first { onFirstLaunch = true }
        return first
    }

    /// Whether this launch is the first (``beginFirstLaunch()`` claimed it).
    private var onFirstLaunch = false

    /// The app is ready to show linked screens: delivers the held link (unless it is older than
    /// the hold timeout) and delivers later links at once. Returns what happened to the held link,
    /// or nil when none was waiting.
    @discardableResult
    public func ready() -> LinkDisposition? {
        let now = clock()
        let hadPending = inbox.pending != nil
        guard let link = inbox.release(now: now) else { return hadPending ? .rejected(.heldTooLong) : nil }
        return deliver(link)
    }

    /// Holds links again (onboarding restarts, the person signs out) until the next ``ready()``.
    public func hold() {
        inbox.hold()
    }

    /// Whether links are being held.
    public var isHeld: Bool { inbox.isHeld }

    /// The link waiting for ``ready()``, if any (to show "You have an invitation" during onboarding).
    public var pendingLink: IncomingLink? { inbox.pending }

    private func take(_ link: IncomingLink) -> LinkDisposition {
        if let token = link.deliveryToken, !store.claim("link:" + token) { return .rejected(.alreadyDelivered) }
        switch inbox.receive(link) {
        case .deliverNow: return deliver(link)
        case .held: return .held
        case .superseded: return .rejected(.superseded)
        }
    }

    private func deliver(_ link: IncomingLink) -> LinkDisposition {
        var link = link
        link.isFirstLaunch = onFirstLaunch || link.isDeferred
        guard let (index, match) = router.match(link) else {
            unmatched(link)
            return .unmatched
        }
        handlers[index](match)
        return .routed(match.pattern)
    }
}
