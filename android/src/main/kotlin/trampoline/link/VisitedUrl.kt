package trampoline.link

/**
 * An App Link on the site's host, checked and split as the link table needs it: the decoded path
 * (one trailing slash dropped) and the raw query.
 */
internal class VisitedUrl private constructor(
    /** The percent-decoded path, such as `/spring-sale` or `/café`; `/` for the root. */
    val path: String,
    /** The path's decoded segments (none for `/`). */
    val segments: List<String>,
    /** The query after `?`, as received; null when there is no `?`. */
    val query: String?
) {
    /** Whether the path names one of the site's own files (hand it back to the browser). */
    val isSiteFile: Boolean
        get() {
            if (path in SITE_FILES) return true
            val first = segments.firstOrNull() ?: return true
            if (first in SITE_FOLDERS) return true
            if (segments.size == 1 && first.startsWith("trampoline-") && first.endsWith(".js")) return true
            // The app's icon (app.icon), named by its digest.
            if (segments.size == 1 && first.startsWith("trampoline-icon-")) return true
            return segments.size > 1 && segments.last() == "qr.svg"
        }

    companion object {
        /** Top-level files of every Trampoline site that are never links. */
        private val SITE_FILES = setOf(
            "/", "/index.html", "/404.html", "/loadCookie.html", "/apple-app-site-association", "/_headers",
            "/_redirects", "/.nojekyll", "/.trampoline-manifest.json"
        )

        /** Top-level folders of every Trampoline site that hold no links (Tests/Fixtures/site-files.json). */
        private val SITE_FOLDERS =
            setOf(".well-known", "_links", "_routes", "_trampoline", "_long-link", "_count", "_case")

        /**
         * Checks `text`: `https` on `host` (no user, password or port), at most
         * [LinkConfiguration.MAXIMUM_LENGTH] bytes, no white space or control characters; a path
         * whose escapes are UTF-8 text without controls, and that has no encoded slash or backslash,
         * no empty segment and no dot segment.
         */
        fun parse(text: String, host: String): Checked<VisitedUrl, LinkResolutionFailure> {
            if (
                text.length > LinkConfiguration.MAXIMUM_LENGTH ||
                Text.utf8Length(text) > LinkConfiguration.MAXIMUM_LENGTH
            ) {
                return Checked.Refused(LinkResolutionFailure.MalformedPath)
            }
            if (LinkParser.hasForbidden(text)) return Checked.Refused(LinkResolutionFailure.MalformedPath)
            if (text.length < 8 || Text.lower(text.substring(0, 8)) != "https://") return Checked.Refused(
                LinkResolutionFailure.OtherHost
            )
            var rest = text.substring(8)
            val hash = rest.indexOf('#')
            if (hash >= 0) rest = rest.substring(0, hash)
            var authorityEnd = rest.indexOfFirst { it == '/' || it == '?' }
            if (authorityEnd < 0) authorityEnd = rest.length
            if (Text.lower(rest.substring(0, authorityEnd)) != Text.lower(host)) return Checked.Refused(
                LinkResolutionFailure.OtherHost
            )
            rest = rest.substring(authorityEnd)
            var rawPath = rest
            var query: String? = null
            val question = rest.indexOf('?')
            if (question >= 0) {
                rawPath = rest.substring(0, question)
                query = rest.substring(question + 1)
            }
            if (rawPath.length == 0) rawPath = "/"
            val decoded = RoutePattern.decodedSegments(rawPath)
                ?: return Checked.Refused(LinkResolutionFailure.MalformedPath)
            if (decoded.size > LinkConfiguration.MAXIMUM_PARTS) return Checked.Refused(
                LinkResolutionFailure.MalformedPath
            )
            for (segment in decoded) {
                if (
                    segment.length == 0 || segment == "." || segment == ".." ||
                    segment.indexOf('/') >= 0 || segment.indexOf('\\') >= 0
                ) {
                    return Checked.Refused(LinkResolutionFailure.MalformedPath)
                }
            }
            return Checked.Ok(VisitedUrl("/" + decoded.joinToString("/"), decoded, query))
        }
    }
}
