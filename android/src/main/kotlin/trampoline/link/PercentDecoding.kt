package trampoline.link

/**
 * Strict percent-decoding: every `%` must start a `%XX` escape and the result must be valid UTF-8
 * without control characters. Anything else is malformed (null), never repaired or guessed.
 */
internal object PercentDecoding {
    private const val PERCENT = 0x25
    private const val PLUS = 0x2B
    private const val SPACE: Byte = 0x20

    /** The value of the ASCII hex digit `b` (a byte), or -1. */
    fun hexValue(b: Int): Int = when (b) {
        in 0x30..0x39 -> b - 0x30
        in 0x61..0x66 -> b - 0x61 + 10
        in 0x41..0x46 -> b - 0x41 + 10
        else -> -1
    }

    fun isHexDigit(c: Char): Boolean = c in '0'..'9' || c in 'a'..'f' || c in 'A'..'F'

    /** Decodes `text`; see [decodeBytes]. Null for an unpaired surrogate too. */
    fun decode(text: String, plusIsSpace: Boolean = false, allowControls: Boolean = false): String? {
        val bytes = Text.utf8(text) ?: return null
        return decodeBytes(bytes, 0, bytes.size, plusIsSpace, allowControls)
    }

    /**
     * Decodes `bytes[from until to]`; with `plusIsSpace` (form encoding, as `URLSearchParams` writes
     * queries) a `+` is a space. Null for a broken escape, invalid UTF-8 or (unless `allowControls`,
     * for query values the page forwards as they are) a control character.
     */
    fun decodeBytes(
        bytes: ByteArray,
        from: Int,
        to: Int,
        plusIsSpace: Boolean = false,
        allowControls: Boolean = false
    ): String? {
        val out = ByteArray(to - from)
        var n = 0
        var i = from
        while (i < to) {
            val b = bytes[i].toInt() and 0xFF
            if (b == PERCENT) {
                if (i + 2 >= to) return null
                val high = hexValue(bytes[i + 1].toInt() and 0xFF)
                val low = hexValue(bytes[i + 2].toInt() and 0xFF)
                if (high < 0 || low < 0) return null
                out[n++] = ((high shl 4) or low).toByte()
                i += 3
            } else {
                out[n++] = if (plusIsSpace && b == PLUS) SPACE else bytes[i]
                i++
            }
        }
        val text = Text.decodeUtf8(out, 0, n) ?: return null
        if (!allowControls) {
            for (c in text) if (isControl(c)) return null
        }
        return text
    }

    /** C0 controls, DEL and C1 controls. */
    fun isControl(c: Char): Boolean = c < ' ' || c in '\u007F'..'\u009F'

    fun isControl(codePoint: Int): Boolean = codePoint < 0x20 || codePoint in 0x7F..0x9F
}
