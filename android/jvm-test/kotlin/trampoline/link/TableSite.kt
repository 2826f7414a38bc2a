package trampoline.link

import java.io.File

/**
 * Writes a link table as a site serves it (docs/link-table.md, format version 2): index.json and
 * links/<n>.json with every link under its id, its entry sealed, and the snapshot.
 */
class TableSite(
    val host: String,
    val scheme: String,
    val shards: Int,
    val routes: List<Pair<String, LinkTarget>>,
    val links: Map<String, LinkTarget>,
    val androidScheme: String? = null
) {
    private fun head(): String = "\"format\":\"trampoline-link-table\",\"version\":2,\"host\":" + json(host) +
        ",\"scheme\":" + json(scheme) +
        (if (androidScheme == null) "" else ",\"android_scheme\":" + json(androidScheme)) +
        ",\"shards\":" + shards + ",\n\"routes\":[\n" + routes.joinToString(",\n") { (p, t) -> entry(t, p) } + "\n]"

    /** The links of `paths`, by id, their entries sealed. */
    private fun linksMember(paths: Collection<String>): String {
        val wanted = paths.toSet()
        val sealed = sealed(host, links.filterKeys { it in wanted })
        return "\"links\":{\n" + sealed.keys.sorted().joinToString(",\n") { json(it) + ":" + json(sealed[it]!!) } +
            "\n}"
    }

    val index: String
        get() = "{" + head() + "}\n"

    /** What `trampoline link-table` writes: the index's object with every link. */
    val snapshot: String
        get() = "{" + head() + ",\n" + linksMember(links.keys) + "}\n"

    fun shard(n: Int): String =
        "{\"version\":2,\n" + linksMember(links.keys.filter { SiteLinkTable.shard(host, it, shards) == n }) + "}\n"

    /** The table's files under `root`, where a site has them. */
    fun write(root: File) {
        val folder = File(root, ".well-known/trampoline/v2")
        File(folder, "links").mkdirs()
        File(folder, "index.json").writeText(index)
        for (n in 0 until shards) File(folder, "links/$n.json").writeText(shard(n))
    }

    companion object {
        /** A table entry (a route's, with its `pattern`): the object a v1 table held and a v2 table seals. */
        fun entry(target: LinkTarget, pattern: String? = null): String {
            val members = ArrayList<String>()
            if (pattern != null) members.add("\"pattern\":" + json(pattern))
            members.add("\"deep_link\":" + json(target.deepLink))
            if (target.fixed.isNotEmpty()) {
                members.add("\"fixed\":[" + target.fixed.joinToString(",") { json(it) } + "]")
            }
            if (target.forwardQuery) members.add("\"forward_query\":true")
            return "{" + members.joinToString(",") + "}"
        }

        /** `links` (by path) as a [SiteLinkTable] holds them: by id, each entry sealed for its path on `host`. */
        fun sealed(host: String, links: Map<String, LinkTarget>): Map<String, String> =
            links.entries.associate { (path, target) ->
                SiteLinkTable.linkId(host, path) to SiteLinkTable.seal(host, path, entry(target).toByteArray())
            }

        fun json(text: String): String {
            val out = StringBuilder("\"")
            for (c in text) {
                when {
                    c == '"' -> out.append("\\\"")
                    c == '\\' -> out.append("\\\\")
                    c < ' ' -> out.append(String.format("\\u%04x", c - '\u0000'))
                    else -> out.append(c)
                }
            }
            return out.append('"').toString()
        }
    }
}
