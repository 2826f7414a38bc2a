package trampoline.link

/**
 * Holds links while the app is not ready for them (first-run onboarding, sign-in) and hands them
 * over when it is: the state machine behind [TrampolineLinks.hold] and [TrampolineLinks.ready].
 *
 * **The latest link wins.** While held, the inbox keeps one link: the one the person tapped last
 * ([IncomingLink.tappedAtMillis]: the page visit for a deferred link, the arrival for an App Link).
 * An earlier link is dropped, not queued: replaying several navigations after onboarding would
 * show screens the person has moved on from. So a deferred link from before the install never
 * replaces an App Link tapped during sign-up, however late the install referrer answers.
 *
 * **Timeout.** A held link expires `timeoutMillis` after it arrived; [release] drops it then
 * instead of delivering it.
 *
 * The inbox lives in memory: a link held when the app is killed is lost (deferred links are
 * claimed once-only on arrival, so it is not delivered again either).
 */
class LinkInbox(held: Boolean = true, val timeoutMillis: Long) {
    /** What [receive] did with a link. */
    enum class Outcome {
        /** The inbox is open: deliver the link now. */
        DELIVER_NOW,

        /** Kept until [release], replacing any earlier tap. */
        HELD,

        /** Dropped: a link tapped later is already waiting. */
        SUPERSEDED
    }

    /** Whether links are being held. */
    var isHeld: Boolean = held
        private set

    /** The link waiting for [release], if any. */
    var pending: IncomingLink? = null
        private set

    /** Takes `link` in: to be delivered now, held (it is the latest tap), or superseded (a later tap is waiting). */
    fun receive(link: IncomingLink): Outcome {
        if (!isHeld) return Outcome.DELIVER_NOW
        val waiting = pending
        if (waiting != null && waiting.tappedAtMillis > link.tappedAtMillis) return Outcome.SUPERSEDED
        pending = link
        return Outcome.HELD
    }

    /** Starts holding links (again). */
    fun hold() {
        isHeld = true
    }

    /**
     * Stops holding. Returns the pending link to deliver, or null when there is none or it was held longer than the
     * timeout (then it is dropped).
     */
    fun release(nowMillis: Long): IncomingLink? {
        isHeld = false
        val waiting = pending ?: return null
        pending = null
        return if (isExpired(waiting, nowMillis)) null else waiting
    }

    /** Drops the pending link if it has been held longer than the timeout; returns it if so. */
    fun expire(nowMillis: Long): IncomingLink? {
        val waiting = pending ?: return null
        if (!isExpired(waiting, nowMillis)) return null
        pending = null
        return waiting
    }

    private fun isExpired(link: IncomingLink, now: Long): Boolean = now - link.receivedAtMillis > timeoutMillis
}
