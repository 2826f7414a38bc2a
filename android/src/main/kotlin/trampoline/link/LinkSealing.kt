package trampoline.link

import java.security.MessageDigest

/**
 * The hashing and sealing of link table format version 2 (docs/link-table.md): a link is named by
 * a hash of its host and path, and its entry is sealed with a key derived from them, so the table
 * lists no path and an entry is read only by whoever knows the path. The reference is
 * Tests/Fixtures/link_table_v2.py.
 */
internal object LinkSealing {
    private const val PREFIX = "trampoline-link-table/2 "

    /** SHA-256 of the UTF-8 of `PREFIX + label + "\n" + host + "\n" + path`. */
    fun digest(label: String, host: String, path: String): ByteArray =
        sha256().digest((PREFIX + label + "\n" + host + "\n" + path).toByteArray(Charsets.UTF_8))

    /** Lowercase hex of the first 16 bytes of the `id` digest. */
    fun linkId(host: String, path: String): String {
        val digest = digest("id", host, path)
        val out = StringBuilder(32)
        for (i in 0 until 16) {
            val byte = digest[i].toInt() and 0xFF
            out.append(HEX[byte ushr 4]).append(HEX[byte and 0x0F])
        }
        return out.toString()
    }

    /** The first 4 bytes of the `id` digest, big-endian unsigned, modulo `count`. */
    fun shard(host: String, path: String, count: Int): Int {
        val digest = digest("id", host, path)
        var value = 0L
        for (i in 0 until 4) value = (value shl 8) or (digest[i].toLong() and 0xFF)
        return (value % Math.max(1, count)).toInt()
    }

    fun key(host: String, path: String): ByteArray = digest("key", host, path)

    /** `data` XOR the keystream of `key`: SHA-256(key ‖ block as 4 bytes big-endian) for blocks 0, 1, 2… */
    fun xor(key: ByteArray, data: ByteArray): ByteArray {
        val out = ByteArray(data.size)
        val sha = sha256()
        var block = 0
        var at = 0
        while (at < data.size) {
            sha.update(key)
            for (shift in intArrayOf(24, 16, 8, 0)) sha.update((block ushr shift).toByte())
            val stream = sha.digest()
            for (i in 0 until Math.min(stream.size, data.size - at)) {
                out[at + i] = (data[at + i].toInt() xor stream[i].toInt()).toByte()
            }
            at += stream.size
            block++
        }
        return out
    }

    fun seal(host: String, path: String, entry: ByteArray): String = Base64.encode(xor(key(host, path), entry))

    /** The entry bytes, or null when `sealed` is not Base64. */
    fun unseal(host: String, path: String, sealed: String): ByteArray? =
        Base64.decode(sealed)?.let { xor(key(host, path), it) }

    // A new instance each time: MessageDigest is not thread-safe, and the resolver runs on any thread.
    private fun sha256(): MessageDigest = MessageDigest.getInstance("SHA-256")

    private const val HEX = "0123456789abcdef"
}
