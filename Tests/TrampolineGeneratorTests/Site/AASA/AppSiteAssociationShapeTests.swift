import Foundation
import TrampolineModel
import TrampolineSite
import XCTest

/// The AASA Trampoline writes must not depend on how iOS reads contested `details` shapes (an
/// entry with both `appID` and `appIDs`, an entry that names no app, an app named by several
/// entries: see Fixtures/aasa-conformance/SOURCE.md). These tests pin the shape it writes, and
/// check that whichever of its entries a system reads for an app, every URL is decided alike.
final class AppSiteAssociationShapeTests: XCTestCase {
    /// A catalog with 1,000 links in folders: large enough that the claims switch to one
    /// `/folder/*` pattern per top-level folder.
    private func largeCatalog() throws -> Catalog {
        var yaml = CheckFixtures.yaml
        for index in 0..<1000 {
            yaml += "  - path: /p\(index % 7)/item-\(index)\n    title: Item \(index)\n"
        }
        yaml += "  - path: /at-root\n    title: At the root\n"
        return try CheckFixtures.catalog(yaml)
    }

    private func details(_ json: String) throws -> [[String: Any]] {
        let root = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        XCTAssertEqual(Set(root.keys), ["applinks"])
        let applinks = try XCTUnwrap(root["applinks"] as? [String: Any])
        XCTAssertEqual(Set(applinks.keys), ["apps", "details"])
        XCTAssertEqual((applinks["apps"] as? [Any])?.count, 0)
        return try XCTUnwrap(applinks["details"] as? [[String: Any]])
    }

    func testTheModernEntryHasOnlyAppIDsAndEachLegacyEntryOnlyAppID() throws {
        for catalog in [try CheckFixtures.catalog(), try largeCatalog()] {
            let appIDs = catalog.app.appIDs
            XCTAssertFalse(appIDs.isEmpty)
            XCTAssertEqual(Set(appIDs).count, appIDs.count, "app IDs must be distinct")
            let entries = try details(AppSiteAssociation.json(for: catalog))
            XCTAssertEqual(entries.count, 1 + appIDs.count)

            // First: every app in one appIDs array (strings, never empty), with components.
            XCTAssertEqual(Set(entries[0].keys), ["appIDs", "components"])
            XCTAssertEqual(entries[0]["appIDs"] as? [String], appIDs)
            let components = try XCTUnwrap(entries[0]["components"] as? [[String: Any]])

            // Then one legacy entry per app, in the same order: appID and paths, never appIDs.
            for (offset, appID) in appIDs.enumerated() {
                let legacy = entries[1 + offset]
                XCTAssertEqual(Set(legacy.keys), ["appID", "paths"])
                XCTAssertEqual(legacy["appID"] as? String, appID)
                // The same claims, in the same order, as the components.
                let paths = try XCTUnwrap(legacy["paths"] as? [String])
                // Except the debug view's query rule, which legacy paths cannot express.
                XCTAssertEqual(components.first?["?"] as? [String: String], ["debug": "1"])
                let fromComponents = components.filter { $0["?"] == nil }.map { component -> String in
                    let path = component["/"] as? String ?? "?"
                    return component["exclude"] as? Bool == true ? "NOT " + path : path
                }
                XCTAssertEqual(paths, fromComponents)
            }

            // iOS reads all of it: the only thing it ignores is the legacy entries repeating an
            // app that the modern entry already named.
            let matcher = try AASAMatcher(data: Data(AppSiteAssociation.json(for: catalog).utf8))
            XCTAssertEqual(matcher.appIDs, appIDs)
            XCTAssertEqual(matcher.notes.map(\.appID), appIDs)
            XCTAssertEqual(matcher.notes.map(\.location), appIDs.indices.map { "applinks.details[\($0 + 1)]" })
        }
    }

    /// A system that reads only `appIDs` + `components` (iOS 13 and later), one that reads only
    /// `appID` + `paths` (iOS 12 and earlier), and the whole file decide every URL alike: the
    /// first-entry rule, the appID/appIDs rule and a union reading all give the same answers.
    func testEveryReadingOfTheFileDecidesAlike() throws {
        for catalog in [try CheckFixtures.catalog(), try largeCatalog()] {
            let json = AppSiteAssociation.json(for: catalog)
            let entries = try details(json)
            func file(_ details: [[String: Any]]) throws -> AASAMatcher {
                try AASAMatcher(json: ["applinks": ["apps": [Any](), "details": details]])
            }
            let whole = try AASAMatcher(data: Data(json.utf8))
            let modern = try file([entries[0]])
            let domain = catalog.site.host
            var urls = catalog.links.flatMap { ClaimVerifier.probeURLs(for: $0, siteURL: catalog.site.url) }
            urls += ClaimVerifier.unclaimedPaths.map { catalog.site.url + $0 }
            urls += ["/elsewhere", "/p0", "/p0/not-a-link", "/topic", "/loadCookie.html?x=1"].map {
                catalog.site.url + $0
            }
            for (offset, appID) in catalog.app.appIDs.enumerated() {
                let legacy = try file([entries[1 + offset]])
                for url in urls {
                    let expected = whole.verdict(for: url, appID: appID, domain: domain).decision
                    XCTAssertEqual(
                        modern.verdict(for: url, appID: appID, domain: domain).decision, expected,
                        "\(url) for \(appID), appIDs + components only")
                    XCTAssertEqual(
                        legacy.verdict(for: url, appID: appID, domain: domain).decision, expected,
                        "\(url) for \(appID), appID + paths only")
                }
            }
        }
    }
}
