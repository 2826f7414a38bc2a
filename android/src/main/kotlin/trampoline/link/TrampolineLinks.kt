package trampoline.link

import java.util.concurrent.Executor
import java.util.concurrent.ExecutorService
import java.util.concurrent.Executors
import java.util.concurrent.RejectedExecutionException
import java.util.concurrent.ThreadFactory

/**
 * The app side of Trampoline: one object that accepts links from every channel, keeps deferred
 * links once-only, holds links during onboarding, resolves App Links through the site's link
 * table, and routes them.
 *
 * ```kotlin
 * val links = TrampolineLinks(LinkConfiguration("marry", "go.example.com"), store) { link -> showHome() }
 * links.route("/topic/:id(digits)") { match -> showTopic(match["id"]!!) }
 * links.open("marry://topic/42")   // an Intent's data: App Link or custom scheme
 * links.ready()                    // after onboarding, and on later launches once the UI is up
 * ```
 *
 * Links are held from the start until [ready]: a link that arrives while the app is still setting
 * up, or during first-run onboarding, is kept (the latest tap wins, see [LinkInbox]) and delivered
 * then. Deferred links (the install referrer) must carry the pages' marker, must not be older than
 * `cookie_days`, and are delivered at most once across launches ([LinkStore]).
 *
 * Every method is thread-safe; handlers run on the thread that called in, or, for resolved App
 * Links, through `deliverOn` (the main thread's executor on Android).
 *
 * @param configuration the site's scheme, host and `cookie_days`.
 * @param store where delivered deferred links are remembered (on Android, `SharedPreferencesLinkStore`).
 * @param resolver resolves App Links through the site's link table (snapshot, then live); null keeps the links as they
 * arrive.
 * @param clock the current time in Unix milliseconds (tests pass a fake one).
 * @param deliverOn where the answer of a resolution is delivered.
 * @param resolveOn where resolutions run (they may wait for the network).
 * @param browser opens a URL in the browser: App Links that are no link of the site's (or its own files) are handed to
 * it. Null: they go to `unmatched` with their reason.
 * @param unmatched receives links of the app's that match no route: they are never dropped silently.
 */
class TrampolineLinks(
    val configuration: LinkConfiguration,
    private val store: LinkStore,
    val resolver: LinkResolver? = null,
    private val clock: () -> Long = { System.currentTimeMillis() },
    private val deliverOn: Executor = Executor { it.run() },
    private val resolveOn: Executor = Background.executor,
    private val browser: ((String) -> Unit)? = null,
    private val unmatched: (IncomingLink) -> Unit
) {
    private val router = LinkRouter()
    private val handlers = ArrayList<(RouteMatch) -> Unit>()
    private val inbox = LinkInbox(true, configuration.holdTimeoutMillis)

    /** Counts arrivals: a resolution that ends after a later tap is superseded (the latest tap wins). */
    private var arrivals = 0L
    private var underWay = 0

    /**
     * Adds a route: links whose path matches `pattern` ([RoutePattern] syntax) go to `handler`.
     * Routes are tried in the order they were added.
     *
     * @throws RoutePatternError when `pattern` is not a pattern.
     */
    @Synchronized
    fun route(pattern: String, handler: (RouteMatch) -> Unit) {
        router.add(RoutePattern(pattern))
        handlers.add(handler)
    }

    /**
     * A URL that opened the app (an `Intent`'s data): an App Link or a custom-scheme URL. An App
     * Link that is none of the app's own routes is resolved in the background
     * ([LinkDisposition.Resolving]); `whenResolved` then gets what finally happened to it.
     */
    @Synchronized
    fun open(text: String, whenResolved: (LinkDisposition) -> Unit = {}): LinkDisposition {
        arrivals++
        val link = when (val checked = IncomingLink.opening(text, configuration, clock())) {
            is Checked.Ok -> checked.value
            is Checked.Refused -> return LinkDisposition.Rejected(checked.reason)
        }
        val resolver = resolver
        if (resolver == null || link.source != LinkSource.APP_LINK || router.match(link) != null) return take(link)
        val arrival = arrivals
        val url = LinkParser.trimmed(text)
        underWay++
        try {
            resolveOn.execute {
                val result = try {
                    resolver.resolve(url)
                } catch (e: RuntimeException) {
                    Checked.Refused(LinkResolutionFailure.Unreachable)
                }
                deliverOn.execute { whenResolved(finishResolving(link, url, result, arrival)) }
            }
        } catch (e: RejectedExecutionException) {
            underWay--
            return take(link.with(null, LinkResolutionFailure.Unreachable))
        }
        return LinkDisposition.Resolving
    }

    /** How many App Links are being resolved. */
    val resolutionsUnderWay: Int
        @Synchronized get() = underWay

    /**
     * The resolver's answer for `link`: the deep link, taken like a link of the app's scheme; the
     * browser for a URL that is no link; or the link itself with the reason, for `unmatched`. A
     * later tap supersedes it.
     */
    @Synchronized
    private fun finishResolving(
        link: IncomingLink,
        url: String,
        result: Checked<String, LinkResolutionFailure>,
        arrival: Long
    ): LinkDisposition {
        underWay--
        if (arrival != arrivals) return LinkDisposition.Rejected(LinkRejection.SUPERSEDED)
        return when (result) {
            is Checked.Ok -> when (
                val resolved =
                    LinkParser.parse(result.value, LinkSource.APP_LINK, false, configuration, link.receivedAtMillis)
            ) {
                is Checked.Ok -> take(resolved.value.with(link.text, null))
                is Checked.Refused -> take(link.with(null, LinkResolutionFailure.OtherScheme))
            }
            is Checked.Refused -> {
                val open = browser
                if (result.reason.handsBackToBrowser && open != null) {
                    open(url)
                    LinkDisposition.HandedToBrowser(url, result.reason)
                } else {
                    take(link.with(null, result.reason))
                }
            }
        }
    }

    /**
     * A deferred link from `source` (text the app read itself): delivered only if it is marked,
     * fresh and not delivered before. Text that is not a Trampoline link is refused.
     */
    @Synchronized
    fun receiveDeferred(text: String, source: LinkSource): LinkDisposition {
        arrivals++
        return when (val checked = LinkParser.parse(text, source, true, configuration, clock())) {
            is Checked.Ok -> take(checked.value)
            is Checked.Refused -> LinkDisposition.Rejected(checked.reason)
        }
    }

    /**
     * The install referrer's text: its `deep_link`, accepted as [DeferredLink.fromInstallReferrer] says, delivered
     * once.
     */
    @Synchronized
    fun receiveInstallReferrer(referrer: String): LinkDisposition {
        arrivals++
        return when (val checked = DeferredLink.fromInstallReferrer(referrer, configuration, clock())) {
            is Checked.Ok -> take(checked.value)
            is Checked.Refused -> LinkDisposition.Rejected(checked.reason)
        }
    }

    /**
     * Reads the install referrer until it has answered once per installation: a referrer (then its
     * deferred link is taken like [receiveInstallReferrer]) or "not supported". While Play's
     * service is unavailable, it is asked again on the next launch. `whenDone` gets what happened
     * to the referrer's link (null when nothing was read), through `deliverOn`.
     */
    fun readInstallReferrer(source: InstallReferrerSource, whenDone: (LinkDisposition?) -> Unit = {}) {
        if (store.isClaimed(REFERRER_MARK)) return whenDone(null)
        source.read { result -> deliverOn.execute { whenDone(referrerAnswered(result)) } }
    }

    @Synchronized
    private fun referrerAnswered(result: InstallReferrerResult): LinkDisposition? = when (result) {
        is InstallReferrerResult.Referrer ->
            if (store.claim(REFERRER_MARK)) receiveInstallReferrer(result.text) else null
        is InstallReferrerResult.NotSupported -> {
            store.claim(REFERRER_MARK)
            null
        }
        is InstallReferrerResult.Unavailable -> null
    }

    /**
     * True exactly once per installation (per store): on the launch where one-time work (onboarding, deferred channels)
     * belongs.
     */
    fun beginFirstLaunch(): Boolean {
        val first = store.claim(FIRST_LAUNCH_MARK)
        if (first) onFirstLaunch = true
        return first
    }

    /** Whether this launch is the first ([beginFirstLaunch] claimed it). */
    private var onFirstLaunch = false

    /**
     * The app is ready to show linked screens: delivers the held link (unless it is older than the
     * hold timeout) and delivers later links at once. Returns what happened to the held link, or
     * null when none was waiting.
     */
    @Synchronized
    fun ready(): LinkDisposition? {
        val now = clock()
        val hadPending = inbox.pending != null
        val link = inbox.release(now)
            ?: return if (hadPending) LinkDisposition.Rejected(LinkRejection.HELD_TOO_LONG) else null
        return deliver(link)
    }

    /** Holds links again (onboarding restarts, the person signs out) until the next [ready]. */
    @Synchronized
    fun hold() {
        inbox.hold()
    }

    /** Whether links are being held. */
    val isHeld: Boolean
        @Synchronized get() = inbox.isHeld

    /** The link waiting for [ready], if any (to show "You have an invitation" during onboarding). */
    val pendingLink: IncomingLink?
        @Synchronized get() = inbox.pending

    private fun take(link: IncomingLink): LinkDisposition {
        val token = link.deliveryToken
        if (token != null && !store.claim(LINK_PREFIX + token)) return LinkDisposition.Rejected(
            LinkRejection.ALREADY_DELIVERED
        )
        return when (inbox.receive(link)) {
            LinkInbox.Outcome.DELIVER_NOW -> deliver(link)
            LinkInbox.Outcome.HELD -> LinkDisposition.Held
            LinkInbox.Outcome.SUPERSEDED -> LinkDisposition.Rejected(LinkRejection.SUPERSEDED)
        }
    }

    private fun deliver(delivered: IncomingLink): LinkDisposition {
        val link = delivered.firstLaunch(onFirstLaunch || delivered.isDeferred)
        val found = router.match(link)
        if (found == null) {
            unmatched(link)
            return LinkDisposition.Unmatched
        }
        handlers[found.first](found.second)
        return LinkDisposition.Routed(found.second.pattern)
    }

    companion object {
        /** The store's mark of the first launch. */
        const val FIRST_LAUNCH_MARK = "first-launch"

        /** The store's mark of an install referrer that has answered. */
        const val REFERRER_MARK = "install-referrer"

        /** The prefix of a delivered deferred link's fingerprint in the store. */
        const val LINK_PREFIX = "link:"
    }

    /** The default background threads for resolutions (daemon threads, so they never keep a JVM alive). */
    private object Background {
        val executor: ExecutorService by lazy {
            Executors.newCachedThreadPool(ThreadFactory { runnable ->
                Thread(runnable, "trampoline-link-resolve").apply { isDaemon = true }
            })
        }
    }
}
