import Foundation
import XCTest

@testable import TrampolineBuild

/// A build that reads the output folder's previous state early (`readsPreviousOutputEarly`, what
/// `build` and `serve` do) writes what a build that reads it at write time writes; and that early
/// reading serves only the first write into its own folder: a second write of the same build, or
/// a write elsewhere, sees the folder as it is then.
final class PreviousOutputReadTests: XCTestCase {
    private func earlyBuilder(_ fixture: SiteFixture) -> SiteBuilder {
        var builder = fixture.builder
        builder.readsPreviousOutputEarly = true
        return builder
    }

    func testAnEarlyReadingProvesWhatAWriteTimeReadingProves() throws {
        let early = try SiteFixture(catalog: SiteFixture.fixture("example.yml"))
        let plain = try SiteFixture(catalog: SiteFixture.fixture("example.yml"))
        for fixture in [early, plain] {
            try fixture.builder.write(try fixture.build(), to: fixture.outputURL)
            // A hand edit between builds: both must find it and put the page back.
            try Data("edited".utf8).write(to: fixture.outputURL.appendingPathComponent("topic/2/index.html"))
        }
        let earlySummary = try earlyBuilder(early).write(try earlyBuilder(early).build(), to: early.outputURL)
        let plainSummary = try plain.builder.write(try plain.build(), to: plain.outputURL)
        XCTAssertEqual(earlySummary, plainSummary)
        XCTAssertEqual(earlySummary.written, ["topic/2/index.html"])
        XCTAssertEqual(earlySummary.reused.count, earlySummary.unchanged.count, "every other file proven by its stamp")
        XCTAssertGreaterThan(earlySummary.reused.count, 6)
        XCTAssertEqual(
            try Data(contentsOf: early.outputURL.appendingPathComponent("topic/2/index.html")),
            try Data(contentsOf: plain.outputURL.appendingPathComponent("topic/2/index.html")))
    }

    func testAnEarlyReadingServesOnlyTheFirstWriteIntoItsFolder() throws {
        let fixture = try SiteFixture(catalog: SiteFixture.fixture("example.yml"))
        try fixture.builder.write(try fixture.build(), to: fixture.outputURL)
        let builder = earlyBuilder(fixture)
        let site = try builder.build()
        XCTAssertEqual(try builder.write(site, to: fixture.outputURL).written, [], "nothing changed")
        // Edited after the first write: a second write of the same build must stat the file
        // again, not take the first write's proof of it.
        let page = fixture.outputURL.appendingPathComponent("topic/1/index.html")
        let original = try Data(contentsOf: page)
        try Data("edited".utf8).write(to: page)
        XCTAssertEqual(try builder.write(site, to: fixture.outputURL).written, ["topic/1/index.html"])
        XCTAssertEqual(try Data(contentsOf: page), original)
    }

    func testAnEarlyReadingIsNotUsedForAnotherFolder() throws {
        let fixture = try SiteFixture(catalog: SiteFixture.fixture("example.yml"))
        try fixture.builder.write(try fixture.build(), to: fixture.outputURL)
        // Another folder holding a copy of the site (new inodes, no stamps of its own) with one
        // page changed: the stamps of the first folder prove nothing there.
        let other = fixture.folder.appendingPathComponent("other")
        try FileManager.default.copyItem(at: fixture.outputURL, to: other)
        try Data("edited".utf8).write(to: other.appendingPathComponent("invite/qr.svg"))
        let builder = earlyBuilder(fixture)
        let summary = try builder.write(try builder.build(), to: other)
        XCTAssertEqual(summary.written, ["invite/qr.svg"])
        XCTAssertEqual(summary.reused, [], "compared byte for byte, not proven by another folder's stamps")
        XCTAssertEqual(
            try Data(contentsOf: other.appendingPathComponent("invite/qr.svg")),
            try Data(contentsOf: fixture.outputURL.appendingPathComponent("invite/qr.svg")))
    }

    /// The flag is what starts the reading (for the folder the catalog writes to), and the write
    /// into that folder is what takes it; a builder without the flag starts none.
    func testTheBuildStartsTheReadingAndItsWriteTakesIt() throws {
        let fixture = try SiteFixture(catalog: SiteFixture.fixture("example.yml"))
        try fixture.builder.write(try fixture.build(), to: fixture.outputURL)
        XCTAssertNil(try fixture.build().previousOutput, "not without the flag")
        let builder = earlyBuilder(fixture)
        let site = try builder.build()
        let reading = try XCTUnwrap(site.previousOutput)
        XCTAssertNil(reading.take(for: fixture.folder.appendingPathComponent("elsewhere")))
        try builder.write(site, to: fixture.outputURL)
        XCTAssertNil(reading.take(for: fixture.outputURL), "taken by the write")
        let another = try XCTUnwrap(try builder.build().previousOutput)
        XCTAssertEqual(
            try XCTUnwrap(another.take(for: fixture.outputURL)).value.statMatches.filter { $0 }.count, 28,
            "the 27 files and the manifest, each with the stat its stamp records")
    }
}
