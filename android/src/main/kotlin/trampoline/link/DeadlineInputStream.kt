package trampoline.link

import java.io.FilterInputStream
import java.io.InputStream
import java.net.SocketTimeoutException

/**
 * A body read that ends at `deadline` (a `System.nanoTime()` value), however the server paces its
 * bytes: a socket's read timeout bounds each read, not the whole body, so a server sending a byte
 * now and then would keep it reading. Each read past the deadline throws, after `onExpired` (the
 * connection's disconnect): closing an HTTP body stream that is still open drains the rest of it
 * to keep the connection alive, which a trickling server makes as slow as the whole body.
 */
internal class DeadlineInputStream(
    input: InputStream,
    private val deadline: Long,
    private val onExpired: () -> Unit = {}
) : FilterInputStream(input) {
    private fun check() {
        if (System.nanoTime() - deadline > 0) {
            onExpired()
            throw SocketTimeoutException("the request's deadline passed")
        }
    }

    override fun read(): Int {
        check()
        return super.read().also { check() }
    }

    override fun read(b: ByteArray, off: Int, len: Int): Int {
        check()
        return super.read(b, off, len).also { check() }
    }
}
