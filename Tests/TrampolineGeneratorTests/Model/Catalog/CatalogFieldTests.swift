import Foundation
import TrampolineLink
import XCTest

@testable import TrampolineCatalog
@testable import TrampolineModel
@testable import TrampolineSite

/// A catalog field cannot be forgotten. A link's fields are declared once, in two tables
/// (`Link.Fields.table` and `LinkOptions.fields`, with `Link.Fields.notInTable` for the values
/// that are no key of their own), and these tests walk them: a stored property without an entry
/// fails ``testEveryStoredPropertyIsInATable``; an entry fails ``testEveryFieldIsRead`` until the
/// reader reads it, the schema test until the schema has it, and Tests/Docs until docs/catalog.md
/// documents it. The link cache's codec and the fingerprint's fast path walk the same tables
/// (LinkCacheTests, LinkFingerprintTests). contributing/adding-a-field.md has the steps.
final class CatalogFieldTests: XCTestCase {
    /// A field of either table, with what writes its sample into a link.
    struct Field {
        var property: String
        var key: String
        var inLinkTable: Bool
        var firebaseColumn: String?
        var sample: LinkFieldValue
        var read: (Link) -> LinkFieldValue
        var change: (inout Link) -> Void
    }

    static var fields: [Field] {
        Link.Fields.table.map { field in
            Field(
                property: field.name, key: field.key, inLinkTable: field.inLinkTable,
                firebaseColumn: field.firebaseColumn, sample: field.sample, read: { field.read($0) },
                change: { XCTAssertTrue(field.write(&$0, field.sample), field.name) })
        }
            + LinkOptions.fields.map { field in
                Field(
                    property: "options." + field.name, key: field.key, inLinkTable: field.inLinkTable,
                    firebaseColumn: field.firebaseColumn, sample: field.sample, read: { field.read($0) },
                    change: { XCTAssertTrue(field.write(&$0, field.sample), field.name) })
            }
    }

    /// The values that are no key of their own, with a change to each (and whether the link
    /// table follows it): `Link.Fields.notInTable` names them.
    static let structural: [(property: String, inLinkTable: Bool, change: @Sendable (inout Link) -> Void)] = [
        ("location", false, { $0.location.line += 1 }),
        ("webURLLocation", false, { $0.webURLLocation?.line += 1 }),
        ("templateLocation", false, { $0.templateLocation.line += 1 }),
        // A route is written as its `path`; it moves the link from the shards to the index's routes.
        ("route", true, { $0.route = Route(try! RoutePattern("/r/:id")) }),
        // A route's items file: its items are links of their own, each in the table by its path.
        (
            "items", false,
            { $0.items = ItemsReference(name: "r.csv", location: SourceLocation(file: "c.yml", line: 9, column: 5)) }
        ),
        // An item's route: its claims and rewrite rule cover the item, which the table keeps by its path.
        ("itemOf", false, { $0.itemOf = Route(try! RoutePattern("/p/:id")) }),
        // Only the long-link page's link has it; no table lists that page.
        (
            "longLinks", false,
            {
                $0.longLinks = LongLinkSettings(
                    allow: ["shop.example"], location: SourceLocation(file: "c.yml", line: 2, column: 3))
            }
        ),
    ]

    static let link = Link(
        path: "/p/1", deepLink: "marry://p/1?id=1", title: "T", description: "D", webURL: "https://example.com/p/1",
        campaign: [CampaignParameter(name: "utm_source", value: "x")], options: LinkOptions(),
        location: SourceLocation(file: "c.yml", line: 3, column: 5),
        webURLLocation: SourceLocation(file: "c.yml", line: 4, column: 5),
        templateLocation: SourceLocation(file: "c.yml", line: 5, column: 5)
    )

    func testEveryStoredPropertyIsInATable() {
        let own = Mirror(reflecting: Self.link.fields).children.compactMap(\.label)
        XCTAssertEqual(
            own.filter { Link.Fields.notInTable[$0] == nil }, Link.Fields.table.map(\.name),
            "a stored property of Link.Fields needs its entry in Link.Fields.table, in declaration order "
                + "(or a reason in notInTable); see contributing/adding-a-field.md")
        XCTAssertEqual(Set(own).intersection(Link.Fields.notInTable.keys), Set(Link.Fields.notInTable.keys))
        XCTAssertEqual(
            Mirror(reflecting: LinkOptions()).children.compactMap(\.label), LinkOptions.fields.map(\.name),
            "a stored property of LinkOptions needs its entry in LinkOptions.fields, in declaration order")
        XCTAssertEqual(
            Set(Self.structural.map(\.property)), Set(Link.Fields.notInTable.keys).subtracting(["options"]))
        for field in Self.fields {
            XCTAssertNotEqual(field.read(Self.link), field.sample, "\(field.property): the sample is another value")
            var changed = Self.link
            field.change(&changed)
            XCTAssertEqual(field.read(changed), field.sample, field.property)
        }
    }

    /// A value in YAML: what a catalog writes for `value`.
    static func yaml(_ value: LinkFieldValue) -> String {
        func quoted(_ text: String) -> String {
            String(decoding: try! JSONEncoder().encode(text), as: UTF8.self)
        }
        switch value {
        case .text(let text): return quoted(text)
        case .optionalText(let text): return text.map(quoted) ?? "null"
        case .number(let number): return String(number)
        case .flag(let flag): return String(flag)
        case .texts(let texts): return "[" + texts.map(quoted).joined(separator: ", ") + "]"
        case .parameters(let parameters):
            return "{" + parameters.map { "\($0.name): \(quoted($0.value))" }.joined(separator: ", ") + "}"
        }
    }

    /// A catalog of one link with `keys` (and `defaults` when given), as flow mappings.
    static func catalog(link keys: [String: String], defaults: [String: String]? = nil) -> String {
        func flow(_ keys: [String: String]) -> String {
            "{" + keys.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }.joined(separator: ", ") + "}"
        }
        return """
            site: {url: "https://go.example.com"}
            app:
              name: Marry
              ios: {team_id: ABCDE12345, bundle_id: com.example.marry, app_store_id: "1356057329", scheme: marry}
              android: {package: com.example.marry, sha256_cert_fingerprints: ["\(certificate)"]}
            \(defaults.map { "defaults: " + flow($0) } ?? "")
            links:
              - \(flow(keys))

            """
    }

    /// Each field's key, set to its sample in a link (and for an option in `defaults:`), reads
    /// back as the sample: an entry in a table fails here until the reader reads its key.
    func testEveryFieldIsRead() throws {
        let base = [
            "path": "\"/p/1\"", "deep_link": "\"marry://p/1\"", "title": "T", "web_url": "\"https://example.com/p/1\"",
        ]
        for field in Self.fields {
            let value = Self.yaml(field.sample)
            var catalogs = [Self.catalog(link: base.merging([field.key: value]) { $1 })]
            if field.property.hasPrefix("options.") {
                catalogs.append(Self.catalog(link: base, defaults: [field.key: value]))
            }
            for yaml in catalogs {
                let read = CatalogLoader().load(yaml: yaml, displayPath: "site-config.yml")
                let link = try XCTUnwrap(read.catalog?.links.first, "\(field.key): \(read.diagnostics)\n\(yaml)")
                XCTAssertEqual(field.read(link), field.sample, "\(field.key) is read into \(field.property):\n\(yaml)")
            }
        }
    }

    static let certificate = (0..<32).map { _ in "AB" }.joined(separator: ":")

    /// Every key is in the schema's link definition, and the schema has no link key without a field.
    func testTheSchemaHasEveryKey() throws {
        let data = try Data(
            contentsOf: TestPaths.repository.appendingPathComponent("schema/site-config.schema.json"))
        let schema = try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [String: Any])
        let link = try XCTUnwrap(
            ((schema["$defs"] as? [String: Any])?["link"] as? [String: Any])?["properties"] as? [String: Any])
        let keys = Set(Self.fields.map(\.key) + ["items"])
        XCTAssertEqual(Set(link.keys), keys, "the schema's link has exactly the tables' keys (and a route's items)")
        XCTAssertEqual(Set(CatalogKeys.route), keys, "the reader knows the same keys")
    }

    /// What the table holds for a link: its route, or its shard member's entry before sealing.
    static func tableText(_ link: Link) -> String {
        var out: [UInt8] = []
        out += (link.route.map { "route \($0.pattern.text) " } ?? "link \(link.path) ").utf8
        SiteRenderer.appendTarget(LinkTableRow(link, host: "go.example.com", shards: 1), to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// The link table changes with exactly the fields marked `inTable`.
    func testTheLinkTableCarriesExactlyTheFieldsItShould() {
        let before = Self.tableText(Self.link)
        let changes =
            Self.fields.map { ($0.property, $0.inLinkTable, $0.change) }
            + Self.structural.map { ($0.property, $0.inLinkTable, $0.change) }
        for (property, inLinkTable, change) in changes {
            var changed = Self.link
            change(&changed)
            XCTAssertEqual(
                Self.tableText(changed) != before, inLinkTable,
                "\(property): the link table \(inLinkTable ? "must" : "must not") change with it")
        }
    }
}
