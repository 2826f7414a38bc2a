import Foundation

/// Holds links while the app is not ready for them (first-run onboarding, sign-in) and hands them
/// over when it is: the state machine behind ``TrampolineLinks/hold()`` and ``TrampolineLinks/ready()``.
///
/// **The latest link wins.** While held, the inbox keeps one link: the one the person tapped last
/// (``IncomingLink/tappedAt``: the page visit for a deferred link, the arrival for a universal
/// link). An earlier link is dropped, not queued: replaying several navigations after onboarding
/// would show screens the person has moved on from, and the last tap is their current intent. So
/// a deferred link from before the install never replaces a universal link tapped during sign-up,
/// however late the deferred channel answers.
///
/// **Timeout.** A held link expires `timeout` seconds after it arrived; ``release(now:)`` drops
/// it then instead of delivering it.
///
/// The inbox lives in memory: a link held when the app is killed is lost (deferred links are
/// claimed once-only on arrival, so it is not delivered again either).
public struct LinkInbox: Sendable {
    /// Whether links are being held.
    public private(set) var isHeld: Bool
    /// The link waiting for ``release(now:)``, if any.
    public private(set) var pending: IncomingLink?
    /// How long a held link stays deliverable, from its arrival.
    public let timeout: TimeInterval

    public init(held: Bool = true, timeout: TimeInterval) {
        self.isHeld = held
        self.timeout = timeout
    }

    /// Takes `link` in: to be delivered now (the inbox is open), held (it is the latest tap), or
    /// superseded (a link tapped later is already waiting; `link` is dropped).
    public mutating func receive(_ link: IncomingLink) -> Outcome {
        guard isHeld else { return .deliverNow }
        if let pending, pending.tappedAt > link.tappedAt { return .superseded }
        pending = link
        return .held
    }

    /// Starts holding links (again).
    public mutating func hold() {
        isHeld = true
    }

    /// Stops holding. Returns the pending link to deliver, or nil when there is none or it has
    /// been held longer than ``timeout`` (then it is dropped).
    public mutating func release(now: Date) -> IncomingLink? {
        isHeld = false
        defer { pending = nil }
        guard let pending, !isExpired(pending, now: now) else { return nil }
        return pending
    }

    /// Drops the pending link if it has been held longer than ``timeout``; returns it if so.
    public mutating func expire(now: Date) -> IncomingLink? {
        guard let pending, isExpired(pending, now: now) else { return nil }
        self.pending = nil
        return pending
    }

    private func isExpired(_ link: IncomingLink, now: Date) -> Bool {
        now.timeIntervalSince(link.receivedAt) > timeout
    }
}
