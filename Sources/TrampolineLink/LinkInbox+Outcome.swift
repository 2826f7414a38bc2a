extension LinkInbox {
    /// What ``LinkInbox/receive(_:)`` did with a link.
    public enum Outcome: Sendable, Hashable {
        /// The inbox is open: deliver the link now.
        case deliverNow
        /// Kept until ``LinkInbox/release(now:)``, replacing any earlier tap.
        case held
        /// Dropped: a link tapped later is already waiting.
        case superseded
    }
}
