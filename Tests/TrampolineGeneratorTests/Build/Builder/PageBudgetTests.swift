import Foundation
import XCTest

@testable import TrampolineBuild
@testable import TrampolineModel

/// The 10 KB page budget: a link whose page comes out larger gets a warning at its entry, with its
/// real size; pages under it, and links too short to reach it, get none. The pages are measured
/// on every core: the warnings must still name the right links, each once, in catalog order.
final class PageBudgetTests: XCTestCase {
    /// What `check` warns: the sizes from its one rendering of the plan, no folder compared.
    private func checkWarnings(_ build: SiteBuild) -> [Diagnostic] {
        let pass = CheckPass(site: build, outputURL: nil)
        return SiteBuilder.pageBudgetWarnings(of: build, size: { pass.sizes[$0] })
    }

    private func catalog(descriptionWords: (Int) -> Int, campaign: (Int) -> String?, links: Int) -> String {
        var text = """
            site:
              url: https://go.example.com
            app:
              name: Marry
              ios: {team_id: ABCDE12345, bundle_id: com.example.marry, app_store_id: "1356057329", scheme: marry}
            links:

            """
        for i in 1...links {
            let words = (0..<descriptionWords(i)).map { "word\($0 % 10)" }.joined(separator: " ")
            let utm = campaign(i).map { ", campaign: {utm_content: \($0)}" } ?? ""
            text += "  - {path: /p/\(i), title: \"Item \(i)\", description: \"\(words)\"\(utm)}\n"
        }
        return text
    }

    func testOnlyPagesOverTheBudgetAreWarnedAtTheirEntryWithTheirSize() throws {
        // 600 links: every 97th has a description long enough to pass 10 KB; the even ones have a
        // long campaign value but stay under it.
        let long = Set(stride(from: 5, through: 600, by: 97))
        let fixture = try SiteFixture(
            catalog: catalog(
                descriptionWords: { long.contains($0) ? 520 : 3 },
                campaign: { $0 % 2 == 0 && !long.contains($0) ? String(repeating: "c", count: 170) : nil },
                links: 600
            ))
        let build = try fixture.build()
        XCTAssertFalse(
            build.warnings.contains { $0.message.contains("budget") }, "a build measures nothing before writing")
        let links = build.catalog.links
        let sizes = try links.map { try XCTUnwrap(build[String($0.path.dropFirst()) + "/index.html"]).count }
        let over = links.indices.filter { sizes[$0] > SiteBuilder.pageBudget }
        XCTAssertEqual(over.map { $0 + 1 }, long.sorted(), "the long ones, and only they, pass the budget")

        // Written: the sizes the writer wrote. Checked: the sizes check's one rendering measured.
        let written = try fixture.builder.write(build, to: fixture.outputURL).warnings
        let checked = checkWarnings(build)
        XCTAssertEqual(written, checked)
        XCTAssertEqual(
            written.map { $0.location?.line }, over.map { links[$0].location.line }, "\(written.map(\.description))")
        for (warning, index) in zip(written, over) {
            XCTAssertEqual(warning.severity, .warning)
            XCTAssertTrue(
                warning.message.hasPrefix(
                    "the page for \(links[index].path) is \(sizes[index]) bytes, over the 10240-byte (10 KB) budget"),
                warning.message)
        }
    }

    /// A rebuild proves unchanged pages by their stamps and renders only changed ones: its
    /// warnings (unchanged pages' sizes from the stamps, the changed page's from its new bytes)
    /// are those of a fresh build of the same catalog, including for a page that has just grown
    /// over the budget, and those `check` finds by rendering.
    func testARebuildWarnsAsAFreshBuildAndCheckDo() throws {
        let long = Set([3, 150, 299])
        func text(growing: Int?) -> String {
            catalog(
                descriptionWords: { long.contains($0) || $0 == growing ? 400 : 3 },
                campaign: { $0 % 2 == 0 ? String(repeating: "c", count: 170) : nil }, links: 300)
        }
        let fixture = try SiteFixture(catalog: text(growing: nil))
        XCTAssertEqual(try fixture.builder.write(try fixture.build(), to: fixture.outputURL).warnings.count, 3)
        try Data(text(growing: 200).utf8).write(to: fixture.configURL)
        let rebuild = try fixture.build()
        let summary = try fixture.builder.write(rebuild, to: fixture.outputURL)
        XCTAssertEqual(summary.written, ["p/200/index.html"])
        // The link table's shards too: a description is nothing their rows hold.
        XCTAssertEqual(
            summary.reused.count, rebuild.fileCount - 2, "every other file proven by its stamp, the manifest aside")
        let fresh = try SiteFixture(catalog: text(growing: 200))
        let freshWarnings = try fresh.builder.write(try fresh.build(), to: fresh.outputURL).warnings.map(\.description)
        XCTAssertEqual(summary.warnings.map(\.description), freshWarnings)
        XCTAssertEqual(checkWarnings(rebuild).map(\.description), freshWarnings)
        XCTAssertEqual(freshWarnings.count, 4, "\(freshWarnings)")
        XCTAssertTrue(
            freshWarnings.contains { $0.contains("the page for /p/200 is") }, "the page that grew is measured")

        // A stamp is believed only while the file's stat matches it: one that records another
        // size for an unchanged page is not, and the page's real size is reported.
        let stampsURL = fixture.folder.appendingPathComponent(".trampoline/_site/stamps")
        let stamps = StampCache.read(from: stampsURL)
        XCTAssertNotEqual(stamps.entry(for: "p/3/index.html")?.size, 99999)
        // Rewritten in its own order, that one size changed.
        try Data(
            StampCache.encoded(count: stamps.count) { position in
                var entry = stamps.entry(at: position)
                if stamps.path(at: position) == "p/3/index.html" { entry.stat.size = 99999 }
                return (stamps.path(at: position), entry)
            }
        ).write(to: stampsURL)
        XCTAssertEqual(StampCache.read(from: stampsURL).entry(for: "p/3/index.html")?.size, 99999)
        let again = try fixture.builder.write(try fixture.build(), to: fixture.outputURL)
        XCTAssertFalse(again.reused.contains("p/3/index.html"))
        XCTAssertEqual(again.warnings.map(\.description), freshWarnings)
    }
}
