package trampoline.link.android

import android.content.Context
import android.content.Intent
import android.net.Uri
import trampoline.link.LinkDisposition
import trampoline.link.TrampolineLinks

/**
 * The link an `Intent` brings (`ACTION_VIEW` with data: an App Link or the app's scheme), opened
 * like [TrampolineLinks.open]. Null when the intent brings no link, or is the same intent relaunched
 * from Recents (`FLAG_ACTIVITY_LAUNCHED_FROM_HISTORY`): call it from `onCreate` when
 * `savedInstanceState == null`, and from `onNewIntent`.
 */
fun TrampolineLinks.open(intent: Intent?, whenResolved: (LinkDisposition) -> Unit = {}): LinkDisposition? {
    if (intent == null || intent.action != Intent.ACTION_VIEW) return null
    if ((intent.flags and Intent.FLAG_ACTIVITY_LAUNCHED_FROM_HISTORY) != 0) return null
    val data = intent.dataString ?: return null
    return open(data, whenResolved)
}

/**
 * Opens `url` in the person's browser, never in this app (the App Link filter would send it back
 * here): the intent is sent to the browser app through a `CATEGORY_APP_BROWSER` selector. Returns
 * false when no browser could be started. Apps using Custom Tabs pass their own function to
 * [AndroidTrampoline.create] instead.
 */
fun openInBrowser(context: Context, url: String): Boolean {
    val intent = Intent(Intent.ACTION_VIEW, Uri.parse(url))
    intent.setSelector(Intent.makeMainSelectorActivity(Intent.ACTION_MAIN, Intent.CATEGORY_APP_BROWSER))
    intent.addFlags(Intent.FLAG_ACTIVITY_NEW_TASK)
    return try {
        context.startActivity(intent)
        true
    } catch (e: RuntimeException) {
        false
    }
}
