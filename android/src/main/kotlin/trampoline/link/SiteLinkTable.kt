package trampoline.link

import java.io.IOException
import java.io.InputStream

/**
 * The site's link table (docs/link-table.md, format version 2): the routes, and the sealed links of
 * the shards read so far (or, in a snapshot, all of them). A link is found by its path alone: the
 * table holds each under its [linkId], sealed with a key derived from the host and path.
 */
data class SiteLinkTable(
    /** The host of `site.url`. */
    val host: String,
    /** `app.ios.scheme`, if the site has an iOS app: the scheme the table's deep links are written in. */
    val scheme: String?,
    /**
     * `app.android.scheme`, if the site has an Android app: it replaces the scheme of every deep link the table gives.
     */
    val androidScheme: String? = null,
    /** How many shards the live table has. */
    val shards: Int = 1,
    /** The routes, in the order they are tried. */
    val routes: List<Route> = emptyList(),
    /**
     * Sealed entries (the Base64 of [seal]) by [linkId]: every link in a snapshot, the shards read
     * so far in a live table.
     */
    val links: Map<String, String> = emptyMap()
) {
    /** A route of the table: its pattern and its deep-link template. */
    data class Route(val pattern: RoutePattern, val target: LinkTarget)

    /**
     * The target of the link at the normalised, decoded `path`, or of the first route matching its
     * `segments` (with the placeholders filled in). Null when neither knows the path; refused
     * ([LinkResolutionFailure.MalformedTable]) when the path's entry does not unseal to an entry.
     */
    fun target(path: String, segments: List<String>): Checked<LinkTarget?, LinkResolutionFailure> =
        when (val link = link(path)) {
            is Checked.Refused -> link
            is Checked.Ok -> Checked.Ok(link.value ?: routeTarget(segments))
        }

    /** The target of the link at `path` alone (no route), unsealed; null when the table has none. */
    fun link(path: String): Checked<LinkTarget?, LinkResolutionFailure> = lookUp(links, Text.lower(host), path)

    /** The target of the first route matching `segments`, with the placeholders filled in. */
    internal fun routeTarget(segments: List<String>): LinkTarget? {
        for (route in routes) {
            val parameters = route.pattern.match(segments) ?: continue
            val rest = route.pattern.segments.mapNotNull { (it as? RoutePattern.Segment.Rest)?.name }.toSet()
            return route.target.copy(deepLink = DeepLinkTemplate.fill(route.target.deepLink, parameters, rest))
        }
        return null
    }

    /**
     * The deep link `url` stands for by this table alone (a snapshot, or a table a test makes), for
     * an app of `scheme`, or why there is none. [LinkResolver] does the same, then asks the live table.
     */
    fun resolve(url: String, scheme: String): Checked<String, LinkResolutionFailure> {
        val visited = when (val checked = VisitedUrl.parse(url, host)) {
            is Checked.Ok -> checked.value
            is Checked.Refused -> return checked
        }
        if (visited.isSiteFile) return Checked.Refused(LinkResolutionFailure.SiteFile)
        val target = when (val found = target(visited.path, visited.segments)) {
            is Checked.Refused -> return found
            is Checked.Ok -> found.value ?: return Checked.Refused(LinkResolutionFailure.NotALink)
        }
        return deepLink(target, visited, scheme, androidScheme)
    }

    companion object {
        /** The `format` member every table index carries. */
        const val FORMAT = "trampoline-link-table"

        /** The format version this library reads. */
        const val VERSION = 2

        /** Where the table lives on the site. */
        const val FOLDER = "/.well-known/trampoline/v2/"

        /** The index's URL path. */
        const val INDEX_PATH = FOLDER + "index.json"

        /** The largest table file read, in bytes (a shard is planned to about 32 KB). */
        const val MAXIMUM_FILE_SIZE = 1 shl 20

        /** The largest snapshot read: a whole table in one file. */
        const val MAXIMUM_SNAPSHOT_SIZE = 64 shl 20

        /**
         * The id of the link at the normalised, decoded `path` on `host` (lower case): the lowercase
         * hex of the first 16 bytes of SHA-256("trampoline-link-table/2 id\n" + host + "\n" + path).
         */
        fun linkId(host: String, path: String): String = LinkSealing.linkId(host, path)

        /** The shard holding the link at `path` on `host`: the first 4 bytes of its id's digest, modulo `count`. */
        fun shard(host: String, path: String, count: Int): Int = LinkSealing.shard(host, path, count)

        /** The key the entry of `path` on `host` is sealed with: SHA-256 of the `key` label, host and path. */
        internal fun key(host: String, path: String): ByteArray = LinkSealing.key(host, path)

        /** `entry` (the UTF-8 of an entry object) sealed for `path` on `host`, in Base64 as a table holds it. */
        fun seal(host: String, path: String, entry: ByteArray): String = LinkSealing.seal(host, path, entry)

        /** The entry bytes `sealed` holds for `path` on `host`, or null when it is not Base64. */
        fun unseal(host: String, path: String, sealed: String): ByteArray? = LinkSealing.unseal(host, path, sealed)

        /** The URL path of shard `index`. */
        fun shardPath(index: Int): String = FOLDER + "links/" + index + ".json"

        /**
         * Reads `index.json`, or a snapshot (the index plus a `links` member), for the site at
         * `host`. Anything but the documented JSON is refused with a reason.
         */
        fun read(
            json: ByteArray,
            host: String,
            limit: Int = MAXIMUM_SNAPSHOT_SIZE
        ): Checked<SiteLinkTable, LinkResolutionFailure> =
            try {
                Checked.Ok(readIndex(json, host, limit))
            } catch (e: TableRefusal) {
                Checked.Refused(e.reason)
            }

        /**
         * Reads a snapshot from `input` (an app's bundled `trampoline-links.json`), at most
         * [MAXIMUM_SNAPSHOT_SIZE] bytes of it. The stream is read, not closed.
         */
        fun read(input: InputStream, host: String): Checked<SiteLinkTable, LinkResolutionFailure> {
            val bytes = try {
                readAtMost(input, MAXIMUM_SNAPSHOT_SIZE)
            } catch (e: IOException) {
                return Checked.Refused(LinkResolutionFailure.NoTable)
            } ?: return Checked.Refused(LinkResolutionFailure.TableTooLarge)
            return read(bytes, host)
        }

        /** All of `input`, or null when it is longer than `limit` bytes. */
        internal fun readAtMost(input: InputStream, limit: Int): ByteArray? {
            var buffer = ByteArray(Math.min(limit + 1, 16 * 1024))
            var count = 0
            while (true) {
                if (count == buffer.size) {
                    if (count > limit) return null
                    buffer = buffer.copyOf(Math.min(limit + 1, buffer.size * 2))
                }
                val read = input.read(buffer, count, buffer.size - count)
                if (read < 0) break
                count += read
            }
            if (count > limit) return null
            return buffer.copyOf(count)
        }

        /** The sealed links of a shard file (`links/<n>.json`), by id. */
        fun readShard(json: ByteArray): Checked<Map<String, String>, LinkResolutionFailure> = try {
            val member = objectOf(json, MAXIMUM_FILE_SIZE)
            val version = integer(member["version"]) ?: throw TableRefusal(LinkResolutionFailure.MalformedTable)
            if (version != VERSION.toLong()) throw TableRefusal(LinkResolutionFailure.UnsupportedTable)
            Checked.Ok(links(member["links"] ?: throw TableRefusal(LinkResolutionFailure.MalformedTable)))
        } catch (e: TableRefusal) {
            Checked.Refused(e.reason)
        }

        /**
         * The target of the link at `path` on `host` among the sealed `links`: null when its id is
         * not there, refused when its entry does not unseal to an entry object.
         */
        internal fun lookUp(
            links: Map<String, String>,
            host: String,
            path: String
        ): Checked<LinkTarget?, LinkResolutionFailure> {
            if (links.isEmpty()) return Checked.Ok(null)
            val sealed = links[linkId(host, path)] ?: return Checked.Ok(null)
            return try {
                val entry = Json.parse(unseal(host, path, sealed) ?: malformed()) as? Map<*, *> ?: malformed()
                Checked.Ok(target(entry))
            } catch (e: TableRefusal) {
                Checked.Refused(e.reason)
            }
        }

        private class TableRefusal(val reason: LinkResolutionFailure) : RuntimeException() {
            override fun fillInStackTrace(): Throwable = this
        }

        private fun malformed(): Nothing = throw TableRefusal(LinkResolutionFailure.MalformedTable)

        private fun readIndex(json: ByteArray, host: String, limit: Int): SiteLinkTable {
            val member = objectOf(json, limit)
            if (member["format"] != FORMAT) throw TableRefusal(LinkResolutionFailure.UnsupportedTable)
            val version = integer(member["version"]) ?: malformed()
            if (version != VERSION.toLong()) throw TableRefusal(LinkResolutionFailure.UnsupportedTable)
            val tableHost = member["host"] as? String ?: malformed()
            if (Text.lower(tableHost) != Text.lower(host)) throw TableRefusal(LinkResolutionFailure.UnsupportedTable)
            val shards = integer(member["shards"]) ?: malformed()
            if (shards < 1 || shards > (1 shl 20)) malformed()
            val scheme = optionalString(member["scheme"])
            val androidScheme = optionalString(member["android_scheme"])
            val routes = ArrayList<Route>()
            val list = member["routes"]
            if (list != null) {
                if (list !is List<*>) malformed()
                for (item in list) {
                    val route = item as? Map<*, *> ?: malformed()
                    val text = route["pattern"] as? String ?: malformed()
                    val pattern = try {
                        RoutePattern(text)
                    } catch (e: RoutePatternError) {
                        malformed()
                    }
                    routes.add(Route(pattern, target(route)))
                }
            }
            val links = member["links"]?.let { links(it) } ?: emptyMap()
            return SiteLinkTable(Text.lower(tableHost), scheme, androidScheme, shards.toInt(), routes, links)
        }

        private fun objectOf(json: ByteArray, limit: Int): Map<*, *> {
            if (json.size > limit) throw TableRefusal(LinkResolutionFailure.TableTooLarge)
            return Json.parse(json) as? Map<*, *> ?: malformed()
        }

        /** Sealed entries by id: each id 32 lowercase hex digits, each entry Base64 (unsealed only on lookup). */
        private fun links(members: Any): Map<String, String> {
            if (members !is Map<*, *>) malformed()
            val links = HashMap<String, String>(members.size * 2)
            for ((id, value) in members) {
                if (id !is String || id.length != 32 || id.any { it !in '0'..'9' && it !in 'a'..'f' }) malformed()
                if (value !is String || !Base64.isCanonical(value)) malformed()
                links[id] = value
            }
            return links
        }

        private fun target(entry: Map<*, *>): LinkTarget {
            val deepLink = entry["deep_link"] as? String ?: malformed()
            if (Text.utf8Length(deepLink) > LinkConfiguration.MAXIMUM_LENGTH) malformed()
            val fixed = ArrayList<String>()
            val list = entry["fixed"]
            if (list != null) {
                if (list !is List<*>) malformed()
                for (name in list) fixed.add(name as? String ?: malformed())
            }
            var forward = false
            val flag = entry["forward_query"]
            if (flag != null) forward = flag as? Boolean ?: malformed()
            return LinkTarget(deepLink, fixed, forward)
        }

        private fun optionalString(value: Any?): String? {
            if (value == null) return null
            return value as? String ?: malformed()
        }

        /** A JSON number that is a whole number. */
        private fun integer(value: Any?): Long? {
            if (value !is Double) return null
            if (Math.rint(value) != value || Math.abs(value) >= 1e15) return null
            return value.toLong()
        }

        /**
         * `target`'s deep link for the visit, with `androidScheme` in place of its scheme when set, if it is one of
         * `scheme`'s.
         */
        internal fun deepLink(
            target: LinkTarget,
            visited: VisitedUrl,
            scheme: String,
            androidScheme: String?
        ): Checked<String, LinkResolutionFailure> {
            var link = target.deepLink(visited.query) ?: return Checked.Refused(LinkResolutionFailure.MalformedQuery)
            var colon = link.indexOf(':')
            if (colon < 0) return Checked.Refused(LinkResolutionFailure.OtherScheme)
            if (androidScheme != null) {
                link = androidScheme + link.substring(colon)
                colon = androidScheme.length
            }
            if (Text.lower(link.substring(0, colon)) != Text.lower(scheme)) return Checked.Refused(
                LinkResolutionFailure.OtherScheme
            )
            return Checked.Ok(link)
        }
    }
}
