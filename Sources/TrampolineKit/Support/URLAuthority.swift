/// The part of an absolute URL after `scheme://`, split as the WHATWG URL parser splits it: the
/// authority runs to the first `/`, `?` or `#`; the host and port follow the last user-info `@`.
/// The one splitter for the catalog's URL rules, the site URL and the pages' CSP origins.
struct URLAuthority {
    /// `user:pass@host:port`.
    let authority: Substring
    /// The path, query and fragment: everything after the authority.
    let rest: Substring
    /// The authority cut at every `@` (more than two pieces means an unescaped `@`).
    let userAndHost: [Substring]

    init(afterScheme: Substring) {
        authority = afterScheme.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        rest = afterScheme.dropFirst(authority.count)
        userAndHost = authority.split(separator: "@", omittingEmptySubsequences: false)
    }

    /// `host:port` (or `[v6]:port`), after the last `@`.
    var hostPort: Substring { userAndHost.last ?? "" }

    /// The host without the port; an IPv6 host keeps its brackets.
    var host: Substring {
        if hostPort.hasPrefix("[") { return hostPort }
        return hostPort.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
    }
}
