package trampoline.link

import java.util.Random
import org.junit.jupiter.api.Assertions.assertArrayEquals
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertFalse
import org.junit.jupiter.api.Assertions.assertNull
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test

/**
 * Link table format version 2: link ids, shards and sealed entries against the shared vectors
 * (Tests/Fixtures/link-table-v2.json, written by Tests/Fixtures/link_table_v2.py, which the build
 * and the Swift library check too), and what a client makes of entries that do not unseal.
 */
class LinkTableV2Tests {
    private val host = "go.example.com"

    /** A live table served from memory: file paths under the table's folder to their bytes. */
    private class Served(val files: Map<String, String>) : LinkTableFetcher {
        override fun fetch(url: String, ifNoneMatch: String?): LinkTableResponse {
            val path = url.removePrefix("https://go.example.com" + SiteLinkTable.FOLDER)
            val body = files[path] ?: return LinkTableResponse.Failed(LinkResolutionFailure.Unavailable(404))
            return LinkTableResponse.Body(body.toByteArray(), null)
        }
    }

    private fun live(files: Map<String, String>) = LinkResolver(host, "marry", fetcher = Served(files))

    private fun hex(bytes: ByteArray): String = bytes.joinToString("") { String.format("%02x", it) }

    @Test
    fun theSharedVectors() {
        val cases = Fixtures.json("link-table-v2.json").objects("cases")
        assertTrue(cases.size >= 7)
        for (c in cases) {
            val host = c.string("host")!!
            val path = c.string("path")!!
            val entry = c.string("entry")!!
            val sealed = c.string("sealed")!!
            assertEquals(c.string("id"), SiteLinkTable.linkId(host, path), path)
            for ((count, shard) in c["shards"] as Map<*, *>) {
                val n = (count as String).toInt()
                assertEquals((shard as Double).toInt(), SiteLinkTable.shard(host, path, n), "$path in $n shards")
            }
            assertEquals(c.string("key"), hex(SiteLinkTable.key(host, path)), path)
            assertEquals(sealed, SiteLinkTable.seal(host, path, entry.toByteArray()), path)
            assertEquals(entry, String(SiteLinkTable.unseal(host, path, sealed)!!), path)
            // A table holding the sealed entry gives the entry it seals, for its path on its host only.
            val table = SiteLinkTable(host, "marry", links = mapOf(c.string("id")!! to sealed))
            val expected = Json.parse(entry.toByteArray()) as Map<*, *>
            assertEquals(expected["deep_link"], table.link(path).ok(path)?.deepLink, path)
            assertNull(table.link(path + "/").ok(path))
            assertNull(table.copy(host = "other.example").link(path).ok(path))
        }
    }

    @Test
    fun base64IsStandardPaddedAndCanonical() {
        val g = Random(2)
        for (size in 0..100) {
            val bytes = ByteArray(size).also { g.nextBytes(it) }
            val text = java.util.Base64.getEncoder().encodeToString(bytes)
            assertEquals(text, Base64.encode(bytes))
            assertArrayEquals(bytes, Base64.decode(text), text)
            assertTrue(Base64.isCanonical(text), text)
        }
        val refused = listOf(
            "QR==", "QUJ=", "QQ=", "QQ=A", "Q===", "====", "-_8=", "QQ== ", " QQ==", "QQ\n==", "é===",
            "QQ==QQ==", "=QQQ"
        )
        for (text in refused) {
            assertNull(Base64.decode(text), text)
            assertFalse(Base64.isCanonical(text), text)
        }
        assertEquals("A", String(Base64.decode("QQ==")!!))
        assertEquals(0, Base64.decode("")!!.size)
    }

    /** An unsealed entry is read as a v1 entry was: the same members, the same refusals. */
    @Test
    fun entriesAreReadAsInVersion1() {
        fun table(entry: String) =
            SiteLinkTable(host, "marry", links = mapOf(SiteLinkTable.linkId(host, "/a") to seal("/a", entry)))
        assertEquals(
            LinkTarget("marry://a?x=1", listOf("x"), true),
            table("""{"deep_link":"marry://a?x=1","fixed":["x"],"forward_query":true,"future":{}}""").link("/a").ok()
        )
        val refused = listOf(
            "", "not json", "[]", "{}", "\"marry://a\"", """{"deep_link":1}""",
            """{"deep_link":"marry://a","fixed":[1]}""",
            """{"deep_link":"marry://a","fixed":null}""", """{"deep_link":"marry://a","forward_query":1}""",
            """{"deep_link":"marry://a","deep_link":"marry://b"}""",
            """{"deep_link":"marry://${"a".repeat(4096)}"}"""
        )
        for (entry in refused) {
            val table = table(entry)
            assertEquals(LinkResolutionFailure.MalformedTable, table.link("/a").refused(entry), entry)
            assertEquals(LinkResolutionFailure.MalformedTable, table.resolve("https://$host/a", "marry").refused(entry))
            assertEquals(
                LinkResolutionFailure.MalformedTable,
                LinkResolver(host, "marry", table, fetcher = null).resolve("https://$host/a").refused(entry)
            )
            // Only the path's own entry is unsealed: the others of the table are not looked at.
            assertEquals(LinkResolutionFailure.NotALink, table.resolve("https://$host/b", "marry").refused(entry))
        }
    }

    private fun seal(path: String, entry: String): String = SiteLinkTable.seal(host, path, entry.toByteArray())

    private fun index(version: Int = 2) =
        """{"format":"trampoline-link-table","version":$version,"host":"$host","scheme":"marry","shards":1,"routes":[]}"""

    private fun shard(links: Map<String, String>, version: Int = 2) =
        """{"version":$version,"links":{""" + links.entries.joinToString(",") { "\"${it.key}\":\"${it.value}\"" } + "}}"

    @Test
    fun aCorruptedShardIsMalformed() {
        val id = SiteLinkTable.linkId(host, "/a")
        val sealed = seal("/a", """{"deep_link":"marry://a"}""")
        val other = SiteLinkTable.linkId(host, "/b") to seal("/b", """{"deep_link":"marry://b"}""")
        assertEquals("marry://a", live(mapOf("index.json" to index(), "links/0.json" to shard(mapOf(id to sealed))))
            .resolve("https://$host/a").ok())
        // Not Base64: the whole shard is refused, as a v1 shard with a malformed entry was.
        val notBase64 = shard(mapOf(id to "*" + sealed.drop(1), other))
        assertEquals(LinkResolutionFailure.MalformedTable, SiteLinkTable.readShard(notBase64.toByteArray()).refused())
        val corrupted = live(mapOf("index.json" to index(), "links/0.json" to notBase64))
        for (path in listOf("/a", "/b", "/c")) {
            assertEquals(LinkResolutionFailure.MalformedTable, corrupted.resolve("https://$host$path").refused(path))
        }
        // Base64 that does not unseal to an entry (cut short, sealed for another path or host): refused on lookup.
        val moved = listOf(
            sealed.dropLast(4), other.second, SiteLinkTable.seal("links.example.org", "/a", "{}".toByteArray())
        )
        for (value in moved) {
            val served = live(mapOf("index.json" to index(), "links/0.json" to shard(mapOf(id to value, other))))
            assertEquals(LinkResolutionFailure.MalformedTable, served.resolve("https://$host/a").refused(value))
            assertEquals("marry://b", served.resolve("https://$host/b").ok(value))
        }
    }

    @Test
    fun version1IsUnsupported() {
        val v1 = index(1)
        assertEquals(LinkResolutionFailure.UnsupportedTable, SiteLinkTable.read(v1.toByteArray(), host).refused())
        assertEquals(
            LinkResolutionFailure.UnsupportedTable,
            live(mapOf("index.json" to v1, "links/0.json" to shard(emptyMap()))).resolve("https://$host/a").refused()
        )
        val v1Shard = """{"version":1,"links":{"/a":{"deep_link":"marry://a"}}}"""
        assertEquals(
            LinkResolutionFailure.UnsupportedTable,
            live(mapOf("index.json" to index(), "links/0.json" to v1Shard)).resolve("https://$host/a").refused()
        )
        // A v1 snapshot: its links by path are refused with it.
        val v1Snapshot = v1.dropLast(1) + ""","links":{"/a":{"deep_link":"marry://a"}}}"""
        assertEquals(
            LinkResolutionFailure.UnsupportedTable, SiteLinkTable.read(v1Snapshot.toByteArray(), host).refused()
        )
    }

    /** A link sealed for another host or path is under another id: not found, so not a link. */
    @Test
    fun aLinkOfAnotherHostOrPathIsNotFound() {
        val entry = """{"deep_link":"marry://a"}"""
        val foreign = mapOf(
            SiteLinkTable.linkId("links.example.org", "/a") to
                SiteLinkTable.seal("links.example.org", "/a", entry.toByteArray()),
            SiteLinkTable.linkId(host, "/A") to seal("/A", entry),
            SiteLinkTable.linkId(host, "/a/") to seal("/a/", entry)
        )
        val snapshot = SiteLinkTable(host, "marry", links = foreign)
        assertEquals(LinkResolutionFailure.NotALink, snapshot.resolve("https://$host/a", "marry").refused())
        assertEquals(
            LinkResolutionFailure.NotALink,
            live(mapOf("index.json" to index(), "links/0.json" to shard(foreign))).resolve("https://$host/a").refused()
        )
        val snapshotJson = index().dropLast(1) + ",\"links\":" + shard(foreign).substringAfter("\"links\":")
        val read = SiteLinkTable.read(snapshotJson.toByteArray(), host).ok()
        assertEquals(foreign, read.links)
        assertEquals(LinkResolutionFailure.NotALink, read.resolve("https://$host/a", "marry").refused())
        assertEquals("marry://a", read.resolve("https://$host/A", "marry").ok())
    }
}
