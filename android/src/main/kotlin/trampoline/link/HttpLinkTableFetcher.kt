package trampoline.link

import java.io.IOException
import java.net.HttpURLConnection
import java.net.SocketTimeoutException
import java.net.URL
import java.util.concurrent.ScheduledThreadPoolExecutor
import java.util.concurrent.ThreadFactory
import java.util.concurrent.TimeUnit
import java.util.concurrent.atomic.AtomicBoolean

/**
 * Reads link-table files with `java.net.HttpURLConnection`: no redirect is followed (a redirect is
 * a failure), no body larger than the cap is read, nothing is cached by the connection (the
 * resolver keeps the `ETag`), and every request ends within `timeoutMillis`, however slowly the
 * server answers (a watchdog disconnects it).
 */
class HttpLinkTableFetcher(
    val timeoutMillis: Int = 3_000,
    val maximumSize: Int = SiteLinkTable.MAXIMUM_FILE_SIZE
) : LinkTableFetcher {
    override fun fetch(url: String, ifNoneMatch: String?): LinkTableResponse {
        val connection = try {
            val parsed = URL(url)
            if (parsed.protocol != "https" && parsed.protocol != "http") return LinkTableResponse.Failed(
                LinkResolutionFailure.Unreachable
            )
            parsed.openConnection() as? HttpURLConnection
        } catch (e: IOException) {
            null
        } catch (e: RuntimeException) {
            null
        } ?: return LinkTableResponse.Failed(LinkResolutionFailure.Unreachable)
        val expired = AtomicBoolean(false)
        // The watchdog's disconnect is lost if it fires before the connection is made (a slow start);
        // the deadline is then checked at every step and every read.
        val deadline = System.nanoTime() + timeoutMillis * 1_000_000L
        val watchdog = Watchdog.executor.schedule(Runnable {
            expired.set(true)
            connection.disconnect()
        }, timeoutMillis.toLong(), TimeUnit.MILLISECONDS)
        return try {
            connection.instanceFollowRedirects = false
            connection.useCaches = false
            connection.connectTimeout = timeoutMillis
            connection.readTimeout = timeoutMillis
            connection.requestMethod = "GET"
            connection.setRequestProperty("Accept", "application/json")
            if (ifNoneMatch != null) connection.setRequestProperty("If-None-Match", ifNoneMatch)
            val status = connection.responseCode
            if (expired.get() || System.nanoTime() - deadline > 0) return LinkTableResponse.Failed(
                LinkResolutionFailure.TimedOut
            )
            when {
                status == 200 -> {
                    val length = connection.getHeaderField("Content-Length")?.trim()?.toLongOrNull()
                    if (length != null && length > maximumSize) {
                        LinkTableResponse.Failed(LinkResolutionFailure.TableTooLarge)
                    } else {
                        val body = DeadlineInputStream(connection.inputStream, deadline) {
                            expired.set(true)
                            connection.disconnect()
                        }.use { SiteLinkTable.readAtMost(it, maximumSize) }
                        if (expired.get()) {
                            LinkTableResponse.Failed(LinkResolutionFailure.TimedOut)
                        } else if (body == null) {
                            LinkTableResponse.Failed(LinkResolutionFailure.TableTooLarge)
                        } else {
                            LinkTableResponse.Body(body, connection.getHeaderField("ETag"))
                        }
                    }
                }
                status == 304 -> LinkTableResponse.NotModified
                status in 300..399 -> LinkTableResponse.Failed(LinkResolutionFailure.Redirected)
                status < 100 -> LinkTableResponse.Failed(LinkResolutionFailure.Unreachable)
                else -> LinkTableResponse.Failed(LinkResolutionFailure.Unavailable(status))
            }
        } catch (e: SocketTimeoutException) {
            LinkTableResponse.Failed(LinkResolutionFailure.TimedOut)
        } catch (e: IOException) {
            LinkTableResponse.Failed(
                if (expired.get()) LinkResolutionFailure.TimedOut else LinkResolutionFailure.Unreachable
            )
        } catch (e: RuntimeException) {
            LinkTableResponse.Failed(
                if (expired.get()) LinkResolutionFailure.TimedOut else LinkResolutionFailure.Unreachable
            )
        } finally {
            watchdog.cancel(false)
            connection.disconnect()
        }
    }

    /** One daemon thread that ends requests at their deadline. */
    private object Watchdog {
        val executor: ScheduledThreadPoolExecutor by lazy {
            ScheduledThreadPoolExecutor(1, ThreadFactory { runnable ->
                Thread(runnable, "trampoline-link-timeout").apply { isDaemon = true }
            }).apply { removeOnCancelPolicy = true }
        }
    }
}
