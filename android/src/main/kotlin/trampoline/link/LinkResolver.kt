package trampoline.link

/**
 * Resolves an App Link of the site to the deep link its page would attempt, through the site's
 * link table (docs/link-table.md): first the snapshot the app ships, then the live table from the
 * site's own host (revalidated with `ETag`), and when neither knows the path, a reason. When the
 * table has an `android_scheme`, it replaces the scheme of the deep link, as the pages' `intent://`
 * URLs do; the result must be of the app's scheme.
 *
 * [resolve] blocks (it may ask the network): call it off the main thread. [TrampolineLinks] does.
 *
 * @param host the host of the catalog's `site.url`.
 * @param scheme the app's scheme (`app.android.scheme`).
 * @param snapshot the table the app ships (`trampoline link-table` writes it), read first.
 * @param fetcher how the live table is read; null for none (snapshot only).
 * @param tableBase where the live table is read from; `https://<host>` unless a test serves it elsewhere.
 * @param loadSnapshot reads the snapshot on first use, off the main thread, when [snapshot] is null.
 */
class LinkResolver(
    host: String,
    scheme: String,
    snapshot: SiteLinkTable? = null,
    private val fetcher: LinkTableFetcher? = HttpLinkTableFetcher(),
    tableBase: String? = null,
    loadSnapshot: (() -> SiteLinkTable?)? = null
) {
    /** The host of `site.url`, lower case. */
    val host: String = Text.lower(host)

    /** The app's scheme, lower case: a deep link of any other scheme is refused. */
    val scheme: String = Text.lower(scheme)

    private val base: String = (tableBase ?: "https://" + this.host).trimEnd('/')
    private val lock = Any()
    private var snapshotLoader = loadSnapshot
    private var loadedSnapshot: SiteLinkTable? = snapshot
    private var index: Cached<SiteLinkTable>? = null
    private val shards = HashMap<Int, Cached<Map<String, String>>>()

    private class Cached<T>(val value: T, val etag: String?, val shards: Int)

    /** The snapshot, read once. */
    val snapshot: SiteLinkTable?
        get() = synchronized(lock) {
            val loader = snapshotLoader
            if (loader != null) {
                snapshotLoader = null
                loadedSnapshot = try {
                    loader()
                } catch (e: RuntimeException) {
                    null
                }
            }
            loadedSnapshot
        }

    /** The deep link `url` stands for, or why there is none. */
    fun resolve(url: String): Checked<String, LinkResolutionFailure> {
        val visited = when (val checked = VisitedUrl.parse(url, host)) {
            is Checked.Ok -> checked.value
            is Checked.Refused -> return checked
        }
        if (visited.isSiteFile) return Checked.Refused(LinkResolutionFailure.SiteFile)
        val known = snapshot
        if (known != null) {
            when (val found = known.target(visited.path, visited.segments)) {
                is Checked.Refused -> return found
                is Checked.Ok -> found.value?.let {
                    return SiteLinkTable.deepLink(it, visited, scheme, known.androidScheme)
                }
            }
        }
        return when (val live = liveTarget(visited, known)) {
            is Checked.Refused -> live
            is Checked.Ok -> {
                val found = live.value ?: return Checked.Refused(LinkResolutionFailure.NotALink)
                SiteLinkTable.deepLink(found.first, visited, scheme, found.second)
            }
        }
    }

    /** The target from the live table and its `android_scheme`: the index (revalidated), then the path's shard. */
    private fun liveTarget(
        visited: VisitedUrl,
        known: SiteLinkTable?
    ): Checked<Pair<LinkTarget, String?>?, LinkResolutionFailure> {
        val fetcher = fetcher ?: return Checked.Refused(
            if (known == null) LinkResolutionFailure.NoTable else LinkResolutionFailure.NotALink
        )
        val heldIndex = synchronized(lock) { index }
        val table: SiteLinkTable = when (val answer = fetcher.fetch(base + SiteLinkTable.INDEX_PATH, heldIndex?.etag)) {
            is LinkTableResponse.Body -> {
                val read = SiteLinkTable.read(answer.bytes, host, SiteLinkTable.MAXIMUM_FILE_SIZE)
                val fresh = read.valueOrNull()
                    ?: return Checked.Refused(read.reasonOrNull() ?: LinkResolutionFailure.MalformedTable)
                synchronized(lock) { index = Cached(fresh, answer.etag, fresh.shards) }
                fresh
            }
            is LinkTableResponse.NotModified -> heldIndex?.value
                ?: return Checked.Refused(LinkResolutionFailure.MalformedTable)
            is LinkTableResponse.Failed -> return Checked.Refused(answer.reason)
        }
        when (val inIndex = table.link(visited.path)) {
            is Checked.Refused -> return inIndex
            is Checked.Ok -> inIndex.value?.let { return Checked.Ok(Pair(it, table.androidScheme)) }
        }
        val number = SiteLinkTable.shard(table.host, visited.path, table.shards)
        val held = synchronized(lock) { shards[number] }?.takeIf { it.shards == table.shards }
        val links: Map<String, String> = when (
            val answer = fetcher.fetch(base + SiteLinkTable.shardPath(number), held?.etag)
        ) {
            is LinkTableResponse.Body -> {
                val read = SiteLinkTable.readShard(answer.bytes)
                val fresh = read.valueOrNull()
                    ?: return Checked.Refused(read.reasonOrNull() ?: LinkResolutionFailure.MalformedTable)
                synchronized(lock) { shards[number] = Cached(fresh, answer.etag, table.shards) }
                fresh
            }
            is LinkTableResponse.NotModified -> held?.value
                ?: return Checked.Refused(LinkResolutionFailure.MalformedTable)
            is LinkTableResponse.Failed -> return Checked.Refused(answer.reason)
        }
        val target = when (val link = SiteLinkTable.lookUp(links, table.host, visited.path)) {
            is Checked.Refused -> return link
            is Checked.Ok -> link.value ?: table.routeTarget(visited.segments) ?: return Checked.Ok(null)
        }
        return Checked.Ok(Pair(target, table.androidScheme))
    }
}
