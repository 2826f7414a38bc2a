package trampoline.link

import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertFalse
import org.junit.jupiter.api.Assertions.assertNull
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Assertions.fail
import org.junit.jupiter.api.Test

/**
 * The shared table (Tests/Fixtures/route-patterns.json), run through the Kotlin library: the Swift
 * library, the generator and the pages' script run the same file.
 */
class RoutePatternTableTests {
    private val table = Fixtures.json("route-patterns.json")

    @Test
    fun everyMatchCase() {
        val matches = table.objects("matches")
        assertTrue(matches.size > 50)
        for (c in matches) {
            val pattern = RoutePattern(c.string("pattern")!!)
            val expected = (c["params"] as? Map<*, *>)?.entries?.associate { (k, v) -> k as String to v as String }
            assertEquals(expected, pattern.match(c.string("path")!!), "${c["pattern"]} on ${c["path"]}")
        }
    }

    @Test
    fun everyMalformedPattern() {
        val errors = table.objects("errors")
        assertTrue(errors.size > 25)
        val kinds = HashSet<String>()
        for (c in errors) {
            val text = c.string("pattern")!!
            try {
                val parsed = RoutePattern(text)
                fail<Unit>("$text parsed as ${parsed.segments}; expected ${c["error"]}")
            } catch (error: RoutePatternError) {
                assertEquals(c.string("error"), error.kind.code, text)
                assertEquals((c["column"] as Double).toInt(), error.column, "$text: $error")
                assertTrue(error.message.length > 0)
                kinds.add(error.kind.code)
            }
        }
        // Every kind of error but the length cap (tested below) has a case in the table.
        assertEquals(RoutePatternError.Kind.values().map { it.code }.toSet() - "tooLong", kinds)
    }

    /**
     * Each pattern pre-parsed as the pages get it (`[literal, [":", name, constraint?], ["*", name]]`): the same
     * reading.
     */
    @Test
    fun everyPatternIsReadAsThePagesReadIt() {
        val segments = table["segments"] as Map<*, *>
        assertTrue(segments.size > 10)
        for ((text, expected) in segments) {
            val written = RoutePattern(text as String).segments.map<RoutePattern.Segment, Any> {
                when (it) {
                    is RoutePattern.Segment.Literal -> it.text
                    is RoutePattern.Segment.Parameter -> listOf(":", it.name) + listOfNotNull(it.constraint?.word)
                    is RoutePattern.Segment.Rest -> listOf("*", it.name)
                }
            }
            assertEquals(expected, written, text)
        }
    }

    /** Filling a deep link in gives the table's results; a parameter is given as its segments. */
    @Test
    fun everyFill() {
        val fills = table.objects("fills")
        assertTrue(fills.size >= 8)
        for (fill in fills) {
            val params = (fill["params"] as Map<*, *>).entries.associate { (k, v) ->
                k as String to (v as List<*>).joinToString("/")
            }
            assertEquals(
                fill.string("result"),
                DeepLinkTemplate.fill(fill.string("link")!!, params, params.keys),
                fill.string("link")
            )
        }
    }

    @Test
    fun lengthCap() {
        val long = "/" + "a".repeat(RoutePattern.MAXIMUM_LENGTH)
        assertEquals(RoutePatternError.Kind.TOO_LONG, thrownBy<RoutePatternError> { RoutePattern(long) }.kind)
        RoutePattern(long.dropLast(1))
        assertEquals(
            RoutePatternError.Kind.TOO_LONG,
            thrownBy<RoutePatternError> { RoutePattern("/" + "🎉".repeat(1024)) }.kind,
            "counted in scalars"
        )
        RoutePattern("/" + "a".repeat(1023))
    }

    @Test
    fun segmentsAndNames() {
        val p = RoutePattern("/u/:user/p/:post(digits)/*rest/")
        assertEquals(
            listOf(
                RoutePattern.Segment.Literal("u"), RoutePattern.Segment.Parameter("user"),
                RoutePattern.Segment.Literal("p"), RoutePattern.Segment.Parameter("post", RouteConstraint.DIGITS),
                RoutePattern.Segment.Rest("rest")
            ),
            p.segments
        )
        assertEquals(listOf("user", "post", "rest"), p.parameterNames)
        assertEquals("/u/:user/p/:post(digits)/*rest/", p.toString())
        assertEquals(emptyList<RoutePattern.Segment>(), RoutePattern("/").segments)
        assertNull(RoutePattern("/a").match("/%"))
        assertEquals(mapOf("rest" to "a/b"), RoutePattern("/x/*rest").match(listOf("x", "a", "b")))
    }

    @Test
    fun placeholdersAreFoundWhereThePagesFindThem() {
        assertEquals(
            listOf(DeepLinkTemplate.Placeholder("id", 19), DeepLinkTemplate.Placeholder("rest", 23)),
            DeepLinkTemplate.placeholders("tabi://restaurant/:id/*rest")
        )
        assertEquals(listOf("id"), DeepLinkTemplate.placeholders("tabi://r?id=:id&x=:9").map { it.name })
        assertEquals(emptyList<DeepLinkTemplate.Placeholder>(), DeepLinkTemplate.placeholders("no colon/:id"))
        // Never in the authority: a visitor must not pick the host.
        assertEquals(emptyList<DeepLinkTemplate.Placeholder>(), DeepLinkTemplate.placeholders("tabi://:host"))
        assertEquals(listOf(DeepLinkTemplate.Placeholder("id", 15)), DeepLinkTemplate.placeholders("tabi://u=:a@h/:id"))
        assertEquals(listOf("id"), DeepLinkTemplate.placeholders("tabi:///:id").map { it.name })
    }

    /** The Unicode bidi controls, and their neighbours that are not. */
    @Test
    fun bidiControlsAreNoParameterValues() {
        for (c in listOf(
            '\u061C', '\u200E', '\u200F', '\u202A', '\u202B', '\u202C', '\u202D', '\u202E',
            '\u2066', '\u2067', '\u2068', '\u2069'
        )) {
            assertFalse(RoutePattern.isParameterValue("a${c}b"), "U+%04X".format(c.toInt()))
            assertNull(RoutePattern("/x/:id").match(listOf("x", c.toString())))
        }
        for (c in listOf('\u061B', '\u200D', '\u2010', '\u2029', '\u202F', '\u2065', '\u206A')) {
            assertTrue(RoutePattern.isParameterValue("a${c}b"), "U+%04X".format(c.toInt()))
        }
    }
}
