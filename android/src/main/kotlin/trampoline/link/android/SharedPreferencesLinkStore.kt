package trampoline.link.android

import android.content.Context
import android.content.SharedPreferences
import trampoline.link.LinkStore
import trampoline.link.TrampolineLinks

/**
 * A [LinkStore] in `SharedPreferences`. It keeps the tokens only: fingerprints of delivered links
 * and the one-time marks, never a link, as one string under `key`. At most [CAPACITY]
 * fingerprints are kept (the oldest go first); the marks are always kept. Use one store per
 * preferences file and key in a process ([AndroidTrampoline.create] makes it).
 */
class SharedPreferencesLinkStore(
    private val preferences: SharedPreferences,
    private val key: String = DEFAULT_KEY
) : LinkStore {
    @Synchronized
    override fun claim(token: String): Boolean {
        require(token.indexOf('\n') < 0) { "a token is one line" }
        val tokens = read()
        if (token in tokens) return false
        tokens.add(token)
        var excess = tokens.count { it.startsWith(TrampolineLinks.LINK_PREFIX) } - CAPACITY
        val iterator = tokens.iterator()
        while (excess > 0 && iterator.hasNext()) {
            if (iterator.next().startsWith(TrampolineLinks.LINK_PREFIX)) {
                iterator.remove()
                excess--
            }
        }
        preferences.edit().putString(key, tokens.joinToString("\n")).apply()
        return true
    }

    @Synchronized
    override fun isClaimed(token: String): Boolean = token in read()

    private fun read(): MutableList<String> {
        val stored = preferences.getString(key, null) ?: return ArrayList()
        return stored.split('\n').filter { it.isNotEmpty() }.toMutableList()
    }

    companion object {
        /** How many fingerprints are kept (deferred links arrive a few times per install, not hundreds). */
        const val CAPACITY = 500

        /** The preferences file [AndroidTrampoline.create] uses. */
        const val PREFERENCES = "trampoline"

        /** The key the tokens are kept under. */
        const val DEFAULT_KEY = "TrampolineLink.delivered"

        /** The store in the app's `trampoline` preferences file. */
        fun of(context: Context): SharedPreferencesLinkStore =
            SharedPreferencesLinkStore(context.getSharedPreferences(PREFERENCES, Context.MODE_PRIVATE))
    }
}
