package trampoline.link

/**
 * Where the install referrer comes from: `PlayInstallReferrer` (Google Play's Install Referrer
 * library) on a device, a fake in tests.
 */
interface InstallReferrerSource {
    /** Reads the referrer and calls `done` exactly once, on any thread. */
    fun read(done: (InstallReferrerResult) -> Unit)
}

/** What reading the install referrer gave. */
sealed class InstallReferrerResult {
    /**
     * The referrer text (`ReferrerDetails.getInstallReferrer()`), and when the store link was clicked (Unix seconds, 0
     * when unknown).
     */
    data class Referrer(val text: String, val clickSeconds: Long = 0) : InstallReferrerResult()

    /** This install has no referrer to give (Play's `FEATURE_NOT_SUPPORTED`): not asked again. */
    object NotSupported : InstallReferrerResult()

    /**
     * No answer now (Play's service unavailable or disconnected, or another error code): asked again on the next
     * launch.
     */
    data class Unavailable(val code: Int) : InstallReferrerResult()
}
