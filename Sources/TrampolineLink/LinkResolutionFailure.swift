/// Why a universal link was not resolved to a deep link. The app gets its `unmatched` handler
/// with this reason, never a wrong screen.
public enum LinkResolutionFailure: Error, Sendable, Hashable, CustomStringConvertible {
    /// Neither the snapshot nor the live table has a link or route with this path.
    case notALink
    /// One of the site's own files (`/`, `404.html`, `loadCookie.html`, the table, the scripts):
    /// hand the URL back to the browser.
    case siteFile
    /// Not an `https` URL on the site's host.
    case otherHost
    /// The path has control characters, an encoded slash, a dot segment or broken escapes.
    case malformedPath
    /// The query is not well-formed `application/x-www-form-urlencoded` text.
    case malformedQuery
    /// The table maps the path to a deep link that is not the app's scheme.
    case otherScheme
    /// A table file is not the documented JSON.
    case malformedTable
    /// A table file is of another format, a version this library does not know, or for another host.
    case unsupportedTable
    /// A table file is larger than ``SiteLinkTable/maximumFileSize``.
    case tableTooLarge
    /// The site answered a table request with a redirect, which is never followed.
    case redirected
    /// The site answered a table request with this HTTP status.
    case unavailable(status: Int)
    /// The site did not answer within the timeout.
    case timedOut
    /// The site could not be reached.
    case unreachable
    /// No snapshot knows the path and no live table is configured.
    case noTable

    /// A stable name for the reason (`not_a_link`, `site_file`, `unavailable_404`…), for JSON.
    public var code: String {
        switch self {
        case .notALink: "not_a_link"
        case .siteFile: "site_file"
        case .otherHost: "other_host"
        case .malformedPath: "malformed_path"
        case .malformedQuery: "malformed_query"
        case .otherScheme: "other_scheme"
        case .malformedTable: "malformed_table"
        case .unsupportedTable: "unsupported_table"
        case .tableTooLarge: "table_too_large"
        case .redirected: "redirected"
        case .unavailable(let status): "unavailable_\(status)"
        case .timedOut: "timed_out"
        case .unreachable: "unreachable"
        case .noTable: "no_table"
        }
    }

    public var description: String {
        switch self {
        case .notALink: "no link or route of the site has this path"
        case .siteFile: "one of the site's own files, not a link"
        case .otherHost: "not an https URL on the site's host"
        case .malformedPath: "the path has control characters, an encoded slash, a dot segment or broken escapes"
        case .malformedQuery: "the query is not well-formed"
        case .otherScheme: "the table maps this path to a deep link of another scheme"
        case .malformedTable: "the link table is not the documented JSON"
        case .unsupportedTable: "the link table is of another format, version or host"
        case .tableTooLarge: "the link table file is larger than \(SiteLinkTable.maximumFileSize) bytes"
        case .redirected: "the site redirected the link table request"
        case .unavailable(let status): "the site answered the link table request with HTTP \(status)"
        case .timedOut: "the site did not answer in time"
        case .unreachable: "the site could not be reached"
        case .noTable: "no snapshot knows this path and no live table is configured"
        }
    }
}
