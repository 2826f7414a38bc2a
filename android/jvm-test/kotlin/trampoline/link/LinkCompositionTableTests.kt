package trampoline.link

import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertNull
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test

/**
 * The shared table of deep-link composition (Tests/Fixtures/deep-link-composition.json), run
 * through the Kotlin resolver: each case's table entry, each visit's deep link. The build, the
 * pages' script and the Swift library run the same cases.
 */
class LinkCompositionTableTests {
    companion object {
        val table = Fixtures.json("deep-link-composition.json")

        /** The cases' entries: a path with `:` or `*` is a route (in the table's order), any other a link. */
        fun entries(): Pair<List<SiteLinkTable.Route>, Map<String, LinkTarget>> {
            val routes = ArrayList<SiteLinkTable.Route>()
            val links = LinkedHashMap<String, LinkTarget>()
            for (c in table.objects("cases")) {
                val link = c["link"] as? Map<*, *> ?: continue
                val entry = c["entry"] as? Map<*, *> ?: continue
                val target = LinkTarget(
                    entry.string("deep_link")!!,
                    (entry["fixed"] as? List<*>)?.map { it as String } ?: emptyList(),
                    entry["forward_query"] == true
                )
                val path = link.string("path")!!
                if (path.contains(':') || path.contains('*')) routes.add(
                    SiteLinkTable.Route(RoutePattern(path), target)
                ) else links[path] = target
            }
            return Pair(routes, links)
        }

        fun snapshot(androidScheme: String? = null): SiteLinkTable {
            val (routes, links) = entries()
            val sealed = TableSite.sealed("go.example.com", links)
            return SiteLinkTable("go.example.com", "marry", androidScheme, 1, routes, sealed)
        }

        /** Every visit of the table: its case, URL and expected deep link (null: not a link). */
        fun visits(): List<Triple<String, String, String?>> = table.objects("cases").flatMap { c ->
            c.objects("visits").map { Triple(c.string("name")!!, it.string("url")!!, it.string("expected")) }
        }
    }

    @Test
    fun everyVisitResolvesToTheExpectedDeepLink() {
        val resolver = LinkResolver("go.example.com", "marry", snapshot(), fetcher = null)
        val snapshot = snapshot()
        val visits = visits()
        assertTrue(visits.size > 30)
        for ((name, url, expected) in visits) {
            val result = resolver.resolve("https://go.example.com$url")
            assertEquals(expected, result.valueOrNull(), "$name: $url gave $result")
            assertEquals(
                result, snapshot.resolve("https://go.example.com$url", "marry"), "$name: $url, by the table alone"
            )
        }
    }

    /**
     * A visit's query is forwarded while the link stays within 4096 UTF-8 bytes; past that, the link goes without it,
     * as the page's does.
     */
    @Test
    fun theVisitsQueryIsDroppedPastTheLengthCap() {
        val target = LinkTarget("marry://p", forwardQuery = true)
        val max = LinkConfiguration.MAXIMUM_LENGTH
        val fits = "k=" + "a".repeat(max - "marry://p?k=".length)
        assertEquals("marry://p?$fits", target.deepLink(fits))
        assertEquals("marry://p", target.deepLink(fits + "a"))
        // Counted in bytes, after encoding: "~" becomes %7E, "é" %C3%A9.
        assertEquals("marry://p", target.deepLink("k=" + "~".repeat(1362)))
        assertEquals("marry://p?k=" + "%7E".repeat(1361), target.deepLink("k=" + "~".repeat(1361)))
        assertEquals("marry://p", target.deepLink("k=" + "%C3%A9".repeat(681)))
        assertEquals("marry://p?k=" + "%C3%A9".repeat(680), target.deepLink("k=" + "%C3%A9".repeat(680)))
    }

    /** The Android scheme replaces the table's scheme in every deep link, as the pages' intent:// does. */
    @Test
    fun theAndroidSchemeReplacesTheTablesScheme() {
        val resolver = LinkResolver("go.example.com", "marrydroid", snapshot("marrydroid"), fetcher = null)
        for ((name, url, expected) in visits()) {
            val result = resolver.resolve("https://go.example.com$url")
            assertEquals(
                expected?.replaceFirst("marry:", "marrydroid:"), result.valueOrNull(), "$name: $url gave $result"
            )
        }
        val other = LinkResolver("go.example.com", "marry", snapshot("marrydroid"), fetcher = null)
        assertEquals(LinkResolutionFailure.OtherScheme, other.resolve("https://go.example.com/spring-sale").refused())
    }

    /** Site files are handed back, unknown paths are no link: both reasons, never a deep link. */
    @Test
    fun reasonsForUrlsThatAreNoLinks() {
        val resolver = LinkResolver("go.example.com", "marry", snapshot(), fetcher = null)
        val cases = listOf(
            "https://go.example.com/" to LinkResolutionFailure.SiteFile,
            "https://go.example.com" to LinkResolutionFailure.SiteFile,
            "https://go.example.com/404.html" to LinkResolutionFailure.SiteFile,
            "https://go.example.com/loadCookie.html" to LinkResolutionFailure.SiteFile,
            "https://go.example.com/.well-known/trampoline/v2/index.json" to LinkResolutionFailure.SiteFile,
            "https://go.example.com/trampoline-more.js" to LinkResolutionFailure.SiteFile,
            "https://go.example.com/spring-sale/qr.svg" to LinkResolutionFailure.SiteFile,
            "https://go.example.com/nope" to LinkResolutionFailure.NotALink,
            "https://evil.example/spring-sale" to LinkResolutionFailure.OtherHost,
            "http://go.example.com/spring-sale" to LinkResolutionFailure.OtherHost,
            "https://go.example.com:8443/spring-sale" to LinkResolutionFailure.OtherHost,
            "https://user@go.example.com/spring-sale" to LinkResolutionFailure.OtherHost,
            "https://go.example.com/a%2Fb" to LinkResolutionFailure.MalformedPath,
            "https://go.example.com/a%5Cb" to LinkResolutionFailure.MalformedPath,
            "https://go.example.com/docs/%2E%2E/x" to LinkResolutionFailure.MalformedPath,
            "https://go.example.com/docs/../x" to LinkResolutionFailure.MalformedPath,
            "https://go.example.com/a%00" to LinkResolutionFailure.MalformedPath,
            "https://go.example.com/a%FF" to LinkResolutionFailure.MalformedPath,
            "https://go.example.com/a%zz" to LinkResolutionFailure.MalformedPath,
            "https://go.example.com/a//b" to LinkResolutionFailure.MalformedPath,
            "https://go.example.com/a\u0007b" to LinkResolutionFailure.MalformedPath,
            "https://go.example.com/a\uDC00b" to LinkResolutionFailure.MalformedPath,
            "https://go.example.com/" + "a".repeat(5000) to LinkResolutionFailure.MalformedPath,
            "https://go.example.com/fwd?q=%E0%A4" to LinkResolutionFailure.MalformedQuery
        )
        for ((url, reason) in cases) {
            assertEquals(reason, resolver.resolve(url).refused(url), url)
        }
        assertTrue(
            LinkResolutionFailure.SiteFile.handsBackToBrowser && LinkResolutionFailure.NotALink.handsBackToBrowser
        )
        assertEquals("unavailable_404", LinkResolutionFailure.Unavailable(404).code)
        assertEquals(LinkResolutionFailure.Unavailable(404), LinkResolutionFailure.Unavailable(404))
    }

    /** A table that maps a path to another app's scheme is refused, never delivered. */
    @Test
    fun aDeepLinkOfAnotherSchemeIsRefused() {
        val snapshot = SiteLinkTable(
            "go.example.com", "marry",
            links = TableSite.sealed(
                "go.example.com", mapOf("/x" to LinkTarget("other://x"), "/y" to LinkTarget("no-colon"))
            )
        )
        val resolver = LinkResolver("go.example.com", "marry", snapshot, fetcher = null)
        assertEquals(LinkResolutionFailure.OtherScheme, resolver.resolve("https://go.example.com/x").refused())
        assertEquals(LinkResolutionFailure.OtherScheme, resolver.resolve("https://go.example.com/y").refused())
        assertEquals(
            LinkResolutionFailure.NoTable,
            LinkResolver("go.example.com", "marry", fetcher = null).resolve("https://go.example.com/x").refused()
        )
        assertNull(
            LinkResolver("go.example.com", "marry", snapshot, fetcher = null)
                .resolve("https://go.example.com/z").valueOrNull()
        )
    }

    /**
     * Which shard a link is in: the first 4 bytes of its id's digest, modulo the count (docs/link-table.md); the
     * shared vectors are LinkTableV2Tests'.
     */
    @Test
    fun shardsComeFromTheLinkId() {
        for (path in listOf("/spring-sale", "/p/399", "", "/café")) {
            val head = SiteLinkTable.linkId("go.example.com", path).take(8).toLong(16)
            for (count in listOf(1, 3, 7, 1000)) {
                assertEquals((head % count).toInt(), SiteLinkTable.shard("go.example.com", path, count), "$path $count")
            }
        }
        assertEquals("/.well-known/trampoline/v2/links/3.json", SiteLinkTable.shardPath(3))
    }
}
