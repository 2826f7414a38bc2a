import XCTest

@testable import TrampolineModel
@testable import TrampolineSite

/// A plan writes the claim files (AASA, assetlinks.json) after every page they claim, whatever
/// order the entries come in; entries already in that order (the planner's) are kept as they are.
final class SitePlanOrderTests: XCTestCase {
    private let site = SiteSettings(
        url: "https://go.example.com", host: "go.example.com", title: nil, language: "en", output: nil)
    private let app = AppSettings(name: "Marry", ios: nil, android: nil)

    private func entry(_ path: OutputPath) -> PlanEntry {
        PlanEntry(path: path, content: .hostFile(.noJekyll))
    }

    func testClaimFilesGoLastInAStableOrder() {
        let mixed = [
            entry(.appSiteAssociation), entry(.linkPage("/a")), entry(.assetLinks), entry(.home),
            entry(.rootAppSiteAssociation), entry(.linkPage("/b")),
        ]
        let plan = SitePlan(site: site, app: app, entries: mixed)
        XCTAssertEqual(
            plan.paths,
            [.linkPage("/a"), .home, .linkPage("/b"), .appSiteAssociation, .assetLinks, .rootAppSiteAssociation])
        XCTAssertEqual(plan.index(of: .home), 1)
        XCTAssertEqual(plan.index(of: .rootAppSiteAssociation), 5)

        let ordered = [entry(.linkPage("/a")), entry(.home), entry(.appSiteAssociation), entry(.assetLinks)]
        XCTAssertEqual(SitePlan(site: site, app: app, entries: ordered).paths, ordered.map(\.path))
        XCTAssertEqual(SitePlan(site: site, app: app, entries: []).paths, [])
        XCTAssertEqual(SitePlan(site: site, app: app, entries: [entry(.assetLinks)]).paths, [.assetLinks])
    }
}
