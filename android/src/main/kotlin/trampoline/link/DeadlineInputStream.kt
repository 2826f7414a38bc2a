package trampoline.link

import java.io.FilterInputStream
import java.io.InputStream
import java.net.SocketTimeoutException

/**
 * A body read that ends at `deadline` (a `System.nanoTime()` value), however the server paces its
 * bytes: a socket's read timeout bounds each read, not the whole body, so a server sending a byte
 * now and then would keep it reading. Each read past the deadline throws.
 */
internal class DeadlineInputStream(input: InputStream, private val deadline: Long) : FilterInputStream(input) {
    private fun check() {
        if (System.nanoTime() - deadline > 0) throw SocketTimeoutException("the request's deadline passed")
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
