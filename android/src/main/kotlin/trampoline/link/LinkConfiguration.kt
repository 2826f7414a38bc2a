package trampoline.link

/**
 * What the app knows about its Trampoline site: the values of `site-config.yml` that decide which
 * links are the app's own.
 *
 * @param scheme the app's scheme on Android: `app.android.scheme` (which defaults to `app.ios.scheme`).
 * @param host the host of the catalog's `site.url` (`go.example.com`).
 * @param cookieDays the catalog's `cookie_days` (default 1): deferred links older than this are refused.
 * @param holdTimeoutMillis how long a link may wait for [TrampolineLinks.ready] (default 30 minutes).
 * @param siteScheme the scheme the catalog's deep links are written in (`app.ios.scheme`), when it is
 *   not [scheme]. The pages put the deep link in the install referrer as written, so a referrer's link
 *   of this scheme is read as one of [scheme]. Null when both are the same.
 */
class LinkConfiguration(
    scheme: String,
    host: String,
    cookieDays: Int = 1,
    val holdTimeoutMillis: Long = 30 * 60 * 1000L,
    siteScheme: String? = null
) {
    /** The app's scheme, lower case, without `:` or `//`; compared case-insensitively. */
    val scheme: String = Text.lower(scheme)

    /** The host of `site.url`, lower case; compared case-insensitively. */
    val host: String = Text.lower(host)

    /** How long after the visit a deferred link is still accepted: `cookie_days` days. */
    val maximumAgeMillis: Long = Math.max(cookieDays, 0).toLong() * 86_400_000L

    /** The scheme of the catalog's deep links when it differs from [scheme], lower case. */
    val siteScheme: String? = siteScheme?.let { Text.lower(it) }?.takeIf { it != this.scheme }

    companion object {
        /** The longest link accepted, in UTF-8 bytes (longer input is rejected, never truncated). */
        const val MAXIMUM_LENGTH = 4096

        /** The most path segments and the most query parameters a link may have. */
        const val MAXIMUM_PARTS = 64

        /** How far in the future a deferred link's visit time may lie (clock changes, rounding). */
        const val ALLOWED_CLOCK_SKEW_MILLIS = 300_000L
    }
}
