package trampoline.link

import kotlin.random.Random
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertFalse
import org.junit.jupiter.api.Assertions.assertNotNull
import org.junit.jupiter.api.Assertions.assertNull
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test

/**
 * Property tests over random and mutated input (seeded, so every run is the same): the parser,
 * the referrer reader, the matcher, the pattern parser, the resolver and the table reader never
 * throw, and whatever is accepted keeps the acceptance rules; what is refused is never routed.
 * The Swift library's RandomInputTests and ResolverRandomInputTests, and the install referrer.
 */
class RandomInputTests {
    private val config = LinkConfiguration("marry", "go.example.com", cookieDays = 1)

    /** Pieces links are made of, hostile ones included. */
    private val alphabet = listOf(
        "marry:", "MARRY://", "https://", "go.example.com", "/", "//", "?", "&", "=", "#", "%", "%2", "%2F", "%C3",
        "%A9", "%00", "+", ":", "*", "(", ")", "tl_t", "tl_t=1767225000", "1767225000", "digits", "a", "Z", "0", "9",
        " ", "\n", "\u0000", "\u202E", "é", "🎉", "..", ".", "@", "\\", "\"", "<", "[", "]", "\uD800", "%FF", "%E0%A4"
    )

    private fun randomText(g: Random, pieces: Int): String =
        (0 until g.nextInt(0, pieces + 1)).joinToString("") { alphabet[g.nextInt(alphabet.size)] }

    /**
     * `text` with 1 to 4 random edits: a character removed, one of the alphabet's inserted, or one replaced by any of
     * U+0000–U+00FF or a surrogate.
     */
    private fun mutated(g: Random, text: String): String {
        val chars = StringBuilder(text)
        for (edit in 0 until g.nextInt(1, 5)) {
            val i = g.nextInt(0, chars.length + 1)
            when (g.nextInt(3)) {
                0 -> if (i < chars.length) chars.deleteCharAt(i)
                1 -> chars.insert(i, alphabet[g.nextInt(alphabet.size)][0])
                else -> if (i < chars.length) chars.setCharAt(
                    i, if (g.nextInt(10) == 0) '\uDC00' + g.nextInt(0x100) else '\u0000' + g.nextInt(0x100)
                )
            }
        }
        return chars.toString()
    }

    @Test
    fun randomTextNeverThrowsAndAcceptedLinksKeepTheRules() {
        val g = Random(20_261_123)
        var accepted = 0
        for (round in 0 until 20_000) {
            // Half the texts are shaped like a link (scheme first, marker last), so that some pass.
            var text = randomText(g, 12)
            if (g.nextBoolean()) {
                text = listOf("marry://", "https://go.example.com/", "MARRY:")[g.nextInt(3)] + text +
                    listOf("?", "&", "#")[g.nextInt(3)] + "tl_t=1767225000"
            }
            val link = DeferredLink.accept(text, config, nowMillis = NOW).valueOrNull() ?: continue
            accepted++
            assertFalse(link.query.any { it.name == DeferredLink.MARKER }, text)
            assertTrue(link.path.startsWith("/"), text)
            assertNotNull(link.visitedAtMillis, text)
            assertTrue(Text.utf8Length(link.text) <= LinkConfiguration.MAXIMUM_LENGTH)
            // What is left after the marker opens as the same link.
            val reopened = IncomingLink.opening(link.text, config, NOW).ok(link.text)
            assertEquals(link.path, reopened.path, text)
            assertEquals(link.query, reopened.query, text)
            assertNull(reopened.visitedAtMillis, text)
        }
        assertTrue(accepted > 20, "the generator should also produce acceptable links ($accepted)")
    }

    @Test
    fun mutatedValidLinksNeverThrow() {
        val g = Random(7)
        val valid = "marry://plan/42?x=a%20b&utm_source=line&tl_t=1767225000#top"
        var accepted = 0
        for (round in 0 until 20_000) {
            val text = mutated(g, valid)
            if (DeferredLink.accept(text, config, nowMillis = NOW) is Checked.Ok) accepted++
            IncomingLink.opening(text, config, NOW)
        }
        assertTrue(accepted > 100, "some mutations are still links ($accepted)")
    }

    /** Referrers made of the pages' own encoding and of random pieces: only marked links of the app come out. */
    @Test
    fun randomAndMutatedReferrersNeverThrowAndGiveOnlyTheAppsLinks() {
        val g = Random(31)
        var accepted = 0
        val valid = referrer(
            "marry://plan/42?x=a%20b&tl_t=1767225000#top", Pair("utm_source", "news"), Pair("utm_campaign", "spring 26")
        )
        for (round in 0 until 20_000) {
            val text = when (g.nextInt(3)) {
                0 -> referrer(
                    randomText(g, 10) + if (g.nextBoolean()) "?tl_t=1767225000" else "",
                    Pair("utm_source", randomText(g, 3))
                )
                1 -> "deep_link=" + randomText(g, 14)
                else -> mutated(g, valid)
            }
            val link = DeferredLink.fromInstallReferrer(text, config, NOW).valueOrNull() ?: continue
            accepted++
            assertEquals(LinkSource.INSTALL_REFERRER, link.source)
            assertTrue(
                link.text.startsWith("marry:", ignoreCase = true) ||
                    link.text.startsWith("https://", ignoreCase = true),
                link.text
            )
            assertFalse(link.query.any { it.name == DeferredLink.MARKER }, text)
            assertNotNull(link.deliveryToken)
        }
        assertTrue(accepted > 100, "enough referrers are accepted for the properties to be tested ($accepted)")
    }

    /**
     * Through the facade, with a route for every path: what is refused is never routed, what is routed was acceptable.
     */
    @Test
    fun refusedInputIsNeverRouted() {
        val g = Random(5)
        var routed = 0
        var delivered = 0
        val links = TrampolineLinks(config, InMemoryLinkStore(), clock = { NOW }) { delivered++ }
        links.route("/") { delivered++ }
        links.route("/*rest") { delivered++ }
        links.ready()
        for (round in 0 until 10_000) {
            val text = if (g.nextBoolean()) mutated(g, "marry://plan/42?x=1&tl_t=1767225000") else randomText(g, 12)
            val before = delivered
            val channel = g.nextInt(3)
            // The referrer is written as the page writes it (an unpaired surrogate becomes "?" in its UTF-8).
            val given = if (channel == 2) referrer(text) else text
            val disposition = when (channel) {
                0 -> links.open(given)
                1 -> links.receiveDeferred(given, LinkSource.CLIPBOARD)
                else -> links.receiveInstallReferrer(given)
            }
            if (disposition is LinkDisposition.Rejected) {
                assertEquals(before, delivered, given)
            } else {
                assertEquals(before + 1, delivered, given)
                val link = if (channel == 2) DeferredLink.linkInReferrer(given).ok(given) else given
                IncomingLink.opening(link, config, NOW).ok(link)
                routed++
            }
        }
        assertTrue(routed > 100, "enough inputs are routed ($routed)")
    }

    @Test
    fun randomPatternsAndPathsNeverThrow() {
        val g = Random(99)
        var parsed = 0
        for (round in 0 until 20_000) {
            val patternText = "/" + randomText(g, 6)
            val pattern = try {
                RoutePattern(patternText)
            } catch (e: RoutePatternError) {
                assertTrue(e.column in 1..patternText.length + 1, "$patternText: ${e.column}")
                continue
            }
            parsed++
            assertEquals(pattern.parameterNames.toSet().size, pattern.parameterNames.size, patternText)
            for (i in 0 until 4) {
                val params = pattern.match("/" + randomText(g, 6)) ?: continue
                assertEquals(pattern.parameterNames.toSet(), params.keys)
                assertFalse(params.values.any { it.length == 0 || it == ".." })
            }
        }
        assertTrue(parsed > 100)
    }

    // Resolution (the Swift ResolverRandomInputTests).

    private val pieces = listOf(
        "https://", "go.example.com", "GO.EXAMPLE.COM", "evil.example", ":443", "@", "/", "//", "p", "spring-sale",
        "Xy7a", "r", "42", "?", "&", "=", "#", "%", "%2F", "%2f", "%5C", "%2E", "%2E%2E", "..", ".", "%C3%A9", "%FF",
        "%00", "+", "tl_t=1", "debug=1", "k=v", " ", "\n", "\u202E", "é", "🎉", "\\", "*", ":id", "\uDBFF", "%E0%A4"
    )

    private val table = SiteLinkTable(
        "go.example.com", "marry", null, 1,
        listOf(
            SiteLinkTable.Route(RoutePattern("/r/:id"), LinkTarget("marry://r/:id", forwardQuery = true)),
            SiteLinkTable.Route(RoutePattern("/docs/*page"), LinkTarget("marry://docs/*page"))
        ),
        TableSite.sealed(
            "go.example.com",
            mapOf(
                "/spring-sale" to LinkTarget("marry://promo?utm_source=x", forwardQuery = true),
                "/Xy7a" to LinkTarget("marry://invite?code=1", listOf("code"), true),
                "/p" to LinkTarget("marry://p")
            )
        )
    )

    @Test
    fun randomUrlsNeverThrowAndResolveOnlyToTheAppsScheme() {
        val g = Random(372_026)
        var resolved = 0
        for (round in 0 until 20_000) {
            var text = (0 until g.nextInt(0, 11)).joinToString("") { pieces[g.nextInt(pieces.size)] }
            if (g.nextBoolean()) text = "https://go.example.com/$text"
            val link = table.resolve(text, "marry").valueOrNull() ?: continue
            resolved++
            assertTrue(link.startsWith("marry://"), "$text -> $link")
            assertTrue(Text.lower(text).startsWith("https://go.example.com/"), text)
            assertFalse(link.any { it < ' ' || it == '\u007F' }, "$text -> $link")
            // The deep link opens in the app as a link of its own scheme.
            IncomingLink.opening(link, config).ok("$text -> $link")
        }
        assertTrue(resolved > 50, "enough of the random URLs resolve for the properties to be tested ($resolved)")
    }

    @Test
    fun mutatedTablesAreRefusedNeverThrowing() {
        val id = SiteLinkTable.linkId("go.example.com", "/a")
        val entry = """{"deep_link":"marry://a","fixed":["x"]}"""
        val sealed = SiteLinkTable.seal("go.example.com", "/a", entry.toByteArray())
        val valid = """{"format":"trampoline-link-table","version":2,"host":"go.example.com","scheme":"marry","shards":2,"routes":[{"pattern":"/r/:id","deep_link":"marry://r/:id","fixed":["x"],"forward_query":true}],"links":{"$id":"$sealed"}}"""
        val table = SiteLinkTable.read(valid.toByteArray(), "go.example.com").ok()
        assertEquals("marry://a", table.resolve("https://go.example.com/a?x=1", "marry").ok())
        val g = Random(41)
        val bytes = valid.toByteArray()
        var refused = 0
        for (round in 0 until 5_000) {
            val mutated = ArrayList(bytes.toList())
            for (edit in 0 until g.nextInt(1, 5)) {
                val at = g.nextInt(mutated.size)
                when (g.nextInt(3)) {
                    0 -> mutated[at] = g.nextInt(256).toByte()
                    1 -> mutated.removeAt(at)
                    else -> mutated.add(at, g.nextInt(32, 127).toByte())
                }
            }
            when (val read = SiteLinkTable.read(mutated.toByteArray(), "go.example.com")) {
                is Checked.Ok -> {
                    assertEquals("go.example.com", read.value.host)
                    assertTrue(read.value.shards >= 1)
                    // A mutated entry is found and refused, or not found: never a crash.
                    read.value.resolve("https://go.example.com/a", "marry")
                }
                is Checked.Refused -> refused++
            }
            SiteLinkTable.readShard(mutated.toByteArray())
        }
        assertTrue(refused > 1_000, "$refused")
        // The documented refusals, each with its reason.
        val cases = listOf(
            valid.replace("\"version\":2", "\"version\":1") to LinkResolutionFailure.UnsupportedTable,
            valid.replace("\"version\":2", "\"version\":3") to LinkResolutionFailure.UnsupportedTable,
            valid.replace("trampoline-link-table", "other") to LinkResolutionFailure.UnsupportedTable,
            valid.replace("\"format\":\"trampoline-link-table\",", "") to LinkResolutionFailure.UnsupportedTable,
            valid.replace("go.example.com", "evil.example") to LinkResolutionFailure.UnsupportedTable,
            valid.replace("\"shards\":2", "\"shards\":0") to LinkResolutionFailure.MalformedTable,
            valid.replace("\"shards\":2", "\"shards\":2.5") to LinkResolutionFailure.MalformedTable,
            valid.replace("\"shards\":2", "\"shards\":\"2\"") to LinkResolutionFailure.MalformedTable,
            valid.replace("\"version\":2", "\"version\":\"2\"") to LinkResolutionFailure.MalformedTable,
            valid.replace("/r/:id\"", "/r/:\"") to LinkResolutionFailure.MalformedTable,
            valid.replace("\"fixed\":[\"x\"]", "\"fixed\":[1]") to LinkResolutionFailure.MalformedTable,
            valid.replace("\"fixed\":[\"x\"]", "\"fixed\":null") to LinkResolutionFailure.MalformedTable,
            valid.replace("\"forward_query\":true", "\"forward_query\":1") to LinkResolutionFailure.MalformedTable,
            valid.replace("\"scheme\":\"marry\"", "\"scheme\":null") to LinkResolutionFailure.MalformedTable,
            valid.replace("\"marry://r/:id\"", "\"marry://" + "a".repeat(4096) + "\"") to
                LinkResolutionFailure.MalformedTable,
            // A link's id is 32 lowercase hex digits, its entry a Base64 string.
            valid.replace(id, id.toUpperCase()) to LinkResolutionFailure.MalformedTable,
            valid.replace(id, id.drop(1)) to LinkResolutionFailure.MalformedTable,
            valid.replace(id, "/a") to LinkResolutionFailure.MalformedTable,
            valid.replace("\"$sealed\"", "{\"deep_link\":\"marry://a\"}") to LinkResolutionFailure.MalformedTable,
            valid.replace(sealed, "*" + sealed.drop(1)) to LinkResolutionFailure.MalformedTable,
            valid.replace(sealed, sealed.drop(1)) to LinkResolutionFailure.MalformedTable,
            valid.replace("\"links\":{", "\"links\":{\"$id\":\"$sealed\",") to LinkResolutionFailure.MalformedTable,
            "[]" to LinkResolutionFailure.MalformedTable,
            "" to LinkResolutionFailure.MalformedTable
        )
        for ((text, reason) in cases) {
            assertEquals(reason, SiteLinkTable.read(text.toByteArray(), "go.example.com").refused(text), text)
        }
        assertEquals(
            LinkResolutionFailure.TableTooLarge,
            SiteLinkTable.readShard(ByteArray(SiteLinkTable.MAXIMUM_FILE_SIZE + 1) { 0x20 }).refused()
        )
        assertEquals(
            LinkResolutionFailure.TableTooLarge,
            SiteLinkTable.read(ByteArray(2048) { 0x20 }, "go.example.com", limit = 1024).refused()
        )
        assertEquals(
            LinkResolutionFailure.MalformedTable, SiteLinkTable.readShard("{\"version\":2}".toByteArray()).refused()
        )
        assertEquals(
            LinkResolutionFailure.UnsupportedTable,
            SiteLinkTable.readShard("{\"version\":1,\"links\":{}}".toByteArray()).refused()
        )
        assertEquals(
            emptyMap<String, String>(), SiteLinkTable.readShard("{\"version\":2,\"links\":{}}".toByteArray()).ok()
        )
        // Members a client does not know are ignored (docs/link-table.md, "Versioning").
        SiteLinkTable.read(
            valid.replace("\"shards\":2", "\"shards\":2,\"future\":{\"x\":[1,2]}").toByteArray(), "go.example.com"
        ).ok()
    }

    @Test
    fun randomBytesAreNeverJsonThatCrashes() {
        val g = Random(1)
        for (round in 0 until 5_000) {
            val symbols = "{}[]\":,1e-\\un "
            val bytes =
                (0 until g.nextInt(0, 64)).map { symbols[g.nextInt(symbols.length)] }.joinToString("").toByteArray()
            if (g.nextInt(4) == 0 && bytes.isNotEmpty()) bytes[g.nextInt(bytes.size)] = g.nextInt(256).toByte()
            Json.parse(bytes)
            SiteLinkTable.readShard(bytes)
        }
    }
}
