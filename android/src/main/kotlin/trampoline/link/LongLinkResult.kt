package trampoline.link

/**
 * What a long link on the site's own domain (`https://go.example.com/?link=…`, the shape of
 * Firebase Dynamic Links) stands for: the deep link it opens, or the parameter that was refused.
 * [LongLinks] gives null for a URL that is no long link at all.
 */
sealed class LongLinkResult {
    /**
     * The long link opens [deepLink]: `link`'s path and query under the app's scheme, with the long
     * link's `utm_*` campaign. [title] (`st`) and [description] (`sd`) are text to show, never HTML;
     * null when absent, too long or holding a control or bidi control character.
     */
    data class Opened(
        val deepLink: String,
        val fallbacks: Fallbacks,
        val title: String?,
        val description: String?
    ) : LongLinkResult()

    /**
     * The long link names a URL that is not on the allowlist or not a plain https URL: `link`, `ifl`,
     * `afl` or `ofl`, the first that failed. `link` too when the deep link would be longer than
     * [LinkConfiguration.MAXIMUM_LENGTH] bytes. Nothing is opened.
     */
    data class Refused(val parameter: String) : LongLinkResult()

    /**
     * Where a device without the app goes (FDL's meaning): [ios] is `ifl`, [android] `afl`, null
     * for the app's store page when not given; [desktop] is `ofl`, or else `link` itself.
     */
    data class Fallbacks(val ios: String?, val android: String?, val desktop: String)
}
