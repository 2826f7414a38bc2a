/// What ``TrampolineLinks`` did with a link.
public enum LinkDisposition: Sendable, Hashable {
    /// Delivered to the handler of this route.
    case routed(RoutePattern)
    /// Ours, but no route matched: delivered to the `unmatched` handler.
    case unmatched
    /// Kept until ``TrampolineLinks/ready()``.
    case held
    /// Not delivered, and why.
    case rejected(LinkRejection)

    /// Whether the link was the app's and was taken care of (routed, sent to `unmatched`, or held).
    public var isHandled: Bool {
        if case .rejected = self { return false }
        return true
    }
}
