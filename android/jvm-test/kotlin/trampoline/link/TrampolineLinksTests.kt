package trampoline.link

import java.util.Collections
import java.util.concurrent.CountDownLatch
import java.util.concurrent.Executor
import java.util.concurrent.Executors
import java.util.concurrent.TimeUnit
import java.util.concurrent.atomic.AtomicReference
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertFalse
import org.junit.jupiter.api.Assertions.assertNull
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test

/** An install referrer source that answers with the given results, one per read, and counts the reads. */
class FakeReferrerSource(vararg results: InstallReferrerResult) : InstallReferrerSource {
    private val queue = ArrayList(results.toList())
    var reads = 0

    override fun read(done: (InstallReferrerResult) -> Unit) {
        reads++
        done(if (queue.isEmpty()) InstallReferrerResult.Unavailable(1) else queue.removeAt(0))
    }
}

/**
 * The whole flow through the facade: routing, the fallback, once-only across relaunches, holding
 * during onboarding, the hold timeout, the install referrer, and App Links resolved through the
 * link table (the Swift TrampolineLinksTests, and the Android parts).
 */
class TrampolineLinksTests {
    private val config = LinkConfiguration("marry", "go.example.com", cookieDays = 1, holdTimeoutMillis = 600_000)
    private val clock = TestClock(NOW)
    private val t: Long
        get() = clock.now / 1000
    private val delivered: MutableList<String> = Collections.synchronizedList(ArrayList<String>())
    private val planID = RoutePattern("/plan/:id(digits)")

    /** An app launch: a new facade over `store`, with the app's routes. */
    private fun launch(
        store: LinkStore,
        resolver: LinkResolver? = null,
        browser: ((String) -> Unit)? = null,
        resolveOn: Executor = Executor { it.run() }
    ): TrampolineLinks {
        val links = TrampolineLinks(
            config, store, resolver, clock = { clock.now }, resolveOn = resolveOn, browser = browser
        ) { link ->
            delivered.add("unmatched ${link.path}" + (link.resolutionFailure?.let { " ($it)" } ?: ""))
        }
        links.route("/plan/new") { delivered.add("new plan") }
        links.route("/plan/:id(digits)") { m ->
            delivered.add("plan ${m["id"]} x=${m.query("x") ?: "-"} via ${m.link.source}")
        }
        links.route("/topic") { m -> delivered.add("topic ${m.query("id") ?: "-"}") }
        return links
    }

    @Test
    fun oneRouterForAppLinksAndSchemeUrls() {
        val links = launch(InMemoryLinkStore())
        assertNull(links.ready())
        assertEquals(LinkDisposition.Routed(planID), links.open("https://go.example.com/plan/42?x=1"))
        assertEquals(LinkDisposition.Routed(planID), links.open("marry://plan/42?x=1"))
        assertEquals(LinkDisposition.Routed(RoutePattern("/plan/new")), links.open("marry://plan/new"))
        assertEquals(listOf("plan 42 x=1 via APP_LINK", "plan 42 x=1 via CUSTOM_SCHEME", "new plan"), delivered)
    }

    /** What the app logs to its analytics (docs/counts.md): how each link came, and whether on the first launch. */
    @Test
    fun aDeliveredLinkSaysWhetherItCameOnTheFirstLaunch() {
        val store = InMemoryLinkStore()
        fun facade(): TrampolineLinks {
            val links = TrampolineLinks(config, store, null, clock = { clock.now }) { link ->
                delivered.add("unmatched first=${link.isFirstLaunch}")
            }
            links.route("/plan/:id") { m -> delivered.add("${m.link.source} first=${m.link.isFirstLaunch}") }
            return links
        }
        var links = facade()
        assertTrue(links.beginFirstLaunch())
        links.ready()
        links.open("https://go.example.com/plan/1")
        links.receiveInstallReferrer(referrer("marry://plan/2?tl_t=$t"))
        links.open("marry://nowhere")
        // A later launch: links are re-opens, but a deferred link is always an install's first open.
        links = facade()
        assertFalse(links.beginFirstLaunch())
        links.ready()
        links.open("marry://plan/3")
        links.receiveDeferred("marry://plan/4?tl_t=$t", LinkSource.CLIPBOARD)
        assertEquals(
            listOf(
                "APP_LINK first=true",
                "INSTALL_REFERRER first=true",
                "unmatched first=true",
                "CUSTOM_SCHEME first=false",
                "CLIPBOARD first=true"
            ),
            delivered
        )
    }

    @Test
    fun unmatchedLinksGoToTheFallbackAndForeignOnesNowhere() {
        val links = launch(InMemoryLinkStore())
        links.ready()
        assertEquals(LinkDisposition.Unmatched, links.open("marry://plan/abc"))
        assertEquals(LinkDisposition.Unmatched, links.open("https://go.example.com/nowhere/1"))
        assertEquals(LinkDisposition.Rejected(LinkRejection.OTHER_HOST), links.open("https://evil.example/plan/42"))
        assertEquals(LinkDisposition.Rejected(LinkRejection.OTHER_SCHEME), links.open("tabi://plan/42"))
        assertEquals(LinkDisposition.Rejected(LinkRejection.MALFORMED_ENCODING), links.open("marry://plan/%ZZ"))
        assertFalse(links.open("tabi://plan/42").isHandled)
        assertTrue(links.open("marry://plan/abc").isHandled)
        assertEquals(listOf("unmatched /plan/abc", "unmatched /nowhere/1", "unmatched /plan/abc"), delivered)
    }

    @Test
    fun deferredTextThatIsNotOursIsNeverRouted() {
        val links = launch(InMemoryLinkStore())
        links.ready()
        for (text in listOf(
            "marry://plan/42?x=1", "https://go.example.com/plan/42", "hello", "tabi://plan/42?tl_t=$t",
            "https://other.example/plan/42?tl_t=$t", "marry://plan/42?tl_t=${t - 90_000}", "marry://plan/42?tl_t=abc",
            "marry://plan/%E0?tl_t=$t", "a".repeat(5000)
        )) {
            assertFalse(links.receiveDeferred(text, LinkSource.OTHER).isHandled, text.take(40))
            assertFalse(links.receiveInstallReferrer(referrer(text)).isHandled, text.take(40))
            assertFalse(links.receiveInstallReferrer(text).isHandled, text.take(40))
        }
        assertEquals(emptyList<String>(), delivered)
    }

    @Test
    fun aDeferredLinkIsDeliveredOnceAcrossChannelsAndRelaunches() {
        val store = InMemoryLinkStore()
        val text = "marry://plan/42?x=1&tl_t=${t - 120}"
        var links = launch(store)
        assertTrue(links.beginFirstLaunch())
        links.ready()
        assertEquals(
            LinkDisposition.Routed(planID), links.receiveInstallReferrer(referrer(text, Pair("utm_source", "x")))
        )
        // The same link again (same click, same marker), by any channel: not again.
        assertEquals(
            LinkDisposition.Rejected(LinkRejection.ALREADY_DELIVERED), links.receiveInstallReferrer(referrer(text))
        )
        assertEquals(
            LinkDisposition.Rejected(LinkRejection.ALREADY_DELIVERED), links.receiveDeferred(text, LinkSource.CLIPBOARD)
        )
        assertEquals(LinkDisposition.Rejected(LinkRejection.ALREADY_DELIVERED), links.open(text))

        // Relaunch: a new facade over the same store. Not the first launch; the link is spent.
        clock.advance(60)
        links = launch(store)
        assertFalse(links.beginFirstLaunch())
        links.ready()
        assertEquals(
            LinkDisposition.Rejected(LinkRejection.ALREADY_DELIVERED), links.receiveInstallReferrer(referrer(text))
        )
        // A later visit of the same page is a new deferred link.
        assertEquals(
            LinkDisposition.Routed(planID), links.receiveInstallReferrer(referrer("marry://plan/42?x=1&tl_t=$t"))
        )
        // A plain App Link is never "spent": the person may tap it as often as they like.
        assertTrue(links.open("https://go.example.com/plan/42?x=1").isHandled)
        assertTrue(links.open("https://go.example.com/plan/42?x=1").isHandled)
        assertEquals(
            listOf(
                "plan 42 x=1 via INSTALL_REFERRER",
                "plan 42 x=1 via INSTALL_REFERRER",
                "plan 42 x=1 via APP_LINK",
                "plan 42 x=1 via APP_LINK"
            ),
            delivered
        )
        assertFalse(store.tokens.any { it.contains("plan") }, "the store keeps fingerprints, not links")
    }

    @Test
    fun theInstallReferrerIsReadUntilItHasAnsweredOnce() {
        val store = InMemoryLinkStore()
        val answered = ArrayList<LinkDisposition?>()
        // First launch: Play's service is unavailable. Nothing is marked; the next launch asks again.
        var links = launch(store)
        val down = FakeReferrerSource(InstallReferrerResult.Unavailable(1))
        links.readInstallReferrer(down) { answered.add(it) }
        assertEquals(1, down.reads)
        // Second launch: the referrer, during onboarding: held, then delivered once ready.
        links = launch(store)
        val source = FakeReferrerSource(
            InstallReferrerResult.Referrer(
                referrer("marry://topic?id=7&tl_t=${t - 300}", Pair("utm_source", "news")), t - 300
            )
        )
        links.readInstallReferrer(source) { answered.add(it) }
        assertEquals(listOf(null, LinkDisposition.Held), answered)
        assertEquals("/topic", links.pendingLink?.path)
        assertEquals(LinkDisposition.Routed(RoutePattern("/topic")), links.ready())
        // Later launches never read it again (Google Play keeps returning it for 90 days).
        links = launch(store)
        val again = FakeReferrerSource(InstallReferrerResult.Referrer(referrer("marry://topic?id=7&tl_t=${t - 300}")))
        links.readInstallReferrer(again) { answered.add(it) }
        assertEquals(0, again.reads)
        assertEquals(listOf(null, LinkDisposition.Held, null), answered)
        assertEquals(listOf("topic 7"), delivered)
        assertTrue(store.isClaimed(TrampolineLinks.REFERRER_MARK))
    }

    @Test
    fun anOrganicOrUnsupportedReferrerIsReadOnceAndRoutesNothing() {
        val organic = InMemoryLinkStore()
        var answer: LinkDisposition? = null
        launch(organic).readInstallReferrer(
            FakeReferrerSource(InstallReferrerResult.Referrer("utm_source=google-play&utm_medium=organic"))
        ) { answer = it }
        assertEquals(LinkDisposition.Rejected(LinkRejection.NOT_A_LINK), answer)
        assertTrue(organic.isClaimed(TrampolineLinks.REFERRER_MARK))
        val unsupported = InMemoryLinkStore()
        val source = FakeReferrerSource(InstallReferrerResult.NotSupported)
        launch(unsupported).readInstallReferrer(source)
        launch(unsupported).readInstallReferrer(source)
        assertEquals(1, source.reads)
        assertEquals(emptyList<String>(), delivered)
    }

    @Test
    fun linksAreHeldDuringOnboardingAndDeliveredWhenReady() {
        val links = launch(InMemoryLinkStore())
        assertTrue(links.isHeld)
        assertTrue(links.beginFirstLaunch())
        // First launch: the deferred link arrives while onboarding runs...
        assertEquals(LinkDisposition.Held, links.receiveInstallReferrer(referrer("marry://topic?id=1&tl_t=${t - 600}")))
        assertEquals(emptyList<String>(), delivered, "nothing is shown over the onboarding")
        assertEquals("/topic", links.pendingLink?.path)
        // ...then the person taps an App Link during sign-up: the latest tap wins.
        clock.advance(30)
        assertEquals(LinkDisposition.Held, links.open("https://go.example.com/plan/7?x=2"))
        assertEquals("/plan/7", links.pendingLink?.path)
        // A deferred channel answering late (visit before the install) does not replace it.
        assertEquals(
            LinkDisposition.Rejected(LinkRejection.SUPERSEDED),
            links.receiveDeferred("marry://topic?id=9&tl_t=${t - 900}", LinkSource.OTHER)
        )
        assertEquals(emptyList<String>(), delivered)
        clock.advance(120)
        assertEquals(LinkDisposition.Routed(planID), links.ready())
        assertEquals(listOf("plan 7 x=2 via APP_LINK"), delivered)
        assertNull(links.ready(), "nothing left")
        assertEquals(LinkDisposition.Routed(RoutePattern("/topic")), links.open("marry://topic?id=3"))
        // Sign-out: hold again.
        links.hold()
        assertEquals(LinkDisposition.Held, links.open("marry://plan/new"))
        assertEquals(LinkDisposition.Routed(RoutePattern("/plan/new")), links.ready())
        assertEquals(listOf("plan 7 x=2 via APP_LINK", "topic 3", "new plan"), delivered)
    }

    @Test
    fun aHeldLinkExpiresAfterTheHoldTimeout() {
        val links = launch(InMemoryLinkStore())
        assertEquals(LinkDisposition.Held, links.receiveInstallReferrer(referrer("marry://topic?id=1&tl_t=$t")))
        clock.advance(601)
        assertEquals(LinkDisposition.Rejected(LinkRejection.HELD_TOO_LONG), links.ready())
        assertEquals(emptyList<String>(), delivered)
        assertNull(links.pendingLink)
        // And it was claimed on arrival: it does not come back.
        assertEquals(
            LinkDisposition.Rejected(LinkRejection.ALREADY_DELIVERED),
            links.receiveInstallReferrer(referrer("marry://topic?id=1&tl_t=${t - 601}"))
        )
    }

    @Test
    fun aHeldUnmatchedLinkStillReachesTheFallback() {
        val links = launch(InMemoryLinkStore())
        assertEquals(LinkDisposition.Held, links.open("marry://unknown/screen"))
        assertEquals(LinkDisposition.Unmatched, links.ready())
        assertEquals(listOf("unmatched /unknown/screen"), delivered)
    }

    @Test
    fun aBadRouteIsATypedErrorNotACrash() {
        val links = launch(InMemoryLinkStore())
        val error = thrownBy<RoutePatternError> { links.route("/plan/:id(number)") {} }
        assertEquals(RoutePatternError.Kind.UNKNOWN_CONSTRAINT, error.kind)
        assertEquals(11, error.column)
        assertEquals("number", error.detail)
    }

    // App Links resolved through the link table (a snapshot here; LinkResolverHttpTests serves the live table).

    private val snapshot = SiteLinkTable(
        "go.example.com", "marry",
        routes = listOf(SiteLinkTable.Route(RoutePattern("/r/:id"), LinkTarget("marry://plan/:id?x=route"))),
        links = TableSite.sealed(
            "go.example.com",
            mapOf(
                "/spring-sale" to LinkTarget("marry://plan/42?x=spring"),
                "/foreign" to LinkTarget("tabi://x"),
                "/odd" to LinkTarget("marry://topic?id=%E0")
            )
        )
    )

    @Test
    fun anAppLinkIsResolvedAndRoutedLikeItsDeepLink() {
        val opened = ArrayList<String>()
        val links = launch(
            InMemoryLinkStore(),
            LinkResolver("go.example.com", "marry", snapshot, fetcher = null),
            browser = { opened.add(it) }
        )
        var answer: LinkDisposition? = null
        assertEquals(LinkDisposition.Resolving, links.open("https://go.example.com/spring-sale") { answer = it })
        assertEquals(LinkDisposition.Held, answer, "held until ready")
        assertEquals("https://go.example.com/spring-sale", links.pendingLink?.appLink)
        assertEquals("marry://plan/42?x=spring", links.pendingLink?.text)
        assertEquals(LinkDisposition.Routed(planID), links.ready())
        links.open("https://go.example.com/r/9") { answer = it }
        assertEquals(LinkDisposition.Routed(planID), answer)
        // An App Link that is one of the app's own routes is routed as it is, without the table.
        assertEquals(LinkDisposition.Routed(planID), links.open("https://go.example.com/plan/5?x=own"))
        // No link of the site's, or one of its files: handed back to the browser, never a screen.
        links.open("https://go.example.com/nope?a=1") { answer = it }
        assertEquals(
            LinkDisposition.HandedToBrowser("https://go.example.com/nope?a=1", LinkResolutionFailure.NotALink), answer
        )
        links.open(" https://go.example.com/404.html ") { answer = it }
        assertEquals(
            LinkDisposition.HandedToBrowser("https://go.example.com/404.html", LinkResolutionFailure.SiteFile), answer
        )
        assertFalse(answer!!.isHandled)
        // A table entry of another scheme, or a path with an encoded slash: unmatched, with the reason.
        links.open("https://go.example.com/foreign") { answer = it }
        assertEquals(LinkDisposition.Unmatched, answer)
        links.open("https://go.example.com/a%2Fb") { answer = it }
        links.open("https://go.example.com/odd") { answer = it }
        assertEquals(
            listOf(
                "plan 42 x=spring via APP_LINK", "plan 9 x=route via APP_LINK", "plan 5 x=own via APP_LINK",
                "unmatched /foreign (other_scheme)", "unmatched /a%2Fb (malformed_path)",
                "unmatched /odd (other_scheme)"
            ),
            delivered
        )
        assertEquals(listOf("https://go.example.com/nope?a=1", "https://go.example.com/404.html"), opened)
    }

    @Test
    fun withoutABrowserANonLinkGoesToUnmatchedWithItsReason() {
        val links = launch(InMemoryLinkStore(), LinkResolver("go.example.com", "marry", snapshot, fetcher = null))
        links.ready()
        var answer: LinkDisposition? = null
        links.open("https://go.example.com/nope") { answer = it }
        assertEquals(LinkDisposition.Unmatched, answer)
        assertEquals(listOf("unmatched /nope (not_a_link)"), delivered)
    }

    /** A table that answers slowly: the later tap wins, the slow answer is dropped. */
    @Test
    fun aLaterTapSupersedesASlowResolution() {
        val gate = CountDownLatch(1)
        val fetcher = object : LinkTableFetcher {
            override fun fetch(url: String, ifNoneMatch: String?): LinkTableResponse {
                gate.await(10, TimeUnit.SECONDS)
                return LinkTableResponse.Failed(LinkResolutionFailure.TimedOut)
            }
        }
        val pool = Executors.newSingleThreadExecutor()
        try {
            val links = launch(
                InMemoryLinkStore(),
                LinkResolver("go.example.com", "marry", fetcher = fetcher),
                browser = {},
                resolveOn = pool
            )
            links.ready()
            val answer = AtomicReference<LinkDisposition>()
            val done = CountDownLatch(1)
            assertEquals(
                LinkDisposition.Resolving,
                links.open("https://go.example.com/spring-sale") { answer.set(it); done.countDown() }
            )
            assertEquals(1, links.resolutionsUnderWay)
            assertEquals(LinkDisposition.Routed(planID), links.open("marry://plan/5"))
            gate.countDown()
            assertTrue(done.await(10, TimeUnit.SECONDS))
            assertEquals(LinkDisposition.Rejected(LinkRejection.SUPERSEDED), answer.get())
            assertEquals(0, links.resolutionsUnderWay)
            assertEquals(
                listOf("plan 5 x=- via CUSTOM_SCHEME"), delivered, "the slow resolution did not replace the later tap"
            )
        } finally {
            pool.shutdownNow()
        }
    }
}
