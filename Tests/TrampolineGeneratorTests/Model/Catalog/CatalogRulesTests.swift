import XCTest

@testable import TrampolineModel

final class CatalogRulesTests: XCTestCase {
    /// The byte-level fast path may only accept what the full rules accept.
    func testControlCharactersAreFoundAsAScanOfEveryScalarFindsThem() {
        // The plain scan, scalar by scalar, that the byte scan replaced.
        func plain(_ text: String, _ allowNewlines: Bool) -> Unicode.Scalar? {
            text.unicodeScalars.first { c in
                if allowNewlines, c == "\n" || c == "\t" || c == "\r" { return false }
                return c.value < 0x20 || c.value == 0x7F || (0x80...0x9F).contains(c.value)
            }
        }
        let pieces = [
            "a", " ", "\n", "\t", "\r", "\u{0}", "\u{1F}", "\u{7F}", "\u{80}", "\u{85}", "\u{9F}", "\u{A0}", "é", "Ā",
            "東", "😀", "\u{2028}",
        ]
        var generator = SystemRandomNumberGenerator()
        var found = 0
        for _ in 0..<4_000 {
            let text = (0..<Int.random(in: 0...6, using: &generator)).map { _ in
                pieces.randomElement(using: &generator)!
            }.joined()
            for allowNewlines in [false, true] {
                let expected = plain(text, allowNewlines)
                XCTAssertEqual(
                    CatalogRules.controlCharacter(in: text, allowNewlines: allowNewlines), expected,
                    text.debugDescription)
                if expected != nil { found += 1 }
            }
        }
        XCTAssertGreaterThan(found, 2_000)
    }

    /// `normalizedPath` checks segments and reserved paths by bytes; the String way it replaced
    /// (split into Characters, lowercased, prefixes compared) must give the same result, error
    /// messages included, for every path.
    func testLinkPathsAreJudgedAsTheStringWayJudgedThem() {
        // The checks before the segments' (the leading slash, the home page, each character) are
        // the function's own, unchanged: the reference defers to it there and the comparison is
        // of everything after.
        func plain(_ raw: String) -> Result<String, RuleViolation> {
            guard raw.hasPrefix("/") else { return CatalogRules.normalizedPath(raw) }
            var path = raw
            if path.utf8.count > 1, path.hasSuffix("/") { path.removeLast() }
            if path == "/" || path.unicodeScalars.contains(where: { !CatalogRules.isPathCharacter($0) }) {
                return CatalogRules.normalizedPath(raw)
            }
            let q = CatalogRules.quoted(raw)
            for segment in path.split(separator: "/", omittingEmptySubsequences: false).dropFirst() {
                if segment.isEmpty {
                    return .failure(.init("path \(q) has an empty segment ('//')", hint: "remove the extra slash"))
                }
                if segment == "." || segment.contains("..") {
                    return .failure(
                        .init(
                            "path \(q) contains a '\(segment)' segment, which would leave its folder",
                            hint: "spell the path out without . or .."))
                }
                if segment.hasPrefix(".") {
                    return .failure(
                        .init(
                            "path \(q) has a segment starting with '.', which hosts treat as hidden",
                            hint: "start each segment with a letter or digit"))
                }
                if segment.utf8.count > 200 {
                    return .failure(
                        .init(
                            "path \(q) has a segment longer than 200 bytes",
                            hint: "shorten it; file systems cap names at 255 bytes"))
                }
            }
            let lowered = path.lowercased()
            if CatalogRules.reservedPaths.contains(lowered)
                || CatalogRules.reservedPaths.contains(where: { lowered.hasPrefix($0 + "/") })
                || lowered.hasPrefix("/.well-known")
            {
                return .failure(
                    .init("path \(q) is reserved for a file Trampoline writes itself", hint: "choose another path"))
            }
            return .success(path)
        }
        let reserved = CatalogRules.reservedPaths.sorted()
        let pieces =
            reserved + reserved.map { $0.uppercased() } + [
                "/", "/", "/p", "x", "X", ".html", "-", "~", ".", "..", "/.", "/..", "/.well-known", "/.WELL-KNOWN",
                "2", "é", "%",
                String(repeating: "a", count: 199), "b",
            ]
        var generator = SystemRandomNumberGenerator()
        var outcomes: [String: Int] = [:]
        for _ in 0..<20_000 {
            let text = (0..<Int.random(in: 1...4, using: &generator)).map { _ in
                pieces.randomElement(using: &generator)!
            }.joined()
            let path = text.hasPrefix("/") ? text : "/" + text
            let result = CatalogRules.normalizedPath(path)
            XCTAssertEqual(result, plain(path), path)
            let outcome: String
            switch result {
            case .success: outcome = "accepted"
            case .failure(let violation):
                outcome =
                    ["reserved", "empty segment", "leave its folder", "hidden", "longer than 200", "not allowed"]
                    .first { violation.message.contains($0) } ?? violation.message
            }
            outcomes[outcome, default: 0] += 1
        }
        // Every rule was met: accepted, reserved, empty segment, dots, hidden, too long, bad character.
        XCTAssertTrue(
            Set([
                "accepted", "reserved", "empty segment", "leave its folder", "hidden", "longer than 200", "not allowed",
            ]).isSubset(of: outcomes.keys), "\(outcomes)")
        XCTAssertGreaterThan(outcomes["accepted"] ?? 0, 1_000, "\(outcomes)")
    }

    func testTheWebURLFastPathAcceptsOnlyWhatTheFullRulesAccept() {
        let alphabet = Array("aZ09.-_~/?#%:@[]!$&'()*+,;= \\\"<>`{}|^é\u{202E}\n")
        let prefixes = [
            "https://", "http://", "HTTPS://", "https://a", "https://example.com", "https://ex..com", "https://[::1]",
            "ftp://",
        ]
        var generator = SystemRandomNumberGenerator()
        var accepted = 0
        for _ in 0..<20_000 {
            let prefix = prefixes.randomElement(using: &generator)!
            let tail = String(
                (0..<Int.random(in: 0...12, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! })
            let url = prefix + tail
            if CatalogRules.isPlainlyValidWebURL(url) {
                accepted += 1
                XCTAssertNil(CatalogRules.checkedWebURLProblem(url, key: "web_url"), url)
            }
        }
        XCTAssertGreaterThan(accepted, 100, "the fast path is exercised")
    }

    func testTheWebURLFastPathTakesTheCommonShapesAndLeavesTheRest() {
        for url in [
            "https://example.com", "https://go.example.com/p/1?utm_source=x&y=%2F#top", "http://a-b.example:8080/",
            "https://example.com.",
        ] {
            XCTAssertTrue(CatalogRules.isPlainlyValidWebURL(url), url)
        }
        for url in [
            "HTTPS://example.com", "https://user@example.com/", "https://[::1]/", "https://example.com/a b",
            "https://example.com/%zz",
            "https://example.com/#a#b", "https://example.com:99999/", "https://.example.com/", "https://exämple.com/",
            "javascript:alert(1)",
        ] {
            XCTAssertFalse(CatalogRules.isPlainlyValidWebURL(url), url)
        }
        // What the fast path leaves goes through the full rules, with their messages.
        XCTAssertNil(CatalogRules.webURLProblem("HTTPS://example.com", key: "web_url"))
        XCTAssertNotNil(CatalogRules.webURLProblem("https://example.com/#a#b", key: "web_url"))
        XCTAssertNotNil(CatalogRules.webURLProblem("https://example.com/%zz", key: "web_url"))
    }
}
