import Foundation
import XCTest

@testable import TrampolineBuild
@testable import TrampolineModel
@testable import TrampolineSite

/// `check`'s read-back of the link table (`SiteBuild.linkTableProblems(files:)`), shard by shard:
/// the table the build writes resolves every link to its page's deep link; a shard that holds
/// another shard's links is an error at the links it fails, and a shard missing is one error.
final class LinkTableReadBackTests: XCTestCase {
    private func site() throws -> SiteBuild {
        try SiteFixture(catalog: catalog()).build()
    }

    private func catalog() -> String {
        var yaml = """
            site: {url: https://go.example.com}
            app:
              name: Marry
              ios: {team_id: ABCDE12345, bundle_id: com.example.marry, app_store_id: "1356057329", scheme: marry}
            defaults: {qr_code: false}
            links:

            """
        for n in 1...3000 {
            yaml += "  - {path: /offer/\(n), deep_link: \"marry://offer/\(n)?from=link\", title: Offer \(n)}\n"
        }
        return yaml
    }

    private func shards(of site: SiteBuild) throws -> Int {
        guard case .linkTableIndex(let index)? = site.plan[.linkTableIndex]?.content else {
            XCTFail("the site has no link table")
            return 0
        }
        return index.shards
    }

    func testTheTableAsBuiltResolvesEveryLink() throws {
        let site = try site()
        XCTAssertGreaterThan(try shards(of: site), 2, "several shards")
        XCTAssertEqual(site.linkTableProblems(files: { site[$0] }), [])
    }

    func testAShardWithAnotherShardsLinksIsAnErrorAtTheLinksItFails() throws {
        let site = try site()
        let problems = site.linkTableProblems(files: { path in
            path == .linkTableShard(1) ? site[.linkTableShard(0)] : site[path]
        })
        XCTAssertEqual(problems.count, 20, "at most 20 reported")
        for problem in problems {
            XCTAssertEqual(problem.severity, .error)
            XCTAssertTrue(problem.message.contains("does not resolve"), problem.message)
            XCTAssertNotEqual(problem.location?.line, 1, "at the link, not the catalog's top")
        }
    }

    /// `check`'s walk keeps only the table files the folder does not hold as built (a million
    /// links' table is 144 MB); the others are read back from the folder. Either way the bytes
    /// read back are the ones build writes.
    func testTheWalkKeepsOnlyTheTableFilesTheFolderDoesNotHold() throws {
        let fixture = try SiteFixture(catalog: catalog())
        let built = try fixture.build()
        let tablePaths = built.plan.entries.filter(CheckPass.isLinkTable).map(\.path)
        XCTAssertGreaterThan(tablePaths.count, 3)

        let unwritten = CheckPass(site: built, outputURL: nil)
        XCTAssertEqual(Set(unwritten.linkTableFiles.keys), Set(tablePaths), "no folder: every table file kept")

        try fixture.builder.write(built, to: fixture.outputURL)
        let edited = fixture.outputURL.appendingPathComponent(OutputPath.linkTableShard(1).value)
        try Data("{}".utf8).write(to: edited)
        let pass = CheckPass(site: try fixture.build(), outputURL: fixture.outputURL)
        XCTAssertEqual(Array(pass.linkTableFiles.keys), [.linkTableShard(1)], "only the file edited by hand")
        for path in tablePaths {
            XCTAssertEqual(pass.linkTableFile(at: path), built[path], path.value)
        }
        XCTAssertEqual(built.linkTableProblems(files: { pass.linkTableFile(at: $0) }), [])
    }

    func testAShardMissingIsOneError() throws {
        let site = try site()
        let problems = site.linkTableProblems(files: { path in path == .linkTableShard(2) ? nil : site[path] })
        XCTAssertEqual(problems.map(\.message), ["the link table cannot be read back by TrampolineLink"])
    }
}
