/// The part of an absolute URL after `scheme://`, split as the WHATWG URL parser splits it: the
/// authority runs to the first `/`, `?` or `#`; the host and port follow the last user-info `@`.
/// The one splitter for the catalog's URL rules, the site URL and the pages' CSP origins.
package struct URLAuthority {
    /// `user:pass@host:port`.
    package let authority: Substring
    /// The path, query and fragment: everything after the authority.
    package let rest: Substring
    /// The authority cut at every `@` (more than two pieces means an unescaped `@`).
    package let userAndHost: [Substring]

    package init(afterScheme: Substring) {
        authority = afterScheme.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        rest = afterScheme.dropFirst(authority.count)
        userAndHost = authority.split(separator: "@", omittingEmptySubsequences: false)
    }

    /// `host:port` (or `[v6]:port`), after the last `@`.
    package var hostPort: Substring { userAndHost.last ?? "" }

    /// The host without the port; an IPv6 host keeps its brackets.
    package var host: Substring {
        if hostPort.hasPrefix("[") { return hostPort }
        return hostPort.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
    }
}

extension URLAuthority {
    /// `https://host[:port]` of an absolute http(s) URL; nil otherwise. What a page's
    /// Content-Security-Policy names for an origin it may reach.
    package static func origin(of url: String) -> String? {
        let lower = url.lowercased()
        guard lower.hasPrefix("https://") || lower.hasPrefix("http://") else { return nil }
        let hostPort = URLAuthority(afterScheme: url.drop { $0 != "/" }.dropFirst(2)).hostPort
        // Only plain host characters: the policy goes into the page unescaped.
        guard !hostPort.isEmpty,
            hostPort.unicodeScalars.allSatisfy({
                ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || $0 == "."
                    || $0 == "-" || $0 == ":" || $0 == "[" || $0 == "]"
            })
        else { return nil }
        return String(lower.prefix { $0 != ":" }) + "://" + hostPort.lowercased()
    }
}
