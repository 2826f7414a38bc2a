import Foundation
import TrampolineTestSupport
import XCTest

@testable import TrampolineLink

/// ``LongLinks`` against the shared table (Tests/Fixtures/long-links.json), which the Android
/// library and the site's long-link page (both browser engines) run too; and random targets.
final class LongLinkTableTests: XCTestCase {
    struct Table: Decodable {
        struct Case: Decodable {
            var name: String
            var visit: String
            var allow: [String]?
            var expected: Expected?
        }
        struct URLCase: Decodable {
            var url: String
            var expected: Expected?
        }
        struct Expected: Decodable, Equatable {
            struct Fallbacks: Decodable, Equatable {
                var ios: String
                var android: String
                var desktop: String
            }
            var refused: String?
            var deep_link: String?
            var fallbacks: Fallbacks?
            var title: String?
            var description: String?
        }
        var host: String
        var scheme: String
        var allow: [String]
        var cases: [Case]
        var urls: [URLCase]
    }

    static func table() throws -> Table {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../Fixtures/long-links.json").standardizedFileURL
        return try JSONDecoder().decode(Table.self, from: Data(contentsOf: url))
    }

    /// The table's spelling of a resolution; `full` adds what only the page uses.
    static func expected(_ resolution: LongLinkResolution?, full: Bool) -> Table.Expected? {
        switch resolution {
        case nil: return nil
        case .refused(let parameter)?: return Table.Expected(refused: parameter)
        case .opened(let target)?:
            func spelled(_ fallback: LongLinkTarget.Fallback) -> String {
                if case .web(let url) = fallback { url } else { "store" }
            }
            guard full else { return Table.Expected(deep_link: target.deepLink) }
            return Table.Expected(
                deep_link: target.deepLink,
                fallbacks: .init(
                    ios: spelled(target.iOSFallback), android: spelled(target.androidFallback), desktop: target.desktop),
                title: target.title, description: target.description)
        }
    }

    func testEveryCaseOfTheSharedTable() throws {
        let table = try Self.table()
        XCTAssertGreaterThan(table.cases.count, 40)
        for entry in table.cases {
            let allow = LongLinkAllowlist(entry.allow ?? table.allow)
            let got = LongLinks.resolve(visit: entry.visit, scheme: table.scheme, allow: allow)
            XCTAssertEqual(Self.expected(got, full: true), entry.expected, entry.name)
            // The same visit as a full URL on the site gives the same.
            let url = LongLinks.resolve(
                url: "https://\(table.host)\(entry.visit)", host: table.host, scheme: table.scheme, allow: allow)
            XCTAssertEqual(url, got, entry.name)
        }
        for entry in table.urls {
            let got = LongLinks.resolve(
                url: entry.url, host: table.host, scheme: table.scheme, allow: LongLinkAllowlist(table.allow))
            XCTAssertEqual(Self.expected(got, full: false), entry.expected, entry.url)
        }
    }

    /// Whatever an allowed `link` holds, the app gets a link under its own scheme, and the
    /// fallbacks are the allowed targets or the stores, never anything else.
    func testRandomTargetsNeverLeaveTheSchemeOrTheAllowlist() {
        var generator = SeededGenerator(seed: 4_848)
        let pieces = [
            "a", "/", "%", "?", "#", " ", "é", "😀", "&", "=", "+", ":", "@", "\\", "\u{202E}", "//", "..",
            "javascript:",
        ]
        let allow = LongLinkAllowlist(["https://shop.example/item/"])
        var opened = 0
        for round in 0..<3_000 {
            let length = round % 101 == 0 ? 1_000 : Int.random(in: 0...12, using: &generator)
            let tail = (0..<length).map { _ in pieces.randomElement(using: &generator)! }.joined()
            let link = (round % 3 == 0 ? "https://evil.example/" : "https://shop.example/item/") + tail
            let other = "https://" + tail
            var query: [(String, String)] = [("link", link)]
            if round % 2 == 0 { query.append(("ifl", other)) }
            let visit = "/?" + query.map { Self.formEncoded($0) + "=" + Self.formEncoded($1) }.joined(separator: "&")
            switch LongLinks.resolve(visit: visit, scheme: "marry", allow: allow) {
            case .opened(let target)?:
                opened += 1
                XCTAssertTrue(target.deepLink.hasPrefix("marry://"), target.deepLink)
                XCTAssertTrue(allow.allows(link), link)
                if case .web(let url) = target.iOSFallback { XCTAssertTrue(allow.allows(url), url) }
                XCTAssertLessThanOrEqual(target.deepLink.utf8.count, LinkConfiguration.maximumLength)
            case .refused(let parameter)?:
                XCTAssertTrue(["link", "ifl"].contains(parameter))
                XCTAssertFalse(parameter == "link" && allow.allows(link) && link.utf8.count < 2_000, link)
            case nil:
                XCTFail("a well-formed long link was taken for none: \(visit)")
            }
        }
        XCTAssertGreaterThan(opened, 300)
    }

    static func formEncoded(_ text: String) -> String {
        var out: [UInt8] = []
        FormQuery.appendEncoded(text, to: &out)
        return String(decoding: out, as: UTF8.self)
    }
}
