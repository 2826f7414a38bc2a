package trampoline.link

/**
 * Why a route pattern is malformed, and where: `column` is 1-based, counted in Unicode scalars
 * from the start of the pattern. The same kinds and columns as the Swift library and the generator.
 */
class RoutePatternError(
    val kind: Kind,
    /** 1-based column in the pattern text. */
    val column: Int,
    /** The offending text (a character, a name or a constraint), when there is one. */
    val detail: String? = null
) : IllegalArgumentException() {
    /** The kinds of mistake; [code] is the stable name the shared test table uses. */
    enum class Kind(val code: String) {
        EMPTY("empty"),
        MISSING_LEADING_SLASH("missingLeadingSlash"),
        TOO_LONG("tooLong"),
        EMPTY_SEGMENT("emptySegment"),
        DOT_SEGMENT("dotSegment"),
        INVALID_CHARACTER("invalidCharacter"),
        MISSING_PARAMETER_NAME("missingParameterName"),
        INVALID_PARAMETER_NAME("invalidParameterName"),
        DUPLICATE_PARAMETER("duplicateParameter"),
        UNKNOWN_CONSTRAINT("unknownConstraint"),
        UNTERMINATED_CONSTRAINT("unterminatedConstraint"),
        REST_NOT_LAST("restNotLast")
    }

    /** A one-line explanation, the same as the generator's diagnostics. */
    override val message: String
        get() {
            val shown = if (detail == null) "" else "'$detail'"
            return when (kind) {
                Kind.EMPTY -> "a route pattern cannot be empty; write it as /segment"
                Kind.MISSING_LEADING_SLASH -> "a route pattern must start with '/'"
                Kind.TOO_LONG -> "a route pattern is limited to ${RoutePattern.MAXIMUM_LENGTH} characters"
                Kind.EMPTY_SEGMENT -> "empty segment ('//') in the route pattern"
                Kind.DOT_SEGMENT -> "'.' and '..' cannot be segments of a route pattern"
                Kind.INVALID_CHARACTER ->
                    "$shown is not allowed in a route pattern; literals use letters, digits and - . _ ~ ! & ( ) + , ; = @ :"
                Kind.MISSING_PARAMETER_NAME -> "a parameter needs a name after ':' or '*', such as :id"
                Kind.INVALID_PARAMETER_NAME ->
                    "$shown is not a parameter name; names are letters, digits and _, not starting with a digit"
                Kind.DUPLICATE_PARAMETER -> "the parameter name $shown is used twice in the route pattern"
                Kind.UNKNOWN_CONSTRAINT ->
                    "unknown constraint $shown; use one of ${RouteConstraint.values().joinToString(", ") { it.word }}"
                Kind.UNTERMINATED_CONSTRAINT -> "the constraint is missing its closing ')'"
                Kind.REST_NOT_LAST -> "a *rest parameter must be the last segment of the route pattern"
            }
        }

    override fun toString(): String = "RoutePatternError(${kind.code} at column $column): $message"
}
