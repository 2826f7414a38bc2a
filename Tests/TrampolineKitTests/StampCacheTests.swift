import Foundation
@testable import TrampolineKit
import XCTest

/// The stamp cache's file: what ``StampCache/encoded()`` writes reads back the same, paths with
/// spaces and any Unicode included, and a damaged file reads as no cache at all (which only costs
/// the next build time: every file is rendered and compared again).
final class StampCacheTests: XCTestCase {
    private func fingerprint(_ seed: UInt8) -> Fingerprint {
        Fingerprint(digest: (0..<32).map { UInt8(truncatingIfNeeded: Int($0) &* 37 &+ Int(seed)) })
    }

    private func read(_ text: String) -> StampCache? {
        Array(text.utf8).withUnsafeBufferPointer { StampCache.parse($0) }
    }

    func testWhatIsWrittenReadsBackTheSame() throws {
        var cache = StampCache()
        cache.entries["p/1/index.html"] = .init(fingerprint: fingerprint(1), stat: FileStat(size: 7849, inode: 123, seconds: 1_700_000_000, nanoseconds: 5))
        cache.entries["a folder/with spaces/index.html"] = .init(fingerprint: fingerprint(2), stat: FileStat(size: 1, inode: 2, seconds: 3, nanoseconds: 0))
        cache.entries["東京/café 😀/qr.svg"] = .init(fingerprint: fingerprint(3), stat: FileStat(size: 10, inode: 20, seconds: -30, nanoseconds: 40))
        let text = String(decoding: cache.encoded(), as: UTF8.self)
        XCTAssertEqual(read(text), cache)
        XCTAssertEqual(read(text + "\n\n"), cache, "blank lines are skipped")
        XCTAssertEqual(read(""), StampCache())
        XCTAssertEqual(cache.entries["p/1/index.html"]?.size, 7849)
        // Through the file, as the writer and the page budget check read it.
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("stamps-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: url) }
        try cache.encoded().write(to: url)
        XCTAssertEqual(StampCache.read(from: url), cache)
    }

    func testAFileStatIsWrittenAsItsNumbers() {
        XCTAssertEqual(FileStat(size: 0, inode: 0, seconds: 0, nanoseconds: 0).text, "0:0:0.0")
        let large = FileStat(size: 8179, inode: UInt64(Int.max), seconds: -1_700_000_000, nanoseconds: 999_999_999)
        XCTAssertEqual(large.text, "8179:\(Int.max):-1700000000.999999999")
        XCTAssertEqual(Array(large.text.utf8).withUnsafeBufferPointer { FileStat(text: $0) }, large)
    }

    func testADamagedLineMeansNoCache() {
        let good = fingerprint(9).hex
        XCTAssertNotNil(read("\(good) 1:2:3.4 p/index.html\n"))
        for broken in [
            "\(good.dropLast()) 1:2:3 p/index.html",   // 63 hex digits
            "\(good.dropLast())g 1:2:3 p/index.html",  // not hex
            "\(good)  p/index.html",                     // no stat
            "\(good) 1:2:3",                             // no path
            "\(good) 1:2:3 ",                            // an empty path
            "\(good)1:2:3.4 p/index.html",               // no space after the fingerprint
            "\(good) 1:2:3 p/index.html",                // no nanoseconds
            "\(good) 1:2:x.4 p/index.html",              // not a number
            "\(good) 1::3.4 p/index.html",               // an empty field
            "\(good) 1:2:3.4:5 p/index.html",            // one field too many
            "\(good) 1:99999999999999999999999:3.4 p/index.html", // an inode past UInt64
        ] {
            XCTAssertNil(read(broken + "\n"), broken)
        }
        let invalidUTF8 = Array("\(good) 1:2:3.4 p/".utf8) + [0xFF, 0x0A]
        XCTAssertNil(invalidUTF8.withUnsafeBufferPointer { StampCache.parse($0) })
        XCTAssertEqual(Fingerprint(hex: good), fingerprint(9))
        XCTAssertNil(Fingerprint(hex: "xyz"))
    }

    /// An entry is read at the position the last write put it (the plan's order), and looked up
    /// by its path when the plan's order changed.
    func testAnEntryIsFoundAtItsPlaceOrByItsPath() {
        var cache = StampCache()
        for i in 0..<5 {
            cache.entries["p/\(i)/index.html"] = .init(fingerprint: fingerprint(UInt8(i)), stat: FileStat(size: i, inode: 1, seconds: 2, nanoseconds: 3))
        }
        let parsed = Array(cache.encoded()).withUnsafeBufferPointer { StampCache.parse($0) }!
        XCTAssertEqual(parsed.count, 5)
        for i in 0..<5 {
            XCTAssertEqual(parsed.path(at: i), "p/\(i)/index.html", "the file's order")
            XCTAssertEqual(parsed.entry(for: "p/\(i)/index.html", at: i)?.size, i, "at its place")
            XCTAssertEqual(parsed.entry(for: "p/\(i)/index.html", at: 4 - i)?.size, i, "elsewhere")
            XCTAssertEqual(parsed.entry(for: "p/\(i)/index.html", at: 99)?.size, i, "past the end")
        }
        XCTAssertNil(parsed.entry(for: "p/9/index.html", at: 0))
        XCTAssertNil(parsed.entry(for: "p/1/index.htm", at: 1), "a prefix of the path at that place is not it")
    }
}
