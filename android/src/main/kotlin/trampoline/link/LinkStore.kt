package trampoline.link

/**
 * Remembers which deferred links were delivered, across launches, so each is delivered at most
 * once; and the few one-time marks (first launch, install referrer read). It keeps tokens only:
 * fingerprints and marks, never a link. `SharedPreferencesLinkStore` on a device,
 * [InMemoryLinkStore] in tests. A relaunch is a new [TrampolineLinks] over the same store.
 */
interface LinkStore {
    /**
     * Records `token` and returns true the first time it is claimed; false ever after, in this
     * launch or any later one. Must be atomic: two claims of one token never both return true.
     */
    fun claim(token: String): Boolean

    /** Whether `token` was claimed, without claiming it. */
    fun isClaimed(token: String): Boolean
}

/** A [LinkStore] in memory: for tests, and for simulating relaunches (keep the store, make a new [TrampolineLinks]). */
class InMemoryLinkStore : LinkStore {
    private val claimed = LinkedHashSet<String>()

    @Synchronized
    override fun claim(token: String): Boolean = claimed.add(token)

    @Synchronized
    override fun isClaimed(token: String): Boolean = token in claimed

    /** The tokens claimed so far (fingerprints and marks, never links). */
    val tokens: Set<String>
        @Synchronized get() = claimed.toSet()
}
