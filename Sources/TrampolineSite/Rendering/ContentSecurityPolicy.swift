import Crypto
import Foundation
import TrampolineModel

/// The Content-Security-Policy each page carries in a `<meta>`: only the tool's own inline script
/// and style may run (by SHA-256 hash); images, stylesheets and fonts load from the site itself
/// and from the origins `site.allowed_origins` names (a branded template's), images also from
/// the origins of the page's own images; nothing else loads.
/// If escaping ever failed, an injected `<script>` would still be refused by the browser.
package struct ContentSecurityPolicy: Sendable {
    /// `'sha256-…'` of the inline scripts and style exactly as the layout embeds them.
    let scriptHash: String
    let loadCookieScriptHash: String
    /// The 404 page's script when the site has routes: trampoline-route.js.
    let routeScriptHash: String
    let styleHash: String
    /// `site.allowed_origins`, each checked by the catalog reader to be a plain `https://host[:port]`.
    let allowedOrigins: [String]
    /// `site.counts`: link pages request the site's own count files (``PageOutcome``), or send
    /// events to a Plausible endpoint.
    let counts: SiteCounts

    init(
        script: String, loadCookieScript: String, routeScript: String, style: String, allowedOrigins: [String] = [],
        counts: SiteCounts = .off
    ) {
        self.allowedOrigins = allowedOrigins
        self.counts = counts
        scriptHash = Self.hash(script)
        loadCookieScriptHash = Self.hash(loadCookieScript)
        routeScriptHash = Self.hash(routeScript)
        styleHash = Self.hash(style)
    }

    package static func hash(_ text: String) -> String {
        "'sha256-" + Data(SHA256.hash(data: Data(text.utf8))).base64EncodedString() + "'"
    }

    /// The policy for a page whose script is the one `behaviour` needs; `imageSources` are the
    /// URLs of the images it shows.
    /// As the UTF-8 bytes a page is written in.
    func policy(script: PageScript, imageSources: [String]) -> [UInt8] {
        // Most pages of a site show the same images (the default share image): one policy each.
        let key = script.rawValue + "\n" + imageSources.joined(separator: "\n")
        if let known = cache.lock.withLock({ cache.policies[key] }) { return known }
        // The policy names the images' origins only: pages each with an image of its own from
        // the same few hosts share a few policies, made once (making one cost 40 times a lookup).
        var origins: [String] = []
        for source in imageSources {
            if let origin = URLAuthority.origin(of: source), !origins.contains(origin) { origins.append(origin) }
        }
        let originKey = script.rawValue + "\n" + origins.joined(separator: "\n")
        let policy =
            cache.lock.withLock({ cache.byOrigins[originKey] })
            ?? Array(makePolicy(script: script, origins: origins).utf8)
        cache.lock.withLock {
            if cache.policies.count < 1024 { cache.policies[key] = policy }
            if cache.byOrigins.count < 1024 { cache.byOrigins[originKey] = policy }
        }
        return policy
    }

    private final class Cache: @unchecked Sendable {
        let lock = NSLock()
        /// By the page's script and image URLs, then by its script and the images' origins.
        var policies: [String: [UInt8]] = [:]
        var byOrigins: [String: [UInt8]] = [:]
    }

    private let cache = Cache()

    private func makePolicy(script: PageScript, origins: [String]) -> String {
        let branded = (["'self'"] + allowedOrigins).joined(separator: " ")
        let images = ["'self'"] + allowedOrigins + origins.filter { !allowedOrigins.contains($0) }
        return [
            "default-src 'none'",
            "script-src " + scriptSource(script),
            "style-src " + styleHash + " " + branded,
            "img-src " + images.joined(separator: " "),
            "font-src " + branded,
            connectSource(script),
            "base-uri 'none'",
            "form-action 'none'",
        ].compactMap { $0 }.joined(separator: "; ")
    }

    /// The compact layout's lookup page fetches one shard of the link table; with site.counts, a
    /// link's page (the lookup page is one) requests the site's own count files, or sends events to
    /// the Plausible endpoint's origin alone. Nothing elsewhere.
    private func connectSource(_ script: PageScript) -> String? {
        var sources: [String] = []
        if script == .linkLookup || (script == .link && counts == .log) { sources.append("'self'") }
        if script == .link || script == .linkLookup, let origin = counts.eventOrigin { sources.append(origin) }
        return sources.isEmpty ? nil : "connect-src " + sources.joined(separator: " ")
    }

    private func scriptSource(_ script: PageScript) -> String {
        switch script {
        case .none: "'none'"
        case .loadCookie: loadCookieScriptHash
        // 'strict-dynamic': the page's own script may load trampoline-more.js; markup may not.
        case .link, .linkLookup: scriptHash + " 'strict-dynamic'"
        case .routeTable: routeScriptHash
        }
    }

    /// The `src` of every `<img>` in HTML that cmark wrote (attribute values HTML-escaped).
    static func imageSources(in html: [UInt8]) -> [String] {
        // Read once: each access to a global checks that it is initialised, and this ran per `<`.
        let imageTag = Self.imageTag
        return html.withUnsafeBufferPointer { bytes in
            var sources: [String] = []
            var i = 0
            // From `<` to `<` with memchr: the generic firstRange(of:) was a sixth of a build, and
            // a byte-by-byte scan still a few instructions a byte of every page's body.
            while i + imageTag.count <= bytes.count {
                guard let found = memchr(bytes.baseAddress! + i, Int32(UInt8(ascii: "<")), bytes.count - i) else {
                    break
                }
                i = bytes.baseAddress!.distance(to: found.assumingMemoryBound(to: UInt8.self))
                guard i + imageTag.count <= bytes.count, imageTag.indices.allSatisfy({ bytes[i + $0] == imageTag[$0] })
                else {
                    i += 1
                    continue
                }
                let value = bytes[(i + imageTag.count)...].prefix { $0 != UInt8(ascii: "\"") }
                let source = String(decoding: value, as: UTF8.self)
                sources.append(
                    value.contains(UInt8(ascii: "&")) ? source.replacingOccurrences(of: "&amp;", with: "&") : source)
                i = value.endIndex
            }
            return sources
        }
    }

    private static let imageTag = Array("<img src=\"".utf8)
}
