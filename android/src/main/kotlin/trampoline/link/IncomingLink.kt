package trampoline.link

/**
 * A link the app received, checked and parsed. App Links, custom-scheme URLs and deferred links
 * all arrive in this one shape, so one router serves them all: `https://go.example.com/plan/42?x=1`
 * and `marry://plan/42?x=1` both have the path `/plan/42` and the query `x=1`.
 */
class IncomingLink internal constructor(
    /** Where the link came from. */
    val source: LinkSource,
    /**
     * The percent-encoded path: `/` when there is none, never a trailing slash. For a
     * custom-scheme URL the "host" is the first segment (`marry://plan/42` → `/plan/42`).
     */
    val path: String,
    /** The path's segments, percent-decoded. */
    val segments: List<String>,
    /** The query's parameters, decoded, in order; the deferred-link marker is not among them. */
    val query: List<QueryParameter>,
    /** The fragment as written (still percent-encoded), if any. */
    val fragment: String?,
    /** The link as received, without the deferred-link marker. */
    val text: String,
    /** For a deferred link: when the person visited the link's page (the marker's time), in Unix milliseconds. */
    val visitedAtMillis: Long?,
    /** When the app received the link, in Unix milliseconds. */
    val receivedAtMillis: Long,
    /** For a deferred link: its identity in the once-only store (a fingerprint, not the link). */
    internal val deliveryToken: String?,
    /**
     * For a link resolved through the site's link table: the App Link that opened the app; [text] is then the deep link
     * it stands for.
     */
    val appLink: String? = null,
    /** For an App Link the link table did not resolve: why. The `unmatched` handler gets it. */
    val resolutionFailure: LinkResolutionFailure? = null,
    /**
     * Whether the app was on its first launch when it delivered this link: a deferred link, or any
     * link delivered on the launch [TrampolineLinks.beginFirstLaunch] claimed. What Firebase counted
     * as a first open (else a re-open); set when the link is delivered.
     */
    val isFirstLaunch: Boolean = false
) {
    /**
     * When the person tapped this link: the page visit for a deferred link, the arrival otherwise. The inbox keeps the
     * link tapped last.
     */
    val tappedAtMillis: Long
        get() = visitedAtMillis ?: receivedAtMillis

    /** Whether this is a deferred link (it carried the pages' marker). */
    val isDeferred: Boolean
        get() = visitedAtMillis != null

    /** The first value of the query parameter `name`. */
    fun value(name: String): String? = query.firstOrNull { it.name == name }?.value

    internal fun with(appLink: String?, resolutionFailure: LinkResolutionFailure?): IncomingLink = IncomingLink(
        source, path, segments, query, fragment, text, visitedAtMillis, receivedAtMillis, deliveryToken, appLink,
        resolutionFailure, isFirstLaunch
    )

    internal fun firstLaunch(value: Boolean): IncomingLink = IncomingLink(
        source, path, segments, query, fragment, text, visitedAtMillis, receivedAtMillis, deliveryToken, appLink,
        resolutionFailure, value
    )

    override fun equals(other: Any?): Boolean = other is IncomingLink && source == other.source && path == other.path &&
        segments == other.segments && query == other.query && fragment == other.fragment && text == other.text &&
        visitedAtMillis == other.visitedAtMillis && receivedAtMillis == other.receivedAtMillis &&
        deliveryToken == other.deliveryToken && appLink == other.appLink &&
        resolutionFailure == other.resolutionFailure && isFirstLaunch == other.isFirstLaunch

    override fun hashCode(): Int = (text.hashCode() * 31 + source.hashCode()) * 31 + receivedAtMillis.hashCode()

    override fun toString(): String = "IncomingLink($source, $text)"

    companion object {
        /**
         * A link the app was opened with (an `Intent`'s data): the app's scheme or `https` on the
         * site's host. No marker is needed; when one is there, the link is a deferred link and its
         * age is checked.
         */
        fun opening(
            text: String,
            configuration: LinkConfiguration,
            nowMillis: Long = System.currentTimeMillis()
        ): Checked<IncomingLink, LinkRejection> =
            LinkParser.parse(text, null, false, configuration, nowMillis)
    }
}
