package trampoline.link

/** What a `:name(constraint)` parameter accepts, beyond "one non-empty segment". [word] is its name in a pattern. */
enum class RouteConstraint(val word: String) {
    /** One or more ASCII digits `0`–`9` (no sign, no spaces): `:id(digits)`. */
    DIGITS("digits"),

    /** A UUID, `8-4-4-4-12` hexadecimal digits in either case: `:token(uuid)`. */
    UUID("uuid");

    /** Whether the decoded segment `value` satisfies the constraint. */
    fun accepts(value: String): Boolean = when (this) {
        DIGITS -> value.isNotEmpty() && value.all { it in '0'..'9' }
        UUID -> value.length == 36 && value.withIndex().all { (i, c) ->
            if (i == 8 || i == 13 || i == 18 || i == 23) c == '-' else PercentDecoding.isHexDigit(c)
        }
    }

    companion object {
        /** The constraint called `word` in a pattern, or null. */
        fun named(word: String): RouteConstraint? = values().firstOrNull { it.word == word }
    }
}
