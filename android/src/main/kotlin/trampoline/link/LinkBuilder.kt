package trampoline.link

/**
 * Makes the site's link URLs in the app ("share this recipe", "invite a friend"): the inverse of
 * routing. A route pattern and its values give `https://host/recipe/12345`, each value
 * percent-encoded so that [RoutePattern.match] gives it back unchanged, with optional campaign
 * values in the query. Every rule the router applies is checked first: a value it would not match
 * is a [LinkBuildError], never a link that opens nothing. The same rules as `LinkBuilder` in the
 * Swift library, run against the same shared table (Tests/Fixtures/link-making.json).
 *
 * ```kotlin
 * val links = LinkBuilder("go.example.com")
 * val url = links.url(RoutePattern("/recipe/:id(digits)"), mapOf("id" to "12345"), listOf("utm_source" to "share"))
 * // https://go.example.com/recipe/12345?utm_source=share
 * ```
 */
data class LinkBuilder(
    /** The site's host (`site.url` without `https://`). */
    val host: String
) {
    /**
     * The link for `pattern` with `parameters` (a `*name` value's segments joined with `/`) and the
     * `campaign` name–value pairs, in order, in its query.
     *
     * @throws LinkBuildError for an unknown name (the first in sorted order), then for each
     *   segment in order a missing value, a value that cannot stand in a segment or one that fails
     *   its constraint; then for the campaign and the length.
     */
    @Throws(LinkBuildError::class)
    fun url(
        pattern: RoutePattern,
        parameters: Map<String, String>,
        campaign: List<Pair<String, String>> = emptyList()
    ): String {
        val names = pattern.parameterNames.toSet()
        val unknown = parameters.keys.sorted().firstOrNull { it !in names }
        if (unknown != null) throw LinkBuildError.UnknownParameter(unknown)
        val path = StringBuilder()
        for (segment in pattern.segments) {
            path.append('/')
            when (segment) {
                // As the catalog writes it: the path alphabet is valid in a URL path as it is, and
                // the host's rewrite rules are written for it so.
                is RoutePattern.Segment.Literal -> path.append(segment.text)
                is RoutePattern.Segment.Parameter -> {
                    val value = parameters[segment.name] ?: throw LinkBuildError.MissingParameter(segment.name)
                    if (!isSegmentValue(value)) throw LinkBuildError.InvalidValue(segment.name, value)
                    if (segment.constraint != null && !segment.constraint.accepts(value)) {
                        throw LinkBuildError.ConstraintFailed(segment.name, segment.constraint)
                    }
                    path.append(DeepLinkTemplate.percentEncoded(value))
                }
                is RoutePattern.Segment.Rest -> {
                    val value = parameters[segment.name] ?: throw LinkBuildError.MissingParameter(segment.name)
                    val parts = value.split('/')
                    if (!parts.all { isSegmentValue(it) }) throw LinkBuildError.InvalidValue(segment.name, value)
                    parts.joinTo(path, "/") { DeepLinkTemplate.percentEncoded(it) }
                }
            }
        }
        return link(if (path.length == 0) "/" else path.toString(), campaign)
    }

    /**
     * The link for the route of `table` written `route`, as the catalog (and the table) writes its
     * pattern (`/recipe/:id(digits)`), with `parameters` and `campaign` as for a [RoutePattern]:
     * the app names its routes without repeating their patterns' rules.
     *
     * ```kotlin
     * val table = resolver.snapshot ?: return // the table the app ships (LinkResolver.snapshot)
     * links.url(table, "/recipe/:id(digits)", mapOf("id" to "12345")) // https://go.example.com/recipe/12345
     * ```
     *
     * @throws LinkBuildError [LinkBuildError.UnknownRoute] when the table has no such route, then
     *   as for a pattern.
     */
    @Throws(LinkBuildError::class)
    fun url(
        table: SiteLinkTable,
        route: String,
        parameters: Map<String, String>,
        campaign: List<Pair<String, String>> = emptyList()
    ): String {
        val pattern = table.routes.firstOrNull { it.pattern.text == route }?.pattern
            ?: throw LinkBuildError.UnknownRoute(route)
        return url(pattern, parameters, campaign)
    }

    /**
     * The link for the plain link path `path` (`/spring-sale`), as the catalog writes it, with the
     * `campaign` pairs in its query.
     *
     * @throws LinkBuildError [LinkBuildError.InvalidPath] for a path that is not one of the site's,
     *   then for the campaign and the length.
     */
    @Throws(LinkBuildError::class)
    fun url(path: String, campaign: List<Pair<String, String>> = emptyList()): String {
        val segments = path.split('/').drop(1)
        val valid = path.startsWith("/") && !path.startsWith("//") &&
            path.all { it.toInt() in 0x21..0x7E && PATH_EXCLUDED.indexOf(it) < 0 } &&
            segments.dropLast(1).all { it.isNotEmpty() && it != "." && it != ".." } &&
            segments.lastOrNull().let { it != "." && it != ".." }
        if (!valid) throw LinkBuildError.InvalidPath(path)
        return link(path, campaign)
    }

    private fun link(path: String, campaign: List<Pair<String, String>>): String {
        for ((name, value) in campaign) {
            if (name.length == 0 || name in LinkTarget.OWN_KEYS || name.any { PercentDecoding.isControl(it) }) {
                throw LinkBuildError.InvalidCampaignName(name)
            }
            // The app's own parser refuses a query value with a control character.
            if (value.any { PercentDecoding.isControl(it) }) throw LinkBuildError.InvalidCampaignValue(name, value)
        }
        // As many path segments and query parameters as the app's parser takes.
        if (campaign.size > LinkConfiguration.MAXIMUM_PARTS ||
            path.count { it == '/' } > LinkConfiguration.MAXIMUM_PARTS
        ) throw LinkBuildError.TooLong()
        val query = FormQuery(campaign.mapTo(ArrayList()) { QueryParameter(it.first, it.second) }).serialized()
        val url = "https://$host$path" + (if (query.length == 0) "" else "?$query")
        if (Text.utf8Length(url) > LinkConfiguration.MAXIMUM_LENGTH) throw LinkBuildError.TooLong()
        return url
    }

    companion object {
        /** ASCII that a plain link path may not hold besides spaces and controls. */
        private const val PATH_EXCLUDED = "?#%\\\"<>`{}|^"

        /**
         * What a parameter may take and the router give back: non-empty, not `.` or `..`, no `/`,
         * no control or direction character ([RoutePattern.isParameterValue]), and text that has
         * a UTF-8 form (no unpaired surrogate, which a Swift string cannot hold).
         */
        internal fun isSegmentValue(value: String): Boolean =
            RoutePattern.isParameterValue(value) && value.none { PercentDecoding.isControl(it) } &&
                Text.utf8(value) != null
    }
}
