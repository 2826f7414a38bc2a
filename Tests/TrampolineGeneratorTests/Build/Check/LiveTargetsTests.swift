import Foundation
import XCTest

@testable import TrampolineBuild

/// What `check --live` fetches besides the association files: every file the host serves, each
/// at the URL people use, the routes' samples and the compact layout's lookups; `--sample N`
/// thins the links, never the site's own files. The fetching itself runs against nginx in
/// Tests/Live.
final class LiveTargetsTests: XCTestCase {
    private func catalog(layout: String = "folders", links: Int = 6, route: Bool = false) -> String {
        var text = """
            site:
              url: https://go.example.com
              layout: \(layout)
            app:
              name: Marry
              ios: {team_id: ABCDE12345, bundle_id: com.example.marry, app_store_id: "1356057329", scheme: marry}
            links:

            """
        for i in 1...links { text += "  - {path: /p/\(i), deep_link: \"marry://p/\(i)\", title: \"P \(i)\"}\n" }
        if route { text += "  - {path: /shop/:id, deep_link: \"marry://shop/:id\", title: Shop}\n" }
        return text
    }

    func testFoldersFetchEveryServedFileAtItsURLAndNoHostFile() throws {
        let build = try SiteFixture(catalog: catalog(route: true)).build()
        let targets = LiveTargets(build: build, sample: nil).targets
        let paths = targets.map(\.urlPath)
        XCTAssertEqual(Set(paths).count, paths.count, "each URL once")
        for i in 1...6 {
            XCTAssertTrue(targets.contains(.init("/p/\(i)/", .file(.linkPage("/p/\(i)")))), "page \(i)")
            XCTAssertTrue(targets.contains(.init("/p/\(i)/qr.svg", .file(.qrCode("/p/\(i)")))), "QR \(i)")
        }
        for own in [
            "/", "/404.html", "/loadCookie.html", "/trampoline-more.js", "/.well-known/trampoline/v2/index.json",
        ] {
            XCTAssertTrue(paths.contains(own), "\(own) in \(paths)")
        }
        let route = try XCTUnwrap(build.catalog.routes.first)
        XCTAssertTrue(targets.contains(.init(route.samplePath, .route(page: .routePage(route)))), "\(targets)")
        // Hosts never serve their configuration; the claim files have checks of their own.
        for hidden in [
            "/_headers", "/_redirects", "/.nojekyll", "/.trampoline-manifest.json", "/apple-app-site-association",
        ] {
            XCTAssertFalse(paths.contains(hidden), hidden)
        }
        XCTAssertFalse(paths.contains { $0.hasPrefix("/.well-known/apple") || $0.hasSuffix("assetlinks.json") })
        // Every planned file but those is fetched.
        let served = build.plan.entries.filter {
            switch $0.content {
            case .hostFile, .appSiteAssociation, .assetLinks: false
            default: true
            }
        }
        XCTAssertEqual(targets.filter { if case .file = $0.kind { true } else { false } }.count, served.count)
    }

    func testSampleThinsTheLinksEvenlyAndKeepsTheSitesOwnFiles() throws {
        let build = try SiteFixture(catalog: catalog(links: 9)).build()
        let all = LiveTargets(build: build, sample: nil).targets
        let sampled = LiveTargets(build: build, sample: 3).targets
        let pages = sampled.map(\.urlPath).filter { $0.hasPrefix("/p/") && $0.hasSuffix("/") }
        XCTAssertEqual(pages, ["/p/1/", "/p/5/", "/p/9/"], "first, middle and last")
        XCTAssertEqual(
            sampled.filter { !$0.urlPath.hasPrefix("/p/") }, all.filter { !$0.urlPath.hasPrefix("/p/") },
            "the site's own files are all fetched")
        XCTAssertEqual(LiveTargets(build: build, sample: 100).targets, all)
    }

    func testCompactLinksAreLookupsAndTheirShardsFiles() throws {
        let build = try SiteFixture(catalog: catalog(layout: "compact", route: true)).build()
        let targets = LiveTargets(build: build, sample: nil).targets
        for i in 1...6 { XCTAssertTrue(targets.contains(.init("/p/\(i)", .lookup)), "\(targets)") }
        XCTAssertTrue(targets.contains { $0.urlPath.hasPrefix("/_links/") && $0.urlPath.hasSuffix(".json") })
        XCTAssertFalse(targets.contains { $0.urlPath.hasSuffix("/qr.svg") && $0.urlPath.hasPrefix("/p/") })
    }

    func testHeaderRulesAreTheHeadersFile() throws {
        let build = try SiteFixture(catalog: catalog()).build()
        let text = String(decoding: try XCTUnwrap(build[.headers]), as: UTF8.self)
        let rules = build.renderer.headerRules
        XCTAssertEqual(rules.map(\.path).filter { text.contains($0 + "\n") }, rules.map(\.path))
        let table = try XCTUnwrap(rules.last)
        XCTAssertTrue(table.matches("/.well-known/trampoline/v2/links/0.json"))
        XCTAssertFalse(table.matches("/.well-known/trampoline"))
        XCTAssertTrue(rules[0].matches(rules[0].path))
        XCTAssertFalse(rules[0].matches(rules[0].path + "x"))
    }
}
