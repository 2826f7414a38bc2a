@testable import TrampolineKit
import XCTest

final class CatalogRulesTests: XCTestCase {
    /// The byte-level fast path may only accept what the full rules accept.
    func testTheWebURLFastPathAcceptsOnlyWhatTheFullRulesAccept() {
        let alphabet = Array("aZ09.-_~/?#%:@[]!$&'()*+,;= \\\"<>`{}|^é\u{202E}\n")
        let prefixes = ["https://", "http://", "HTTPS://", "https://a", "https://example.com", "https://ex..com", "https://[::1]", "ftp://"]
        var generator = SystemRandomNumberGenerator()
        var accepted = 0
        for _ in 0..<20_000 {
            let prefix = prefixes.randomElement(using: &generator)!
            let tail = String((0..<Int.random(in: 0...12, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! })
            let url = prefix + tail
            if CatalogRules.isPlainlyValidWebURL(url) {
                accepted += 1
                XCTAssertNil(CatalogRules.checkedWebURLProblem(url, key: "web_url"), url)
            }
        }
        XCTAssertGreaterThan(accepted, 100, "the fast path is exercised")
    }

    func testTheWebURLFastPathTakesTheCommonShapesAndLeavesTheRest() {
        for url in ["https://example.com", "https://go.example.com/p/1?utm_source=x&y=%2F#top", "http://a-b.example:8080/", "https://example.com."] {
            XCTAssertTrue(CatalogRules.isPlainlyValidWebURL(url), url)
        }
        for url in ["HTTPS://example.com", "https://user@example.com/", "https://[::1]/", "https://example.com/a b", "https://example.com/%zz",
                    "https://example.com/#a#b", "https://example.com:99999/", "https://.example.com/", "https://exämple.com/", "javascript:alert(1)"] {
            XCTAssertFalse(CatalogRules.isPlainlyValidWebURL(url), url)
        }
        // What the fast path leaves goes through the full rules, with their messages.
        XCTAssertNil(CatalogRules.webURLProblem("HTTPS://example.com", key: "web_url"))
        XCTAssertNotNil(CatalogRules.webURLProblem("https://example.com/#a#b", key: "web_url"))
        XCTAssertNotNil(CatalogRules.webURLProblem("https://example.com/%zz", key: "web_url"))
    }
}
