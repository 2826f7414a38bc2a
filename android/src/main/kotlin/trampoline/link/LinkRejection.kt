package trampoline.link

/**
 * Why a text or URL was not taken as a link. Rejected input is never routed. The same reasons as
 * `LinkRejection` in the Swift library; [code] is the Swift case name.
 */
enum class LinkRejection(val code: String) {
    /** Longer than [LinkConfiguration.MAXIMUM_LENGTH] bytes, or with too many segments or parameters. */
    TOO_LONG("tooLong"),

    /**
     * Not a URL at all (no scheme), or containing spaces, control or direction characters; a referrer without one
     * `deep_link`.
     */
    NOT_A_LINK("notALink"),

    /** Another scheme than the app's own (or `https`). */
    OTHER_SCHEME("otherScheme"),

    /** An `https` URL on another host than the site's, or with a user name or port. */
    OTHER_HOST("otherHost"),

    /** A `%` that does not start a `%XX` escape, or escapes that are not UTF-8 text. */
    MALFORMED_ENCODING("malformedEncoding"),

    /** A deferred link without the pages' marker: text the person copied, not a Trampoline link. */
    UNMARKED("unmarked"),

    /** The marker is there but is not one visit time (repeated, empty or not digits). */
    BAD_MARKER("badMarker"),

    /** Visited longer ago than the configured maximum age (`cookie_days`). */
    EXPIRED("expired"),

    /** Visited in the future, beyond the allowed clock skew. */
    FROM_THE_FUTURE("fromTheFuture"),

    /** This deferred link was already delivered (in this launch or an earlier one). */
    ALREADY_DELIVERED("alreadyDelivered"),

    /** The link arrived while the inbox was held, but a link tapped later was already waiting. */
    SUPERSEDED("superseded"),

    /** The link was held for onboarding longer than the inbox's timeout. */
    HELD_TOO_LONG("heldTooLong");

    override fun toString(): String = code
}
