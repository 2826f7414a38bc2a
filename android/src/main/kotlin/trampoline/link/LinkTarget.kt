package trampoline.link

/**
 * What a link of the site's link table stands for: the deep link its page attempts before a
 * visit, and how a visit's query changes it (docs/link-table.md, "Resolving a visited URL").
 */
data class LinkTarget(
    /** The deep link with the link's campaign applied; for a route, with its placeholders. */
    val deepLink: String,
    /** Names of the deep link's own query parameters: a visit's query never overrides them. */
    val fixed: List<String> = emptyList(),
    /** Whether the visited URL's query is forwarded into the deep link. */
    val forwardQuery: Boolean = false
) {
    /**
     * The deep link for a visit whose URL has `query` (the text after `?`, null for none), as the
     * page's `deferredLink()` composes it: without the visit's query when that would make it longer
     * than [LinkConfiguration.MAXIMUM_LENGTH] bytes. Null when the visit's query is not well-formed.
     */
    fun deepLink(visitedQuery: String?): String? {
        if (!forwardQuery || visitedQuery == null || visitedQuery.length == 0) return deepLink
        val visited = FormQuery.parse(visitedQuery) ?: return null
        var link = deepLink
        var fragment = ""
        val hash = link.indexOf('#')
        if (hash >= 0) {
            fragment = link.substring(hash)
            link = link.substring(0, hash)
        }
        var base = link
        var own = ""
        val question = link.indexOf('?')
        if (question >= 0) {
            base = link.substring(0, question)
            own = link.substring(question + 1)
        }
        val params = FormQuery.parse(own) ?: return null
        for (pair in visited.pairs) {
            if (pair.name in fixed || pair.name in OWN_KEYS) continue
            params.set(pair.name, pair.value)
        }
        val serialized = params.serialized()
        val composed = base + (if (serialized.length == 0) "" else "?$serialized") + fragment
        return if (Text.utf8Length(composed) > LinkConfiguration.MAXIMUM_LENGTH) deepLink else composed
    }

    companion object {
        /** The query item a site's QR codes add to their link's URL (`?tl_qr=1`); never handed on to a deep link. */
        const val QR_MARKER = "tl_qr"

        /** Query keys the page reads itself and never hands to the app. */
        internal val OWN_KEYS = setOf(DeferredLink.MARKER, "debug", "openExternalBrowser", QR_MARKER)
    }
}
