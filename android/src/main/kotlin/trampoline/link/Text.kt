package trampoline.link

import java.nio.ByteBuffer
import java.nio.CharBuffer
import java.nio.charset.CharacterCodingException
import java.nio.charset.CodingErrorAction
import java.nio.charset.StandardCharsets

/** Text helpers that do not depend on the default locale or repair anything. */
internal object Text {
    /** ASCII letters in lower case, everything else as it is (no locale, no Unicode folding). */
    fun lower(text: String): String {
        var i = 0
        while (i < text.length && text[i] !in 'A'..'Z') i++
        if (i == text.length) return text
        val out = StringBuilder(text.length)
        for (c in text) out.append(if (c in 'A'..'Z') c + ('a' - 'A') else c)
        return out.toString()
    }

    /** The UTF-8 bytes of `text`, or null when it holds an unpaired surrogate. */
    fun utf8(text: String): ByteArray? = try {
        val buffer = StandardCharsets.UTF_8.newEncoder()
            .onMalformedInput(CodingErrorAction.REPORT)
            .onUnmappableCharacter(CodingErrorAction.REPORT)
            .encode(CharBuffer.wrap(text))
        val bytes = ByteArray(buffer.remaining())
        buffer.get(bytes)
        bytes
    } catch (e: CharacterCodingException) {
        null
    }

    /** `text` with each unpaired surrogate replaced by U+FFFD, as a USVString holds it. */
    fun wellFormed(text: String): String {
        val out = StringBuilder(text.length)
        var i = 0
        while (i < text.length) {
            val c = text[i]
            if (Character.isHighSurrogate(c) && i + 1 < text.length && Character.isLowSurrogate(text[i + 1])) {
                out.append(c).append(text[i + 1])
                i += 2
                continue
            }
            out.append(if (Character.isSurrogate(c)) '\uFFFD' else c)
            i++
        }
        return out.toString()
    }

    /** `bytes[from until to]` as text, or null when they are not valid UTF-8 (never repaired). */
    fun decodeUtf8(bytes: ByteArray, from: Int = 0, to: Int = bytes.size): String? = try {
        StandardCharsets.UTF_8.newDecoder()
            .onMalformedInput(CodingErrorAction.REPORT)
            .onUnmappableCharacter(CodingErrorAction.REPORT)
            .decode(ByteBuffer.wrap(bytes, from, to - from))
            .toString()
    } catch (e: CharacterCodingException) {
        null
    }

    /** How many bytes `text` takes in UTF-8 (an unpaired surrogate counts as 3, as it would be replaced). */
    fun utf8Length(text: String): Int {
        var count = 0
        var i = 0
        while (i < text.length) {
            val c = text[i]
            count += when {
                c < '\u0080' -> 1
                c < '\u0800' -> 2
                Character.isHighSurrogate(c) && i + 1 < text.length &&
                    Character.isLowSurrogate(text[i + 1]) -> { i++; 4 }
                else -> 3
            }
            i++
        }
        return count
    }

    /** The Unicode scalars (code points) of `text`; an unpaired surrogate stands for itself. */
    fun codePoints(text: String): IntArray {
        val out = IntArray(text.codePointCount(0, text.length))
        var i = 0
        var n = 0
        while (i < text.length) {
            val c = text.codePointAt(i)
            out[n++] = c
            i += Character.charCount(c)
        }
        return out
    }

    /** `points[from until to]` as text. */
    fun string(points: IntArray, from: Int = 0, to: Int = points.size): String {
        val out = StringBuilder(to - from)
        for (i in from until to) out.appendCodePoint(points[i])
        return out.toString()
    }
}
