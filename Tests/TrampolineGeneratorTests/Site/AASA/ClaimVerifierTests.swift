import Foundation
import TrampolineBuild
import TrampolineModel
import TrampolineSite
import TrampolineTestSupport
import XCTest

final class ClaimVerifierTests: XCTestCase {
    private func verify(_ aasa: String, _ catalog: Catalog? = nil) throws -> DiagnosticEngine {
        var engine = DiagnosticEngine()
        ClaimVerifier.verify(aasa: Data(aasa.utf8), catalog: try catalog ?? CheckFixtures.catalog(), engine: &engine)
        return engine
    }

    /// The rule that keeps every link's debug view (`?debug=1`) in the browser.
    private let debugRule = #"{"/": "*", "?": {"debug": "1"}, "exclude": true}"#

    /// A modern AASA with the debug rule, then the given component rules, for `appIDs`.
    private func aasa(
        _ components: [String], appIDs: [String] = [CheckFixtures.app, CheckFixtures.beta], debugRule: Bool = true
    ) -> String {
        let ids = appIDs.map { "\"\($0)\"" }.joined(separator: ", ")
        let rules = (debugRule ? [self.debugRule] : []) + components
        return #"{"applinks": {"details": [{"appIDs": [\#(ids)], "components": [\#(rules.joined(separator: ", "))]}]}}"#
    }

    private let allLinks = [
        #"{"/": "/topic/1"}"#, #"{"/": "/topic/1/"}"#,
        #"{"/": "/topic/2"}"#, #"{"/": "/topic/2/"}"#,
        #"{"/": "/invite"}"#, #"{"/": "/invite/"}"#,
    ]

    func testTheGeneratedFileClaimsEveryLinkAndNoSitePage() throws {
        let catalog = try CheckFixtures.catalog()
        let engine = try verify(AppSiteAssociation.json(for: catalog), catalog)
        XCTAssertEqual(engine.diagnostics, [])
    }

    func testTheHandWrittenBaselineIsClean() throws {
        XCTAssertEqual(try verify(aasa(allLinks)).diagnostics, [])
    }

    /// `?debug=1` shows the link's debug view: a file that lets iOS open the app there instead is
    /// an error at each link, naming the URL and the rule that claims it.
    func testAFileThatClaimsTheDebugViewIsAnErrorAtEachLink() throws {
        let engine = try verify(aasa(allLinks, debugRule: false))
        XCTAssertEqual(engine.errors.count, 3)
        let first = try XCTUnwrap(engine.errors.first)
        XCTAssertTrue(
            first.message.contains(
                #"claims https://go.example.com/topic/1?debug=1 for \#(CheckFixtures.app) (match by rule 0: {"/": "/topic/1"})"#
            ), first.message)
        XCTAssertTrue(first.message.contains("instead of the debug view"), first.message)
        // Both debug URLs (?debug=1, /?utm_source=x&debug=1) for both apps.
        XCTAssertTrue(first.message.hasSuffix("and 3 more URL and app ID pairs"), first.message)
        // The rule only has to come first: after the claims it changes nothing.
        XCTAssertEqual(try verify(aasa(allLinks + [debugRule], debugRule: false)).errors.count, 3)
        // A rule for another value (debug=true) is not the debug view's.
        XCTAssertEqual(
            try verify(aasa([#"{"/": "*", "?": {"debug": "true"}, "exclude": true}"#] + allLinks, debugRule: false))
                .errors.count, 3)
    }

    func testALinkTheFileDoesNotClaimIsAnErrorAtTheLink() throws {
        let engine = try verify(aasa(allLinks.filter { !$0.contains("/topic/2") }))
        XCTAssertEqual(engine.errors.count, 1)
        let error = try XCTUnwrap(engine.errors.first)
        XCTAssertEqual(error.location, SourceLocation(file: "site-config.yml", line: 17, column: 5))
        XCTAssertTrue(
            error.message.contains(
                "does not claim https://go.example.com/topic/2 for \(CheckFixtures.app) (no rule matches)"),
            error.message)
        // 3 URLs x 2 apps fail; the message names one and counts the rest.
        XCTAssertTrue(error.message.contains("and 5 more"), error.message)
    }

    /// A catalog of several chunks (1,024 links each), checked by a worker per core, each with a
    /// matcher of its own: every link is matched, and a link the file leaves out is an error at
    /// that link whichever chunk and worker it falls to, reported in catalog order.
    func testEveryChunkOfALargeCatalogIsCheckedAndReportedInOrder() throws {
        let links = (1...3_000).map { "  - path: /p/\($0)\n    deep_link: marry://p?id=\($0)\n    title: Link \($0)\n" }
            .joined()
        // Per-link claims: the hand-made file below claims a folder, which takes the QR codes too.
        let catalog = try CheckFixtures.catalog(
            "\(TestCatalog.marrySite)\n  claims: links\n\(TestCatalog.marryApp)\n    extra_app_ids: [\(CheckFixtures.beta)]\nlinks:\n"
                + links)
        XCTAssertEqual(catalog.links.count, 3_000)
        var engine = DiagnosticEngine()
        XCTAssertEqual(
            ClaimVerifier.verify(
                aasa: Data(AppSiteAssociation.json(for: catalog).utf8), catalog: catalog, engine: &engine), 3_000)
        XCTAssertEqual(engine.diagnostics, [])
        // Left out: one link in the first chunk, two in the second, one in the third.
        let left = [700, 1_100, 1_400, 2_800]
        let excluded = left.map { #"{"/": "/p/\#($0)", "exclude": true}"# }
        engine = DiagnosticEngine()
        XCTAssertEqual(
            ClaimVerifier.verify(
                aasa: Data(aasa(excluded + [#"{"/": "/p/*"}"#]).utf8), catalog: catalog, engine: &engine), 3_000)
        XCTAssertEqual(engine.errors.map(\.location), left.map { catalog.links[$0 - 1].location })
        for (error, number) in zip(engine.errors, left) {
            XCTAssertTrue(
                error.message.contains("does not claim https://go.example.com/p/\(number) for"), error.message)
        }
    }

    /// Shared links carry campaign queries: a rule that turns away queried URLs breaks them.
    func testTheURLWithAQueryMustBeClaimedToo() throws {
        let engine = try verify(aasa([#"{"/": "/invite", "?": "?*", "exclude": true}"#] + allLinks))
        let error = try XCTUnwrap(engine.errors.first)
        XCTAssertEqual(engine.errors.count, 1)
        XCTAssertTrue(
            error.message.contains(
                "does not claim https://go.example.com/invite?x=1 for \(CheckFixtures.app) (exclude by rule 1"),
            error.message)
        // Only the queried URL fails, for both apps.
        XCTAssertTrue(error.message.hasSuffix("and 1 more URL and app ID pair"), error.message)
        XCTAssertEqual(error.location?.line, 21)
    }

    func testAnExcludedLinkNamesTheDecidingRule() throws {
        let engine = try verify(aasa([#"{"/": "/topic/1*", "exclude": true}"#] + allLinks))
        let error = try XCTUnwrap(engine.errors.first)
        XCTAssertTrue(error.message.contains(#"exclude by rule 1: {"/": "/topic/1*", "exclude": true}"#), error.message)
        XCTAssertEqual(error.location?.line, 13)
    }

    func testEveryAppIDMustBeClaimed() throws {
        let engine = try verify(aasa(allLinks, appIDs: [CheckFixtures.app]))
        // One error per link, each about the beta app only.
        XCTAssertEqual(engine.errors.count, 3)
        for error in engine.errors {
            XCTAssertTrue(error.message.contains("for \(CheckFixtures.beta) (no rule matches)"), error.message)
            XCTAssertFalse(error.message.contains("for \(CheckFixtures.app) "), error.message)
        }
    }

    func testClaimingTheSitesOwnPagesIsAnError() throws {
        let engine = try verify(aasa([#"{"/": "*"}"#]))
        let messages = engine.errors.map(\.message)
        // 4 pages, 7 files of every site and 3 of a site claimed whole (a QR code, a shard of the
        // compact layout, a route page), x 2 apps; the links themselves are claimed by the wildcard.
        XCTAssertEqual(messages.count, 28, messages.joined(separator: "\n"))
        for page in [
            "https://go.example.com/ ", "/index.html", "/404.html", "/loadCookie.html",
            "/.well-known/trampoline/v2/index.json",
            "/.well-known/trampoline/v2/links/0.json", "/trampoline-more.js", "/topic/1/qr.svg", "/_links/0.json",
            "/_routes/",
        ] {
            XCTAssertTrue(messages.contains { $0.contains(page) }, "no error about \(page)")
        }
        let loadCookie = try XCTUnwrap(engine.errors.first { $0.message.contains("loadCookie.html") })
        XCTAssertEqual(loadCookie.location, SourceLocation(file: "site-config.yml", line: 1, column: 1))
        XCTAssertTrue(loadCookie.hint?.contains("web view") == true)
    }

    func testExcludingTheSitesPagesBeforeAWildcardIsClean() throws {
        let excludes = SiteFiles.unclaimedPatterns.map { #"{"/": "\#($0)", "exclude": true}"# }
        XCTAssertEqual(try verify(aasa(excludes + [#"{"/": "*"}"#])).diagnostics, [])
        // Without the table's folder, the file would send the app's own lookups to the app.
        let partial = excludes.filter { !$0.contains(".well-known") }
        XCTAssertTrue(
            try verify(aasa(partial + [#"{"/": "*"}"#])).errors.contains {
                $0.message.contains("/.well-known/trampoline/v2/index.json")
            })
    }

    /// Whitespace keeps the JSON valid and the claims intact while growing the file.
    private func padded(_ json: String, to size: Int) -> String {
        json + String(repeating: " ", count: size - json.utf8.count)
    }

    func testAFileOver100KBIsAWarning() throws {
        let engine = try verify(padded(aasa(allLinks), to: 110 * 1024))
        XCTAssertEqual(engine.errors, [])
        let warning = try XCTUnwrap(engine.warnings.first)
        XCTAssertEqual(engine.warnings.count, 1)
        XCTAssertTrue(warning.message.contains("110 KB"), warning.message)
    }

    func testAFileAtTheWarningLimitIsClean() throws {
        XCTAssertEqual(try verify(padded(aasa(allLinks), to: AppSiteAssociation.sizeWarningLimit)).diagnostics, [])
    }

    func testAFileOver128KBIsAnError() throws {
        let engine = try verify(padded(aasa(allLinks), to: AppSiteAssociation.sizeLimit + 1))
        let error = try XCTUnwrap(engine.errors.first)
        XCTAssertEqual(engine.diagnostics.count, 1)
        XCTAssertTrue(error.message.contains("iOS ignores files over 128 KB"), error.message)
    }

    func testAnUnreadableFileIsAnError() throws {
        let engine = try verify("{not json")
        XCTAssertEqual(engine.errors.count, 1)
        XCTAssertTrue(engine.errors[0].message.contains("cannot be read back"), engine.errors[0].message)
    }

    /// `$(name)` is an AASA substitution variable: a path using it literally would never be claimed,
    /// so the catalog refuses `$` in paths before any AASA is written.
    func testTheBuildRefusesAPathThatIsAnAASAPattern() throws {
        let yaml = CheckFixtures.yaml.replacingOccurrences(of: "path: /invite", with: "path: /offer/$(lang)")
        let folder = try CheckFixtures.folder(["site-config.yml": yaml])
        defer { try? FileManager.default.removeItem(at: folder) }
        let builder = SiteBuilder(
            configURL: folder.appendingPathComponent("site-config.yml"), configDisplayPath: "site-config.yml")
        XCTAssertThrowsError(try builder.build()) { error in
            let diagnostics = (error as? DiagnosticsError)?.diagnostics ?? []
            XCTAssertEqual(diagnostics.count, 1, "\(diagnostics)")
            XCTAssertEqual(diagnostics.first?.location?.line, 21)
            XCTAssertEqual(diagnostics.first?.location?.column, 11)
            XCTAssertTrue(
                diagnostics.first?.message.contains("path '/offer/$(lang)' contains '$'") == true, "\(diagnostics)")
        }
    }
}
