package trampoline.link

import android.content.Context
import android.content.Intent
import android.content.SharedPreferences
import android.content.res.AssetManager
import android.net.Uri
import android.os.Bundle
import android.os.RemoteException
import com.android.installreferrer.api.InstallReferrerClient
import com.android.installreferrer.api.InstallReferrerStateListener
import com.android.installreferrer.api.ReferrerDetails
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertFalse
import org.junit.jupiter.api.Assertions.assertNull
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test
import trampoline.link.android.PlayInstallReferrer
import trampoline.link.android.SharedPreferencesLinkStore
import trampoline.link.android.open
import trampoline.link.android.openInBrowser

/** SharedPreferences in memory, applied when the editor commits or applies. */
class FakePreferences : SharedPreferences {
    val values = HashMap<String, String?>()

    override fun getString(key: String, defValue: String?): String? =
        if (values.containsKey(key)) values[key] else defValue

    override fun contains(key: String): Boolean = values.containsKey(key)

    override fun edit(): SharedPreferences.Editor = object : SharedPreferences.Editor {
        private val changes = HashMap<String, String?>()

        override fun putString(key: String, value: String?): SharedPreferences.Editor = apply { changes[key] = value }

        override fun remove(key: String): SharedPreferences.Editor = apply { changes[key] = null }

        override fun commit(): Boolean {
            apply()
            return true
        }

        override fun apply() {
            for ((k, v) in changes) if (v == null) values.remove(k) else values[k] = v
        }
    }
}

/** A context that records the activities it is asked to start. */
class FakeContext(
    private val preferences: SharedPreferences = FakePreferences(),
    private val canStart: Boolean = true
) : Context() {
    val started = ArrayList<Intent>()

    override fun getApplicationContext(): Context = this

    override fun getSharedPreferences(name: String, mode: Int): SharedPreferences = preferences

    override fun getAssets(): AssetManager = throw UnsupportedOperationException("no assets in this test")

    override fun startActivity(intent: Intent) {
        if (!canStart) throw IllegalStateException("no activity found")
        started.add(intent)
    }
}

/** A Play Install Referrer client that answers as told. */
class FakeReferrerClient(
    private val code: Int,
    private val referrer: String? = null,
    private val failRead: Boolean = false,
    private val disconnectFirst: Boolean = false
) : InstallReferrerClient() {
    var ended = 0

    override fun isReady(): Boolean = true

    override fun startConnection(listener: InstallReferrerStateListener) {
        if (disconnectFirst) listener.onInstallReferrerServiceDisconnected()
        listener.onInstallReferrerSetupFinished(code)
        listener.onInstallReferrerServiceDisconnected()
    }

    override fun endConnection() {
        ended++
    }

    override fun getInstallReferrer(): ReferrerDetails {
        if (failRead) throw RemoteException("gone")
        val bundle = Bundle()
        bundle.putString("install_referrer", referrer)
        bundle.putLong("referrer_click_timestamp_seconds", NOW_SECONDS - 300)
        return ReferrerDetails(bundle)
    }
}

/** The Android adapters, compiled and run against the stand-ins of the Android classes (android/standins). */
class AndroidAdapterTests {
    private val config = LinkConfiguration("marry", "go.example.com", cookieDays = 1)

    private fun read(source: PlayInstallReferrer): List<InstallReferrerResult> {
        val answers = ArrayList<InstallReferrerResult>()
        source.read { answers.add(it) }
        return answers
    }

    @Test
    fun thePlayReferrerAnswersOnceAndDisconnects() {
        val text = referrer("marry://topic?id=1&tl_t=${NOW_SECONDS - 300}")
        val ok = FakeReferrerClient(InstallReferrerClient.InstallReferrerResponse.OK, text)
        assertEquals(listOf(InstallReferrerResult.Referrer(text, NOW_SECONDS - 300)), read(PlayInstallReferrer { ok }))
        assertEquals(1, ok.ended)
        val unsupported = FakeReferrerClient(InstallReferrerClient.InstallReferrerResponse.FEATURE_NOT_SUPPORTED)
        assertEquals(listOf(InstallReferrerResult.NotSupported), read(PlayInstallReferrer { unsupported }))
        assertEquals(
            listOf(InstallReferrerResult.Unavailable(1)),
            read(PlayInstallReferrer {
                FakeReferrerClient(InstallReferrerClient.InstallReferrerResponse.SERVICE_UNAVAILABLE)
            })
        )
        assertEquals(
            listOf(InstallReferrerResult.Unavailable(3)),
            read(PlayInstallReferrer {
                FakeReferrerClient(InstallReferrerClient.InstallReferrerResponse.DEVELOPER_ERROR)
            })
        )
        assertEquals(
            listOf(InstallReferrerResult.Unavailable(-1)),
            read(PlayInstallReferrer { FakeReferrerClient(0, text, failRead = true) })
        )
        assertEquals(
            listOf(InstallReferrerResult.Unavailable(-1)),
            read(PlayInstallReferrer { FakeReferrerClient(0, text, disconnectFirst = true) })
        )
        assertEquals(
            listOf(InstallReferrerResult.Referrer("", NOW_SECONDS - 300)),
            read(PlayInstallReferrer { FakeReferrerClient(0, null) })
        )
        assertEquals(
            listOf(InstallReferrerResult.Unavailable(1)),
            read(PlayInstallReferrer { throw IllegalStateException("no Play") })
        )
    }

    @Test
    fun theReferrerFlowThroughTheAdaptersDeliversOnceAcrossLaunches() {
        val preferences = FakePreferences()
        val text = referrer("marry://topic?id=1&tl_t=${NOW_SECONDS - 300}", Pair("utm_source", "news"))
        val delivered = ArrayList<String>()
        fun launch(): TrampolineLinks {
            val links = TrampolineLinks(config, SharedPreferencesLinkStore(preferences), clock = { NOW }) {
                delivered.add("unmatched")
            }
            links.route("/topic") { delivered.add("topic " + it.query("id")) }
            return links
        }
        var links = launch()
        assertTrue(links.beginFirstLaunch())
        links.readInstallReferrer(PlayInstallReferrer { FakeReferrerClient(0, text) })
        assertEquals(LinkDisposition.Routed(RoutePattern("/topic")), links.ready())
        // Relaunch over the same preferences: not read again, and the link would be spent anyway.
        links = launch()
        assertFalse(links.beginFirstLaunch())
        var read = false
        links.readInstallReferrer(PlayInstallReferrer { read = true; FakeReferrerClient(0, text) })
        assertFalse(read)
        links.ready()
        assertEquals(LinkDisposition.Rejected(LinkRejection.ALREADY_DELIVERED), links.receiveInstallReferrer(text))
        assertEquals(listOf("topic 1"), delivered)
        val stored = preferences.values[SharedPreferencesLinkStore.DEFAULT_KEY]!!
        assertFalse(stored.contains("topic"), "fingerprints and marks, never links: $stored")
        assertTrue(stored.contains(TrampolineLinks.FIRST_LAUNCH_MARK) && stored.contains(TrampolineLinks.REFERRER_MARK))
    }

    @Test
    fun thePreferencesStoreKeepsTheNewestFingerprintsAndEveryMark() {
        val preferences = FakePreferences()
        val store = SharedPreferencesLinkStore(preferences, "k")
        assertTrue(store.claim(TrampolineLinks.FIRST_LAUNCH_MARK))
        for (i in 0 until SharedPreferencesLinkStore.CAPACITY + 10) assertTrue(store.claim("link:$i"))
        val kept = preferences.values["k"]!!.split('\n')
        assertEquals(SharedPreferencesLinkStore.CAPACITY + 1, kept.size)
        assertFalse(store.claim("link:${SharedPreferencesLinkStore.CAPACITY + 9}"))
        assertTrue(store.isClaimed(TrampolineLinks.FIRST_LAUNCH_MARK), "marks are never let go")
        assertFalse(store.isClaimed("link:0"))
        assertTrue(SharedPreferencesLinkStore(preferences, "k").claim("link:0"), "the oldest fingerprint was let go")
        assertFalse(SharedPreferencesLinkStore(preferences, "k").claim(TrampolineLinks.FIRST_LAUNCH_MARK))
        assertTrue(SharedPreferencesLinkStore.of(FakeContext(preferences)).claim("other"))
    }

    @Test
    fun anIntentBringsItsLinkOnce() {
        val delivered = ArrayList<String>()
        val links = TrampolineLinks(config, InMemoryLinkStore(), clock = { NOW }) {
            delivered.add("unmatched " + it.path)
        }
        links.route("/plan/:id") { delivered.add("plan " + it["id"]) }
        links.ready()
        assertEquals(
            LinkDisposition.Routed(RoutePattern("/plan/:id")),
            links.open(Intent(Intent.ACTION_VIEW, Uri.parse("marry://plan/42")))
        )
        assertEquals(
            LinkDisposition.Rejected(LinkRejection.OTHER_SCHEME),
            links.open(Intent(Intent.ACTION_VIEW, Uri.parse("tabi://plan/42")))
        )
        assertNull(links.open(Intent(Intent.ACTION_MAIN)))
        assertNull(links.open(Intent(Intent.ACTION_VIEW)))
        assertNull(links.open(null as Intent?))
        assertNull(
            links.open(
                Intent(Intent.ACTION_VIEW, Uri.parse("marry://plan/7"))
                    .addFlags(Intent.FLAG_ACTIVITY_LAUNCHED_FROM_HISTORY)
            ),
            "a relaunch from Recents"
        )
        assertEquals(listOf("plan 42"), delivered)
    }

    @Test
    fun aUrlIsHandedToTheBrowserAppNotBackToThisApp() {
        val context = FakeContext()
        assertTrue(openInBrowser(context, "https://go.example.com/404.html"))
        val intent = context.started.single()
        assertEquals(Intent.ACTION_VIEW, intent.action)
        assertEquals("https://go.example.com/404.html", intent.dataString)
        assertEquals(Intent.ACTION_MAIN, intent.selector?.action)
        assertTrue(intent.selector?.hasCategory(Intent.CATEGORY_APP_BROWSER) == true)
        assertTrue(intent.flags and Intent.FLAG_ACTIVITY_NEW_TASK != 0)
        assertFalse(openInBrowser(FakeContext(canStart = false), "https://go.example.com/"))
    }
}
