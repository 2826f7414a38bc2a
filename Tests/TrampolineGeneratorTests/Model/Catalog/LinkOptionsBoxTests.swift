import Foundation
import XCTest

@testable import TrampolineModel

/// `LinkOptions` and `LongLinkSettings` keep their values in a box: copies share it until one is
/// changed, a change never reaches another copy, and links read with the catalog's defaults as
/// they are share the defaults' one box (what keeps a million links' options to one).
final class LinkOptionsBoxTests: XCTestCase {
    func testACopyChangedLeavesTheOtherAsItWas() {
        let defaults = LinkOptions()
        var copy = defaults
        XCTAssertTrue(copy.sharesBox(with: defaults))
        copy.qrCode = false
        copy.deferred.append(.cookie)
        XCTAssertFalse(copy.sharesBox(with: defaults))
        XCTAssertTrue(defaults.qrCode)
        XCTAssertEqual(defaults.deferred, [.clipboard, .cookie])
        XCTAssertNotEqual(copy, defaults)
        copy.qrCode = true
        copy.deferred = [.clipboard, .cookie]
        XCTAssertEqual(copy, defaults, "equal by values, in boxes of their own")
        copy.share(with: defaults)
        XCTAssertTrue(copy.sharesBox(with: defaults))
        var other = LinkOptions()
        other.template = "redirect"
        other.share(with: defaults)
        XCTAssertFalse(other.sharesBox(with: defaults), "different values keep their own box")
        XCTAssertEqual(other.template, "redirect")
    }

    func testLongLinkSettingsChangeByCopy() {
        let location = SourceLocation(file: "site-config.yml", line: 3, column: 3)
        let settings = LongLinkSettings(allow: ["example.com"], location: location)
        var copy = settings
        copy.allow.append("*.example.org")
        copy.options.qrCode = false
        XCTAssertEqual(settings.allow, ["example.com"])
        XCTAssertTrue(settings.options.qrCode)
        XCTAssertEqual(copy.allow, ["example.com", "*.example.org"])
        XCTAssertFalse(copy.options.qrCode)
        XCTAssertNotEqual(copy, settings)
        XCTAssertEqual(Mirror(reflecting: settings).children.compactMap(\.label), ["allow", "location", "options"])
    }

    /// Links read with the defaults unchanged, fresh or decoded from the link cache, hold one box;
    /// a link that sets an option holds its own.
    func testLinksWithTheDefaultsShareOneBox() throws {
        let catalog = """
            site: {url: https://go.example.com}
            app:
              name: Marry
              ios: {team_id: ABCDE12345, bundle_id: com.example.marry, app_store_id: "1356057329", scheme: marry}
            defaults:
              qr_code: false
            links:
              - {path: /a, deep_link: "marry://a", title: A}
              - {path: /b, deep_link: "marry://b", title: B}
              - {path: /c, deep_link: "marry://c", title: C, template: redirect}
              - {path: /d, deep_link: "marry://d", title: D}

            """
        let links = try SiteFixture(catalog: catalog).build().catalog.links
        XCTAssertFalse(links[0].options.qrCode)
        XCTAssertTrue(links[0].options.sharesBox(with: links[1].options))
        XCTAssertTrue(links[0].options.sharesBox(with: links[3].options))
        XCTAssertFalse(links[0].options.sharesBox(with: links[2].options))
        XCTAssertEqual(links[2].options.template, "redirect")
        XCTAssertFalse(links[2].options.qrCode)
    }
}
