package trampoline.link

import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test

/**
 * The shared table of the site's own files (Tests/Fixtures/site-files.json), run through the
 * Kotlin library: a site file is handed back to the browser, a link is looked up. The generator
 * and the Swift library run the same file.
 */
class SiteFilesTableTests {
    @Test
    fun everySiteFileIsHandedBackAndNoLinkIs() {
        val cases = Fixtures.json("site-files.json").objects("cases")
        assertTrue(cases.size > 30)
        for (c in cases) {
            val path = c.string("path")!!
            val visited = VisitedUrl.parse("https://go.example.com$path", "go.example.com").ok()
            assertEquals(c["site_file"] as Boolean, visited.isSiteFile, "$path (${c["what"]})")
        }
    }
}
