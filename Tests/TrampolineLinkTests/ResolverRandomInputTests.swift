import Foundation
import TrampolineTestSupport
import XCTest

@_spi(Generator) @testable import TrampolineLink

/// Property tests of link resolution over random and mutated URLs and tables: nothing traps, a
/// URL is resolved only when it is on the site's host with a clean path, and what comes back is
/// always a deep link of the app's scheme; a table that is not the documented JSON is refused.
final class ResolverRandomInputTests: XCTestCase {
    let pieces = [
        "https://", "go.example.com", "GO.EXAMPLE.COM", "evil.example", ":443", "@", "/", "//", "p", "spring-sale",
        "Xy7a", "r",
        "42", "?", "&", "=", "#", "%", "%2F", "%2f", "%5C", "%2E", "%2E%2E", "..", ".", "%C3%A9", "%FF", "%00", "+",
        "tl_t=1",
        "debug=1", "k=v", " ", "\n", "\u{202E}", "é", "🎉", "\\", "*", ":id",
    ]

    let table: SiteLinkTable = {
        var table = SiteLinkTable(
            host: "go.example.com", scheme: "marry", shards: 1,
            routes: [
                .init(
                    pattern: try! RoutePattern("/r/:id"),
                    target: LinkTarget(deepLink: "marry://r/:id", forwardQuery: true)),
                .init(pattern: try! RoutePattern("/docs/*page"), target: LinkTarget(deepLink: "marry://docs/*page")),
            ])
        table.insert(LinkTarget(deepLink: "marry://promo?utm_source=x", forwardQuery: true), path: "/spring-sale")
        table.insert(LinkTarget(deepLink: "marry://invite?code=1", fixed: ["code"], forwardQuery: true), path: "/Xy7a")
        table.insert(LinkTarget(deepLink: "marry://p"), path: "/p")
        return table
    }()

    func testRandomURLsNeverTrapAndResolveOnlyToTheAppsScheme() {
        var g = SeededGenerator(seed: 37_2026)
        var resolved = 0
        for _ in 0..<20_000 {
            var text = (0..<Int.random(in: 0...10, using: &g)).map { _ in pieces.randomElement(using: &g)! }.joined()
            if Bool.random(using: &g) { text = "https://go.example.com/" + text }
            guard case .success(let link) = table.resolve(text, scheme: "marry") else { continue }
            resolved += 1
            XCTAssertTrue(link.hasPrefix("marry://"), "\(text) -> \(link)")
            XCTAssertTrue(text.lowercased().hasPrefix("https://go.example.com/"), text)
            XCTAssertFalse(link.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F }, "\(text) -> \(link)")
            // The deep link opens in the app as a link of its own scheme.
            XCTAssertNoThrow(
                try IncomingLink(
                    opening: link, configuration: LinkConfiguration(scheme: "marry", host: "go.example.com")),
                "\(text) -> \(link)")
        }
        XCTAssertGreaterThan(resolved, 50, "enough of the random URLs resolve for the properties to be tested")
    }

    func testMutatedTablesAreRefusedNeverTrapping() {
        // One link, /a, sealed as the build seals it: a mutation may reach its entry's unsealing.
        let id = LinkSealing.name(host: "go.example.com", path: "/a", shards: 1).id
        let sealed = LinkSealing.seal(Array(#"{"deep_link":"marry://a"}"#.utf8), host: "go.example.com", path: "/a")
        let valid =
            #"{"format":"trampoline-link-table","version":2,"host":"go.example.com","scheme":"marry","shards":2,"routes":[{"pattern":"/r/:id","deep_link":"marry://r/:id","fixed":["x"],"forward_query":true}],"links":{"ID":"SEALED"}}"#
            .replacingOccurrences(of: "ID", with: id).replacingOccurrences(of: "SEALED", with: sealed)
        XCTAssertEqual(
            try SiteLinkTable(json: Data(valid.utf8), host: "go.example.com").resolve(
                "https://go.example.com/a", scheme: "marry"), .success("marry://a"))
        var g = SeededGenerator(seed: 41)
        let bytes = Array(valid.utf8)
        var refused = 0
        for _ in 0..<5_000 {
            var mutated = bytes
            for _ in 0..<Int.random(in: 1...4, using: &g) {
                let at = Int.random(in: 0..<mutated.count, using: &g)
                switch Int.random(in: 0..<3, using: &g) {
                case 0: mutated[at] = UInt8.random(in: 0...255, using: &g)
                case 1: mutated.remove(at: at)
                default: mutated.insert(UInt8.random(in: 32...126, using: &g), at: at)
                }
            }
            do {
                let table = try SiteLinkTable(json: Data(mutated), host: "go.example.com")
                XCTAssertEqual(table.host, "go.example.com")
                XCTAssertGreaterThanOrEqual(table.shards, 1)
                // Read lazily: a mutated entry is refused when its link is resolved, never trapping.
                for url in ["https://go.example.com/a", "https://go.example.com/r/7?x=1"] {
                    _ = table.resolve(url, scheme: "marry")
                }
            } catch {
                refused += 1
            }
        }
        XCTAssertGreaterThan(refused, 1_000)
        // The documented refusals, each with its reason.
        let cases: [(String, LinkResolutionFailure)] = [
            (valid.replacingOccurrences(of: "\"version\":2", with: "\"version\":1"), .unsupportedTable),
            (valid.replacingOccurrences(of: "trampoline-link-table", with: "other"), .unsupportedTable),
            (valid.replacingOccurrences(of: "go.example.com", with: "evil.example"), .unsupportedTable),
            (valid.replacingOccurrences(of: "\"shards\":2", with: "\"shards\":0"), .malformedTable),
            (valid.replacingOccurrences(of: "/r/:id\"", with: "/r/:\""), .malformedTable),
            (valid.replacingOccurrences(of: "\"fixed\":[\"x\"]", with: "\"fixed\":[1]"), .malformedTable),
            // A link's id is 32 lower-case hex digits, its entry sealed text.
            (valid.replacingOccurrences(of: id, with: id.uppercased()), .malformedTable),
            (valid.replacingOccurrences(of: "\"\(sealed)\"", with: "{}"), .malformedTable),
            ("[]", .malformedTable),
        ]
        for (text, reason) in cases {
            XCTAssertThrowsError(try SiteLinkTable(json: Data(text.utf8), host: "go.example.com"), text) {
                XCTAssertEqual($0 as? LinkResolutionFailure, reason, text)
            }
        }
        XCTAssertThrowsError(
            try SiteLinkTable.shardLinks(json: Data(repeating: 0x20, count: SiteLinkTable.maximumFileSize + 1))
        ) {
            XCTAssertEqual($0 as? LinkResolutionFailure, .tableTooLarge)
        }
    }
}
