/// What ``TrampolineLinks`` did with a link.
public enum LinkDisposition: Sendable, Hashable {
    /// Delivered to the handler of this route.
    case routed(RoutePattern)
    /// Ours, but no route matched: delivered to the `unmatched` handler.
    case unmatched
    /// Kept until ``TrampolineLinks/ready()``.
    case held
    /// A universal link being resolved through the site's link table; it is delivered (or held,
    /// or sent to `unmatched` with its reason) when the answer comes.
    case resolving
    /// Not delivered, and why.
    case rejected(LinkRejection)

    /// Whether the link was the app's and was taken care of (routed, sent to `unmatched`, or held).
    public var isHandled: Bool {
        if case .rejected = self { return false }
        return true
    }
}
