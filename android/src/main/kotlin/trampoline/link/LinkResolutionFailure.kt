package trampoline.link

/**
 * Why an App Link was not resolved to a deep link. The app gets its `unmatched` handler with this
 * reason (or, for [NotALink] and [SiteFile], hands the URL back to the browser), never a wrong
 * screen. The same reasons as the Swift library; [code] is the same stable name.
 */
sealed class LinkResolutionFailure(
    /** A stable name for the reason (`not_a_link`, `site_file`, `unavailable_404`…). */
    val code: String,
    /** What happened, in one line. */
    val description: String
) {
    /** Neither the snapshot nor the live table has a link or route with this path. */
    object NotALink : LinkResolutionFailure("not_a_link", "no link or route of the site has this path")

    /**
     * One of the site's own files (`/`, `404.html`, `loadCookie.html`, the table, the scripts): hand the URL back to
     * the browser.
     */
    object SiteFile : LinkResolutionFailure("site_file", "one of the site's own files, not a link")

    /** Not an `https` URL on the site's host. */
    object OtherHost : LinkResolutionFailure("other_host", "not an https URL on the site's host")

    /** The path has control characters, an encoded slash, a dot segment or broken escapes. */
    object MalformedPath : LinkResolutionFailure(
        "malformed_path",
        "the path has control characters, an encoded slash, a dot segment or broken escapes"
    )

    /** The query is not well-formed `application/x-www-form-urlencoded` text. */
    object MalformedQuery : LinkResolutionFailure("malformed_query", "the query is not well-formed")

    /** The table maps the path to a deep link that is not the app's scheme. */
    object OtherScheme :
        LinkResolutionFailure("other_scheme", "the table maps this path to a deep link of another scheme")

    /** A table file is not the documented JSON. */
    object MalformedTable : LinkResolutionFailure("malformed_table", "the link table is not the documented JSON")

    /** A table file is of another format, a version this library does not know, or for another host. */
    object UnsupportedTable :
        LinkResolutionFailure("unsupported_table", "the link table is of another format, version or host")

    /**
     * A table file is larger than the cap ([SiteLinkTable.MAXIMUM_FILE_SIZE], a snapshot
     * [SiteLinkTable.MAXIMUM_SNAPSHOT_SIZE]).
     */
    object TableTooLarge : LinkResolutionFailure(
        "table_too_large",
        "the link table file is larger than ${SiteLinkTable.MAXIMUM_FILE_SIZE} bytes"
    )

    /** The site answered a table request with a redirect, which is never followed. */
    object Redirected : LinkResolutionFailure("redirected", "the site redirected the link table request")

    /** The site answered a table request with this HTTP status. */
    class Unavailable(val status: Int) :
        LinkResolutionFailure("unavailable_$status", "the site answered the link table request with HTTP $status") {

        override fun equals(other: Any?): Boolean = other is Unavailable && other.status == status
        override fun hashCode(): Int = status
    }

    /** The site did not answer within the timeout. */
    object TimedOut : LinkResolutionFailure("timed_out", "the site did not answer in time")

    /** The site could not be reached. */
    object Unreachable : LinkResolutionFailure("unreachable", "the site could not be reached")

    /** No snapshot knows the path and no live table is configured. */
    object NoTable : LinkResolutionFailure("no_table", "no snapshot knows this path and no live table is configured")

    /**
     * Whether the URL is best handed back to the browser: it is no link of the app's, but may be a page of the site.
     */
    val handsBackToBrowser: Boolean
        get() = this === NotALink || this === SiteFile

    override fun toString(): String = code
}
