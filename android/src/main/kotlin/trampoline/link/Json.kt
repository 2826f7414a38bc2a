package trampoline.link

/**
 * A small strict JSON reader (RFC 8259) for the link table: UTF-8 only, no byte-order mark, no
 * trailing commas, comments or other extensions, unpaired surrogate escapes and duplicate member
 * names refused, nesting at most [MAXIMUM_DEPTH] deep. Objects are [Map]s (in document order),
 * arrays [List]s, numbers [Double]s, `null` is [Null]. Android's `org.json` is lenient and is not
 * on the JVM, so the library carries its own.
 */
internal object Json {
    /** JSON's `null` (Kotlin's null stands for an absent member). */
    object Null

    const val MAXIMUM_DEPTH = 64

    /** The value in `bytes`, or null when they are not one JSON text. */
    fun parse(bytes: ByteArray): Any? {
        val text = Text.decodeUtf8(bytes) ?: return null
        return try {
            val reader = Reader(text)
            reader.space()
            val value = reader.value(0)
            reader.space()
            if (reader.at != text.length) null else value
        } catch (e: Malformed) {
            null
        }
    }

    private class Malformed : RuntimeException() {
        override fun fillInStackTrace(): Throwable = this
    }

    private class Reader(val s: String) {
        var at = 0

        fun fail(): Nothing = throw Malformed()

        fun space() {
            while (at < s.length) {
                val c = s[at]
                if (c == ' ' || c == '\t' || c == '\n' || c == '\r') at++ else return
            }
        }

        fun value(depth: Int): Any {
            if (depth > MAXIMUM_DEPTH || at >= s.length) fail()
            return when (s[at]) {
                '{' -> obj(depth + 1)
                '[' -> array(depth + 1)
                '"' -> string()
                't' -> literal("true", true)
                'f' -> literal("false", false)
                'n' -> literal("null", Null)
                else -> number()
            }
        }

        fun literal(word: String, value: Any): Any {
            if (!s.startsWith(word, at)) fail()
            at += word.length
            return value
        }

        fun obj(depth: Int): Map<String, Any> {
            val members = LinkedHashMap<String, Any>()
            at++ // {
            space()
            if (at < s.length && s[at] == '}') {
                at++
                return members
            }
            while (true) {
                space()
                if (at >= s.length || s[at] != '"') fail()
                val name = string()
                space()
                if (at >= s.length || s[at] != ':') fail()
                at++
                space()
                val value = value(depth)
                if (members.put(name, value) != null) fail()
                space()
                if (at >= s.length) fail()
                val next = s[at++]
                if (next == '}') return members
                if (next != ',') fail()
            }
        }

        fun array(depth: Int): List<Any> {
            val items = ArrayList<Any>()
            at++ // [
            space()
            if (at < s.length && s[at] == ']') {
                at++
                return items
            }
            while (true) {
                space()
                items.add(value(depth))
                space()
                if (at >= s.length) fail()
                val next = s[at++]
                if (next == ']') return items
                if (next != ',') fail()
            }
        }

        fun string(): String {
            at++ // "
            val out = StringBuilder()
            while (true) {
                if (at >= s.length) fail()
                val c = s[at++]
                when {
                    c == '"' -> return out.toString()
                    c == '\\' -> {
                        if (at >= s.length) fail()
                        when (s[at++]) {
                            '"' -> out.append('"')
                            '\\' -> out.append('\\')
                            '/' -> out.append('/')
                            'b' -> out.append('\b')
                            'f' -> out.append('\u000C')
                            'n' -> out.append('\n')
                            'r' -> out.append('\r')
                            't' -> out.append('\t')
                            'u' -> {
                                val unit = hex4()
                                if (Character.isHighSurrogate(unit)) {
                                    if (!s.startsWith("\\u", at)) fail()
                                    at += 2
                                    val low = hex4()
                                    if (!Character.isLowSurrogate(low)) fail()
                                    out.append(unit).append(low)
                                } else {
                                    if (Character.isLowSurrogate(unit)) fail()
                                    out.append(unit)
                                }
                            }
                            else -> fail()
                        }
                    }
                    c < ' ' -> fail()
                    else -> out.append(c)
                }
            }
        }

        fun hex4(): Char {
            if (at + 4 > s.length) fail()
            var value = 0
            for (i in 0 until 4) {
                val digit = Character.digit(s[at + i], 16)
                if (digit < 0 || s[at + i] > 'f') fail()
                value = value * 16 + digit
            }
            at += 4
            return value.toChar()
        }

        fun number(): Double {
            val start = at
            if (at < s.length && s[at] == '-') at++
            if (at >= s.length) fail()
            if (s[at] == '0') {
                at++
            } else if (s[at] in '1'..'9') {
                while (at < s.length && s[at] in '0'..'9') at++
            } else {
                fail()
            }
            if (at < s.length && s[at] == '.') {
                at++
                val digits = at
                while (at < s.length && s[at] in '0'..'9') at++
                if (at == digits) fail()
            }
            if (at < s.length && (s[at] == 'e' || s[at] == 'E')) {
                at++
                if (at < s.length && (s[at] == '+' || s[at] == '-')) at++
                val digits = at
                while (at < s.length && s[at] in '0'..'9') at++
                if (at == digits) fail()
            }
            val value = s.substring(start, at).toDouble()
            if (value.isInfinite() || value.isNaN()) fail()
            return value
        }
    }
}
