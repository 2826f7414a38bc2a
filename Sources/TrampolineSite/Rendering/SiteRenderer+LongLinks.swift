import TrampolineModel

/// The long-link page (`site.long_links`): a link page whose deep link, fallbacks and texts
/// `trampoline-long-link.js` reads from the long link it was handed (docs/share-links.md).
extension SiteRenderer {
    /// What the page's script needs beyond a link page's data: trampoline.js loads
    /// `trampoline-<fill>.js` while `route` is set, as for a route's page.
    /// The notice is in the site's language (``PageStrings``).
    func longLinkData(_ settings: LongLinkSettings) -> [(String, DataValue)] {
        let strings = constants.pageLanguage.strings
        let fill = { (text: String) in text.replacingOccurrences(of: "{site}", with: self.site.title ?? self.app.name) }
        let config =
            "{"
            + [
                "\"scheme\":" + Escaping.jsonString(app.scheme),
                "\"allow\":[" + settings.allow.map(Escaping.jsonString).joined(separator: ",") + "]",
                "\"refused\":" + Escaping.jsonString(fill(strings.longLinkRefused)),
                "\"home\":" + Escaping.jsonString(fill(strings.longLinkHome)),
            ].joined(separator: ",") + "}"
        return [("route", .int(1)), ("fill", .string("long-link")), ("long", .json(config))]
    }
}
