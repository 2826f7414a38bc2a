import Foundation
import XCTest

@testable import TrampolineModel

/// `withUTF8Bytes` hands out a string's UTF-8 in place; whatever the string's storage, the bytes
/// must be exactly its `utf8` view's.
final class StringUTF8BytesTests: XCTestCase {
    func testEveryKindOfStringGivesItsOwnUTF8() {
        let large = String(repeating: "Café № 1 — “big” 😀 ", count: 20)
        let strings: [String] = [
            "",
            "short",  // stored inline (a small string)
            "Ünïcödé",  // small, not ASCII
            large,
            String(large.dropFirst(3).prefix(40)),  // made from a substring
            NSString(string: large) as String,  // through Foundation
            String(decoding: [0x61, 0xE2, 0x82, 0xAC, 0x62], as: UTF8.self),
        ]
        for text in strings {
            XCTAssertEqual(text.withUTF8Bytes { Array($0) }, Array(text.utf8), text)
        }
    }
}
