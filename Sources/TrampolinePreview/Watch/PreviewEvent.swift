/// What the server tells open pages over server-sent events.
enum PreviewEvent: Sendable, Equatable {
    /// The site (or its diagnostics) changed: the page should reload. Carries the new generation.
    case reload(Int)
    /// Keeps idle connections alive and finds closed ones.
    case heartbeat

    /// The event in `text/event-stream` framing.
    var wireFormat: String {
        switch self {
        case .reload(let generation): return "event: reload\ndata: \(generation)\n\n"
        case .heartbeat: return ": heartbeat\n\n"
        }
    }
}
