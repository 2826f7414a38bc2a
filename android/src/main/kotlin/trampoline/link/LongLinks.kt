package trampoline.link

/**
 * Long links on the site's own domain (docs/share-links.md): the links Firebase Dynamic Links apps
 * made, `https://go.example.com/?link=<https URL>&ifl=…&afl=…&ofl=…&st=…&sd=…&utm_source=…`. With
 * `site.long_links.allow` in the catalog the site serves them; the app resolves them here, locally,
 * with the same allowlist: nothing is fetched. The rules are those of the site's pages and of
 * `TrampolineLink` in Swift, run against the same shared table (Tests/Fixtures/long-links.json).
 *
 * ```kotlin
 * when (val result = LongLinks.resolve(url, "go.example.com", "marry", listOf("https://shop.example/item/"))) {
 *     null -> { /* not a long link: route the URL as any other */ }
 *     is LongLinkResult.Opened -> router.open(result.deepLink) // marry://item/12345?color=red
 *     is LongLinkResult.Refused -> { /* a link to somewhere not allowed: open nothing */ }
 * }
 * ```
 */
object LongLinks {
    /** The longest URL a long link may name in `link`, `ifl`, `afl` or `ofl`, in UTF-8 bytes. */
    const val MAXIMUM_TARGET_LENGTH = 2048

    /** The longest title (`st`) shown, in Unicode code points. */
    const val MAXIMUM_TITLE_LENGTH = 300

    /** The longest description (`sd`) shown, in Unicode code points. */
    const val MAXIMUM_DESCRIPTION_LENGTH = 1000

    /** The parameters naming URLs, in the order they are checked. */
    val TARGETS: List<String> = listOf("link", "ifl", "afl", "ofl")

    /** The campaign parameters carried onto the deep link, in the order they are appended. */
    val CAMPAIGN: List<String> = listOf("utm_source", "utm_medium", "utm_campaign", "utm_term", "utm_content")

    private const val HTTPS = "https://"

    /**
     * Resolves `url`, a URL that opened the app: a long link when it is `https` on `host` (ASCII
     * case-insensitive, no port, no user name) at the path `/` with a non-empty `link` in its query.
     *
     * @param scheme the app's scheme: the deep link is `scheme://` + `link`'s path and query.
     * @param allow the catalog's `site.long_links.allow`: URL prefixes (`https://shop.example/item/`),
     *   hosts (`example.com`) and subdomain patterns (`*.example.org`). An empty list allows nothing.
     * @return null when `url` is no long link (route it as any other), else what it opens or which
     *   parameter was refused.
     */
    fun resolve(url: String, host: String, scheme: String, allow: List<String>): LongLinkResult? {
        if (!startsWithHttps(url)) return null
        val authority = authority(url)
        if (Text.lower(authority) != Text.lower(host)) return null
        val rest = url.substring(HTTPS.length + authority.length)
        // "https://host?link=…" is the page "/", as a browser reads it.
        val visit = if (rest.length == 0 || rest[0] == '?' || rest[0] == '#') "/$rest" else rest
        return resolveVisit(visit, scheme, allow)
    }

    /**
     * Resolves a visit of the site given as its path and query (`/?link=…`, an optional `#…` is
     * cut): the steps of [resolve] after its host check. Null when it is no long link.
     */
    fun resolveVisit(visit: String, scheme: String, allow: List<String>): LongLinkResult? {
        val hash = visit.indexOf('#')
        val cut = if (hash < 0) visit else visit.substring(0, hash)
        val question = cut.indexOf('?')
        if (question < 0 || cut.substring(0, question) != "/") return null
        val query = FormQuery.parse(cut.substring(question + 1)) ?: return null
        // For each name only the first occurrence counts.
        val first = HashMap<String, String>()
        for (pair in query.pairs) if (pair.name !in first) first[pair.name] = pair.value
        fun given(name: String): String? = first[name]?.takeIf { it.length > 0 }

        val link = given("link") ?: return null
        for (name in TARGETS) {
            val target = given(name) ?: continue
            if (!isAllowed(target, allow)) return LongLinkResult.Refused(name)
        }
        val deepLink = deepLink(link, scheme, first) ?: return LongLinkResult.Refused("link")
        return LongLinkResult.Opened(
            deepLink,
            LongLinkResult.Fallbacks(given("ifl"), given("afl"), given("ofl") ?: link),
            shown(given("st"), MAXIMUM_TITLE_LENGTH),
            shown(given("sd"), MAXIMUM_DESCRIPTION_LENGTH)
        )
    }

    /**
     * Whether `target` is a URL the long link may send someone to: at most
     * [MAXIMUM_TARGET_LENGTH] bytes, no space, control, backslash or bidi control, `https` with a
     * host and no user name, no dot segment in its path, and matched by an entry of `allow`.
     */
    internal fun isAllowed(target: String, allow: List<String>): Boolean {
        if (Text.utf8Length(target) > MAXIMUM_TARGET_LENGTH) return false
        if (
            target.any { it <= ' ' || PercentDecoding.isControl(it) || it == '\\' || RoutePattern.isBidiControl(it) }
        ) return false
        if (!startsWithHttps(target)) return false
        val authority = authority(target)
        if (authority.length == 0 || authority.indexOf('@') >= 0) return false
        if (hasDotSegment(target.substring(HTTPS.length + authority.length))) return false
        return allow.any { matches(target, authority, it) }
    }

    /**
     * Whether the path of `rest` (a target after its authority, up to the first `?` or `#`) has a
     * segment `.` or `..`, or one spelled with `%2e`/`%2E` for a dot: a browser removes it, so
     * `https://shop.example/item/../admin` would open `/admin`, past a URL prefix.
     */
    private fun hasDotSegment(rest: String): Boolean {
        val end = rest.indexOfFirst { it == '?' || it == '#' }
        val path = if (end < 0) rest else rest.substring(0, end)
        return path.split('/').any {
            val segment = Text.lower(it).replace("%2e", ".")
            segment == "." || segment == ".."
        }
    }

    /** Whether allowlist `entry` takes `target`, whose authority is `authority`. */
    private fun matches(target: String, authority: String, entry: String): Boolean {
        val host = Text.lower(authority)
        if (startsWithHttps(entry)) {
            // A URL prefix: the same host, and the path (with its query) starting with the prefix's, byte for byte.
            val entryAuthority = authority(entry)
            if (Text.lower(entryAuthority) != host) return false
            // A remainder that is empty or starts with '?' or '#' is the root's, as a browser reads it.
            val remainder = target.substring(HTTPS.length + authority.length)
            val rest = if (remainder.startsWith("/")) remainder else "/$remainder"
            return rest.startsWith(entry.substring(HTTPS.length + entryAuthority.length).ifEmpty { "/" })
        }
        if (entry.startsWith("*.")) {
            // Subdomains only, never the bare domain, and no port.
            val suffix = Text.lower(entry.substring(1))
            return host.indexOf(':') < 0 && host.endsWith(suffix) && host.length > suffix.length
        }
        return host == Text.lower(entry)
    }

    /**
     * `scheme://` + `link`'s path without its leading slashes + its query (the fragment dropped),
     * with the long link's campaign appended; null when that is longer than
     * [LinkConfiguration.MAXIMUM_LENGTH] bytes.
     */
    private fun deepLink(link: String, scheme: String, parameters: Map<String, String>): String? {
        var rest = link.substring(HTTPS.length + authority(link).length)
        val hash = rest.indexOf('#')
        if (hash >= 0) rest = rest.substring(0, hash)
        val question = rest.indexOf('?')
        val path = if (question < 0) rest else rest.substring(0, question)
        val query = if (question < 0) "" else rest.substring(question + 1)
        val out = StringBuilder(scheme).append("://").append(path.trimStart('/'))
        if (query.length > 0) out.append('?').append(query)
        // The names of link's own query, decoded as the long link's are (compared raw when they do not decode).
        val own: Set<String> = if (query.length == 0) emptySet() else query.split('&').mapTo(HashSet<String>()) {
            val name = it.substringBefore('=')
            PercentDecoding.decode(name, plusIsSpace = true, allowControls = true) ?: name
        }
        var appended = false
        for (name in CAMPAIGN) {
            val value = parameters[name]
            if (value == null || value.length == 0 || name in own) continue
            when {
                appended -> out.append('&')
                out.indexOf("?") < 0 -> out.append('?')
                out.endsWith("?") || out.endsWith("&") -> Unit
                else -> out.append('&')
            }
            FormQuery.appendEncoded(name, out)
            out.append('=')
            FormQuery.appendEncoded(value, out)
            appended = true
        }
        val deepLink = out.toString()
        return if (Text.utf8Length(deepLink) > LinkConfiguration.MAXIMUM_LENGTH) null else deepLink
    }

    /** `text` to show as a title or description: non-empty, at most `limit` code points, no control or bidi control. */
    private fun shown(text: String?, limit: Int): String? {
        if (text == null || text.codePointCount(0, text.length) > limit) return null
        if (text.any { PercentDecoding.isControl(it) || RoutePattern.isBidiControl(it) }) return null
        return text
    }

    private fun startsWithHttps(text: String): Boolean =
        text.length >= HTTPS.length && Text.lower(text.substring(0, HTTPS.length)) == HTTPS

    /** The authority of `url`, which starts with `https://`: up to the first `/`, `?` or `#`, or the end. */
    private fun authority(url: String): String {
        var end = HTTPS.length
        while (end < url.length && url[end] != '/' && url[end] != '?' && url[end] != '#') end++
        return url.substring(HTTPS.length, end)
    }
}
