package trampoline.link

import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertFalse
import org.junit.jupiter.api.Assertions.assertNull
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test

/** The onboarding inbox as a pure state machine: hold, release, latest tap wins, timeout. */
class LinkInboxTests {
    private val config = LinkConfiguration("marry", "go.example.com", cookieDays = 1, holdTimeoutMillis = 600_000)

    private fun opened(text: String, atSeconds: Double): IncomingLink =
        IncomingLink.opening(text, config, NOW + (atSeconds * 1000).toLong()).ok()

    @Test
    fun anOpenInboxDeliversAtOnce() {
        val inbox = LinkInbox(held = false, timeoutMillis = 600_000)
        assertEquals(LinkInbox.Outcome.DELIVER_NOW, inbox.receive(opened("marry://a", 0.0)))
        assertNull(inbox.pending)
    }

    @Test
    fun heldLinksWaitForReleaseAndTheLatestTapWins() {
        val inbox = LinkInbox(timeoutMillis = 600_000)
        assertTrue(inbox.isHeld)
        val first = opened("marry://first", 0.0)
        val second = opened("https://go.example.com/second", 5.0)
        assertEquals(LinkInbox.Outcome.HELD, inbox.receive(first))
        assertEquals(LinkInbox.Outcome.HELD, inbox.receive(second))
        assertEquals(second, inbox.pending)
        assertEquals(second, inbox.release(NOW + 10_000))
        assertFalse(inbox.isHeld)
        assertNull(inbox.pending)
        assertNull(inbox.release(NOW + 11_000), "a link is released once")
        assertEquals(LinkInbox.Outcome.DELIVER_NOW, inbox.receive(opened("marry://later", 12.0)))
    }

    @Test
    fun aDeferredLinkFromBeforeTheInstallNeverReplacesALaterTap() {
        val inbox = LinkInbox(timeoutMillis = 600_000)
        val tapped = opened("https://go.example.com/invite/7", 60.0)
        // The install referrer answers after the App Link, but its visit was before the install.
        val deferred = DeferredLink.fromInstallReferrer(
            referrer("marry://topic?tl_t=${NOW_SECONDS - 3600}"), config, NOW + 61_000
        ).ok()
        assertEquals(LinkInbox.Outcome.HELD, inbox.receive(tapped))
        assertEquals(LinkInbox.Outcome.SUPERSEDED, inbox.receive(deferred))
        assertEquals(tapped, inbox.release(NOW + 70_000))
    }

    @Test
    fun aHeldLinkExpiresAfterTheTimeout() {
        val inbox = LinkInbox(timeoutMillis = 600_000)
        val link = opened("marry://a", 0.0)
        assertEquals(LinkInbox.Outcome.HELD, inbox.receive(link))
        assertNull(inbox.expire(NOW + 600_000))
        assertEquals(link, inbox.pending)
        assertNull(inbox.release(NOW + 600_500), "held longer than the timeout")
        assertNull(inbox.pending)

        val again = LinkInbox(timeoutMillis = 600_000)
        again.receive(link)
        assertEquals(link, again.release(NOW + 600_000), "exactly the timeout is still in time")

        val expiring = LinkInbox(timeoutMillis = 600_000)
        expiring.receive(link)
        assertEquals(link, expiring.expire(NOW + 601_000))
        assertNull(expiring.pending)
        assertTrue(expiring.isHeld)
    }

    @Test
    fun holdingAgainKeepsLaterLinks() {
        val inbox = LinkInbox(held = false, timeoutMillis = 600_000)
        inbox.hold()
        val link = opened("marry://a", 0.0)
        assertEquals(LinkInbox.Outcome.HELD, inbox.receive(link))
        assertEquals(link, inbox.release(NOW + 1000))
    }
}
