import Foundation
import XCTest

@testable import TrampolineBuild

/// The build memo is keyed by the tool: a memo recorded by one version is another's foreign memo,
/// refused (with the note `build` prints), never replayed. `rendererVersion` stands for an
/// upgraded Trampoline, as in the link cache's tests.
final class BuildMemoKeyTests: XCTestCase {
    func testAnotherVersionsMemoIsForeign() throws {
        let fixture = try SiteFixture(catalog: SiteFixture.fixture("example.yml"))
        var builder = fixture.builder
        builder.keepsMemo = true
        builder.rendererVersion = "1.0-test"
        let site = try builder.build()
        builder.recordMemo(
            of: site, summary: try builder.write(site, to: fixture.outputURL), outputURL: fixture.outputURL)
        let replay = try XCTUnwrap(try builder.unchangedBuild(), "the same version replays its memo")
        XCTAssertEqual(replay.links, site.catalog.links.count)
        XCTAssertEqual(replay.files, site.fileCount)

        var upgraded = builder
        upgraded.rendererVersion = "2.0-test"
        XCTAssertThrowsError(try upgraded.unchangedBuild()) { error in
            XCTAssertEqual(error as? BuildMemo.Rejection, .foreign)
        }
        // A builder that keeps no memo (check, serve) never looks.
        var checking = builder
        checking.keepsMemo = false
        XCTAssertNil(try checking.unchangedBuild())
    }
}
