import TrampolineModel

extension AppLinkTags {
    init(link: Link, app: AppSettings) {
        guard !link.isRoute else { return }
        let deepLink = link.deferredLink(fixed: link.fixedQueryKeys)
        let name = Array(app.name.utf8)
        if let ios = app.ios {
            iosURL = Array(deepLink.utf8)
            iosAppStoreID = Array(ios.appStoreID.utf8)
            iosAppName = name
        }
        if let android = app.android {
            androidURL = Array(Self.withScheme(android.scheme, deepLink).utf8)
            androidPackage = Array(android.package.utf8)
            androidAppName = name
        }
        if link.options.fallback == .web, let web = link.webURL {
            webURL = Array(web.utf8)
        } else {
            webShouldFallback = Array("true".utf8)
        }
    }

    /// `link` with `scheme` in place of its own (and its `//`, if any), as trampoline.js's
    /// `intentURL` and `androidLink` do: `marry://plan?id=1` → `marryapp://plan?id=1`.
    static func withScheme(_ scheme: String, _ link: String) -> String {
        var rest = Substring(link)
        if let colon = rest.firstIndex(of: ":"),
            rest[..<colon].first?.isLetter == true,
            rest[..<colon].allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "+.-".contains($0)) })
        {
            rest = rest[rest.index(after: colon)...]
            if rest.hasPrefix("//") { rest = rest.dropFirst(2) }
        }
        return scheme + "://" + rest
    }
}
