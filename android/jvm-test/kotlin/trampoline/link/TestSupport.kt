package trampoline.link

import java.io.File
import java.util.concurrent.atomic.AtomicLong
import org.junit.jupiter.api.Assertions.fail

/** The repository's shared test tables (Tests/Fixtures), read from the repository itself, not a copy. */
object Fixtures {
    /** The repository: `-Dtrampoline.root`, or the first folder up from here holding Tests/Fixtures. */
    val root: File by lazy {
        val given = System.getProperty("trampoline.root")
        if (given != null) File(given).absoluteFile else {
            var dir: File? = File("").absoluteFile
            while (dir != null && !File(dir, "Tests/Fixtures").isDirectory) dir = dir.parentFile
            dir ?: throw IllegalStateException("Tests/Fixtures not found above " + File("").absolutePath)
        }
    }

    fun file(path: String): File = File(root, path)

    /** A fixture's JSON object, read with the library's own strict reader. */
    fun json(name: String): Map<*, *> =
        Json.parse(file("Tests/Fixtures/$name").readBytes()) as? Map<*, *>
            ?: throw IllegalStateException("$name is not a JSON object")
}

/** The list member `name` of a JSON object, as objects. */
fun Map<*, *>.objects(name: String): List<Map<*, *>> = (this[name] as List<*>).map { it as Map<*, *> }

/** The string member `name`, or null when absent or JSON null. */
fun Map<*, *>.string(name: String): String? = this[name] as? String

/** The accepted value, or a test failure naming the reason. */
fun <T, E> Checked<T, E>.ok(what: String = ""): T = when (this) {
    is Checked.Ok -> value
    is Checked.Refused -> fail("refused $what: $reason")
}

/** The reason, or a test failure naming the accepted value. */
fun <T, E> Checked<T, E>.refused(what: String = ""): E = when (this) {
    is Checked.Ok -> fail("accepted $what as $value")
    is Checked.Refused -> reason
}

/** A test clock in Unix milliseconds: time moves only when a test says so. */
class TestClock(start: Long) {
    private val current = AtomicLong(start)
    val now: Long
        get() = current.get()

    fun advance(seconds: Long) {
        current.addAndGet(seconds * 1000)
    }
}

/** The encoding `URLSearchParams.toString()` writes: what the pages put in the install referrer. */
fun formEncoded(vararg pairs: Pair<String, String>): String = pairs.joinToString("&") { (name, value) ->
    val out = StringBuilder()
    FormQuery.appendEncoded(name, out)
    out.append('=')
    FormQuery.appendEncoded(value, out)
    out.toString()
}

/** The install referrer the pages write for `link` (the marked deferred link) and its campaign keys. */
fun referrer(link: String, vararg utm: Pair<String, String>): String = formEncoded(Pair("deep_link", link), *utm)

/** 2026-01-01T00:00:00Z. */
const val NOW_SECONDS = 1_767_225_600L
const val NOW = NOW_SECONDS * 1000

/**
 * The `T` that `block` throws, or a test failure (JUnit's Kotlin `assertThrows` needs a newer compiler than Debian's).
 */
inline fun <reified T : Throwable> thrownBy(block: () -> Unit): T {
    try {
        block()
    } catch (e: Throwable) {
        if (e is T) return e
        throw AssertionError("expected ${T::class.java.name}, got $e", e)
    }
    throw AssertionError("expected ${T::class.java.name}, nothing was thrown")
}
