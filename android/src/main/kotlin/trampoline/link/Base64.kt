package trampoline.link

/**
 * Standard Base64 with padding (RFC 4648, section 4), strict: the library targets API 21, and
 * `java.util.Base64` needs API 26 (`android.util.Base64` is not on the JVM the tests run on).
 */
internal object Base64 {
    private const val ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"

    /** Each ASCII character's value in [ALPHABET], -1 for any other. */
    private val VALUES = IntArray(128) { -1 }.also { values ->
        ALPHABET.forEachIndexed { i, c -> values[c.toInt()] = i }
    }

    private fun value(c: Char): Int = if (c.toInt() < 128) VALUES[c.toInt()] else -1

    /**
     * Whether [decode] reads `text`, without making its bytes: a table's every entry is checked when
     * it is read (a snapshot holds every link), and unsealed only when its path is looked up.
     */
    fun isCanonical(text: String): Boolean {
        if (text.length % 4 != 0) return false
        val padding = if (text.endsWith("==")) 2 else if (text.endsWith("=")) 1 else 0
        for (i in 0 until text.length - padding) if (value(text[i]) < 0) return false
        return padding == 0 || decode(text.substring(text.length - 4)) != null
    }

    fun encode(bytes: ByteArray): String {
        val out = StringBuilder((bytes.size + 2) / 3 * 4)
        var i = 0
        while (i < bytes.size) {
            val count = Math.min(3, bytes.size - i)
            var group = 0
            for (k in 0 until 3) group = (group shl 8) or (if (k < count) bytes[i + k].toInt() and 0xFF else 0)
            for (k in 0 until 4) out.append(if (k <= count) ALPHABET[(group ushr (18 - 6 * k)) and 0x3F] else '=')
            i += 3
        }
        return out.toString()
    }

    /**
     * The bytes `text` encodes, or null unless it is canonical Base64: whole groups of four, only
     * the alphabet, `=` only to pad the last group, and the padded group's spare bits zero.
     */
    fun decode(text: String): ByteArray? {
        if (text.length % 4 != 0) return null
        val padding = if (text.endsWith("==")) 2 else if (text.endsWith("=")) 1 else 0
        val out = ByteArray(text.length / 4 * 3 - padding)
        var at = 0
        var i = 0
        while (i < text.length) {
            val last = i + 4 == text.length
            val digits = if (last) 4 - padding else 4
            var group = 0
            for (k in 0 until 4) {
                val value = if (k < digits) value(text[i + k]) else 0
                if (value < 0) return null
                group = (group shl 6) or value
            }
            if (digits < 4 && (group and (if (digits == 2) 0xFFFF else 0xFF)) != 0) return null
            for (k in 0 until digits - 1) out[at++] = (group ushr (16 - 8 * k)).toByte()
            i += 4
        }
        return out
    }
}
