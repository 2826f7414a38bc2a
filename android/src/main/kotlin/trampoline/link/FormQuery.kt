package trampoline.link

/**
 * A query as `URLSearchParams` holds it: name–value pairs, parsed and written the way the pages'
 * script does (the WHATWG `application/x-www-form-urlencoded` parser and serializer), so the app
 * composes the same deep link the page attempts.
 */
internal class FormQuery(val pairs: MutableList<QueryParameter>) {
    /**
     * `URLSearchParams.set`: the first pair named `name` takes `value` and later ones go; with
     * none, the pair is appended.
     */
    fun set(name: String, value: String) {
        val first = pairs.indexOfFirst { it.name == name }
        if (first < 0) {
            pairs.add(QueryParameter(name, value))
            return
        }
        pairs[first] = QueryParameter(name, value)
        var index = first + 1
        while (index < pairs.size) {
            if (pairs[index].name == name) pairs.removeAt(index) else index++
        }
    }

    /** `URLSearchParams.toString()`. */
    fun serialized(): String {
        val out = StringBuilder()
        for ((index, pair) in pairs.withIndex()) {
            if (index > 0) out.append('&')
            appendEncoded(pair.name, out)
            out.append('=')
            appendEncoded(pair.value, out)
        }
        return out.toString()
    }

    companion object {
        private const val DIGITS = "0123456789ABCDEF"

        /**
         * Parses `text` (without its `?`): pairs split on `&`, empty ones skipped, name and value
         * split at the first `=`, `+` as a space, then percent-decoded. Null when an escape is broken
         * or decodes to text that is not UTF-8 (the browser would repair it; the app refuses), and,
         * unless `allowControls`, when it decodes to a control character.
         */
        fun parse(text: String, allowControls: Boolean = true): FormQuery? {
            val pairs = ArrayList<QueryParameter>()
            for (pair in text.split('&')) {
                if (pair.length == 0) continue
                val equals = pair.indexOf('=')
                val name = if (equals < 0) pair else pair.substring(0, equals)
                val value = if (equals < 0) "" else pair.substring(equals + 1)
                val decodedName = PercentDecoding.decode(name, plusIsSpace = true, allowControls = allowControls)
                    ?: return null
                val decodedValue = PercentDecoding.decode(value, plusIsSpace = true, allowControls = allowControls)
                    ?: return null
                pairs.add(QueryParameter(decodedName, decodedValue))
            }
            return FormQuery(pairs)
        }

        /**
         * The form serializer: ASCII alphanumerics and `*-._` kept, a space as `+`, every other
         * byte of the UTF-8 as `%XX` in upper case. An unpaired surrogate is written as U+FFFD, as
         * `URLSearchParams` (which holds USVStrings) writes it.
         */
        fun appendEncoded(text: String, out: StringBuilder) {
            for (byte in Text.utf8(text) ?: Text.utf8(Text.wellFormed(text))!!) {
                val b = byte.toInt() and 0xFF
                when {
                    b in 0x61..0x7A || b in 0x41..0x5A || b in 0x30..0x39 ||
                        b == 0x2A || b == 0x2D || b == 0x2E || b == 0x5F ->
                        out.append(b.toChar())
                    b == 0x20 -> out.append('+')
                    else -> out.append('%').append(DIGITS[b shr 4]).append(DIGITS[b and 0x0F])
                }
            }
        }
    }
}
