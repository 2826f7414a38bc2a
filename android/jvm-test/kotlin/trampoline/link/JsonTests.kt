package trampoline.link

import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertNull
import org.junit.jupiter.api.Test

/** The library's strict JSON reader: RFC 8259 and nothing else. */
class JsonTests {
    private fun parse(text: String): Any? = Json.parse(text.toByteArray())

    @Test
    fun documentedJsonIsRead() {
        assertEquals(
            mapOf(
                "a" to listOf(1.0, -2.5, 3e2, true, false, Json.Null),
                "b" to "x\"\\/\b\u000C\n\r\t\u00e9🎉",
                "c" to emptyMap<String, Any>(),
                "d" to emptyList<Any>()
            ),
            parse(
                " {\"a\":[1,-2.5,3E+2,true,false,null],\"b\":\"x\\\"\\\\\\/\\b\\f\\n\\r\\t\\u00e9\\ud83c\\udf89\",\"c\":{},\"d\":[ ]}\n"
            )
        )
        assertEquals("é", parse("\"é\""))
        assertEquals(-0.0, parse("-0"))
        assertEquals(
            listOf<Any>(), (1..64).fold("[]") { inner, _ -> "[$inner]" }.let { parse(it) }?.let { unwrap(it, 64) }
        )
    }

    private fun unwrap(value: Any, depth: Int): Any =
        if (depth == 0) value else unwrap((value as List<*>)[0]!!, depth - 1)

    @Test
    fun everythingElseIsRefused() {
        for (bad in listOf(
            "", " ", "{", "{\"a\":1,}", "[1,]", "[,1]", "{\"a\" 1}", "{a:1}", "{'a':1}", "// x\n{}", "/* x */{}", "01",
            "1.", ".5", "+1", "NaN", "Infinity", "-", "1e", "1e+", "1e400", "tru", "nul", "\"a", "\"\\x\"", "\"\\u12\"",
            "\"\\u12G4\"", "\"\\ud800\"", "\"\\udc00\\ud800\"", "\"\\ud800x\"", "\"tab\there\"", "\"nl\nhere\"",
            "{} {}", "{}x", "\uFEFF{}", "{\"a\":1,\"a\":2}", "[\"\\u0660\"]".replace("\\u0660", "\\u066G"),
            (0..64).fold("[]") { inner, _ -> "[$inner]" }
        )) {
            assertNull(parse(bad), bad)
        }
        assertNull(Json.parse(byteArrayOf(0x22, 0xC3.toByte(), 0x22)), "invalid UTF-8")
        assertNull(
            Json.parse(byteArrayOf(0x22, 0xED.toByte(), 0xA0.toByte(), 0x80.toByte(), 0x22)), "an encoded surrogate"
        )
    }
}
