/// How link pages are laid out in the output folder (`site.layout`).
package enum SiteLayout: String, Sendable, CaseIterable, Encodable {
    /// A folder per link (`/topic/1` → `topic/1/index.html`), each page with its own title, social
    /// tags and Smart App Banner argument. The default.
    case folders
    /// Every link served by one page (`404.html`, through the host's rewrite rule) that looks the
    /// link up in a table split into shards: a few hundred files for 100,000 links, at the cost of
    /// per-link previews and one extra same-origin request.
    case compact
}
