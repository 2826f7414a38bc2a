extension Link.Fields {
    /// A link's own values, in declaration order: the one field table of what a catalog's link
    /// writes beside its options (``LinkOptions/fields``). ``CatalogKeys/linkOwn`` is its keys.
    package static let table: [LinkField] = [
        LinkField(
            "path", key: "path", inLinkTable: true, firebaseColumn: "Short link", sample: .text("/other"),
            .text(get: { $0.path }, set: { $0.path.assign($1) })),
        LinkField(
            "deepLink", key: "deep_link", inLinkTable: true, firebaseColumn: "Deep link (link)",
            sample: .text("marry://other"), .text(get: { $0.deepLink }, set: { $0.deepLink.assign($1) })),
        LinkField(
            "title", key: "title", firebaseColumn: "Social title (st)", sample: .text("Other"),
            .text(get: { $0.title }, set: { $0.title.assign($1) })),
        LinkField(
            "description", key: "description", firebaseColumn: "Social description (sd)",
            sample: .optionalText("Other"),
            .optionalText(get: { $0.description }, set: { $0.description.assign($1) })),
        LinkField(
            "webURL", key: "web_url", firebaseColumn: "Deep link (link)",
            sample: .optionalText("https://example.com/other"),
            .optionalText(get: { $0.webURL }, set: { $0.webURL.assign($1) })),
        LinkField(
            "campaign", key: "campaign", inLinkTable: true, firebaseColumn: "UTM source (utm_source)",
            sample: .parameters([CampaignParameter(name: "utm_medium", value: "other")]),
            .parameters(get: { $0.campaign }, set: { $0.campaign = $1 })),
        LinkField(
            "language", key: "language", sample: .optionalText("ja"),
            .optionalText(get: { $0.language }, set: { $0.language.assign($1) })),
    ]

    /// The stored values that are no catalog key of their own, and why: every other stored
    /// property must have an entry in ``table`` (a test holds the two lists to the type).
    package static let notInTable: [String: String] = [
        "options": "its own table, LinkOptions.fields",
        "location": "where the entry starts, for diagnostics",
        "webURLLocation": "where web_url is written, for diagnostics",
        "templateLocation": "where the template is chosen, for diagnostics",
        "route": "made from path when it has parameters",
        "items": "a route's items file, read into links of their own",
        "itemOf": "set on a link made from an items file's row",
        "longLinks": "set only on the long-link page's link",
    ]
}
