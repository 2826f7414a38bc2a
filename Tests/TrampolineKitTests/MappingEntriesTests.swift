import XCTest

@testable import TrampolineKit

/// ``MappingEntries`` answers as a `Dictionary` of the same entries would, names that share a
/// tag (length and first seven bytes) included.
final class MappingEntriesTests: XCTestCase {
    func testLookupsAnswerAsADictionary() {
        let names = [
            "path", "title", "fallback_delay_ms", "fallback_delay_xx", "fallback", "fallbacK", "a", "", "é", "e\u{301}",
            "K", "\u{212A}",
            "android_fallback", "android_fallbackX", "deep_link", "deep_lin", "web_url",
        ]
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<300 {
            var entries = MappingEntries()
            var dictionary: [String: Int] = [:]
            for _ in 0..<Int.random(in: 0...20, using: &generator) {
                let name = names.randomElement(using: &generator)!
                if Int.random(in: 0..<5, using: &generator) == 0 {
                    entries[name] = nil
                    dictionary[name] = nil
                } else {
                    let line = Int.random(in: 1...1000, using: &generator)
                    entries[name] = (
                        key: YAMLNode(kind: .scalar(name, plain: true), line: line, column: 1),
                        value: YAMLNode(kind: .scalar("v", plain: true), line: line, column: 3)
                    )
                    dictionary[name] = line
                }
            }
            for name in names {
                XCTAssertEqual(entries[name]?.key.line, dictionary[name], name.debugDescription)
            }
        }
    }
}
