package trampoline.link

import com.sun.net.httpserver.HttpExchange
import com.sun.net.httpserver.HttpServer
import java.io.File
import java.io.IOException
import java.net.InetAddress
import java.net.InetSocketAddress
import java.nio.file.Files
import java.security.MessageDigest
import java.util.Collections
import java.util.concurrent.CountDownLatch
import java.util.concurrent.ExecutorService
import java.util.concurrent.Executors
import java.util.concurrent.ThreadFactory
import java.util.concurrent.TimeUnit
import java.util.concurrent.atomic.AtomicReference
import org.junit.jupiter.api.AfterAll
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertNotNull
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.BeforeAll
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.TestInstance

/**
 * The resolver with its real fetcher ([HttpLinkTableFetcher], `HttpURLConnection`) against real
 * HTTP on loopback (`com.sun.net.httpserver`). The first path segment picks how the server answers
 * (as Tests/Fixtures/table_server.py does for the Swift tests), the second which site:
 *
 * - `ok` the file, with a strong `ETag`; 304 when `If-None-Match` matches
 * - `redirect` 302 to the same file under `ok` (never followed); `elsewhere` 302 to another host
 * - `slow` the file after 30 seconds; `trickle` the headers at once, then a byte every 200 ms
 * - `big` 2 MiB with its length; `bigchunked` 2 MiB chunked; `malformed` and `html`, 200 with no JSON
 * - `missing` 404
 *
 * Sites: `example`, the site the tool built for its own snapshot tests
 * (Tests/TrampolineGeneratorTests/Snapshots/example); `gen`, a 404-link table in 4 shards; `composition`,
 * the shared composition table's entries in 3 shards. Only the host name is not real: the table is
 * read from `http://127.0.0.1:<port>/<mode>/<site>` as it would be from `https://go.example.com`.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class LinkResolverHttpTests {
    data class Request(val mode: String, val site: String, val path: String, val status: Int, val ifNoneMatch: String?)

    private lateinit var server: HttpServer
    private lateinit var threads: ExecutorService
    private lateinit var scratch: File
    private var port = 0
    private val log: MutableList<Request> = Collections.synchronizedList(ArrayList<Request>())
    private val sites = HashMap<String, File>()

    private val gen = TableSite(
        "go.example.com", "marry", 4,
        listOf("/restaurant/:id(digits)" to LinkTarget("marry://restaurant/:id")),
        mapOf(
            "/spring-sale" to LinkTarget("marry://promo/spring?utm_source=news", forwardQuery = true),
            "/Xy7a" to LinkTarget("marry://invite?code=AB12", listOf("code"), true),
            "/xy7a" to LinkTarget("marry://invite?code=CD34", listOf("code"), true)
        ) + (0 until 400).associate { "/p/$it" to LinkTarget("marry://p/$it", forwardQuery = true) }
    )

    @BeforeAll
    fun serve() {
        scratch = Files.createTempDirectory("trampoline-link-sites").toFile()
        sites["gen"] = File(scratch, "gen").also { gen.write(it) }
        val (routes, links) = LinkCompositionTableTests.entries()
        sites["composition"] = File(scratch, "composition").also {
            TableSite("go.example.com", "marry", 3, routes.map { r -> r.pattern.text to r.target }, links).write(it)
        }
        sites["example"] = Fixtures.file("Tests/TrampolineGeneratorTests/Snapshots/example")
        threads = Executors.newCachedThreadPool(
            ThreadFactory { r -> Thread(r, "table-server").apply { isDaemon = true } }
        )
        server = HttpServer.create(InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0)
        server.executor = threads
        server.createContext("/") { exchange ->
            try {
                answer(exchange)
            } catch (e: IOException) {
                // The client went away (a cap or a timeout): nothing more to send.
            } finally {
                exchange.close()
            }
        }
        server.start()
        port = server.address.port
    }

    @AfterAll
    fun stop() {
        server.stop(0)
        threads.shutdownNow()
        scratch.deleteRecursively()
    }

    private fun answer(exchange: HttpExchange) {
        val parts = exchange.requestURI.rawPath.split('/', limit = 4)
        val mode = parts.getOrElse(1) { "" }
        val site = parts.getOrElse(2) { "" }
        val path = "/" + parts.getOrElse(3) { "" }
        val ifNoneMatch = exchange.requestHeaders.getFirst("If-None-Match")
        fun send(
            status: Int,
            body: ByteArray = ByteArray(0),
            headers: Map<String, String> = emptyMap(),
            chunked: Boolean = false
        ) {
            log.add(Request(mode, site, path, status, ifNoneMatch))
            for ((k, v) in headers) exchange.responseHeaders.add(k, v)
            exchange.sendResponseHeaders(
                status, if (chunked) 0L else if (body.isEmpty() || status == 304) -1L else body.size.toLong()
            )
            if (body.isNotEmpty() && status != 304) exchange.responseBody.write(body)
        }
        val json = mapOf("Content-Type" to "application/json")
        when (mode) {
            "redirect" -> return send(302, headers = mapOf("Location" to "/ok/$site$path"))
            "elsewhere" -> return send(302, headers = mapOf("Location" to "http://example.invalid$path"))
            "missing" -> return send(404, "not here".toByteArray())
            "malformed" -> return send(200, "{this is not json".toByteArray(), json)
            "html" -> return send(
                200, "<!doctype html><title>Not found</title>".toByteArray(), mapOf("Content-Type" to "text/html")
            )
            "big" -> return send(200, ("{\"x\":\"" + "a".repeat(2 shl 20) + "\"}").toByteArray(), json)
            "bigchunked" -> return send(
                200, ("{\"x\":\"" + "a".repeat(2 shl 20) + "\"}").toByteArray(), json, chunked = true
            )
        }
        val root = sites[site]
        val file = if (root == null) null else File(root, path).canonicalFile
        if (root == null || file == null || !file.path.startsWith(root.canonicalPath + File.separator) ||
            !file.isFile || mode !in setOf("ok", "slow", "trickle")
        ) {
            return send(404, "not here".toByteArray())
        }
        val body = file.readBytes()
        val etag = "\"" +
            MessageDigest.getInstance("SHA-256").digest(body).joinToString("") { String.format("%02x", it) }.take(16) +
            "\""
        when (mode) {
            "slow" -> Thread.sleep(30_000)
            "trickle" -> {
                log.add(Request(mode, site, path, 200, ifNoneMatch))
                exchange.sendResponseHeaders(200, body.size.toLong())
                for (b in body) {
                    exchange.responseBody.write(byteArrayOf(b))
                    exchange.responseBody.flush()
                    Thread.sleep(200)
                }
                return
            }
        }
        if (ifNoneMatch == etag) return send(304, headers = mapOf("ETag" to etag))
        send(200, body, json + mapOf("ETag" to etag))
    }

    private fun base(mode: String, site: String = "gen") = "http://127.0.0.1:$port/$mode/$site"

    private fun resolver(mode: String, site: String = "gen", snapshot: SiteLinkTable? = null, timeout: Int = 3_000) =
        LinkResolver("go.example.com", "marry", snapshot, HttpLinkTableFetcher(timeout), base(mode, site))

    @Test
    fun liveHitsMissesRoutesAndCasePairs() {
        val live = resolver("ok")
        val cases = listOf(
            "https://go.example.com/spring-sale?ref=qr" to Checked.Ok("marry://promo/spring?utm_source=news&ref=qr"),
            "https://go.example.com/Xy7a" to Checked.Ok("marry://invite?code=AB12"),
            "https://go.example.com/xy7a?code=evil" to Checked.Ok("marry://invite?code=CD34"),
            "https://go.example.com/XY7A" to Checked.Refused(LinkResolutionFailure.NotALink),
            "https://go.example.com/restaurant/42?x=1" to Checked.Ok("marry://restaurant/42"),
            "https://go.example.com/p/399/" to Checked.Ok("marry://p/399"),
            "https://go.example.com/nope" to Checked.Refused(LinkResolutionFailure.NotALink)
        )
        for ((url, expected) in cases) assertEquals(expected, live.resolve(url), url)
        // Site files and bad paths are answered without a request.
        val before = log.size
        assertEquals(LinkResolutionFailure.SiteFile, live.resolve("https://go.example.com/loadCookie.html").refused())
        assertEquals(LinkResolutionFailure.MalformedPath, live.resolve("https://go.example.com/p/%2e%2e/x").refused())
        assertEquals(before, log.size)
    }

    /**
     * The site the tool itself built: each of its link pages is in the shard its id names and resolves to the deep
     * link the page attempts, and the shards hold no other link. The table lists no path: the pages name them.
     */
    @Test
    fun theToolBuiltSiteResolvesEveryLink() {
        val root = sites.getValue("example")
        val folder = File(root, ".well-known/trampoline/v2")
        val index = SiteLinkTable.read(File(folder, "index.json").readBytes(), "go.example.com").ok("the tool's index")
        val shards = (0 until index.shards).map { n ->
            SiteLinkTable.readShard(File(folder, "links/$n.json").readBytes()).ok("shard $n")
        }
        val paths = root.walk().filter { it.name == "index.html" && it.parentFile != root }
            .map { "/" + it.parentFile.relativeTo(root).invariantSeparatorsPath }.toList()
        val live = resolver("ok", "example")
        for (path in paths) {
            val id = SiteLinkTable.linkId("go.example.com", path)
            assertTrue(id in shards[SiteLinkTable.shard("go.example.com", path, index.shards)], "$path in its shard")
            val deepLink = live.resolve("https://go.example.com$path").ok(path)
            val page = File(root, path.drop(1) + "/index.html").readText()
            assertTrue(page.contains(deepLink), "$path opens $deepLink, as its page does")
        }
        assertTrue(paths.size >= 3)
        assertEquals(paths.size, shards.sumBy { it.size }, "the shards hold the pages' links and no other")
        assertEquals(
            LinkResolutionFailure.NotALink, live.resolve("https://go.example.com/not-in-the-example").refused()
        )
    }

    @Test
    fun theIndexAndShardsAreRevalidatedWithTheirETags() {
        val live = resolver("ok")
        assertEquals("marry://p/1", live.resolve("https://go.example.com/p/1").ok())
        val before = log.size
        assertEquals("marry://p/1", live.resolve("https://go.example.com/p/1").ok())
        val revalidated = log.subList(before, log.size).toList()
        assertEquals(2, revalidated.size, "the index and the one shard: $revalidated")
        for (request in revalidated) {
            assertEquals(304, request.status, request.toString())
            assertNotNull(request.ifNoneMatch, "sent If-None-Match: $request")
        }
    }

    @Test
    fun theSnapshotIsReadFirstAndTheLiveTableOnlyForWhatItLacks() {
        val snapshot = SiteLinkTable.read(gen.snapshot.toByteArray(), "go.example.com").ok("the snapshot")
        assertEquals(403, snapshot.links.size)
        val before = log.size
        val offline = resolver("missing", snapshot = snapshot)
        assertEquals("marry://p/7", offline.resolve("https://go.example.com/p/7").ok())
        assertEquals("marry://restaurant/9", offline.resolve("https://go.example.com/restaurant/9").ok())
        assertEquals(before, log.size, "the snapshot answered without the network")
        // A link added after the app shipped: not in its snapshot, found in the live table.
        val older = snapshot.copy(links = snapshot.links - SiteLinkTable.linkId("go.example.com", "/spring-sale"))
        assertEquals(
            "marry://promo/spring?utm_source=news",
            resolver("ok", snapshot = older).resolve("https://go.example.com/spring-sale").ok()
        )
        assertTrue(log.size > before)
        // Nowhere: the reason of the live table, never a guess.
        assertEquals(
            LinkResolutionFailure.Unavailable(404),
            resolver("missing", snapshot = older).resolve("https://go.example.com/spring-sale").refused()
        )
        // Read on first use only, once.
        var loads = 0
        val lazy = LinkResolver("go.example.com", "marry", fetcher = null, loadSnapshot = { loads++; snapshot })
        assertEquals(0, loads)
        assertEquals("marry://p/8", lazy.resolve("https://go.example.com/p/8").ok())
        assertEquals("marry://p/9", lazy.resolve("https://go.example.com/p/9").ok())
        assertEquals(1, loads)
        assertEquals(snapshot, SiteLinkTable.read(gen.snapshot.byteInputStream(), "go.example.com").ok())
    }

    /**
     * The deadline holds even when the watchdog's disconnect comes before the connection exists
     * (a slow start, as under load): each read past it throws, however the bytes are paced.
     */
    @Test
    fun aTrickledBodyEndsAtTheDeadlineWhateverThePace() {
        val paced = PacedBody()
        val started = System.nanoTime()
        val stream = DeadlineInputStream(paced, started + 300_000_000L)
        val thrown = try {
            SiteLinkTable.readAtMost(stream, 1 shl 20)
            null
        } catch (e: java.net.SocketTimeoutException) {
            e
        }
        val seconds = (System.nanoTime() - started) / 1e9
        assertNotNull(thrown, "a read past the deadline throws")
        assertTrue(seconds < 10, "the deadline, not the body, ends the read ($seconds s)")
    }

    /**
     * Closing the body of a keep-alive response drains what is left of it first (the JDK's
     * `sun.net.www.http.KeepAliveStream.close`), so a stream closed after its deadline would wait
     * out a trickling server: the deadline disconnects first (`onExpired`), and closing is quick.
     * Modelled: a body whose `close` drains a byte every 50 ms for 30 s unless the connection is gone.
 * The bounds are wide (10 s against 30 s or more) so a loaded CI machine cannot fail them.
     */
    @Test
    fun aBodyPastItsDeadlineIsDisconnectedBeforeItIsClosed() {
        var disconnected = false
        val draining = object : PacedBody() {
            override fun close() {
                repeat(600) { if (!disconnected) Thread.sleep(50) }
            }
        }
        val started = System.nanoTime()
        val thrown = try {
            DeadlineInputStream(draining, started + 200_000_000L) { disconnected = true }.use {
                SiteLinkTable.readAtMost(it, 1 shl 20)
            }
            null
        } catch (e: java.net.SocketTimeoutException) {
            e
        }
        val seconds = (System.nanoTime() - started) / 1e9
        assertNotNull(thrown, "a read past the deadline throws")
        assertTrue(disconnected, "the deadline disconnects before the stream is closed")
        assertTrue(seconds < 10, "closing after the deadline drains nothing ($seconds s)")
    }

    @Test
    fun everyMisbehavingHostIsATypedReason() {
        val cases = listOf(
            "missing" to LinkResolutionFailure.Unavailable(404), "malformed" to LinkResolutionFailure.MalformedTable,
            "html" to LinkResolutionFailure.MalformedTable, "big" to LinkResolutionFailure.TableTooLarge,
            "bigchunked" to LinkResolutionFailure.TableTooLarge, "redirect" to LinkResolutionFailure.Redirected,
            "elsewhere" to LinkResolutionFailure.Redirected
        )
        for ((mode, reason) in cases) assertEquals(
            reason, resolver(mode).resolve("https://go.example.com/p/1").refused(mode), mode
        )
        for (mode in listOf("slow", "trickle")) {
            val started = System.nanoTime()
            assertEquals(
                LinkResolutionFailure.TimedOut,
                resolver(mode, timeout = 1_000).resolve("https://go.example.com/p/1").refused(mode),
                mode
            )
            val seconds = (System.nanoTime() - started) / 1e9
            assertTrue(seconds < 10, "$mode: the timeout, not the server, ends the wait ($seconds s)")
        }
        val dead = LinkResolver(
            "go.example.com", "marry", fetcher = HttpLinkTableFetcher(2_000), tableBase = "http://127.0.0.1:9"
        )
        assertEquals(LinkResolutionFailure.Unreachable, dead.resolve("https://go.example.com/p/1").refused())
        val other = LinkResolver("evil.example", "marry", fetcher = HttpLinkTableFetcher(), tableBase = base("ok"))
        assertEquals(
            LinkResolutionFailure.UnsupportedTable,
            other.resolve("https://evil.example/p/1").refused(),
            "a table for another host"
        )
    }

    @Test
    fun aRedirectIsNotFollowed() {
        val before = log.size
        resolver("redirect").resolve("https://go.example.com/p/2")
        val made = log.subList(before, log.size).toList()
        assertEquals(listOf("redirect"), made.map { it.mode }, "only the redirect itself was requested: $made")
    }

    /** The shared composition table, served as a live table in 3 shards: the same answers as from a snapshot. */
    @Test
    fun theCompositionTableServedLive() {
        val live = resolver("ok", "composition")
        for ((name, url, expected) in LinkCompositionTableTests.visits()) {
            val result = live.resolve("https://go.example.com$url")
            assertEquals(expected, result.valueOrNull(), "$name: $url gave $result")
        }
    }

    /**
     * The app side end to end: an App Link resolves over HTTP and is routed like its deep link; no link goes to the
     * browser.
     */
    @Test
    fun trampolineLinksRoutesAResolvedAppLink() {
        val routed: MutableList<String> = Collections.synchronizedList(ArrayList<String>())
        val browser: MutableList<String> = Collections.synchronizedList(ArrayList<String>())
        val links = TrampolineLinks(
            LinkConfiguration("marry", "go.example.com"),
            InMemoryLinkStore(),
            resolver("ok"),
            browser = { browser.add(it) }
        ) {
            routed.add("unmatched " + it.path)
        }
        links.route("/promo/:name") { routed.add("promo " + it["name"] + " " + it.query("utm_source")) }
        links.route("/invite") { routed.add("invite " + it.query("code")) }
        fun open(url: String): LinkDisposition {
            val answer = AtomicReference<LinkDisposition>()
            val done = CountDownLatch(1)
            assertEquals(LinkDisposition.Resolving, links.open(url) { answer.set(it); done.countDown() })
            assertTrue(done.await(10, TimeUnit.SECONDS))
            return answer.get()
        }
        assertEquals(LinkDisposition.Held, open("https://go.example.com/spring-sale"))
        assertEquals(LinkDisposition.Routed(RoutePattern("/promo/:name")), links.ready())
        assertEquals(LinkDisposition.Routed(RoutePattern("/invite")), open("https://go.example.com/Xy7a"))
        assertEquals(
            LinkDisposition.HandedToBrowser("https://go.example.com/nope", LinkResolutionFailure.NotALink),
            open("https://go.example.com/nope")
        )
        assertEquals(listOf("promo spring news", "invite AB12"), routed)
        assertEquals(listOf("https://go.example.com/nope"), browser)
    }
}

/** A body that gives a byte every 50 ms, each read returning what has come, as a socket's does. */
private open class PacedBody : java.io.InputStream() {
    override fun read(): Int {
        Thread.sleep(50)
        return 'a'.toInt()
    }

    override fun read(b: ByteArray, off: Int, len: Int): Int {
        if (len == 0) return 0
        b[off] = read().toByte()
        return 1
    }
}
