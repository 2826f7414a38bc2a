import TrampolineLink
import XCTest

@testable import TrampolineModel
@testable import TrampolineSite

/// A catalog field cannot be forgotten. Every stored property of ``Link`` (and of its
/// ``LinkOptions``) is listed here once, with its catalog key, whether the link table carries it,
/// and the Firebase column the importer maps to it. A property added to `Link` fails
/// ``testEveryStoredPropertyIsListed`` until it is listed, and then each test holds the lists the
/// code keeps by hand: the schema, the link table, the importer's column map. (The link cache's
/// codec and the fingerprint's fast path are held the same way by LinkCacheTests and
/// LinkFingerprintTests.) contributing/adding-a-field.md names every place in order.
final class CatalogFieldTests: XCTestCase {
    struct Field: Sendable {
        /// The property's path in `Link` (`options.forwardQuery`).
        var property: String
        /// Its key in a catalog's link (nil: not written in the catalog).
        var key: String?
        /// Whether the link table (docs/link-table.md) changes with it.
        var inTable: Bool
        /// The Firebase export column the importer maps to it, nil when none does.
        var firebase: String?
        /// Gives the property another valid value.
        var change: @Sendable (inout Link) -> Void
    }

    static let fields: [Field] = [
        Field(property: "path", key: "path", inTable: true, firebase: "Short link", change: { $0.path = "/other" }),
        Field(
            property: "deepLink", key: "deep_link", inTable: true, firebase: "Deep link (link)",
            change: { $0.deepLink = "marry://other" }),
        Field(
            property: "title", key: "title", inTable: false, firebase: "Social title (st)",
            change: { $0.title = "Other" }),
        Field(
            property: "description", key: "description", inTable: false, firebase: "Social description (sd)",
            change: { $0.description = "Other" }),
        Field(
            property: "webURL", key: "web_url", inTable: false, firebase: "Deep link (link)",
            change: { $0.webURL = "https://example.com/other" }),
        Field(
            property: "campaign", key: "campaign", inTable: true, firebase: "UTM source (utm_source)",
            change: { $0.campaign = [CampaignParameter(name: "utm_medium", value: "other")] }),
        Field(
            property: "language", key: "language", inTable: false, firebase: nil, change: { $0.language = "ja" }),
        Field(property: "options", key: nil, inTable: false, firebase: nil, change: { _ in }),
        Field(property: "location", key: nil, inTable: false, firebase: nil, change: { $0.location.line += 1 }),
        Field(
            property: "webURLLocation", key: nil, inTable: false, firebase: nil,
            change: { $0.webURLLocation?.line += 1 }),
        Field(
            property: "templateLocation", key: nil, inTable: false, firebase: nil,
            change: { $0.templateLocation.line += 1 }),
        // A route is written as its `path`; it moves the link from the shards to the index's routes.
        Field(
            property: "route", key: nil, inTable: true, firebase: nil,
            change: { $0.route = Route(try! RoutePattern("/r/:id")) }),
        // A route's items file: its items are links of their own, each in the table by its path.
        Field(
            property: "items", key: "items", inTable: false, firebase: nil,
            change: {
                $0.items = ItemsReference(name: "r.csv", location: SourceLocation(file: "c.yml", line: 9, column: 5))
            }),
        // An item's route: its claims and rewrite rule cover the item, which the table keeps by its path.
        Field(
            property: "itemOf", key: nil, inTable: false, firebase: nil,
            change: { $0.itemOf = Route(try! RoutePattern("/p/:id")) }),
        // Only the long-link page's link has it; no table lists that page.
        Field(
            property: "longLinks", key: nil, inTable: false, firebase: nil,
            change: {
                $0.longLinks = LongLinkSettings(
                    allow: ["shop.example"], location: SourceLocation(file: "c.yml", line: 2, column: 3))
            }),
        Field(
            property: "options.template", key: "template", inTable: false, firebase: "Enable forced redirect? (efr)",
            change: { $0.options.template = "redirect" }),
        Field(
            property: "options.fallback", key: "fallback", inTable: false, firebase: "iOS fallback link (ifl)",
            change: { $0.options.fallback = .web }),
        Field(
            property: "options.androidFallback", key: "android_fallback", inTable: false,
            firebase: "Android fallback link (afl)", change: { $0.options.androidFallback = .web }),
        Field(
            property: "options.fallbackDelayMs", key: "fallback_delay_ms", inTable: false, firebase: nil,
            change: { $0.options.fallbackDelayMs = 99 }),
        Field(
            property: "options.deferred", key: "deferred", inTable: false, firebase: nil,
            change: { $0.options.deferred = [.cookie] }),
        Field(
            property: "options.cookieName", key: "cookie_name", inTable: false, firebase: nil,
            change: { $0.options.cookieName = "other" }),
        Field(
            property: "options.cookieDays", key: "cookie_days", inTable: false, firebase: nil,
            change: { $0.options.cookieDays = 9 }),
        Field(
            property: "options.forwardQuery", key: "forward_query", inTable: true, firebase: nil,
            change: { $0.options.forwardQuery.toggle() }),
        Field(
            property: "options.image", key: "image", inTable: false, firebase: "Social image link (si)",
            change: { $0.options.image = "https://example.com/o.png" }),
        Field(
            property: "options.inAppBrowsers", key: "in_app_browsers", inTable: false, firebase: nil,
            change: { $0.options.inAppBrowsers = .ignore }),
        Field(
            property: "options.confirmStore", key: "confirm_store", inTable: false, firebase: nil,
            change: { $0.options.confirmStore = "Go?" }),
        Field(
            property: "options.qrCode", key: "qr_code", inTable: false, firebase: nil,
            change: { $0.options.qrCode.toggle() }),
        Field(
            property: "options.qrErrorCorrection", key: "qr_error_correction", inTable: false, firebase: nil,
            change: { $0.options.qrErrorCorrection = .high }),
        Field(
            property: "options.desktop", key: "desktop", inTable: false, firebase: nil,
            change: { $0.options.desktop = .store }),
        Field(
            property: "options.desktopURL", key: "desktop_url", inTable: false, firebase: "Desktop fallback link (ofl)",
            change: { $0.options.desktopURL = "https://example.com/desk" }),
        Field(
            property: "options.appStoreCampaign", key: "app_store_campaign", inTable: false,
            firebase: "iTunes Connect campaign token (ct)", change: { $0.options.appStoreCampaign = "spring" }),
    ]

    static let link = Link(
        path: "/p/1", deepLink: "marry://p/1?id=1", title: "T", description: "D", webURL: "https://example.com/p/1",
        campaign: [CampaignParameter(name: "utm_source", value: "x")], options: LinkOptions(),
        location: SourceLocation(file: "c.yml", line: 3, column: 5),
        webURLLocation: SourceLocation(file: "c.yml", line: 4, column: 5),
        templateLocation: SourceLocation(file: "c.yml", line: 5, column: 5)
    )

    /// The stored properties of `value`, nested structs of `Link` walked (`options.cookieDays`).
    static func properties(of value: Any, prefix: String = "") -> [String] {
        Mirror(reflecting: value).children.flatMap { child -> [String] in
            guard let label = child.label else { return [] }
            if child.value is LinkOptions {
                return [prefix + label] + properties(of: child.value, prefix: prefix + label + ".")
            }
            return [prefix + label]
        }
    }

    func testEveryStoredPropertyIsListed() {
        let properties = Self.properties(of: Self.link)
        XCTAssertTrue(properties.contains("options.cookieDays"), "the walk reaches LinkOptions: \(properties)")
        XCTAssertEqual(properties.count, Self.fields.count)
        XCTAssertEqual(
            Set(properties), Set(Self.fields.map(\.property)),
            "list the new property in CatalogFieldTests.fields (and see contributing/adding-a-field.md)")
    }

    /// Every key is in the schema's link definition, and the schema has no link key without a field.
    func testTheSchemaHasEveryKey() throws {
        let data = try Data(
            contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
                "../../schema/site-config.schema.json"))
        let schema = try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [String: Any])
        let link = try XCTUnwrap(
            ((schema["$defs"] as? [String: Any])?["link"] as? [String: Any])?["properties"] as? [String: Any])
        XCTAssertEqual(Set(link.keys), Set(Self.fields.compactMap(\.key)))
        XCTAssertEqual(Set(CatalogKeys.route), Set(Self.fields.compactMap(\.key)), "the reader knows the same keys")
    }

    /// What the table holds for a link: its shard member, or its route.
    static func tableText(_ link: Link) -> String {
        var out: [UInt8] = []
        if let route = link.route {
            out += "route \(route.pattern.text) ".utf8
            SiteRenderer.appendTarget(ResolutionRow(link), to: &out)
        } else {
            SiteRenderer.appendLinkMembers([ResolutionRow(link)], to: &out)
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The link table changes with exactly the fields marked `inTable`.
    func testTheLinkTableCarriesExactlyTheFieldsItShould() {
        let before = Self.tableText(Self.link)
        for field in Self.fields where field.property != "options" {
            var changed = Self.link
            field.change(&changed)
            XCTAssertEqual(
                Self.tableText(changed) != before, field.inTable,
                "\(field.property): the link table \(field.inTable ? "must" : "must not") change with it")
        }
    }
}
