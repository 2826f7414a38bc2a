package trampoline.link

/** Where an [IncomingLink] came from. */
enum class LinkSource {
    /** An App Link (`https://` on the site's host) that opened the app. */
    APP_LINK,

    /** A custom-scheme URL (`marry://…`) that opened the app (the pages' `intent://` URLs). */
    CUSTOM_SCHEME,

    /** A deferred link from Google Play's install referrer (its `deep_link`). */
    INSTALL_REFERRER,

    /** A deferred link the app read from the clipboard itself. */
    CLIPBOARD,

    /** A deferred link from another channel the app reads itself (say, its own server). */
    OTHER;

    /** Whether links from this source are deferred links: marked, once-only, and subject to expiry. */
    val isDeferred: Boolean
        get() = this != APP_LINK && this != CUSTOM_SCHEME
}
