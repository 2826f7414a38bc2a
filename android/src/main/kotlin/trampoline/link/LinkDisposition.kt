package trampoline.link

/** What [TrampolineLinks] did with a link. */
sealed class LinkDisposition {
    /** Delivered to the handler of this route. */
    data class Routed(val pattern: RoutePattern) : LinkDisposition()

    /** Ours, but no route matched: delivered to the `unmatched` handler. */
    object Unmatched : LinkDisposition()

    /** Kept until [TrampolineLinks.ready]. */
    object Held : LinkDisposition()

    /**
     * An App Link being resolved through the site's link table; what happens to it is reported when the answer comes.
     */
    object Resolving : LinkDisposition()

    /** An App Link that is no link of the site (or one of its own files): handed to the browser, not to a screen. */
    data class HandedToBrowser(val url: String, val reason: LinkResolutionFailure) : LinkDisposition()

    /** Not delivered, and why. */
    data class Rejected(val reason: LinkRejection) : LinkDisposition()

    /** Whether the link was the app's and was taken care of (routed, sent to `unmatched`, held, or being resolved). */
    val isHandled: Boolean
        get() = this !is Rejected && this !is HandedToBrowser

    override fun toString(): String = when (this) {
        is Routed -> "routed($pattern)"
        is Unmatched -> "unmatched"
        is Held -> "held"
        is Resolving -> "resolving"
        is HandedToBrowser -> "browser($url, $reason)"
        is Rejected -> "rejected($reason)"
    }
}
