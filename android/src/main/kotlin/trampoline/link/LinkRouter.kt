package trampoline.link

/** A link matched to a route: the pattern, its parameters and the link itself. */
class RouteMatch(
    /** The link, with its query and source. */
    val link: IncomingLink,
    /** The pattern that matched. */
    val pattern: RoutePattern,
    /** The pattern's parameters, percent-decoded (`/plan/:id` on `/plan/42` gives `id` = `42`). */
    val parameters: Map<String, String>
) {
    /** The path parameter `name`. */
    operator fun get(name: String): String? = parameters[name]

    /** The first value of the query parameter `name` (`?x=1` gives `query("x") == "1"`). */
    fun query(name: String): String? = link.value(name)
}

/**
 * Matches links against route patterns. Patterns are tried in the order they were added and the
 * first match wins, so add specific routes (`/plan/new`) before general ones (`/plan/:id`). App
 * Links and custom-scheme URLs share one table: both arrive as an [IncomingLink] whose
 * [IncomingLink.path] is the same for the same screen.
 */
class LinkRouter(patterns: List<RoutePattern> = emptyList()) {
    private val list = ArrayList(patterns)

    /** The patterns, in the order they are tried. */
    val patterns: List<RoutePattern>
        get() = list.toList()

    /** Adds `pattern` after the ones already there. */
    fun add(pattern: RoutePattern) {
        list.add(pattern)
    }

    /** The index and match of the first route matching `link`, or null (the caller hands the link to its fallback). */
    fun match(link: IncomingLink): Pair<Int, RouteMatch>? {
        for ((index, pattern) in list.withIndex()) {
            val parameters = pattern.match(link.segments) ?: continue
            return Pair(index, RouteMatch(link, pattern, parameters))
        }
        return null
    }
}
