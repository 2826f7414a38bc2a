package trampoline.link

/**
 * A route: a path pattern that both the site generator and the app understand the same way.
 *
 * The grammar (the one of the Swift library and of `trampoline` for catalog routes):
 *
 * - A pattern starts with `/` and is a list of `/`-separated segments. `/` alone is the root.
 *   One trailing slash is ignored (`/plan/` is `/plan`); an empty segment (`//`) is an error.
 * - A **literal** segment uses the catalog's path alphabet: letters, digits and
 *   `- . _ ~ ! & ( ) + , ; = @ :` (a `:` anywhere but first). `.` and `..` are not segments.
 *   Literals match case-sensitively.
 * - `:name` matches exactly one non-empty segment; `:name(digits)` or `:name(uuid)` constrains it.
 * - `*name`, as the last segment only, matches the rest of the path: one or more segments,
 *   given back joined with `/`.
 * - Names are `[A-Za-z_][A-Za-z0-9_]*` and unique within a pattern.
 *
 * Matching works on percent-decoded segments (`/caf%C3%A9` is the segment `café`). A parameter
 * never takes a segment that decodes to `.`, `..` or to text containing `/`, a control character
 * or a bidi control (U+061C, U+200E, U+200F, U+202A–U+202E, U+2066–U+2069: they would make a
 * screen show the value in another order than it is read), and a path with broken
 * percent-encoding matches nothing.
 *
 * @throws RoutePatternError when `text` is not a pattern (what is wrong, and at which column).
 */
class RoutePattern(
    /** The pattern as written. */
    val text: String
) {
    /** The parsed segments, in order (empty for the root pattern `/`). */
    val segments: List<Segment> = parse(text)

    /** One segment of a pattern. */
    sealed class Segment {
        /** Matches exactly this text (case-sensitive, compared with the decoded segment). */
        data class Literal(val text: String) : Segment()

        /** `:name` or `:name(constraint)`: one non-empty segment. */
        data class Parameter(val name: String, val constraint: RouteConstraint? = null) : Segment()

        /** `*name`: the rest of the path, one or more segments. */
        data class Rest(val name: String) : Segment()
    }

    /** Names of the parameters, in order. */
    val parameterNames: List<String>
        get() = segments.mapNotNull {
            when (it) {
                is Segment.Literal -> null
                is Segment.Parameter -> it.name
                is Segment.Rest -> it.name
            }
        }

    /** Matches a percent-encoded path such as `/plan/42` (no query or fragment): the decoded parameters, or null. */
    fun match(path: String): Map<String, String>? {
        val decoded = decodedSegments(path) ?: return null
        return match(decoded)
    }

    /** Matches already percent-decoded path segments. */
    fun match(path: List<String>): Map<String, String>? {
        val parameters = LinkedHashMap<String, String>()
        for ((i, segment) in segments.withIndex()) {
            when (segment) {
                is Segment.Literal -> if (i >= path.size || path[i] != segment.text) return null
                is Segment.Parameter -> {
                    if (i >= path.size || !isParameterValue(path[i])) return null
                    if (segment.constraint != null && !segment.constraint.accepts(path[i])) return null
                    parameters[segment.name] = path[i]
                }
                is Segment.Rest -> {
                    val rest = path.subList(Math.min(i, path.size), path.size)
                    if (rest.isEmpty() || !rest.all { isParameterValue(it) }) return null
                    parameters[segment.name] = rest.joinToString("/")
                    return parameters
                }
            }
        }
        return if (path.size == segments.size) parameters else null
    }

    override fun equals(other: Any?): Boolean = other is RoutePattern && other.text == text

    override fun hashCode(): Int = text.hashCode()

    override fun toString(): String = text

    companion object {
        /** The longest pattern accepted, in Unicode scalars. */
        const val MAXIMUM_LENGTH = 1024

        /**
         * The decoded segments of a percent-encoded path: `/` is none, one trailing slash is
         * ignored, `//` gives an empty segment (which nothing matches). Null when the path does not
         * start with `/` or a segment is malformed.
         */
        fun decodedSegments(path: String): List<String>? {
            val bytes = Text.utf8(path) ?: return null
            if (bytes.isEmpty() || bytes[0] != SLASH) return null
            var end = bytes.size
            if (end > 1 && bytes[end - 1] == SLASH) end--
            if (end == 1) return emptyList()
            val segments = ArrayList<String>()
            var start = 1
            for (i in 1..end) {
                if (i == end || bytes[i] == SLASH) {
                    segments.add(PercentDecoding.decodeBytes(bytes, start, i) ?: return null)
                    start = i + 1
                }
            }
            return segments
        }

        /**
         * A parameter takes a non-empty segment that is not `.` or `..` and holds no `/` (an encoded
         * `%2F`): a value can never climb out of its folder or stand for several segments. Nor a
         * bidi control ([isBidiControl]); control characters never get this far ([decodedSegments]).
         */
        internal fun isParameterValue(value: String): Boolean =
            value.isNotEmpty() && value != "." && value != ".." && value.indexOf('/') < 0 &&
                value.none { isBidiControl(it) }

        /** U+061C, U+200E, U+200F, U+202A–U+202E and U+2066–U+2069: the Unicode bidi controls. */
        internal fun isBidiControl(c: Char): Boolean =
            c == '\u061C' || c == '\u200E' || c == '\u200F' || c in '\u202A'..'\u202E' || c in '\u2066'..'\u2069'

        private const val SLASH: Byte = 0x2F
        private const val C_SLASH = 0x2F
        private const val C_COLON = 0x3A
        private const val C_STAR = 0x2A
        private const val C_OPEN = 0x28
        private const val C_CLOSE = 0x29

        /** Characters of a literal segment: the catalog's path alphabet, without `/`. */
        private fun isLiteralCharacter(c: Int): Boolean =
            c in 0x61..0x7A || c in 0x41..0x5A || c in 0x30..0x39 ||
                (c < 0x80 && "-._~!&()+,;=@:".indexOf(c.toChar()) >= 0)

        private fun isNameStart(c: Int): Boolean = c in 0x61..0x7A || c in 0x41..0x5A || c == 0x5F

        private fun isDigit(c: Int): Boolean = c in 0x30..0x39

        private fun parse(text: String): List<Segment> {
            val s = Text.codePoints(text)
            if (s.isEmpty()) throw RoutePatternError(RoutePatternError.Kind.EMPTY, 1)
            if (s.size > MAXIMUM_LENGTH) throw RoutePatternError(RoutePatternError.Kind.TOO_LONG, MAXIMUM_LENGTH + 1)
            if (s[0] != C_SLASH) throw RoutePatternError(
                RoutePatternError.Kind.MISSING_LEADING_SLASH, 1, Text.string(s, 0, 1)
            )
            // Segment ranges (indices into s, end exclusive) after the leading slash.
            val ranges = ArrayList<IntArray>()
            var start = 1
            for (i in 1..s.size) {
                if (i == s.size || s[i] == C_SLASH) {
                    ranges.add(intArrayOf(start, i))
                    start = i + 1
                }
            }
            val last = ranges.last()
            if (last[0] == last[1]) {
                if (ranges.size == 1) return emptyList() // "/": the root
                ranges.removeAt(ranges.size - 1) // one trailing slash is ignored
            }
            val segments = ArrayList<Segment>()
            val names = HashSet<String>()
            for ((index, range) in ranges.withIndex()) {
                val lower = range[0]
                val upper = range[1]
                // Columns are 1-based: scalar i is column i + 1.
                if (lower == upper) throw RoutePatternError(RoutePatternError.Kind.EMPTY_SEGMENT, lower + 1)
                val first = s[lower]
                if (first == C_COLON || first == C_STAR) {
                    val segment = parameter(s, lower, upper)
                    if (first == C_STAR && index != ranges.size - 1) {
                        throw RoutePatternError(RoutePatternError.Kind.REST_NOT_LAST, lower + 1)
                    }
                    val name = when (segment) {
                        is Segment.Parameter -> segment.name
                        is Segment.Rest -> segment.name
                        is Segment.Literal -> segment.text
                    }
                    if (!names.add(name)) throw RoutePatternError(
                        RoutePatternError.Kind.DUPLICATE_PARAMETER, lower + 1, name
                    )
                    segments.add(segment)
                } else {
                    for (i in lower until upper) {
                        if (!isLiteralCharacter(s[i])) {
                            throw RoutePatternError(
                                RoutePatternError.Kind.INVALID_CHARACTER, i + 1, Text.string(s, i, i + 1)
                            )
                        }
                    }
                    val literal = Text.string(s, lower, upper)
                    if (literal == "." || literal == "..") throw RoutePatternError(
                        RoutePatternError.Kind.DOT_SEGMENT, lower + 1, literal
                    )
                    segments.add(Segment.Literal(literal))
                }
            }
            return segments
        }

        /** `:name`, `:name(constraint)` or `*name`, occupying `s[lower until upper]`. */
        private fun parameter(s: IntArray, lower: Int, upper: Int): Segment {
            val sigil = s[lower]
            val nameStart = lower + 1
            var nameEnd = nameStart
            while (nameEnd < upper && (sigil != C_COLON || s[nameEnd] != C_OPEN)) nameEnd++
            val name = Text.string(s, nameStart, nameEnd)
            if (nameEnd == nameStart) throw RoutePatternError(RoutePatternError.Kind.MISSING_PARAMETER_NAME, lower + 1)
            for (i in nameStart until nameEnd) {
                val c = s[i]
                if (!(isNameStart(c) || (i > nameStart && isDigit(c)))) {
                    throw RoutePatternError(RoutePatternError.Kind.INVALID_PARAMETER_NAME, i + 1, name)
                }
            }
            if (sigil != C_COLON) return Segment.Rest(name)
            if (nameEnd >= upper) return Segment.Parameter(name, null)
            // s[nameEnd] is "(": the constraint runs to a ")" that must end the segment.
            var close = nameEnd + 1
            while (close < upper && s[close] != C_CLOSE) close++
            if (close >= upper) throw RoutePatternError(RoutePatternError.Kind.UNTERMINATED_CONSTRAINT, nameEnd + 1)
            if (close + 1 < upper) {
                throw RoutePatternError(
                    RoutePatternError.Kind.INVALID_CHARACTER, close + 2, Text.string(s, close + 1, close + 2)
                )
            }
            val word = Text.string(s, nameEnd + 1, close)
            val constraint = RouteConstraint.named(word)
                ?: throw RoutePatternError(RoutePatternError.Kind.UNKNOWN_CONSTRAINT, nameEnd + 2, word)
            return Segment.Parameter(name, constraint)
        }
    }
}
