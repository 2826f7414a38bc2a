package trampoline.link

/** The one parser behind every entry point. Never throws: every check is a rejection. */
internal object LinkParser {
    private fun refuse(reason: LinkRejection): Checked<IncomingLink, LinkRejection> = Checked.Refused(reason)

    /**
     * Parses `raw`. With `source` null the link opened the app, and its scheme says the source
     * ([LinkSource.APP_LINK] or [LinkSource.CUSTOM_SCHEME]).
     */
    fun parse(
        raw: String,
        source: LinkSource?,
        requireMarker: Boolean,
        configuration: LinkConfiguration,
        now: Long
    ): Checked<IncomingLink, LinkRejection> {
        val max = LinkConfiguration.MAXIMUM_LENGTH
        if (raw.length > max + 256 || Text.utf8Length(raw) > max + 256) return refuse(LinkRejection.TOO_LONG)
        val text = trimmed(raw)
        if (Text.utf8Length(text) > max) return refuse(LinkRejection.TOO_LONG)
        if (text.length == 0 || hasForbidden(text)) return refuse(LinkRejection.NOT_A_LINK)

        // scheme ":" hier-part [ "?" query ] [ "#" fragment ]
        val colon = text.indexOf(':')
        if (colon < 0) return refuse(LinkRejection.NOT_A_LINK)
        val scheme = text.substring(0, colon)
        if (!isScheme(scheme)) return refuse(LinkRejection.NOT_A_LINK)
        val isWeb = when (Text.lower(scheme)) {
            configuration.scheme -> false
            "https" -> true
            else -> return refuse(LinkRejection.OTHER_SCHEME)
        }
        var rest = text.substring(colon + 1)
        var fragment: String? = null
        val hash = rest.indexOf('#')
        if (hash >= 0) {
            fragment = rest.substring(hash + 1)
            rest = rest.substring(0, hash)
        }
        var query: String? = null
        val question = rest.indexOf('?')
        if (question >= 0) {
            query = rest.substring(question + 1)
            rest = rest.substring(0, question)
        }
        val hierarchy = rest

        // The path: for https after the (checked) host; for the app's scheme the "host" is the first segment.
        var path: String
        if (isWeb) {
            if (!hierarchy.startsWith("//")) return refuse(LinkRejection.OTHER_HOST)
            val afterSlashes = hierarchy.substring(2)
            val slash = afterSlashes.indexOf('/')
            val authority = if (slash < 0) afterSlashes else afterSlashes.substring(0, slash)
            if (Text.lower(authority) != configuration.host) return refuse(LinkRejection.OTHER_HOST)
            path = afterSlashes.substring(authority.length)
        } else if (hierarchy.startsWith("//")) {
            path = hierarchy.substring(2)
            if (!path.startsWith("/")) path = "/$path"
        } else {
            path = if (hierarchy.startsWith("/")) hierarchy else "/$hierarchy"
        }
        if (path.length == 0) path = "/"
        if (path.length > 1 && path.endsWith("/")) path = path.substring(0, path.length - 1)
        val segments = RoutePattern.decodedSegments(path) ?: return refuse(LinkRejection.MALFORMED_ENCODING)
        if (segments.size > LinkConfiguration.MAXIMUM_PARTS) return refuse(LinkRejection.TOO_LONG)

        // The query, form-decoded as URLSearchParams encodes it; the marker is taken out.
        val parameters = ArrayList<QueryParameter>()
        val kept = ArrayList<String>()
        val markers = ArrayList<String>()
        for (pair in (query ?: "").split('&')) {
            if (pair.length == 0) continue
            val equals = pair.indexOf('=')
            val name = if (equals < 0) pair else pair.substring(0, equals)
            val value = if (equals < 0) "" else pair.substring(equals + 1)
            val decodedName = PercentDecoding.decode(name, plusIsSpace = true)
                ?: return refuse(LinkRejection.MALFORMED_ENCODING)
            val decodedValue = PercentDecoding.decode(value, plusIsSpace = true)
                ?: return refuse(LinkRejection.MALFORMED_ENCODING)
            if (decodedName == DeferredLink.MARKER) {
                markers.add(decodedValue)
            } else {
                parameters.add(QueryParameter(decodedName, decodedValue))
                kept.add(pair)
            }
        }
        if (parameters.size + markers.size > LinkConfiguration.MAXIMUM_PARTS) return refuse(LinkRejection.TOO_LONG)
        if (fragment != null && PercentDecoding.decode(fragment) == null) return refuse(
            LinkRejection.MALFORMED_ENCODING
        )

        // The marker: none (only for links that opened the app), or exactly one visit time.
        var visitedAt: Long? = null
        if (markers.isEmpty()) {
            if (requireMarker) return refuse(LinkRejection.UNMARKED)
        } else {
            if (markers.size != 1) return refuse(LinkRejection.BAD_MARKER)
            val seconds = seconds(markers[0]) ?: return refuse(LinkRejection.BAD_MARKER)
            val visit = seconds * 1000L
            if (now - visit > configuration.maximumAgeMillis) return refuse(LinkRejection.EXPIRED)
            if (visit - now > LinkConfiguration.ALLOWED_CLOCK_SKEW_MILLIS) return refuse(LinkRejection.FROM_THE_FUTURE)
            visitedAt = visit
        }

        val unmarked = StringBuilder(text.length)
        unmarked.append(scheme).append(':').append(hierarchy)
        if (kept.isNotEmpty()) unmarked.append('?').append(kept.joinToString("&"))
        if (fragment != null) unmarked.append('#').append(fragment)

        val token = if (visitedAt == null) null else fingerprint(
            listOf(
                if (isWeb) "https" else "app", segments.joinToString("/"),
                parameters.joinToString("&") { it.name + "=" + it.value }, markers[0]
            ).joinToString("\u001F")
        )
        return Checked.Ok(
            IncomingLink(
                source ?: if (isWeb) LinkSource.APP_LINK else LinkSource.CUSTOM_SCHEME,
                path, segments, parameters, fragment, unmarked.toString(), visitedAt, now, token
            )
        )
    }

    /** Spaces and line breaks around copied text are dropped; nothing else is repaired. */
    fun trimmed(text: String): String {
        var start = 0
        var end = text.length
        while (start < end && isSpace(text[start])) start++
        while (end > start && isSpace(text[end - 1])) end--
        return text.substring(start, end)
    }

    private fun isSpace(c: Char): Boolean = c == ' ' || c == '\t' || c == '\n' || c == '\r'

    /** Whether `text` holds a control, white space, a direction control or an unpaired surrogate. */
    fun hasForbidden(text: String): Boolean {
        var i = 0
        while (i < text.length) {
            val c = text[i]
            if (Character.isHighSurrogate(c)) {
                if (i + 1 >= text.length || !Character.isLowSurrogate(text[i + 1])) return true
                i += 2
                continue
            }
            if (Character.isLowSurrogate(c) || isForbidden(c)) return true
            i++
        }
        return false
    }

    /** Controls, white space (Unicode's White_Space) and direction controls never occur in a link the pages wrote. */
    fun isForbidden(c: Char): Boolean = PercentDecoding.isControl(c) || isWhiteSpace(c) ||
        c == '\u200E' || c == '\u200F' || c == '\u061C' || c in '\u202A'..'\u202E' || c in '\u2066'..'\u2069'

    /** Unicode's White_Space property (all of it is in the Basic Multilingual Plane). */
    private fun isWhiteSpace(c: Char): Boolean =
        c in '\u0009'..'\u000D' || c == ' ' || c == '\u0085' || c == '\u00A0' || c == '\u1680' ||
        c in '\u2000'..'\u200A' || c == '\u2028' || c == '\u2029' || c == '\u202F' || c == '\u205F' || c == '\u3000'

    fun isScheme(s: String): Boolean {
        if (s.length == 0 || !(s[0] in 'a'..'z' || s[0] in 'A'..'Z')) return false
        return s.all { it in 'a'..'z' || it in 'A'..'Z' || it in '0'..'9' || it == '+' || it == '-' || it == '.' }
    }

    /** The marker's value: 1 to 11 ASCII digits (Unix seconds up to the year 5138). */
    fun seconds(value: String): Long? {
        if (value.length !in 1..11 || !value.all { it in '0'..'9' }) return null
        return value.toLong()
    }

    /**
     * FNV-1a, 64 bits, in hex: the once-only store keeps this, not the link (which may be personal).
     * Not cryptographic; a collision would only hold back one link. The same as the Swift library's.
     */
    fun fingerprint(text: String): String {
        var hash = -0x340d631b7bdddcdbL // 0xcbf29ce484222325
        for (byte in text.toByteArray(Charsets.UTF_8)) {
            hash = hash xor (byte.toLong() and 0xFF)
            hash *= 0x100000001b3L
        }
        val hex = java.lang.Long.toHexString(hash)
        return "0".repeat(16 - hex.length) + hex
    }
}
