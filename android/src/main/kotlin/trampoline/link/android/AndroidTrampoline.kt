package trampoline.link.android

import android.content.Context
import android.os.Handler
import android.os.Looper
import java.io.IOException
import java.util.concurrent.Executor
import trampoline.link.HttpLinkTableFetcher
import trampoline.link.IncomingLink
import trampoline.link.LinkConfiguration
import trampoline.link.LinkResolver
import trampoline.link.LinkTableFetcher
import trampoline.link.SiteLinkTable
import trampoline.link.TrampolineLinks

/** [TrampolineLinks] wired to Android: the store, the snapshot, the live table, the main thread and the browser. */
object AndroidTrampoline {
    /**
     * The snapshot's default name in the app's assets (`trampoline link-table --output
     * app/src/main/assets/trampoline-links.json`).
     */
    const val SNAPSHOT_ASSET = "trampoline-links.json"

    /**
     * The app's [TrampolineLinks]: delivered links remembered in the `trampoline` preferences file,
     * App Links resolved from the snapshot in the assets (read on first use, off the main thread)
     * and then the live table on the site's host, answers delivered on the main thread, and URLs
     * that are no link handed to `browser`. Create it once (in `Application.onCreate`).
     *
     * @param snapshotAsset the snapshot's name in the assets; null for none.
     * @param fetcher how the live table is read; null for the snapshot only.
     * @param browser opens a URL that is no link of the site's (default: the browser app, [openInBrowser]).
     */
    fun create(
        context: Context,
        configuration: LinkConfiguration,
        snapshotAsset: String? = SNAPSHOT_ASSET,
        fetcher: LinkTableFetcher? = HttpLinkTableFetcher(),
        browser: ((String) -> Unit)? = null,
        unmatched: (IncomingLink) -> Unit
    ): TrampolineLinks {
        val app = context.applicationContext ?: context
        val loadSnapshot: (() -> SiteLinkTable?)? = if (snapshotAsset == null) null else {
            { readSnapshot(app, snapshotAsset, configuration.host) }
        }
        val resolver =
            LinkResolver(configuration.host, configuration.scheme, fetcher = fetcher, loadSnapshot = loadSnapshot)
        val main = Handler(Looper.getMainLooper())
        return TrampolineLinks(
            configuration, SharedPreferencesLinkStore.of(app), resolver,
            deliverOn = Executor { main.post(it) },
            browser = browser ?: { url -> openInBrowser(app, url) },
            unmatched = unmatched
        )
    }

    /** The snapshot `name` in the assets of `context`, or null when it is missing or not a table for `host`. */
    fun readSnapshot(context: Context, name: String, host: String): SiteLinkTable? = try {
        context.assets.open(name).use { SiteLinkTable.read(it, host).valueOrNull() }
    } catch (e: IOException) {
        null
    }
}
