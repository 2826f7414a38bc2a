/// The page that serves a URL's path, and the deep link it opens.
package struct PageMatch: Sendable, Equatable {
    /// The link (plain or route) whose page it is.
    package var link: Link
    /// The URL path of the page's file (`/restaurant/best/`, `/_routes/restaurant/_id/`).
    package var pagePath: String
    /// The deep link the page opens: a route's filled in with the matched segments.
    package var deepLink: String
}
