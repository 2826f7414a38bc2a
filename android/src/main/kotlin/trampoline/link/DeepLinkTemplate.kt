package trampoline.link

/**
 * A deep link with placeholders for a route's parameters (`tabi://restaurant/:id`): where they
 * are, and the link with matched values filled in. The build, the pages' script and both app
 * libraries fill a route's deep link this way (docs/link-table.md).
 */
object DeepLinkTemplate {
    /**
     * A parameter named in a route's deep link: `:name` or `*name` right after a `/` or a `=`,
     * outside the authority (a visitor never picks the host: `marry://:host/x` has none).
     */
    data class Placeholder(val name: String, /** 1-based column of the sigil, in Unicode scalars. */ val column: Int)

    private const val COLON = 0x3A
    private const val STAR = 0x2A
    private const val SLASH = 0x2F
    private const val EQUALS = 0x3D
    private const val QUESTION = 0x3F
    private const val HASH = 0x23
    private const val DIGITS = "0123456789ABCDEF"

    private fun isNameStart(c: Int): Boolean = c in 0x61..0x7A || c in 0x41..0x5A || c == 0x5F

    private fun isNamePart(c: Int): Boolean = isNameStart(c) || c in 0x30..0x39

    private fun placeholderAt(s: IntArray, i: Int): Boolean =
        (s[i] == SLASH || s[i] == EQUALS) && i + 2 < s.size && (s[i + 1] == COLON || s[i + 1] == STAR) &&
            isNameStart(s[i + 2])

    /**
     * Where the text that may hold placeholders starts: after the authority of `scheme://authority`
     * (at its first `/`, `?` or `#`), else right after the scheme's colon at `colon`.
     */
    private fun afterAuthority(s: IntArray, colon: Int): Int {
        if (colon + 2 >= s.size || s[colon + 1] != SLASH || s[colon + 2] != SLASH) return colon + 1
        var i = colon + 3
        while (i < s.size && s[i] != SLASH && s[i] != QUESTION && s[i] != HASH) i++
        return i
    }

    /** The placeholders of `deepLink`, in order, in the text after the scheme's colon and the authority. */
    fun placeholders(deepLink: String): List<Placeholder> {
        val s = Text.codePoints(deepLink)
        val colon = s.indexOf(COLON)
        if (colon < 0) return emptyList()
        val found = ArrayList<Placeholder>()
        var i = afterAuthority(s, colon)
        while (i + 1 < s.size) {
            if (placeholderAt(s, i)) {
                var end = i + 3
                while (end < s.size && isNamePart(s[end])) end++
                found.add(Placeholder(Text.string(s, i + 2, end), i + 2))
                i = end
            } else {
                i++
            }
        }
        return found
    }

    /**
     * `link` with each placeholder of a matched parameter replaced by its value, percent-encoded
     * (a `*rest` value segment by segment, joined with `/`); placeholders of other names, and any
     * in the authority, stay.
     */
    fun fill(link: String, parameters: Map<String, String>, restNames: Set<String>): String {
        val s = Text.codePoints(link)
        val colon = s.indexOf(COLON)
        if (colon < 0) return link
        val out = StringBuilder(link.length + 16)
        val start = afterAuthority(s, colon)
        out.append(Text.string(s, 0, start))
        var i = start
        while (i < s.size) {
            if (placeholderAt(s, i)) {
                var end = i + 3
                while (end < s.size && isNamePart(s[end])) end++
                val name = Text.string(s, i + 2, end)
                val value = parameters[name]
                if (value != null) {
                    val parts = if (name in restNames) value.split('/') else listOf(value)
                    out.appendCodePoint(s[i])
                    out.append(parts.joinToString("/") { percentEncoded(it) })
                    i = end
                    continue
                }
            }
            out.appendCodePoint(s[i])
            i++
        }
        return out.toString()
    }

    /** Everything but RFC 3986's unreserved characters as `%XX` of its UTF-8 bytes. */
    fun percentEncoded(value: String): String {
        val out = StringBuilder(value.length)
        for (byte in value.toByteArray(Charsets.UTF_8)) {
            val b = byte.toInt() and 0xFF
            if (b in 0x61..0x7A || b in 0x41..0x5A || b in 0x30..0x39 ||
                b == 0x2D || b == 0x2E || b == 0x5F || b == 0x7E
            ) {
                out.append(b.toChar())
            } else {
                out.append('%').append(DIGITS[b shr 4]).append(DIGITS[b and 0x0F])
            }
        }
        return out.toString()
    }
}
