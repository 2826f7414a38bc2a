package trampoline.link

/**
 * How the pages mark the links they hand over after an install, and how the app accepts them.
 *
 * The pages' script appends `tl_t=<visit time in Unix seconds>` as the last query parameter of
 * the link it hands over (`marry://topic?id=1&tl_t=1767225600`); on Android it travels in Google
 * Play's install referrer, as the `deep_link` parameter. The marker tells a Trampoline link from
 * anything else, dates the visit for the expiry (`cookie_days`), and is removed before the link is
 * routed. It is a recognition mark, not a signature: any web page can send a person to Google Play
 * with such a referrer, exactly as any page can open `marry://` URLs. Deep links must never act
 * without the person's confirmation.
 */
object DeferredLink {
    /** The marker's query parameter name. */
    const val MARKER = "tl_t"

    /** The install referrer's parameter that holds the marked link. */
    const val REFERRER_PARAMETER = "deep_link"

    /**
     * The longest install referrer read, in UTF-8 bytes: a link of the longest length, encoded, and its campaign keys.
     */
    const val MAXIMUM_REFERRER_LENGTH = 3 * LinkConfiguration.MAXIMUM_LENGTH + 1024

    /**
     * Accepts `text` as a deferred link of this app, or says why not. Accepted: the app's scheme,
     * or `https` on the site's host; exactly one marker holding a visit time at most `cookie_days`
     * old (and at most 300 s in the future); well-formed percent-encoding; at most
     * [LinkConfiguration.MAXIMUM_LENGTH] bytes. Once-only delivery is the caller's ([TrampolineLinks]
     * keeps it through a [LinkStore]).
     */
    fun accept(
        text: String,
        configuration: LinkConfiguration,
        source: LinkSource = LinkSource.OTHER,
        nowMillis: Long = System.currentTimeMillis()
    ): Checked<IncomingLink, LinkRejection> = LinkParser.parse(text, source, true, configuration, nowMillis)

    /**
     * The deferred link in Google Play's install referrer (`ReferrerDetails.getInstallReferrer()`):
     * the referrer is a form-encoded query (`deep_link=marry%3A%2F%2Ftopic%3Fid%3D1%26tl_t%3D…&utm_source=…`)
     * whose one `deep_link` is accepted as [accept] does. A link in [LinkConfiguration.siteScheme]
     * is read as one of the app's scheme.
     */
    fun fromInstallReferrer(
        referrer: String,
        configuration: LinkConfiguration,
        nowMillis: Long = System.currentTimeMillis()
    ): Checked<IncomingLink, LinkRejection> {
        val link = when (val found = linkInReferrer(referrer)) {
            is Checked.Ok -> found.value
            is Checked.Refused -> return found
        }
        val alias = configuration.siteScheme
        val colon = link.indexOf(':')
        val text = if (alias != null && colon > 0 && Text.lower(link.substring(0, colon)) == alias) {
            configuration.scheme + link.substring(colon)
        } else {
            link
        }
        return LinkParser.parse(text, LinkSource.INSTALL_REFERRER, true, configuration, nowMillis)
    }

    /**
     * The `deep_link` value of an install referrer, decoded, or why there is none: too long, not
     * form-encoded UTF-8, or not exactly one `deep_link` (an organic install's referrer has none).
     */
    fun linkInReferrer(referrer: String): Checked<String, LinkRejection> {
        if (referrer.length > MAXIMUM_REFERRER_LENGTH || Text.utf8Length(referrer) > MAXIMUM_REFERRER_LENGTH) {
            return Checked.Refused(LinkRejection.TOO_LONG)
        }
        val text = LinkParser.trimmed(referrer)
        if (LinkParser.hasForbidden(text)) return Checked.Refused(LinkRejection.NOT_A_LINK)
        val query = FormQuery.parse(text, allowControls = false)
            ?: return Checked.Refused(LinkRejection.MALFORMED_ENCODING)
        if (query.pairs.size > LinkConfiguration.MAXIMUM_PARTS) return Checked.Refused(LinkRejection.TOO_LONG)
        val links = query.pairs.filter { it.name == REFERRER_PARAMETER }
        if (links.size != 1) return Checked.Refused(LinkRejection.NOT_A_LINK)
        return Checked.Ok(links[0].value)
    }
}
