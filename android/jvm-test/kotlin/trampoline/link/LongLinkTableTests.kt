package trampoline.link

import kotlin.random.Random
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertFalse
import org.junit.jupiter.api.Assertions.assertNull
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Assertions.fail
import org.junit.jupiter.api.Test

/**
 * Long links on the site's own domain ([LongLinks]): every case of the shared table
 * (Tests/Fixtures/long-links.json), which the site's pages, the Swift library and the Python
 * reference (Tests/Fixtures/long_links.py) run too, and random links on the allowlist.
 */
class LongLinkTableTests {
    private val table = Fixtures.json("long-links.json")
    private val host = table.string("host")!!
    private val scheme = table.string("scheme")!!
    private val allow = strings(table["allow"])

    private fun strings(value: Any?): List<String> = (value as List<*>).map { it as String }

    /** A fallback as the table writes it: "store" is the app's store page. */
    private fun fallback(value: Any?): String? = (value as String).takeIf { it != "store" }

    /** A segment "." or "..", either dot spelled %2e or %2E too: a browser removes it. */
    private val dotSegment = Regex("(\\.|%2[eE]){1,2}")

    /** Whether `rest`, a target after its authority, has a dot segment in its path (before any '?' or '#'). */
    private fun hasDotSegment(rest: String): Boolean =
        rest.split('?', '#')[0].split('/').any { dotSegment.matches(it) }

    /** The table's `expected` as the result the library gives. */
    private fun expected(value: Any?): LongLinkResult? {
        if (value == Json.Null) return null
        val member = value as Map<*, *>
        member.string("refused")?.let { return LongLinkResult.Refused(it) }
        val fallbacks = member["fallbacks"] as Map<*, *>
        return LongLinkResult.Opened(
            member.string("deep_link")!!,
            LongLinkResult.Fallbacks(
                fallback(fallbacks["ios"]), fallback(fallbacks["android"]), fallbacks.string("desktop")!!
            ),
            member.string("title"),
            member.string("description")
        )
    }

    @Test
    fun everyCaseOfTheSharedTable() {
        assertEquals("go.example.com", host)
        assertEquals("marry", scheme)
        val cases = table.objects("cases")
        assertTrue(cases.size >= 45, "${cases.size} cases")
        val refusals = HashSet<String>()
        var opened = 0
        var none = 0
        for (c in cases) {
            val name = c.string("name")!!
            val visit = c.string("visit")!!
            val allowed = if (c.containsKey("allow")) strings(c["allow"]) else allow
            val want = expected(c["expected"])
            val got = LongLinks.resolveVisit(visit, scheme, allowed)
            assertEquals(want, got, name)
            // The same visit as a whole URL on the site's host.
            assertEquals(got, LongLinks.resolve("https://$host$visit", host, scheme, allowed), "$name, as a URL")
            when (got) {
                null -> none++
                is LongLinkResult.Refused -> refusals.add(got.parameter)
                is LongLinkResult.Opened -> {
                    opened++
                    assertTrue(got.deepLink.startsWith("$scheme://"), name)
                    assertTrue(Text.utf8Length(got.deepLink) <= LinkConfiguration.MAXIMUM_LENGTH, name)
                }
            }
        }
        // Each kind of answer, and a refusal of each target, has cases.
        assertEquals(LongLinks.TARGETS.toSet(), refusals)
        assertTrue(opened >= 20 && none >= 5, "opened $opened, none $none")
    }

    /** Whole URLs, as an app receives them: https on the site's host only. */
    @Test
    fun everyUrlOfTheSharedTable() {
        val urls = table.objects("urls")
        assertTrue(urls.size >= 10)
        for (c in urls) {
            val url = c.string("url")!!
            val got = LongLinks.resolve(url, host, scheme, allow)
            val want = c["expected"] as? Map<*, *>
            when {
                want == null -> assertNull(got, url)
                want.containsKey("refused") -> assertEquals(LongLinkResult.Refused(want.string("refused")!!), got, url)
                else -> assertEquals(
                    want.string("deep_link"), (got as? LongLinkResult.Opened)?.deepLink, "$url gave $got"
                )
            }
        }
        // The host given in any case, the URL's too.
        val link = "https://GO.EXAMPLE.com/?link=https%3A%2F%2Fexample.com%2Fa"
        assertEquals(
            "marry://a", (LongLinks.resolve(link, "Go.Example.Com", scheme, allow) as LongLinkResult.Opened).deepLink
        )
    }

    /**
     * Random links on the allowlist: each opens a deep link of the app's scheme, link's own path and query, or is
     * refused for what it holds.
     */
    @Test
    fun anAllowedLinkAlwaysOpensUnderTheAppsScheme() {
        val g = Random(48_003)
        val pieces = listOf(
            "a", "Z", "9", "-", "/", "//", "%", "%2F", "%25", "%zz", "?", "#", "+", "&", "=", "é", "東", "😀", "~", ".",
            "..", "%2e", "%2E", ":", "@", "utm_source=1",
            // What a target may not hold: last, and only now and then.
            " ", "\\", "\u202E", "\n", "\u0085"
        )
        val bases = listOf(
            "https://shop.example/item/", "https://SHOP.Example/item/", "HTTPS://example.com/", "https://example.com//",
            "https://sub.example.org/", "https://a.b.EXAMPLE.org/", "https://example.com?", "https://example.com#"
        )
        val config = LinkConfiguration(scheme, host)
        var opened = 0
        var refused = 0
        for (round in 0 until 6_000) {
            fun random(length: Int, from: Int = pieces.size) =
                (0 until length).joinToString("") { pieces[g.nextInt(from)] }
            val long = round % 40 == 0
            val link = bases[g.nextInt(bases.size)] +
                random(
                    if (long) g.nextInt(200, 700) else g.nextInt(0, 12),
                    if (g.nextInt(4) == 0) pieces.size else pieces.size - 5
                )
            val campaign = if (g.nextInt(3) == 0) random(if (long) 1_000 else g.nextInt(0, 8)) else null
            val visit = "/?" +
                formEncoded(*listOfNotNull("link" to link, campaign?.let { "utm_source" to it }).toTypedArray()) +
                (
                    if (g.nextBoolean()) "&st=" +
                        random(g.nextInt(0, 5)).replace("%", "%25").replace("&", "%26").replace("#", "%23")
                    else ""
                )
            val result = LongLinks.resolve("https://$host$visit", host, scheme, allow)
            val afterScheme = link.substring("https://".length)
            val afterAuthority = afterScheme.substring(afterScheme.indexOfFirst { it == '/' || it == '?' || it == '#' })
            val acceptable = Text.utf8Length(link) <= LongLinks.MAXIMUM_TARGET_LENGTH &&
                link.none {
                    it <= ' ' || PercentDecoding.isControl(it) || it == '\\' || RoutePattern.isBidiControl(it)
                } &&
                !hasDotSegment(afterAuthority)
            if (!acceptable) {
                assertEquals(LongLinkResult.Refused("link"), result, link)
                refused++
                continue
            }
            // link's path, all leading slashes dropped, and its query; the fragment dropped; the campaign after.
            val rest = afterAuthority.substringBefore('#')
            val query = rest.substringAfter('?', "")
            var want = "marry://" + rest.substringBefore('?').trimStart('/') +
                (if (query.length == 0) "" else "?$query")
            if (!campaign.isNullOrEmpty() && query.split('&').none { it.substringBefore('=') == "utm_source" }) {
                want += (if (!want.contains('?')) "?" else if (want.endsWith("?") || want.endsWith("&")) "" else "&") +
                    formEncoded("utm_source" to campaign)
            }
            if (Text.utf8Length(want) > LinkConfiguration.MAXIMUM_LENGTH) {
                assertEquals(LongLinkResult.Refused("link"), result, link)
                refused++
                continue
            }
            val open = result as? LongLinkResult.Opened ?: fail<LongLinkResult.Opened>("$link gave $result")
            opened++
            assertEquals(want, open.deepLink, link)
            assertEquals(link, open.fallbacks.desktop)
            // Never another scheme, never an authority of link's, never its fragment.
            assertTrue(open.deepLink.startsWith("marry://") && !open.deepLink.startsWith("marry:///"), open.deepLink)
            assertFalse(open.deepLink.contains('#'), open.deepLink)
            // The app's own parser reads it as its scheme, or refuses it for what link's text holds
            // (a broken escape, over 64 segments), never for its scheme.
            when (val parsed = IncomingLink.opening(open.deepLink, config, NOW)) {
                is Checked.Ok -> assertEquals(LinkSource.CUSTOM_SCHEME, parsed.value.source, open.deepLink)
                is Checked.Refused -> assertTrue(
                    parsed.reason in setOf(LinkRejection.MALFORMED_ENCODING, LinkRejection.TOO_LONG),
                    "${open.deepLink}: ${parsed.reason}"
                )
            }
        }
        assertTrue(opened > 4_000 && refused > 500, "opened $opened, refused $refused")
    }

    /** What is not on the allowlist, or leaves it by a dot segment, is never opened, however it is spelled. */
    @Test
    fun otherHostsAreRefusedHoweverSpelled() {
        val g = Random(48_004)
        val pieces = listOf(
            "shop.example", "example.com", "example.org", ".", "@", ":", "443", "evil", "/", "\\", "%2F", "%40", "sub",
            "-", "item/", "?", "#", "..", "%2e", "%2E"
        )
        for (round in 0 until 5_000) {
            val link = "https://" + (0 until g.nextInt(1, 7)).joinToString("") { pieces[g.nextInt(pieces.size)] }
            val result = LongLinks.resolveVisit("/?" + formEncoded("link" to link), scheme, allow)
                ?: fail<LongLinkResult>("$link: no long link")
            val authority = Text.lower(link.substring(8).takeWhile { it != '/' && it != '?' && it != '#' })
            val allowed = !link.contains('\\') && !authority.contains('@') &&
                !hasDotSegment(link.substring(8 + authority.length)) && (
                    (authority == "shop.example" && link.substring(8 + authority.length).startsWith("/item/")) ||
                        authority == "example.com" ||
                        (authority.endsWith(".example.org") && authority.length > ".example.org".length &&
                            !authority.contains(':'))
                    )
            assertEquals(allowed, result is LongLinkResult.Opened, "$link gave $result")
        }
    }
}
