package trampoline.link

import java.net.URI
import kotlin.random.Random
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertFalse
import org.junit.jupiter.api.Assertions.assertNotEquals
import org.junit.jupiter.api.Assertions.assertNull
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Assertions.fail
import org.junit.jupiter.api.Test

/**
 * [LinkBuilder], the inverse of routing: whatever it makes, the router matches back to the same
 * values; whatever the router would not match, it refuses with a typed error. The Swift library's
 * LinkBuilderTests, and the shared table Tests/Fixtures/link-making.json.
 */
class LinkBuilderTests {
    private val links = LinkBuilder("go.example.com")
    private val config = LinkConfiguration("marry", "go.example.com")

    /** The error `block` throws, or null when it makes a link. */
    private fun errorOf(block: () -> String): LinkBuildError? = try {
        val url = block()
        assertTrue(url.startsWith("https://"))
        null
    } catch (error: LinkBuildError) {
        error
    }

    /**
     * The made URL, opened as an App Link by the library's own parser: its path matches `pattern` back to `parameters`,
     * its query is `campaign`.
     */
    private fun assertOpensBack(
        url: String,
        pattern: RoutePattern?,
        parameters: Map<String, String>,
        campaign: List<Pair<String, String>>
    ) {
        URI(url) // a valid URI, and plain ASCII
        assertTrue(url.all { it in '!'..'~' }, url)
        val link = IncomingLink.opening(url, config, NOW).ok(url)
        assertEquals(LinkSource.APP_LINK, link.source, url)
        if (pattern != null) assertEquals(parameters, pattern.match(link.segments), url)
        assertEquals(campaign.map { QueryParameter(it.first, it.second) }, link.query, url)
    }

    @Test
    fun aLinkForARouteAndItsCampaign() {
        val pattern = RoutePattern("/recipe/:id(digits)")
        val campaign = listOf("utm_source" to "share", "k" to "a b&c")
        val url = links.url(pattern, mapOf("id" to "12345"), campaign)
        assertEquals("https://go.example.com/recipe/12345?utm_source=share&k=a+b%26c", url)
        assertOpensBack(url, pattern, mapOf("id" to "12345"), campaign)
        assertEquals(
            "https://go.example.com/files/a%20b/%C3%BC/%25",
            links.url(RoutePattern("/files/*rest"), mapOf("rest" to "a b/ü/%"))
        )
        assertEquals("https://go.example.com/spring-sale", links.url("/spring-sale"))
        assertEquals("https://go.example.com/", links.url(RoutePattern("/"), emptyMap()))
        assertEquals("https://go.example.com/", links.url("/"))
        assertEquals("https://go.example.com/plan/", links.url("/plan/"))
        // Campaign names and values are data: written as URLSearchParams writes them.
        assertEquals(
            "https://go.example.com/?a%3D%26=%3F%23%2B%25&*-._=%7E",
            links.url("/", listOf("a=&" to "?#+%", "*-._" to "~"))
        )
    }

    @Test
    fun invalidInputIsATypedError() {
        val pattern = RoutePattern("/restaurant/:id(digits)/:slug")
        fun error(parameters: Map<String, String>) = errorOf { links.url(pattern, parameters) }
        assertEquals(LinkBuildError.MissingParameter("id"), error(mapOf("slug" to "x")))
        assertEquals(LinkBuildError.UnknownParameter("slg"), error(mapOf("id" to "1", "slug" to "x", "slg" to "y")))
        // Unknown names first, the first in sorted order; then the segments in order.
        assertEquals(LinkBuildError.UnknownParameter("a"), error(mapOf("z" to "1", "a" to "1")))
        assertEquals(LinkBuildError.MissingParameter("id"), error(emptyMap()))
        assertEquals(
            LinkBuildError.ConstraintFailed("id", RouteConstraint.DIGITS), error(mapOf("id" to "abc", "slug" to ""))
        )
        assertEquals(
            LinkBuildError.ConstraintFailed("id", RouteConstraint.DIGITS), error(mapOf("id" to "abc", "slug" to "x"))
        )
        assertEquals(LinkBuildError.InvalidValue("id", ""), error(mapOf("id" to "", "slug" to "x")))
        for (bad in listOf(
            "", ".", "..", "a/b", "a\u0000b", "\u202Eabc", "a\nb", "a\u0085b", "a\u007Fb", "a\u2066b", "\uD800",
            "a\uDC00b"
        )) {
            assertEquals(LinkBuildError.InvalidValue("slug", bad), error(mapOf("id" to "1", "slug" to bad)), bad)
        }
        assertEquals(LinkBuildError.TooLong(), error(mapOf("id" to "1", "slug" to "x".repeat(5_000))))
        assertEquals(
            LinkBuildError.ConstraintFailed("code", RouteConstraint.UUID),
            errorOf {
                links.url(RoutePattern("/i/:code(uuid)"), mapOf("code" to "0F8FAD5B-D9CB-469F-A165-70867728950"))
            }
        )
        for (rest in listOf("", "a//b", "a/", "/a", "a/./b", "../etc", "a/\u202E", "a/\uD83D")) {
            assertEquals(
                LinkBuildError.InvalidValue("rest", rest),
                errorOf { links.url(RoutePattern("/f/*rest"), mapOf("rest" to rest)) },
                rest
            )
        }
        for (path in listOf(
            "", "spring", "//evil.example/x", "/a?b", "/a#b", "/a b", "/a/../b", "/a//b", "/%2e", "/.", "/a/..", "/é",
            "/a\\b", "/a\nb", "/a\tb", "/a{b}"
        )) {
            assertEquals(LinkBuildError.InvalidPath(path), errorOf { links.url(path) }, path)
        }
        for (name in listOf("tl_t", "debug", "openExternalBrowser", "")) {
            assertEquals(
                LinkBuildError.InvalidCampaignName(name),
                errorOf { links.url("/a", listOf("utm_source" to "x", name to "1")) },
                name
            )
        }
        // Reserved names are checked before the number of pairs.
        assertEquals(
            LinkBuildError.InvalidCampaignName("debug"),
            errorOf { links.url("/a", List(65) { "k" to "v" } + ("debug" to "1")) }
        )
    }

    @Test
    fun limits() {
        val pairs = List(LinkConfiguration.MAXIMUM_PARTS) { "k$it" to "v" }
        val url = links.url("/a", pairs)
        assertOpensBack(url, null, emptyMap(), pairs)
        assertEquals(LinkBuildError.TooLong(), errorOf { links.url("/a", pairs + ("k" to "v")) })

        // Exactly 4,096 bytes is a link; one more is not, however the bytes are spelled.
        val base = "https://go.example.com/u/".length
        val value = "x".repeat(LinkConfiguration.MAXIMUM_LENGTH - base)
        val longest = links.url(RoutePattern("/u/:name"), mapOf("name" to value))
        assertEquals(LinkConfiguration.MAXIMUM_LENGTH, longest.length)
        assertOpensBack(longest, RoutePattern("/u/:name"), mapOf("name" to value), emptyList())
        assertEquals(
            LinkBuildError.TooLong(), errorOf { links.url(RoutePattern("/u/:name"), mapOf("name" to value + "x")) }
        )
        assertEquals(
            LinkBuildError.TooLong(),
            errorOf { links.url(RoutePattern("/u/:name"), mapOf("name" to value.drop(2) + "é")) }
        )
        assertEquals(LinkBuildError.TooLong(), errorOf { links.url("/u/$value", listOf("a" to "")) })
        assertEquals(longest, links.url("/u/$value"))
    }

    /** Errors are values: equal by case and values, named as in Swift and the table. */
    @Test
    fun errorsAreValues() {
        assertEquals(LinkBuildError.InvalidValue("a", "."), LinkBuildError.InvalidValue("a", "."))
        assertNotEquals(LinkBuildError.InvalidValue("a", "."), LinkBuildError.InvalidValue("a", ".."))
        assertNotEquals(LinkBuildError.MissingParameter("a"), LinkBuildError.UnknownParameter("a"))
        assertEquals(LinkBuildError.TooLong().hashCode(), LinkBuildError.TooLong().hashCode())
        val all = listOf(
            LinkBuildError.MissingParameter("a"), LinkBuildError.UnknownParameter("a"),
            LinkBuildError.InvalidValue("a", ""), LinkBuildError.ConstraintFailed("a", RouteConstraint.DIGITS),
            LinkBuildError.InvalidPath("a"), LinkBuildError.InvalidCampaignName(""),
            LinkBuildError.InvalidCampaignValue("a", "\n"), LinkBuildError.TooLong()
        )
        assertEquals(CODES, all.map { it.code })
        for (error in all) {
            assertTrue(error.message!!.isNotEmpty(), error.code)
            assertTrue(error.toString().startsWith("LinkBuildError.${error.code}: "), error.toString())
        }
        // Callers may catch it as the bad argument it is.
        assertEquals(LinkBuildError.InvalidPath("x"), thrownBy<IllegalArgumentException> { links.url("x") })
        assertEquals(
            "LinkBuildError.constraintFailed: the value of 'id' is not digits",
            LinkBuildError.ConstraintFailed("id", RouteConstraint.DIGITS).toString()
        )
    }

    /** Campaign text that is no USVString is written as URLSearchParams writes it; a path value never is. */
    @Test
    fun unpairedSurrogates() {
        assertEquals(
            "https://go.example.com/a?k%EF%BF%BD=%EF%BF%BDx%F0%9F%98%80",
            links.url("/a", listOf("k\uDC00" to "\uD800x😀"))
        )
        assertEquals(
            LinkBuildError.InvalidValue("id", "\uD800"),
            errorOf { links.url(RoutePattern("/r/:id"), mapOf("id" to "\uD800")) }
        )
    }

    @Test
    fun madeLinksMatchBackToTheirValues() {
        val g = Random(48)
        // The Swift test's pieces, and what only a Kotlin string can hold (an unpaired surrogate) or the Swift test
        // leaves to its table.
        val pieces = listOf(
            "a", "Z", "9", " ", "%", "?", "#", "/", "+", "&", "=", "é", "東", "😀", "~", ".", "'", "\"", "\u200D",
            "\u0000", "\n", "\u202E", "\uD800", "%2F", ".."
        )
        val patterns = listOf("/r/:id", "/r/:a/x/:b", "/f/*rest", "/u/:name/*rest", "/d/:n(digits)/*rest").map {
            RoutePattern(it)
        }
        var made = 0
        var refused = 0
        for (round in 0 until 4_000) {
            val pattern = patterns[round % patterns.size]
            val values = LinkedHashMap<String, String>()
            for (name in pattern.parameterNames) {
                val length = if (round % 97 == 0) 1_000 else g.nextInt(1, 9)
                // Mostly the Swift test's pieces, now and then one of the rest.
                values[name] = (0 until length).joinToString("") {
                    pieces[if (g.nextInt(8) == 0) g.nextInt(pieces.size) else g.nextInt(19)]
                }
            }
            if (pattern.text.startsWith("/d/") && g.nextBoolean()) values["n"] = g.nextInt(0, 1_000_000).toString()
            val campaign = if (g.nextInt(4) == 0) listOf(
                "utm_source" to (0 until g.nextInt(1, 9)).joinToString("") { pieces[g.nextInt(19)] }
            ) else emptyList()
            try {
                val url = links.url(pattern, values, campaign)
                val path = url.removePrefix("https://go.example.com").substringBefore('?')
                assertEquals(values, pattern.match(path), url)
                assertOpensBack(url, pattern, values, campaign)
                made++
            } catch (error: LinkBuildError) {
                refused++
                // Refused only for what the router would not match back: spelled out segment by
                // segment as the builder would, the path gives the router other values, or none.
                val naive = pattern.segments.joinToString("", "https://go.example.com") { segment ->
                    "/" + when (segment) {
                        is RoutePattern.Segment.Literal -> segment.text
                        is RoutePattern.Segment.Parameter -> DeepLinkTemplate.percentEncoded(
                            values.getValue(segment.name)
                        )
                        is RoutePattern.Segment.Rest -> values.getValue(segment.name).split('/').joinToString("/") {
                            DeepLinkTemplate.percentEncoded(it)
                        }
                    }
                } + (if (campaign.isEmpty()) "" else "?" + formEncoded(*campaign.toTypedArray()))
                val naivePath = naive.removePrefix("https://go.example.com").substringBefore('?')
                when (error) {
                    is LinkBuildError.InvalidValue -> {
                        val parts = if (
                            pattern.segments.contains(RoutePattern.Segment.Rest(error.name))
                        ) error.value.split('/') else listOf(error.value)
                        assertFalse(parts.all { LinkBuilder.isSegmentValue(it) }, "${error.name}=${error.value}")
                        assertNotEquals(values, pattern.match(naivePath), naive)
                    }
                    is LinkBuildError.ConstraintFailed -> {
                        assertFalse(error.constraint.accepts(values.getValue(error.name)))
                        assertNull(pattern.match(naivePath), naive)
                    }
                    is LinkBuildError.TooLong -> {
                        assertTrue(Text.utf8Length(naive) > LinkConfiguration.MAXIMUM_LENGTH)
                        // Nor would the app open it.
                        assertEquals(LinkRejection.TOO_LONG, IncomingLink.opening(naive, config, NOW).refused(naive))
                    }
                    else -> fail<Unit>("$error for $values")
                }
            }
        }
        assertTrue(made > 1_000, "made $made")
        assertTrue(refused > 500, "refused $refused")
    }

    /** Routes by their text in a served link table: the app does not repeat their patterns. */
    @Test
    fun aLinkForARouteOfTheLinkTable() {
        val site = TableSite(
            "go.example.com", "marry", 2,
            listOf(
                "/restaurant/:id(digits)" to LinkTarget("marry://restaurant/:id"),
                "/files/*rest" to LinkTarget("marry://files/*rest", forwardQuery = true)
            ),
            mapOf("/spring-sale" to LinkTarget("marry://promo/spring"))
        )
        val table = SiteLinkTable.read(site.index.toByteArray(), "go.example.com").ok()
        val url = links.url(table, "/restaurant/:id(digits)", mapOf("id" to "42"), listOf("utm_source" to "share"))
        assertEquals("https://go.example.com/restaurant/42?utm_source=share", url)
        assertEquals("marry://restaurant/42", table.resolve(url, "marry").ok(url))
        val files = links.url(table, "/files/*rest", mapOf("rest" to "a b/ü"))
        assertEquals("https://go.example.com/files/a%20b/%C3%BC", files)
        assertEquals("marry://files/a%20b/%C3%BC", table.resolve(files, "marry").ok(files))
        // The pattern's rules come with it.
        assertEquals(
            LinkBuildError.ConstraintFailed("id", RouteConstraint.DIGITS),
            errorOf { links.url(table, "/restaurant/:id(digits)", mapOf("id" to "x")) }
        )
        assertEquals(
            LinkBuildError.UnknownParameter("slug"),
            errorOf { links.url(table, "/restaurant/:id(digits)", mapOf("id" to "1", "slug" to "x")) }
        )
        // A route is named as the table writes it; a link, or a pattern written otherwise, is no route.
        for (route in listOf("/restaurant/:id", "/restaurant/:id(digits)/", "/spring-sale", "/nope", "")) {
            assertEquals(
                LinkBuildError.UnknownRoute(route), errorOf { links.url(table, route, mapOf("id" to "1")) }, route
            )
        }
        val unknown = LinkBuildError.UnknownRoute("/nope")
        assertEquals("unknownRoute", unknown.code)
        assertEquals("LinkBuildError.unknownRoute: the link table has no route '/nope'", unknown.toString())
        // The site the tool built has no routes.
        val example = SiteLinkTable.read(
            Fixtures.file("Tests/TrampolineGeneratorTests/Snapshots/example/.well-known/trampoline/v2/index.json")
                .readBytes(),
            "go.example.com"
        ).ok()
        assertEquals(
            LinkBuildError.UnknownRoute("/restaurant/:id(digits)"),
            errorOf { links.url(example, "/restaurant/:id(digits)", mapOf("id" to "1")) }
        )
    }

    /**
     * Every visit of the composition table (Tests/Fixtures/deep-link-composition.json) that a route
     * takes: the link made from that route's text and the values it matched resolves, by the same
     * table, to the deep link the visit's path does.
     */
    @Test
    fun linksForTheCompositionTablesRoutesResolveAsTheirVisits() {
        val table = LinkCompositionTableTests.snapshot()
        var made = 0
        for ((name, visit, expected) in LinkCompositionTableTests.visits()) {
            if (expected == null) continue
            val visited = VisitedUrl.parse("https://go.example.com$visit", "go.example.com").valueOrNull() ?: continue
            if (table.link(visited.path).ok() != null) continue
            val route = table.routes.firstOrNull { it.pattern.match(visited.segments) != null } ?: continue
            val parameters = route.pattern.match(visited.segments)!!
            val url = links.url(table, route.pattern.text, parameters)
            val bare = "https://go.example.com" + visit.substringBefore('#').substringBefore('?')
            assertEquals(table.resolve(bare, "marry"), table.resolve(url, "marry"), "$name: $visit made $url")
            made++
        }
        assertTrue(made >= 5, "made $made")
    }

    // The shared table (Tests/Fixtures/link-making.json), which the Swift library runs too.

    private fun campaign(c: Map<*, *>): List<Pair<String, String>> =
        (c["campaign"] as List<*>? ?: emptyList<Any>()).map { pair ->
            (pair as List<*>).let { it[0] as String to it[1] as String }
        }

    @Test
    fun theSharedTable() {
        val table = Fixtures.json("link-making.json")
        val host = table.string("host")!!
        val links = LinkBuilder(host)
        val routes = table.objects("routes")
        val paths = table.objects("paths")
        assertTrue(routes.size + paths.size > 30)
        assertEquals("go.example.com", host)
        val codes = HashSet<String>()
        for (c in routes) {
            val pattern = RoutePattern(c.string("pattern")!!)
            val parameters = (c["parameters"] as Map<*, *>).entries.associate { (k, v) -> k as String to v as String }
            val campaign = campaign(c)
            val what = "${c["pattern"]} $parameters"
            assertTrue((c.string("url") == null) != (c.string("error") == null), what)
            try {
                val url = links.url(pattern, parameters, campaign)
                assertEquals(c.string("url"), url, what)
                assertNull(c.string("error"), "$what: made $url")
                val path = url.removePrefix("https://$host").substringBefore('?')
                assertEquals(parameters, pattern.match(path), url)
                assertOpensBack(url, pattern, parameters, campaign)
            } catch (error: LinkBuildError) {
                assertEquals(c.string("error"), error.code, "$what: $error")
                codes.add(error.code)
            }
        }
        for (c in paths) {
            val path = c.string("path")!!
            assertTrue((c.string("url") == null) != (c.string("error") == null), path)
            try {
                val url = links.url(path, campaign(c))
                assertEquals(c.string("url"), url, path)
                assertNull(c.string("error"), "$path: made $url")
                assertOpensBack(url, null, emptyMap(), campaign(c))
                assertEquals(
                    RoutePattern.decodedSegments(path), IncomingLink.opening(url, config, NOW).ok(url).segments, url
                )
            } catch (error: LinkBuildError) {
                assertEquals(c.string("error"), error.code, "$path: $error")
                codes.add(error.code)
            }
        }
        // Every error has a case in the table.
        assertEquals(CODES.toSet(), codes)
    }

    private companion object {
        /** The Swift case names, in the order the Swift enum declares them. */
        val CODES = listOf(
            "missingParameter", "unknownParameter", "invalidValue", "constraintFailed", "invalidPath",
            "invalidCampaignName", "invalidCampaignValue", "tooLong"
        )
    }
}
