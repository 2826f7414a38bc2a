/// Long links on the site's own domain, as Firebase Dynamic Links' apps made them:
/// `https://go.example.com/?link=https%3A%2F%2Fshop.example%2Fitem%2F1&ifl=…&st=…&utm_source=…`.
/// The site's long-link page and both app libraries read them the same way
/// (`Tests/Fixtures/long-links.json`), locally: nothing is fetched.
public enum LongLinks {
    /// The `utm_*` parameters carried into the deep link, in this order (as `import firebase` does).
    static let campaignNames = ["utm_source", "utm_medium", "utm_campaign", "utm_term", "utm_content"]

    /// `url` (`https://host/?link=…`) on the site `host`, or nil when it is not a long link there.
    public static func resolve(url: String, host: String, scheme: String, allow: LongLinkAllowlist)
        -> LongLinkResolution?
    {
        guard let parts = LongLinkAllowlist.split(url), !parts.authority.contains("@"),
            LongLinkAllowlist.lower(parts.authority).utf8.elementsEqual(LongLinkAllowlist.lower(host).utf8)
        else { return nil }
        // An empty path is "/", as a browser reads https://host?link=….
        let visit = parts.rest.hasPrefix("/") ? String(parts.rest) : "/" + parts.rest
        return resolve(visit: visit, scheme: scheme, allow: allow)
    }

    /// A visit's path and query (`/?link=…`), or nil when it is not a long link.
    public static func resolve(visit: String, scheme: String, allow: LongLinkAllowlist) -> LongLinkResolution? {
        // By Unicode scalars, as the page's script splits: "#" or "?" before a combining mark is
        // still "#" or "?".
        let visited = visit.unicodeScalars.prefix { $0 != "#" }
        let path = visited.prefix { $0 != "?" }
        guard String(path) == "/", let query = FormQuery(parsing: String(visited.dropFirst(path.count + 1)))
        else { return nil }
        func first(_ name: String) -> String? {
            query.pairs.first { $0.name == name }.map(\.value).flatMap { $0.isEmpty ? nil : $0 }
        }
        guard let link = first("link") else { return nil }
        for name in ["link", "ifl", "afl", "ofl"] {
            if let target = first(name), !allow.allows(target) { return .refused(parameter: name) }
        }
        var deepLink = self.deepLink(scheme: scheme, link: link)
        appendCampaign(to: &deepLink, values: campaignNames.compactMap { name in first(name).map { (name, $0) } })
        guard deepLink.utf8.count <= LinkConfiguration.maximumLength else { return .refused(parameter: "link") }
        return .opened(
            LongLinkTarget(
                deepLink: deepLink, iOSFallback: first("ifl").map { .web($0) } ?? .store,
                androidFallback: first("afl").map { .web($0) } ?? .store, desktop: first("ofl") ?? link,
                title: shown(first("st"), limit: 300), description: shown(first("sd"), limit: 1000)))
    }

    /// `link`'s path and query under the app's scheme, its leading slashes dropped.
    static func deepLink(scheme: String, link: String) -> String {
        guard let parts = LongLinkAllowlist.split(link) else { return scheme + "://" }
        let rest = parts.rest.unicodeScalars.prefix { $0 != "#" }
        let path = rest.prefix { $0 != "?" }
        let query = String(rest.dropFirst(path.count + 1))
        return scheme + "://" + String(path.drop { $0 == "/" }) + (query.isEmpty ? "" : "?" + query)
    }

    /// The campaign pairs the deep link's own query does not name, form-encoded after it.
    static func appendCampaign(to deepLink: inout String, values: [(String, String)]) {
        let own = deepLink.firstIndex(of: "?").map { deepLink[deepLink.index(after: $0)...] } ?? ""
        let ownNames = own.split(separator: "&").map { pair -> String in
            let name = pair.prefix { $0 != "=" }
            return PercentDecoding.decode(name.utf8, plusIsSpace: true, allowControls: true) ?? String(name)
        }
        var out: [UInt8] = []
        for (name, value) in values where !ownNames.contains(name) {
            out.append(UInt8(ascii: "&"))
            FormQuery.appendEncoded(name, to: &out)
            out.append(UInt8(ascii: "="))
            FormQuery.appendEncoded(value, to: &out)
        }
        guard !out.isEmpty else { return }
        if !deepLink.contains("?") {
            out[0] = UInt8(ascii: "?")
        } else if deepLink.hasSuffix("?") || deepLink.hasSuffix("&") {
            out.removeFirst()
        }
        deepLink += String(decoding: out, as: UTF8.self)
    }

    /// `text` when it may be shown: at most `limit` code points, no control or bidi control.
    static func shown(_ text: String?, limit: Int) -> String? {
        guard let text, text.unicodeScalars.count <= limit,
            !text.unicodeScalars.contains(where: {
                $0.value < 0x20 || (0x7F...0x9F).contains($0.value) || RoutePattern.isBidiControl($0)
            })
        else { return nil }
        return text
    }
}
