package trampoline.link

/**
 * How the resolver reads a file of the live link table. [HttpLinkTableFetcher] is the real one;
 * tests and apps with their own networking (OkHttp, Cronet) may supply another. Called on a
 * background thread; it may block until its timeout.
 */
interface LinkTableFetcher {
    /** GETs `url`, revalidating with `If-None-Match: etag` when one is given. Never follows a redirect. */
    fun fetch(url: String, ifNoneMatch: String?): LinkTableResponse
}

/** What a table request gave. */
sealed class LinkTableResponse {
    /** 200 with this body (already checked against the size cap) and its `ETag`, if any. */
    class Body(val bytes: ByteArray, val etag: String?) : LinkTableResponse()

    /** 304: the copy held for the `ETag` sent is current. */
    object NotModified : LinkTableResponse()

    /** No usable answer. */
    class Failed(val reason: LinkResolutionFailure) : LinkTableResponse()
}
