import TrampolineTestSupport
import XCTest

@testable import TrampolineSite

/// Holds ``AASAMatcher/ASCIIPattern`` (the byte-by-byte fast path of AASA pattern matching) to
/// ``AASAMatcher/Pattern/matchesByCharacter(_:)``, the plain path it replaces for short ASCII text:
/// random patterns and texts from alphabets that reach every element and every edge (case
/// folding, CR LF, non-ASCII literals, the 63-byte limit) must get the same answer both ways.
final class ASCIIPatternTests: XCTestCase {
    private typealias Pattern = AASAMatcher.Pattern

    private let variables = ["v": ["ab", "c*", "?"], "empty": []]
    private let patternTokens = [
        "a", "A", "b", "/", "-", "1", "*", "**", "?", "$(alpha)", "$(upper)", "$(lower)", "$(digit)",
        "$(xdigit)", "$(alnum)", "$(region)", "$(lang)", "$(v)", "$(empty)", "$(nope)", "$(", "%2F",
        "\r", "\n", "é", "\u{212A}", "k", "K", "z", "Z", "@",
    ]
    private let textTokens = [
        "a", "A", "b", "B", "/", "1", "-", "k", "K", "%", "2F", "us", "US", "en", "\r", "\n", "\r\n", "é", "x", "Z",
        "z", "@", "[", "`",
    ]

    func testTheFastPathGivesThePlainPathsAnswers() {
        var random = SeededGenerator(seed: 0x5EED)
        var fast = 0
        var fastMatches = 0
        var plainOnly = 0
        for round in 0..<4000 {
            let source = (0..<Int.random(in: 0...6, using: &random)).map { _ in
                patternTokens.randomElement(using: &random)!
            }.joined()
            let caseSensitive = Bool.random(using: &random)
            let pattern = Pattern(
                source, caseSensitive: caseSensitive, variables: variables,
                parentMatchesTrailingSlashStar: Bool.random(using: &random))
            for _ in 0..<8 {
                let text = (0..<Int.random(in: 0...8, using: &random)).map { _ in
                    textTokens.randomElement(using: &random)!
                }.joined()
                let plain = pattern.matchesByCharacter(text)
                XCTAssertEqual(
                    pattern.matches(text), plain,
                    "round \(round): pattern \(source.debugDescription) (caseSensitive: \(caseSensitive)) on \(text.debugDescription)"
                )
                if let answer = pattern.ascii?.matches(text) {
                    XCTAssertEqual(
                        answer, plain,
                        "round \(round): the byte program of \(source.debugDescription) on \(text.debugDescription)")
                    fast += 1
                    if answer { fastMatches += 1 }
                } else {
                    plainOnly += 1
                }
            }
        }
        // Both paths were exercised, and the fast one gave both answers.
        XCTAssertGreaterThan(fast, 10_000)
        XCTAssertGreaterThan(fastMatches, 500)
        XCTAssertGreaterThan(plainOnly, 5_000)
    }

    func testTextsAroundTheLengthLimit() {
        let pattern = Pattern("/p/*x", caseSensitive: true, variables: [:])
        for length in 58...68 {
            let text = "/p/" + String(repeating: "a", count: length - 4) + "x"
            XCTAssertEqual(text.utf8.count, length)
            XCTAssertTrue(pattern.matches(text), "\(length) bytes")
            XCTAssertFalse(pattern.matches(text + "y"), "\(length + 1) bytes")
            XCTAssertEqual(pattern.ascii?.matches(text) != nil, length <= AASAMatcher.ASCIIPattern.maxLength)
        }
    }

    func testWhatTheFastPathLeavesToThePlainOne() {
        // The Kelvin sign folds to "k": a byte program would miss that, so there is none.
        let kelvin = Pattern("/\u{212A}", caseSensitive: false, variables: [:])
        XCTAssertNil(kelvin.ascii)
        XCTAssertTrue(kelvin.matches("/k"))
        // CR LF is one Character: "?" takes both bytes, which byte matching would not.
        let one = Pattern("/?", caseSensitive: true, variables: [:])
        XCTAssertNil(one.ascii?.matches("/\r\n"))
        XCTAssertTrue(one.matches("/\r\n"))
        // A site's usual patterns do get the fast path.
        XCTAssertNotNil(Pattern("/p/*", caseSensitive: true, variables: [:]).ascii?.matches("/p/42"))
        XCTAssertNotNil(Pattern("*", caseSensitive: true, variables: [:]).ascii?.matches("/p/42"))
    }
}
