import Foundation
import TrampolineBuild
import XCTest

final class SiteCheckerTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = try CheckFixtures.folder(["site-config.yml": CheckFixtures.yaml])
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    private var builder: SiteBuilder {
        SiteBuilder(configURL: folder.appendingPathComponent("site-config.yml"), configDisplayPath: "site-config.yml")
    }

    func testACleanBuiltSiteHasNothingToReport() throws {
        _ = try SiteWriter(outputURL: folder.appendingPathComponent("_site")).write(builder.build().outputFiles)
        let report = SiteChecker(builder: builder).run()
        XCTAssertEqual(report.diagnostics, [])
        XCTAssertEqual(report.comparedOutput?.lastPathComponent, "_site")
        XCTAssertEqual(report.catalog?.links.count, 3)
    }

    func testAnUnbuiltSiteIsNotCompared() {
        let report = SiteChecker(builder: builder).run()
        XCTAssertEqual(report.diagnostics, [])
        XCTAssertNil(report.comparedOutput)
    }

    func testAStaleSiteIsAnError() throws {
        _ = try SiteWriter(outputURL: folder.appendingPathComponent("_site")).write(builder.build().outputFiles)
        let edited = CheckFixtures.yaml.replacingOccurrences(of: "Wedding checklist", with: "Wedding to-do list")
        try Data(edited.utf8).write(to: folder.appendingPathComponent("site-config.yml"))
        let report = SiteChecker(builder: builder).run()
        XCTAssertEqual(report.errorCount, 1)
        XCTAssertEqual(
            report.diagnostics.first?.message,
            "\(SiteChecker.displayPath(folder.appendingPathComponent("_site"))) is stale: 1 file out of date (topic/1/index.html)"
        )
    }

    func testTheOutputOverrideIsTheFolderCompared() throws {
        let other = folder.appendingPathComponent("public")
        _ = try SiteWriter(outputURL: other).write(builder.build().outputFiles)
        try Data("changed".utf8).write(to: other.appendingPathComponent("index.html"))
        XCTAssertEqual(SiteChecker(builder: builder).run().errorCount, 0)
        let report = SiteChecker(builder: builder, outputOverride: other.path).run()
        XCTAssertEqual(report.errorCount, 1)
        XCTAssertTrue(report.diagnostics.first?.message.contains("(index.html)") == true)
    }

    func testCatalogErrorsAreTheReport() throws {
        try Data(CheckFixtures.yaml.replacingOccurrences(of: "team_id: ABCDE12345", with: "team_id: nope").utf8)
            .write(to: folder.appendingPathComponent("site-config.yml"))
        let report = SiteChecker(builder: builder).run()
        XCTAssertTrue(report.hasErrors)
        XCTAssertNil(report.catalog)
        XCTAssertEqual(report.diagnostics.first?.location?.line, 7)
    }

    func testStrictTurnsWarningsIntoErrors() throws {
        try Data(
            CheckFixtures.yamlClaimedByLink.replacingOccurrences(
                of: "https://example.com/budget", with: "https://go.example.com/topic/1"
            ).utf8
        )
        .write(to: folder.appendingPathComponent("site-config.yml"))
        let report = SiteChecker(builder: builder).run()
        XCTAssertEqual(report.warningCount, 1)
        XCTAssertFalse(report.hasErrors)
        let strict = report.strict()
        XCTAssertEqual(strict.errorCount, 1)
        XCTAssertEqual(strict.warningCount, 0)
        XCTAssertEqual(strict.diagnostics.first?.message, report.diagnostics.first?.message)
    }
}
