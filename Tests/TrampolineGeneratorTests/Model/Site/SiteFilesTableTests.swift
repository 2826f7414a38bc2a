import Foundation
import XCTest

@testable import TrampolineModel
@testable import TrampolineSite

/// The shared table of the site's own files (Tests/Fixtures/site-files.json), run through the
/// generator: each site file is refused as a link's path and excluded from whole-domain claims
/// (`SiteFiles.unclaimedPatterns`, matched as Apple matches AASA patterns); each link is neither.
/// TrampolineLink and the Kotlin library run the same file (their `SiteFilesTableTests`).
final class SiteFilesTableTests: XCTestCase {
    struct Table: Decodable {
        struct Case: Decodable {
            var path: String
            var siteFile: Bool
            var what: String
            /// False for what only `trampoline serve` answers (its dashboard): never on a host.
            var deployed: Bool?

            enum CodingKeys: String, CodingKey {
                case path, what, deployed
                case siteFile = "site_file"
            }
        }
        var cases: [Case]
    }

    static func table() throws -> Table {
        let url = TestPaths.sharedFixtures.appendingPathComponent("site-files.json")
        return try JSONDecoder().decode(Table.self, from: Data(contentsOf: url))
    }

    func testEverySiteFileIsLeftOutOfWholeDomainClaimsAndNoLinkIs() throws {
        let table = try Self.table()
        XCTAssertGreaterThan(table.cases.filter(\.siteFile).count, 20)
        let patterns = SiteFiles.unclaimedPatterns.map { AASAMatcher.Pattern($0, caseSensitive: true, variables: [:]) }
        for c in table.cases where c.deployed != false {
            XCTAssertEqual(patterns.contains { $0.matches(c.path) }, c.siteFile, "\(c.path) (\(c.what))")
        }
    }

    /// A QR code's path (`/a/qr.svg`) is refused where it is one: where `/a` has a QR code
    /// (QRCodeSiteTests) and with whole-domain claims (DomainClaimsTests); only then.
    func testEverySiteFileIsRefusedAsALinksPathAndNoLinkIs() throws {
        for c in try Self.table().cases where c.path != "/" && !c.path.hasSuffix("/qr.svg") {
            let refused: Bool
            switch CatalogRules.normalizedPath(c.path) {
            case .failure: refused = true
            case .success: refused = false
            }
            XCTAssertEqual(refused, c.siteFile, "\(c.path) (\(c.what))")
        }
    }
}
