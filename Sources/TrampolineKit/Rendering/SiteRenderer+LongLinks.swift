/// The long-link page (`site.long_links`): a link page whose deep link, fallbacks and texts
/// `trampoline-long-link.js` reads from the long link it was handed (docs/share-links.md).
extension SiteRenderer {
    /// What the page's script needs beyond a link page's data: trampoline.js loads
    /// `trampoline-<fill>.js` while `route` is set, as for a route's page.
    func longLinkData(_ settings: LongLinkSettings) -> [(String, DataValue)] {
        let config =
            "{"
            + [
                "\"scheme\":" + Escaping.jsonString(app.scheme),
                "\"allow\":[" + settings.allow.map(Escaping.jsonString).joined(separator: ",") + "]",
                "\"refused\":"
                    + Escaping.jsonString("This link points somewhere \(site.title ?? app.name) does not send people."),
                "\"home\":" + Escaping.jsonString("Go to \(site.title ?? app.name)"),
            ].joined(separator: ",") + "}"
        return [("route", .int(1)), ("fill", .string("long-link")), ("long", .json(config))]
    }
}
