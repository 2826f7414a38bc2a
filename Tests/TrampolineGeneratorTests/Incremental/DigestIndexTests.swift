import XCTest

@testable import TrampolineIncremental

/// ``DigestIndex`` (the link cache's index, a fast path) against the dictionary it replaces: the
/// same answers for every key set and asked, with keys that share their low bits (one slot, long
/// probes), key 0, keys set again (the later value wins), growth past its first capacity and a
/// filtered copy.
final class DigestIndexTests: XCTestCase {
    func testItAnswersAsADictionaryDoes() {
        var generator = SystemRandomNumberGenerator()
        for capacity in [0, 1, 100, 5_000] {
            var index = DigestIndex(capacity: capacity)
            var plain: [UInt64: Int] = [:]
            var keys: [UInt64] = [0, UInt64.max]
            // Random keys, keys alike in their low 16 bits, and some of them set twice.
            keys += (0..<3_000).map { _ in UInt64.random(in: .min ... .max, using: &generator) }
            keys += (0..<500).map { UInt64($0) << 16 | 0x2a }
            keys += keys.prefix(700)
            for (value, key) in keys.enumerated() {
                index.set(key, value)
                plain[key] = value
            }
            XCTAssertEqual(index.count, plain.count, "capacity \(capacity)")
            for key in keys { XCTAssertEqual(index[key], plain[key], "key \(key)") }
            for _ in 0..<3_000 {
                let absent = UInt64.random(in: .min ... .max, using: &generator)
                XCTAssertEqual(index[absent], plain[absent])
            }
            for key in (0..<500).map({ UInt64($0) << 16 | 0x2b }) { XCTAssertNil(index[key]) }
            XCTAssertEqual(
                Dictionary(uniqueKeysWithValues: index.pairs.map { ($0.key, $0.value) }), plain)

            let kept = index.filter { _, value in value % 3 == 0 }
            let plainKept = plain.filter { $0.value % 3 == 0 }
            XCTAssertEqual(kept.count, plainKept.count)
            for key in keys { XCTAssertEqual(kept[key], plainKept[key]) }
        }
    }

    func testAValueOfZeroIsHeldAndAnEmptyIndexHoldsNothing() {
        var index = DigestIndex(capacity: 4)
        XCTAssertNil(index[0])
        XCTAssertEqual(index.count, 0)
        index.set(0, 0)
        XCTAssertEqual(index[0], 0)
        index.set(0, 7)
        XCTAssertEqual(index[0], 7)
        XCTAssertEqual(index.count, 1)
    }
}
