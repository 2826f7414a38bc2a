import Foundation
@_spi(Generator) import TrampolineLink
import TrampolineTestSupport
import XCTest

@testable import TrampolineSite

/// The build's fast sealing (`EntrySealer.swift`) held to the library's plain one and to the shared
/// vectors (Tests/Fixtures/link-table-v2.json), on entries of every length around a block.
final class EntrySealerTests: XCTestCase {
    func testTheFastSealIsThePlainOne() throws {
        for c in try SealingTable.load().cases {
            XCTAssertEqual(EntrySealer.seal(Array(c.entry.utf8), host: c.host, path: c.path), c.sealed, c.path)
        }
        var generator = SeededGenerator(seed: 52)
        for length in [0, 1, 31, 32, 33, 63, 64, 65, 200, 1000] {
            let entry = (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
            let path = "/p/\(length)"
            XCTAssertEqual(
                EntrySealer.seal(entry, host: "go.example.com", path: path),
                LinkSealing.seal(entry, host: "go.example.com", path: path), "\(length) bytes")
        }
    }
}
