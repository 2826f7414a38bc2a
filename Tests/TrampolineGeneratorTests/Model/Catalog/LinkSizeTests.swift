import XCTest

@testable import TrampolineModel

/// A link is held once per catalog entry, a million of them in a large catalog: the values most
/// links leave unset are boxed, so a plain link carries none of their bytes, and the link reads,
/// compares and encodes as if every value were stored in it.
final class LinkSizeTests: XCTestCase {
    private func link() -> Link {
        Link(
            path: "/p/1", deepLink: "marry://p/1", title: "T", description: nil, webURL: nil, campaign: [],
            options: LinkOptions(), location: SourceLocation(file: "c.yml", line: 3, column: 5),
            webURLLocation: nil, templateLocation: SourceLocation(file: "c.yml", line: 1, column: 1))
    }

    func testTheValuesFewLinksHaveAreNotInline() {
        XCTAssertLessThanOrEqual(MemoryLayout<Link.Fields>.size, 200)
        XCTAssertNil(link().fields.rare, "a plain link holds no box")
    }

    func testARareValueSetAndClearedLeavesTheLinkAsItWas() throws {
        var changed = link()
        changed.language = "ja"
        changed.itemOf = try CatalogRules.route("/recipe/:id").get()
        XCTAssertEqual(changed.language, "ja")
        XCTAssertEqual(changed.itemOf?.pattern.text, "/recipe/:id")
        XCTAssertTrue(changed.isItem)
        XCTAssertNotEqual(changed, link())
        let copy = changed
        changed.language = nil
        XCTAssertEqual(copy.language, "ja", "a copy keeps its value: the box is copied before a change")
        changed.itemOf = nil
        XCTAssertFalse(changed.isItem)
        XCTAssertEqual(changed, link())
        XCTAssertNil(changed.fields.rare)
    }

    func testAnUnsetRareValueIsLeftOutOfTheEncodingAsBefore() throws {
        var withLanguage = link()
        withLanguage.language = "ja"
        let plain = String(decoding: try JSONEncoder().encode(link()), as: UTF8.self)
        let encoded = String(decoding: try JSONEncoder().encode(withLanguage), as: UTF8.self)
        XCTAssertFalse(plain.contains("language"))
        XCTAssertTrue(encoded.contains(#""language":"ja""#), encoded)
        XCTAssertEqual(
            Mirror(reflecting: withLanguage).children.compactMap(\.label).prefix(8),
            ["path", "deepLink", "title", "description", "webURL", "campaign", "language", "options"])
    }
}
