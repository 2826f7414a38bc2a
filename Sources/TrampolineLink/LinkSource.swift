/// Where an ``IncomingLink`` came from.
public enum LinkSource: String, Sendable, Hashable, CaseIterable {
    /// A universal link (`https://` on the site's host) that opened the app.
    case universalLink
    /// A custom-scheme URL (`marry://…`) that opened the app.
    case customScheme
    /// A deferred link read from the pasteboard (after a `detectPatterns` probe or a `UIPasteControl` tap).
    case clipboard
    /// A deferred link handed back by `loadCookie.html` through `ASWebAuthenticationSession`.
    case cookie
    /// A deferred link from another channel the app reads itself (say, its own server).
    case other

    /// Whether links from this source are deferred links: marked, once-only, and subject to expiry.
    public var isDeferred: Bool {
        switch self {
        case .clipboard, .cookie, .other: true
        case .universalLink, .customScheme: false
        }
    }
}
