import Foundation
import XCTest

@testable import TrampolineBuild
@testable import TrampolineModel
@testable import TrampolineSite

/// The claim cache: a rebuild matches against the AASA only the links whose probe path the last
/// successful build did not verify under the same key (AASA bytes, site, app IDs, binary), and
/// trusts nothing recorded under another key or in a damaged file.
final class ClaimCacheTests: XCTestCase {
    private func catalog(links: [String], teamID: String = "ABCDE12345") -> String {
        """
        site:
          url: https://go.example.com
          claims: links
        app:
          name: Marry
          ios: {team_id: \(teamID), bundle_id: com.example.marry, app_store_id: "1356057329", scheme: marry}
        links:
        \(links.map { "  - {path: \($0), title: \"Item\"}" }.joined(separator: "\n"))

        """
    }

    /// The `claims` step's note: how many links were matched.
    private func claimsDetail(_ build: SiteBuild) throws -> String {
        try XCTUnwrap(build.timings.first { $0.step == "claims" }?.detail)
    }

    private func buildAndWrite(_ fixture: SiteFixture) throws -> SiteBuild {
        let build = try fixture.build()
        try fixture.builder.write(build, to: fixture.outputURL)
        return build
    }

    func testARebuildMatchesOnlyLinksWithNewPathsUnderTheSameAASA() throws {
        // Enough links for the folder form of the AASA (one `/p/*` claim), which new links in the
        // folder leave as it is.
        let paths = (1...1200).map { "/p/item-\($0)" }
        let fixture = try SiteFixture(catalog: catalog(links: paths))
        let first = try buildAndWrite(fixture)
        XCTAssertEqual(try claimsDetail(first), "all 1200 links matched")
        XCTAssertTrue(
            String(decoding: try XCTUnwrap(first[.appSiteAssociation]), as: UTF8.self).contains(#"{"/": "/p/*"}"#))
        XCTAssertEqual(
            try claimsDetail(buildAndWrite(fixture)),
            "0 of 1200 links matched; the rest were verified against the same AASA by an earlier build")

        // Two more links in the same folder: the AASA is unchanged, so only they are matched.
        try Data(catalog(links: paths + ["/p/new-1", "/p/new-2"]).utf8).write(to: fixture.configURL)
        let grown = try buildAndWrite(fixture)
        XCTAssertEqual(grown[.appSiteAssociation], first[.appSiteAssociation])
        XCTAssertEqual(
            try claimsDetail(grown),
            "2 of 1202 links matched; the rest were verified against the same AASA by an earlier build")
        XCTAssertEqual(
            try claimsDetail(buildAndWrite(fixture)),
            "0 of 1202 links matched; the rest were verified against the same AASA by an earlier build")
    }

    func testAnotherAASAOrAnotherBinaryTrustsNothingRecorded() throws {
        let paths = (1...10).map { "/p/\($0)" }
        let fixture = try SiteFixture(catalog: catalog(links: paths))
        _ = try buildAndWrite(fixture)
        // Another team ID: other AASA bytes, another key.
        try Data(catalog(links: paths, teamID: "ZZZZZ99999").utf8).write(to: fixture.configURL)
        XCTAssertEqual(try claimsDetail(buildAndWrite(fixture)), "all 10 links matched")
        // A top-level link gets a claim of its own: the AASA changes, so every link is matched again.
        try Data(catalog(links: paths + ["/solo"], teamID: "ZZZZZ99999").utf8).write(to: fixture.configURL)
        XCTAssertEqual(try claimsDetail(buildAndWrite(fixture)), "all 11 links matched")
        // Another Trampoline (the renderer version stands for the binary).
        var upgraded = fixture.builder
        upgraded.rendererVersion = "upgraded"
        XCTAssertEqual(try claimsDetail(upgraded.build()), "all 11 links matched")
    }

    func testADamagedOrForeignCacheIsIgnored() throws {
        let fixture = try SiteFixture(catalog: catalog(links: ["/p/1", "/p/2"]))
        let first = try buildAndWrite(fixture)
        let url = fixture.folder.appendingPathComponent(".trampoline/_site/claims")
        let recorded = try String(contentsOf: url, encoding: .utf8)
        let key = ClaimCache.key(
            aasa: try XCTUnwrap(first[.appSiteAssociation]), catalog: first.catalog,
            version: SiteRenderer.version + "\u{0}" + SiteRenderer.binaryIdentity)
        XCTAssertEqual(recorded, "trampoline-claims 1 \(key.hex)\n/p/1\n/p/2\n")
        for damaged in [
            "", "garbage\n/p/1\n/p/2\n", "trampoline-claims 1 \(String(repeating: "0", count: 64))\n/p/1\n/p/2\n",
            "trampoline-claims 1 \(key.hex.dropLast())\n/p/1\n/p/2\n",
        ] {
            try Data(damaged.utf8).write(to: url)
            let build = try fixture.build()
            XCTAssertEqual(try claimsDetail(build), "all 2 links matched", damaged)
            // A file that is not a claim cache is named in a note; one under another key is not damaged.
            let foreign = damaged.hasPrefix("trampoline-claims 1 0000")
            XCTAssertEqual(
                build.notes, foreign ? [] : ["the cache \(url.path) cannot be read; ignored, and read as none"], damaged
            )
        }
        // The exact file trusts both; a file listing one trusts that one.
        try Data("trampoline-claims 1 \(key.hex)\n/p/2\n".utf8).write(to: url)
        XCTAssertEqual(
            try claimsDetail(fixture.build()),
            "1 of 2 links matched; the rest were verified against the same AASA by an earlier build")
    }

    /// The verifier itself: a path given as verified is not matched, so an AASA that does not
    /// claim it passes; without it, the same AASA is an error at that link. (This is why the key
    /// must cover everything a verdict depends on.)
    func testTheVerifierSkipsExactlyTheVerifiedPaths() throws {
        let catalog = try CheckFixtures.catalog()
        let rules = [
            #"{"/": "*", "?": {"debug": "1"}, "exclude": true}"#, #"{"/": "/topic/1"}"#, #"{"/": "/topic/1/"}"#,
            #"{"/": "/invite"}"#, #"{"/": "/invite/"}"#,
        ]
        let ids = [CheckFixtures.app, CheckFixtures.beta].map { "\"\($0)\"" }.joined(separator: ", ")
        let aasa = Data(
            #"{"applinks": {"details": [{"appIDs": [\#(ids)], "components": [\#(rules.joined(separator: ", "))]}]}}"#
                .utf8)
        var plain = DiagnosticEngine()
        XCTAssertEqual(ClaimVerifier.verify(aasa: aasa, catalog: catalog, engine: &plain), catalog.links.count)
        XCTAssertEqual(plain.errors.count, 1)
        XCTAssertTrue(
            plain.errors[0].message.contains("does not claim https://go.example.com/topic/2"), plain.errors[0].message)

        var skipping = DiagnosticEngine()
        XCTAssertEqual(
            ClaimVerifier.verify(aasa: aasa, catalog: catalog, verified: ["/topic/2"], engine: &skipping),
            catalog.links.count - 1)
        XCTAssertEqual(skipping.errors, [])
        var others = DiagnosticEngine()
        XCTAssertEqual(
            ClaimVerifier.verify(aasa: aasa, catalog: catalog, verified: ["/topic/1", "/invite"], engine: &others),
            catalog.links.count - 2)
        XCTAssertEqual(others.errors.map(\.location), plain.errors.map(\.location))
    }

    /// A cache's recorded paths are read in place and compared with each link's at its own
    /// place; whatever the order, the answer is plain set membership of the file's lines.
    func testRecordedPathsAnswerAsTheSetOfTheFilesLines() {
        let lines = ["/p/1", "/p/2", "/東京/😀", "/a%2Fb", "/p/3\r", "/p/10"]
        let file = Array(
            ("trampoline-claims 1 " + String(repeating: "ab", count: 32) + "\n" + lines.joined(separator: "\n") + "\n\n")
                .utf8)
        let recorded = ClaimCache.RecordedPaths(bytes: file, from: 20 + 64 + 1)
        let asked = [
            lines,  // the same order
            Array(lines.reversed()),  // another order
            ["/p/1", "/p/2", "/東京/😀", "/a%2Fb", "/p/3", "/p/10", "/p/11"],  // one differs, one added
            ["/p/", "/p/1/", "", "/p/10", "/p/1"],  // prefixes, an empty path
            ["/p/9", "/p/8"],  // as long as the lines at their places
            [],
        ]
        for paths in asked {
            XCTAssertEqual(recorded.contains(each: paths), paths.map(Set(lines).contains), "\(paths)")
        }
        // A line that is not UTF-8 is no path (the file is damaged).
        let damaged = ClaimCache.RecordedPaths(bytes: Array("/p/1\n".utf8) + [0x2F, 0xFF] + Array("\n".utf8), from: 0)
        XCTAssertEqual(damaged.contains(each: ["/p/2", "/\u{FFFD}", "/p/1"]), [false, false, true])
    }
}
