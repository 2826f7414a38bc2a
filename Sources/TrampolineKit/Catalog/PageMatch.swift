/// The page that serves a URL's path, and the deep link it opens.
public struct PageMatch: Sendable, Equatable {
    /// The link (plain or route) whose page it is.
    public var link: Link
    /// The URL path of the page's file (`/restaurant/best/`, `/_routes/restaurant/_id/`).
    public var pagePath: String
    /// The deep link the page opens: a route's filled in with the matched segments.
    public var deepLink: String
}
