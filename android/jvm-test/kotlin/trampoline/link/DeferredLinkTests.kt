package trampoline.link

import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertFalse
import org.junit.jupiter.api.Assertions.assertNotEquals
import org.junit.jupiter.api.Assertions.assertNotNull
import org.junit.jupiter.api.Assertions.assertNull
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test

/**
 * Which texts are taken as this app's deferred links, and what is left of them for routing (the Swift
 * DeferredLinkTests, and the install referrer).
 */
class DeferredLinkTests {
    private val config = LinkConfiguration("marry", "go.example.com", cookieDays = 1)
    private val t = NOW_SECONDS

    private fun accept(text: String, days: Int? = null): Checked<IncomingLink, LinkRejection> {
        val c = if (days == null) config else LinkConfiguration("marry", "go.example.com", cookieDays = days)
        return DeferredLink.accept(text, c, LinkSource.CLIPBOARD, NOW)
    }

    private fun rejection(text: String): LinkRejection = accept(text).refused(text)

    @Test
    fun theMarkerIsRequiredReadAndStripped() {
        val link = accept("marry://topic?id=1&utm_source=line&tl_t=${t - 60}").ok()
        assertEquals("marry://topic?id=1&utm_source=line", link.text)
        assertEquals("/topic", link.path)
        assertEquals(listOf(QueryParameter("id", "1"), QueryParameter("utm_source", "line")), link.query)
        assertEquals((t - 60) * 1000, link.visitedAtMillis)
        assertEquals(NOW, link.receivedAtMillis)
        assertEquals(link.visitedAtMillis, link.tappedAtMillis)
        assertTrue(link.isDeferred)
        assertEquals(LinkSource.CLIPBOARD, link.source)
        assertNotNull(link.deliveryToken)
        assertEquals(LinkRejection.UNMARKED, rejection("marry://topic?id=1"))
        assertEquals("tl_t", DeferredLink.MARKER)
    }

    @Test
    fun theMarkerAloneLeavesNoQuestionMarkAndTheFragmentStays() {
        assertEquals("marry://plan/42", accept("marry://plan/42?tl_t=$t").ok().text)
        val withFragment = accept("marry://plan/42?x=1&tl_t=$t#top").ok()
        assertEquals("marry://plan/42?x=1#top", withFragment.text)
        assertEquals("top", withFragment.fragment)
        assertEquals("marry://p?a=%20b&c=d+e", accept("marry://p?tl_t=$t&a=%20b&c=d+e").ok().text)
        assertEquals(listOf(" b", "d e"), accept("marry://p?a=%20b&c=d+e&tl_t=$t").ok().query.map { it.value })
    }

    @Test
    fun theSiteHostOverHttpsIsAcceptedToo() {
        val link = accept("https://GO.example.com/plan/42/?x=1&tl_t=$t").ok()
        assertEquals("/plan/42", link.path)
        assertEquals("https://GO.example.com/plan/42/?x=1", link.text)
        assertEquals(LinkRejection.OTHER_HOST, rejection("https://evil.example/plan/42?tl_t=$t"))
        assertEquals(LinkRejection.OTHER_HOST, rejection("https://go.example.com.evil.example/p?tl_t=$t"))
        assertEquals(LinkRejection.OTHER_HOST, rejection("https://user@go.example.com/p?tl_t=$t"))
        assertEquals(LinkRejection.OTHER_HOST, rejection("https://go.example.com:8443/p?tl_t=$t"))
        assertEquals(LinkRejection.OTHER_HOST, rejection("https:go.example.com/p?tl_t=$t"))
        assertEquals(LinkRejection.OTHER_SCHEME, rejection("http://go.example.com/p?tl_t=$t"))
    }

    @Test
    fun otherSchemesAndPlainTextAreRefused() {
        assertEquals(LinkRejection.OTHER_SCHEME, rejection("tabi://plan/42?tl_t=$t"))
        assertEquals(LinkRejection.OTHER_SCHEME, rejection("marryx://topic?tl_t=$t"))
        assertEquals(LinkRejection.OTHER_SCHEME, rejection("javascript:alert(1)//?tl_t=$t"))
        assertEquals(LinkRejection.NOT_A_LINK, rejection("Meet at 5, bring the marry://topic?tl_t=$t link"))
        assertEquals(LinkRejection.NOT_A_LINK, rejection("call me maybe"))
        assertEquals(LinkRejection.NOT_A_LINK, rejection(""))
        assertEquals(LinkRejection.NOT_A_LINK, rejection("   \n"))
        assertEquals(LinkRejection.NOT_A_LINK, rejection("://x?tl_t=$t"))
        assertEquals(LinkRejection.NOT_A_LINK, rejection("1marry://x?tl_t=$t"))
        assertEquals(LinkRejection.NOT_A_LINK, rejection("marry://to pic?tl_t=$t"))
        assertEquals(LinkRejection.NOT_A_LINK, rejection("marry://topic\u202E?tl_t=$t"))
        assertEquals(LinkRejection.NOT_A_LINK, rejection("marry://topic\u0000?tl_t=$t"))
        assertEquals(LinkRejection.NOT_A_LINK, rejection("marry://topic\u00A0?tl_t=$t"))
        assertEquals(LinkRejection.NOT_A_LINK, rejection("marry://topic\uD800?tl_t=$t"), "an unpaired surrogate")
    }

    @Test
    fun schemeCaseAndSurroundingWhitespaceAreTolerated() {
        assertEquals("/topic", accept("  MARRY://topic?tl_t=$t\n").ok().path)
        val other = LinkConfiguration("Marry", "GO.example.com")
        assertEquals("/x", DeferredLink.accept("marry://x?tl_t=$t", other, nowMillis = NOW).ok().path)
    }

    @Test
    fun expiryFollowsCookieDays() {
        accept("marry://x?tl_t=${t - 86_400}").ok()
        assertEquals(LinkRejection.EXPIRED, rejection("marry://x?tl_t=${t - 86_401}"))
        accept("marry://x?tl_t=${t - 7 * 86_400}", days = 7).ok()
        accept("marry://x?tl_t=${t - 7 * 86_400 - 1}", days = 7).refused()
        accept("marry://x?tl_t=${t + 300}").ok()
        assertEquals(LinkRejection.FROM_THE_FUTURE, rejection("marry://x?tl_t=${t + 301}"))
        assertEquals(LinkRejection.EXPIRED, rejection("marry://x?tl_t=0"))
    }

    @Test
    fun aBrokenMarkerIsRefused() {
        for (bad in listOf("", "abc", "-5", "1.5", "%31x", "9".repeat(12), "+1", "1e9", "\uFF11")) {
            assertEquals(LinkRejection.BAD_MARKER, rejection("marry://x?tl_t=$bad"), bad)
        }
        assertEquals(LinkRejection.BAD_MARKER, rejection("marry://x?tl_t=$t&tl_t=$t"))
        assertEquals(LinkRejection.BAD_MARKER, rejection("marry://x?tl_t"))
        assertEquals("marry://x", accept("marry://x?tl%5Ft=$t").ok().text, "an encoded marker name is still the marker")
    }

    @Test
    fun malformedPercentEncodingIsRefused() {
        for (bad in listOf(
            "marry://x/%?tl_t=$t", "marry://x/%4?tl_t=$t", "marry://x/%zz?tl_t=$t", "marry://x/%C3?tl_t=$t",
            "marry://x/%00?tl_t=$t", "marry://x?a=%&tl_t=$t", "marry://x?a=%FF%FE&tl_t=$t", "marry://x?%=1&tl_t=$t",
            "marry://x?tl_t=$t#%", "marry://x?a=%0A&tl_t=$t", "marry://x/%ED%A0%80?tl_t=$t", "marry://x/%C0%AF?tl_t=$t",
            "marry://x/%F4%90%80%80?tl_t=$t"
        )) {
            assertEquals(LinkRejection.MALFORMED_ENCODING, rejection(bad), bad)
        }
    }

    @Test
    fun overLongInputIsRefusedNotTruncated() {
        val base = "marry://x?tl_t=$t&a="
        val fits = base + "b".repeat(LinkConfiguration.MAXIMUM_LENGTH - base.length)
        accept(fits).ok()
        assertEquals(LinkRejection.TOO_LONG, rejection(fits + "b"))
        assertEquals(LinkRejection.TOO_LONG, rejection("x".repeat(10_000_000)))
        assertEquals(
            LinkRejection.TOO_LONG, rejection("marry://x?a=" + "é".repeat(2100) + "&tl_t=$t"), "bytes, not characters"
        )
        val segments = "marry://" + List(LinkConfiguration.MAXIMUM_PARTS + 1) { "a" }.joinToString("/") + "?tl_t=$t"
        assertEquals(LinkRejection.TOO_LONG, rejection(segments))
        val params = "marry://x?" + (0 until LinkConfiguration.MAXIMUM_PARTS).joinToString("&") { "p$it=1" } +
            "&tl_t=$t"
        assertEquals(LinkRejection.TOO_LONG, rejection(params))
    }

    @Test
    fun theSchemeFormsGiveTheSamePath() {
        for (text in listOf(
            "marry://plan/42", "marry:///plan/42", "marry:/plan/42", "marry:plan/42", "marry://plan/42/",
            "https://go.example.com/plan/42"
        )) {
            val link = accept("$text?x=1&tl_t=$t").ok(text)
            assertEquals("/plan/42", link.path, text)
            assertEquals(listOf("plan", "42"), link.segments, text)
            assertEquals("1", link.value("x"), text)
        }
        assertEquals("/", accept("marry://?tl_t=$t").ok().path)
        assertEquals("/", accept("https://go.example.com?tl_t=$t").ok().path)
    }

    @Test
    fun theSameLinkHasTheSameTokenWhateverItsEncoding() {
        val a = accept("marry://plan/42?x=a%20b&tl_t=$t").ok()
        val b = accept("MARRY://plan/%34%32/?x=a+b&tl_t=$t").ok()
        assertEquals(a.deliveryToken, b.deliveryToken)
        assertNotEquals(a.deliveryToken, accept("marry://plan/42?x=a%20b&tl_t=${t - 1}").ok().deliveryToken)
        assertNotEquals(a.deliveryToken, accept("marry://plan/43?x=a%20b&tl_t=$t").ok().deliveryToken)
        assertEquals(16, a.deliveryToken?.length)
        assertFalse(a.deliveryToken!!.contains("plan"))
        // FNV-1a 64 of "app␟plan/42␟x=a b␟1767225600": the Swift library's IncomingLink.fingerprint gives the same.
        assertEquals("a4ed021b00b03933", a.deliveryToken)
        assertEquals("cbf29ce484222325", LinkParser.fingerprint(""))
        assertEquals("5ffb3b35b5a8b6ac", LinkParser.fingerprint("https\u001F\u001F\u001F1"))
    }

    @Test
    fun openedLinksNeedNoMarkerButAMarkedOneIsDeferred() {
        val appLink = IncomingLink.opening("https://go.example.com/plan/42?x=1", config, NOW).ok()
        val scheme = IncomingLink.opening("marry://plan/42?x=1", config, NOW).ok()
        assertEquals(LinkSource.APP_LINK, appLink.source)
        assertEquals(
            LinkSource.APP_LINK, IncomingLink.opening("HTTPS://go.example.com/plan/42", config, NOW).ok().source
        )
        assertEquals(LinkSource.CUSTOM_SCHEME, scheme.source)
        assertEquals(appLink.path, scheme.path)
        assertEquals(appLink.query, scheme.query)
        assertNull(scheme.visitedAtMillis)
        assertNull(scheme.deliveryToken)
        val marked = IncomingLink.opening("marry://plan/42?x=1&tl_t=$t", config, NOW).ok()
        assertTrue(marked.isDeferred)
        assertEquals("marry://plan/42?x=1", marked.text)
        IncomingLink.opening("marry://plan/42?tl_t=${t - 90_000}", config, NOW).refused()
        IncomingLink.opening("tabi://plan/42", config, NOW).refused()
    }

    // The install referrer: Google Play hands the app the `referrer` of the Play URL the page built.

    @Test
    fun thePagesReferrerGivesItsMarkedLinkWithoutTheMarker() {
        val marked = "marry://topic?id=1&utm_source=line&tl_t=${t - 60}"
        val text = referrer(marked, Pair("utm_source", "line"), Pair("utm_campaign", "spring 26"))
        assertEquals(
            "deep_link=marry%3A%2F%2Ftopic%3Fid%3D1%26utm_source%3Dline%26tl_t%3D${t - 60}&utm_source=line&utm_campaign=spring+26",
            text
        )
        assertEquals(marked, DeferredLink.linkInReferrer(text).ok())
        val link = DeferredLink.fromInstallReferrer(text, config, NOW).ok()
        assertEquals("marry://topic?id=1&utm_source=line", link.text)
        assertEquals(LinkSource.INSTALL_REFERRER, link.source)
        assertEquals((t - 60) * 1000, link.visitedAtMillis)
        // The same click as a clipboard text has the same fingerprint: once-only holds across channels.
        assertEquals(accept(marked).ok().deliveryToken, link.deliveryToken)
        // A `+` in the deep link is encoded by the page and comes back as it was.
        assertEquals(
            "a b", DeferredLink.fromInstallReferrer(referrer("marry://p?q=a+b&tl_t=$t"), config, NOW).ok().value("q")
        )
    }

    @Test
    fun aReferrerThatIsNotOursIsRefusedWithItsReason() {
        fun reason(text: String) = DeferredLink.fromInstallReferrer(text, config, NOW).refused(text)
        assertEquals(LinkRejection.NOT_A_LINK, reason("utm_source=google-play&utm_medium=organic"))
        assertEquals(LinkRejection.NOT_A_LINK, reason(""))
        assertEquals(
            LinkRejection.NOT_A_LINK, reason(referrer("marry://a?tl_t=$t") + "&" + referrer("marry://b?tl_t=$t"))
        )
        assertEquals(LinkRejection.NOT_A_LINK, reason("deep_link=marry%3A%2F%2Fa%3Ftl_t%3D$t&x=a b"))
        assertEquals(LinkRejection.MALFORMED_ENCODING, reason("deep_link=%E0%A4"))
        assertEquals(LinkRejection.MALFORMED_ENCODING, reason("deep_link=%zz"))
        assertEquals(LinkRejection.MALFORMED_ENCODING, reason("deep_link=marry%3A%2F%2Fa%0A"))
        assertEquals(
            LinkRejection.MALFORMED_ENCODING,
            reason(referrer("marry://x/%FF?tl_t=$t")),
            "escapes in the link that are not UTF-8"
        )
        assertEquals(
            LinkRejection.TOO_LONG,
            reason(referrer("marry://x?tl_t=$t", Pair("utm_content", "x".repeat(DeferredLink.MAXIMUM_REFERRER_LENGTH))))
        )
        assertEquals(
            LinkRejection.TOO_LONG,
            reason(referrer("marry://x?a=" + "b".repeat(LinkConfiguration.MAXIMUM_LENGTH) + "&tl_t=$t"))
        )
        assertEquals(
            LinkRejection.TOO_LONG, reason((0..70).joinToString("&") { "k$it=v" } + "&" + referrer("marry://x?tl_t=$t"))
        )
        assertEquals(LinkRejection.OTHER_SCHEME, reason(referrer("tabi://plan/42?tl_t=$t")))
        assertEquals(LinkRejection.OTHER_HOST, reason(referrer("https://evil.example/plan/42?tl_t=$t")))
        assertEquals(LinkRejection.UNMARKED, reason(referrer("marry://plan/42")))
        assertEquals(LinkRejection.EXPIRED, reason(referrer("marry://plan/42?tl_t=${t - 86_401}")))
        assertEquals(LinkRejection.FROM_THE_FUTURE, reason(referrer("marry://plan/42?tl_t=${t + 301}")))
        assertEquals(LinkRejection.BAD_MARKER, reason(referrer("marry://plan/42?tl_t=$t&tl_t=$t")))
        assertEquals(LinkRejection.BAD_MARKER, reason(referrer("marry://plan/42?tl_t=soon")))
    }

    @Test
    fun aReferrerInTheSitesSchemeIsReadAsTheAndroidScheme() {
        val android = LinkConfiguration("marrydroid", "go.example.com", siteScheme = "marry")
        val text = referrer("marry://plan/42?x=1&tl_t=$t")
        val link = DeferredLink.fromInstallReferrer(text, android, NOW).ok()
        assertEquals("marrydroid://plan/42?x=1", link.text)
        assertEquals("/plan/42", link.path)
        assertEquals(
            LinkRejection.OTHER_SCHEME,
            DeferredLink.fromInstallReferrer(text, LinkConfiguration("marrydroid", "go.example.com"), NOW).refused()
        )
        assertEquals(
            "marrydroid://x",
            DeferredLink.fromInstallReferrer(referrer("marrydroid://x?tl_t=$t"), android, NOW).ok().text
        )
        assertNull(
            LinkConfiguration("marry", "go.example.com", siteScheme = "MARRY").siteScheme, "the same scheme is no alias"
        )
    }
}
