/// What a long link on the site's own domain (`https://go.example.com/?link=…`) means, once its
/// targets have been checked against the allowlist (``LongLinks``).
public enum LongLinkResolution: Sendable, Hashable {
    /// The link opens `deepLink`, the deep link `trampoline import firebase` makes of the same long
    /// link, with its `utm_*` campaign; a phone without the app goes where `fallbacks` say.
    case opened(LongLinkTarget)
    /// `parameter` (`link`, `ifl`, `afl` or `ofl`) points where the allowlist does not let it:
    /// nothing of the link is followed.
    case refused(parameter: String)
}

/// An accepted long link: its deep link, where phones without the app go, and its texts.
public struct LongLinkTarget: Sendable, Hashable {
    /// A fallback: the platform's store, or a web page the allowlist accepts.
    public enum Fallback: Sendable, Hashable {
        case store
        case web(String)
    }

    public var deepLink: String
    /// `ifl`, else the App Store.
    public var iOSFallback: Fallback
    /// `afl`, else Google Play.
    public var androidFallback: Fallback
    /// `ofl`, else `link` itself.
    public var desktop: String
    /// `st` and `sd`, shown as text (never markup), when short and free of control characters.
    public var title: String?
    public var description: String?
}
