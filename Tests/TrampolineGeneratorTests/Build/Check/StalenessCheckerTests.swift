import Foundation
import TrampolineBuild
import XCTest

final class StalenessCheckerTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = try CheckFixtures.folder(["site-config.yml": CheckFixtures.yaml])
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    private var output: URL { folder.appendingPathComponent("_site") }

    private func plan(_ yaml: String = CheckFixtures.yaml) throws -> SiteBuild {
        try Data(yaml.utf8).write(to: folder.appendingPathComponent("site-config.yml"))
        return try SiteBuilder(configURL: folder.appendingPathComponent("site-config.yml")).build()
    }

    func testAFreshBuildHasNoDifferences() throws {
        let plan = try plan()
        _ = try SiteWriter(outputURL: output).write(plan.outputFiles)
        let checker = StalenessChecker(outputURL: output)
        XCTAssertTrue(checker.outputExists)
        XCTAssertEqual(checker.differences(from: plan), .init())
    }

    func testChangedMissingAndExtraFilesAreFound() throws {
        _ = try SiteWriter(outputURL: output).write(plan().outputFiles)
        // The catalog moves on: /invite is removed and a title changes.
        let next = try plan(
            CheckFixtures.yaml
                .replacingOccurrences(of: "Budget planner", with: "Budget tracker")
                .replacingOccurrences(
                    of: "  - path: /invite\n    title: You're invited\n    template: redirect\n", with: ""))
        try FileManager.default.removeItem(at: output.appendingPathComponent("404.html"))
        try Data("mine".utf8).write(to: output.appendingPathComponent("notes.txt"))

        let differences = StalenessChecker(outputURL: output).differences(from: next)
        XCTAssertEqual(differences.missing, ["404.html"])
        // The link table no longer holds /invite, so its shard changed too (the AASA claims the
        // domain whole: it stays).
        XCTAssertEqual(differences.changed, [".well-known/trampoline/v2/links/0.json", "topic/2/index.html"])
        // notes.txt was never written by Trampoline, so it is not "extra".
        XCTAssertEqual(differences.extra, ["invite/index.html", "invite/qr.svg"])
    }

    func testDiagnosticsNameTheFilesAndSummarizeLongLists() {
        let differences = StalenessChecker.Differences(
            missing: ["a", "b", "c", "d", "e", "f", "g"], changed: ["topic/1/index.html"], extra: []
        )
        let diagnostics = StalenessChecker(outputURL: output).diagnostics(for: differences, displayPath: "_site")
        XCTAssertEqual(diagnostics.map(\.severity), [.error, .error])
        XCTAssertEqual(diagnostics[0].message, "_site is stale: 7 files missing (a, b, c, d, e and 2 more)")
        XCTAssertEqual(diagnostics[1].message, "_site is stale: 1 file out of date (topic/1/index.html)")
        XCTAssertEqual(diagnostics[1].hint, "run trampoline build")
    }

    func testAFolderThatWasNeverBuiltDoesNotExist() {
        XCTAssertFalse(StalenessChecker(outputURL: output).outputExists)
    }
}
