/// `site.counts`: where the pages report what happened on them (docs/counts.md).
package enum SiteCounts: Sendable, Equatable, Encodable {
    /// `false`: nowhere.
    case off
    /// `true`, the default: the host's access log, by requests for the `/_count/` files.
    case log
    /// `{plausible: URL, domain: host}`: events sent to a Plausible-compatible Events API
    /// endpoint, for hosts that keep no log the team can read. `domain` is the site's name there
    /// (nil: the page's own host).
    case plausible(endpoint: String, domain: String?)

    /// Whether the site has the `/_count/` files and its QR codes carry the scans' mark.
    package var logsRequests: Bool { self == .log }

    /// The origin the pages' policy must let them send events to (`https://host[:port]`).
    package var eventOrigin: String? {
        guard case .plausible(let endpoint, _) = self else { return nil }
        return URLAuthority.origin(of: endpoint)
    }
}
