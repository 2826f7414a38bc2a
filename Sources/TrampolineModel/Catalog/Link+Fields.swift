extension Link.Fields {
    /// A link's own values, in declaration order: the one field table of what a catalog's link
    /// writes beside its options (``LinkOptions/fields``). ``CatalogKeys/linkOwn`` is its keys.
    package static let table: [LinkField<Link.Fields>] = [
        LinkField("path", \.path, key: "path", inLinkTable: true, firebaseColumn: "Short link", sample: "/other"),
        LinkField(
            "deepLink", \.deepLink, key: "deep_link", inLinkTable: true, firebaseColumn: "Deep link (link)",
            sample: "marry://other"),
        LinkField("title", \.title, key: "title", firebaseColumn: "Social title (st)", sample: "Other"),
        LinkField(
            "description", \.description, key: "description", firebaseColumn: "Social description (sd)",
            sample: "Other"),
        LinkField(
            "webURL", \.webURL, key: "web_url", firebaseColumn: "Deep link (link)",
            sample: "https://example.com/other"),
        LinkField(
            campaign: "campaign", key: "campaign", firebaseColumn: "UTM source (utm_source)",
            sample: [CampaignParameter(name: "utm_medium", value: "other")]),
        LinkField("language", \.language, key: "language", sample: "ja"),
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

extension LinkField where Root == Link.Fields {
    /// The campaign's parameters: a list of pairs, which no ``LinkFieldRepresentable`` spells.
    init(
        campaign name: String, key: String, firebaseColumn: String?, sample: [CampaignParameter]
    ) {
        self.init(
            name, key: key, inLinkTable: true, firebaseColumn: firebaseColumn, sample: .parameters(sample),
            read: { .parameters($0.campaign) },
            write: { fields, value in
                guard case .parameters(let parameters) = value else { return false }
                fields.campaign = parameters
                return true
            })
    }
}
