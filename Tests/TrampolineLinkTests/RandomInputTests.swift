import Foundation
import TrampolineTestSupport
import XCTest

@testable import TrampolineLink

/// Property tests over random and mutated input: the parser, the matcher and the pattern parser
/// never trap, and whatever is accepted keeps the acceptance rules.
final class RandomInputTests: XCTestCase {
    typealias Generator = SeededGenerator

    let config = LinkConfiguration(scheme: "marry", host: "go.example.com", cookieDays: 1)
    let now = Date(timeIntervalSince1970: 1_767_225_600)
    /// Pieces links are made of, hostile ones included.
    let alphabet: [String] = [
        "marry:", "MARRY://", "https://", "go.example.com", "/", "//", "?", "&", "=", "#", "%", "%2", "%2F", "%C3",
        "%A9", "%00", "+", ":", "*", "(", ")", "tl_t", "tl_t=1767225000", "1767225000", "digits", "a", "Z", "0",
        "9", " ", "\n", "\u{0}", "\u{202E}", "é", "🎉", "..", ".", "@", "\\", "\"", "<", "[", "]",
    ]

    func randomText(_ g: inout Generator, pieces: Int) -> String {
        (0..<Int.random(in: 0...pieces, using: &g)).map { _ in alphabet.randomElement(using: &g)! }.joined()
    }

    func testRandomTextNeverTrapsAndAcceptedLinksKeepTheRules() throws {
        var g = Generator(seed: 20_261_123)
        var accepted = 0
        for _ in 0..<20_000 {
            // Half the texts are shaped like a link (scheme first, marker last), so that some pass.
            var text = randomText(&g, pieces: 12)
            if Bool.random(using: &g) {
                text =
                    ["marry://", "https://go.example.com/", "MARRY:"].randomElement(using: &g)! + text + [
                        "?", "&", "#",
                    ].randomElement(using: &g)! + "tl_t=1767225000"
            }
            guard let link = try? DeferredLink.accept(text, configuration: config, now: now) else { continue }
            accepted += 1
            XCTAssertFalse(link.query.contains { $0.name == DeferredLink.marker }, text)
            XCTAssertTrue(link.path.hasPrefix("/"), text)
            XCTAssertNotNil(link.visitedAt, text)
            XCTAssertLessThanOrEqual(link.text.utf8.count, LinkConfiguration.maximumLength)
            // What is left after the marker opens as the same link.
            let reopened = try IncomingLink(opening: link.text, configuration: config, now: now)
            XCTAssertEqual(reopened.path, link.path, text)
            XCTAssertEqual(reopened.query, link.query, text)
            XCTAssertNil(reopened.visitedAt, text)
        }
        XCTAssertGreaterThan(accepted, 20, "the generator should also produce acceptable links")
    }

    func testMutatedValidLinksNeverTrap() {
        var g = Generator(seed: 7)
        let valid = "marry://plan/42?x=a%20b&utm_source=line&tl_t=1767225000#top"
        for _ in 0..<20_000 {
            var scalars = Array(valid.unicodeScalars)
            for _ in 0..<Int.random(in: 1...4, using: &g) {
                let i = Int.random(in: 0...scalars.count, using: &g)
                switch Int.random(in: 0...2, using: &g) {
                case 0 where i < scalars.count: scalars.remove(at: i)
                case 1: scalars.insert(alphabet.randomElement(using: &g)!.unicodeScalars.first ?? "a", at: i)
                default: if i < scalars.count { scalars[i] = Unicode.Scalar(UInt8.random(in: 0...255, using: &g)) }
                }
            }
            var text = String.UnicodeScalarView()
            text.append(contentsOf: scalars)
            _ = try? DeferredLink.accept(String(text), configuration: config, now: now)
            _ = try? IncomingLink(opening: String(text), configuration: config, now: now)
        }
    }

    func testRandomPatternsAndPathsNeverTrap() throws {
        var g = Generator(seed: 99)
        var parsed = 0
        for _ in 0..<20_000 {
            let patternText = "/" + randomText(&g, pieces: 6)
            guard let pattern = try? RoutePattern(patternText) else { continue }
            parsed += 1
            XCTAssertEqual(Set(pattern.parameterNames).count, pattern.parameterNames.count, patternText)
            for _ in 0..<4 {
                if let params = pattern.match(path: "/" + randomText(&g, pieces: 6)) {
                    XCTAssertEqual(Set(params.keys), Set(pattern.parameterNames))
                    XCTAssertFalse(params.values.contains { $0.isEmpty || $0 == ".." })
                }
            }
        }
        XCTAssertGreaterThan(parsed, 100)
    }
}
