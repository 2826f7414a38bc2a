@_spi(Generator) import TrampolineLink
import TrampolineModel

/// The compact layout: its link-table shards and the data of its lookup page.
extension SiteRenderer {
    /// What every link has unless its table entry says otherwise: the data of a link with the
    /// default options and no query, campaign or web page. The lookup page carries it once.
    var tableBase: [(String, DataValue)] {
        let link = Link(
            path: "/", deepLink: "", title: "", description: nil, webURL: nil, campaign: [], options: LinkOptions(),
            location: SourceLocation(file: "", line: 1, column: 1), webURLLocation: nil,
            templateLocation: SourceLocation(file: "", line: 1, column: 1)
        )
        return linkData(link, behaviour: .interstitial).filter { $0.0 != "deferredLink" }
    }

    /// A shard: one JSON object from each link's id to its entry, sealed (docs/link-table.md,
    /// "Sealed entries"), sorted by id. An entry is what differs from ``tableBase``, plus the
    /// link's title and its description as plain text (what the lookup page shows). An entry
    /// `sealed` has a text for is that text, sealed before (``SiteRenderer/render(_:reusingSealed:)``).
    func lookupShardBytes(_ entries: [LookupShardEntry], sealed: SealedTexts = .none) -> [UInt8] {
        let base = Dictionary(tableBase.map { ($0.0, $0.1.json) }, uniquingKeysWith: { first, _ in first })
        let host = site.host.lowercased()
        var out: [UInt8] = [UInt8(ascii: "{")]
        out.reserveCapacity(64 + entries.count * 400)
        let order = entries.indices.sorted { entries[$0].id < entries[$1].id }
        for (position, index) in order.enumerated() {
            let entry = entries[index]
            if position > 0 { out += ",\n".utf8 }
            out.append(UInt8(ascii: "\""))
            entry.id.appendHex(to: &out)
            out += "\":\"".utf8
            if let known = sealed.text(at: index) {
                out += known
            } else {
                let link = entry.link
                var pairs = linkData(link, behaviour: entry.behaviour).map { ($0.0, $0.1.json) }.filter {
                    key, value in base[key] != value
                }
                pairs.append(("title", Escaping.jsonString(link.title)))
                if let description = link.description {
                    pairs.append(("text", Escaping.jsonString(MarkdownRenderer.plainText(from: description))))
                }
                let object =
                    "{" + pairs.map { Escaping.jsonString($0.0) + ":" + $0.1 }.joined(separator: ",") + "}"
                out += EntrySealer.seal(Array(object.utf8), host: host, path: link.path).utf8
            }
            out.append(UInt8(ascii: "\""))
        }
        out += "}\n".utf8
        return out
    }

    /// The lookup page's data block: how many shards, the table's base values and the button's
    /// text for a link that is found; with routes, their table, tried when the path is no link.
    func linkLookupData(shards: Int, routes: [Route]) -> [(String, DataValue)] {
        let button =
            templates.pages[LinkOptions().template]?.button.map { template -> String in
                var bytes: [UInt8] = []
                template.render(bodyValues().ordered, into: &bytes)
                return String(decoding: bytes, as: UTF8.self)
            } ?? constants.pageLanguage.strings.openApp
        return [
            ("behaviour", .string(PageBehaviour.linkLookup.rawValue)),
            ("shards", .int(shards)),
            ("host", .string(site.host.lowercased())),
            ("table", .string("/" + OutputPath.lookupShardFolder + "/")),
            ("button", .string(button)),
            (
                "base",
                .json("{" + tableBase.map { Escaping.jsonString($0.0) + ":" + $0.1.json }.joined(separator: ",") + "}")
            ),
        ] + (routes.isEmpty ? [] : [("routes", .json(Self.routeTable(routes)))])
            + androidStore(buttonOf: page(named: TemplateSet.notFoundTemplate))
    }
}
