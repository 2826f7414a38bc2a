extension Link.Fields {
    /// A link's own values, in declaration order: the one field table of what a catalog's link
    /// writes beside its options (``LinkOptions/fields``). ``CatalogKeys/linkOwn`` is its keys.
    package static let table: [LinkField<Link>] = [
        LinkField(
            "path", key: "path", inLinkTable: true, firebaseColumn: "Short link", sample: "/other", get: { $0.path },
            set: { $0.path = $1 }),
        LinkField(
            "deepLink", key: "deep_link", inLinkTable: true, firebaseColumn: "Deep link (link)",
            sample: "marry://other", get: { $0.deepLink }, set: { $0.deepLink = $1 }),
        LinkField(
            "title", key: "title", firebaseColumn: "Social title (st)", sample: "Other", get: { $0.title },
            set: { $0.title = $1 }),
        LinkField(
            "description", key: "description", firebaseColumn: "Social description (sd)",
            sample: "Other", get: { $0.description }, set: { $0.description = $1 }),
        LinkField(
            "webURL", key: "web_url", firebaseColumn: "Deep link (link)",
            sample: "https://example.com/other", get: { $0.webURL }, set: { $0.webURL = $1 }),
        LinkField(
            campaign: "campaign", key: "campaign", firebaseColumn: "UTM source (utm_source)",
            sample: [CampaignParameter(name: "utm_medium", value: "other")]),
        LinkField(
            "language", key: "language", sample: "ja", get: { $0.language }, set: { $0.language = $1 }),
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

extension LinkField where Root == Link {
    /// The campaign's parameters: a list of pairs, which no ``LinkFieldRepresentable`` spells.
    convenience init(
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
