package trampoline.link

/**
 * Why [LinkBuilder] made no link: the input, never a malformed URL. The same cases as
 * `LinkBuildError` in the Swift library; [code] is the Swift case name, as the shared table
 * (Tests/Fixtures/link-making.json) spells it. Two errors are equal when they are the same case
 * with the same values.
 */
sealed class LinkBuildError(
    /** The Swift case name: `missingParameter`, `unknownParameter`, `invalidValue`… */
    val code: String,
    message: String
) : IllegalArgumentException(message) {
    /** The pattern names a parameter the call gave no value for. */
    data class MissingParameter(val name: String) :
        LinkBuildError("missingParameter", "no value for the parameter '$name'")

    /** A value was given for a name the pattern does not have (a typo, most often). */
    data class UnknownParameter(val name: String) :
        LinkBuildError("unknownParameter", "the route has no parameter '$name'")

    /**
     * The value cannot stand in its segment: empty, `.` or `..`, a `/` in a `:name` value, an empty
     * segment of a `*name` value, a control or direction character, or (on the JVM) an unpaired
     * surrogate: the app's router would match nothing.
     */
    data class InvalidValue(val name: String, val value: String) : LinkBuildError(
        "invalidValue",
        "the value of '$name' cannot be a path segment: empty, '.', '..', a '/', a control or direction character"
    )

    /** The value fails the parameter's constraint (`:id(digits)` given `abc`). */
    data class ConstraintFailed(val name: String, val constraint: RouteConstraint) :
        LinkBuildError("constraintFailed", "the value of '$name' is not ${constraint.word}")

    /**
     * A plain path that is not one of the site's: not starting with one `/`, or with `?`, `#`, `%`,
     * `\`, a space, a character outside ASCII, `.`/`..` segments or an empty segment.
     */
    data class InvalidPath(val path: String) : LinkBuildError("invalidPath", "'$path' is not a link path of the site")

    /**
     * A campaign name that is empty, has a control character or is one the pages keep for themselves (`tl_t`, `debug`,
     * `openExternalBrowser`).
     */
    data class InvalidCampaignName(val name: String) :
        LinkBuildError(
            "invalidCampaignName",
            "'$name' cannot be a campaign name: empty, or one the pages read themselves"
        )

    /** A campaign value with a control character, which the app's own parser would refuse. */
    data class InvalidCampaignValue(val name: String, val value: String) :
        LinkBuildError("invalidCampaignValue", "the campaign value of '$name' has a control character")

    /**
     * The site's link table has no route written `route` (the pattern as the catalog writes it):
     * the route is not in the catalog, or the app reads an older table.
     */
    data class UnknownRoute(val route: String) : LinkBuildError("unknownRoute", "the link table has no route '$route'")

    /**
     * The link would pass [LinkConfiguration.MAXIMUM_LENGTH] bytes, or [LinkConfiguration.MAXIMUM_PARTS] query
     * parameters.
     */
    class TooLong : LinkBuildError(
        "tooLong",
        "the link would be longer than ${LinkConfiguration.MAXIMUM_LENGTH} bytes or have more than ${LinkConfiguration.MAXIMUM_PARTS} query parameters"
    ) {
        override fun equals(other: Any?): Boolean = other is TooLong

        override fun hashCode(): Int = code.hashCode()
    }

    final override fun toString(): String = "LinkBuildError.$code: $message"
}
