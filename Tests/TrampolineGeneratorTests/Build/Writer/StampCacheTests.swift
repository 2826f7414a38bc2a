import Foundation
import XCTest

@testable import TrampolineBuild
@testable import TrampolineModel

/// The stamp cache's file: what ``StampCache/encoded()`` writes reads back the same, paths with
/// spaces and any Unicode and numbers at their limits included, and a damaged file, or one of an
/// older layout, reads as no cache at all (which only costs the next build time: every file is
/// rendered and compared again).
final class StampCacheTests: XCTestCase {
    private func fingerprint(_ seed: UInt8) -> Fingerprint {
        Fingerprint(digest: (0..<32).map { UInt8(truncatingIfNeeded: Int($0) &* 37 &+ Int(seed)) })
    }

    private func read(_ bytes: [UInt8]) -> StampCache? {
        StampCache.parse(bytes)
    }

    func testWhatIsWrittenReadsBackTheSame() throws {
        var cache = StampCache()
        cache.entries["p/1/index.html"] = .init(
            fingerprint: fingerprint(1), stat: FileStat(size: 7849, inode: 123, seconds: 1_700_000_000, nanoseconds: 5))
        cache.entries["a folder/with spaces/index.html"] = .init(
            fingerprint: fingerprint(2), stat: FileStat(size: 1, inode: 2, seconds: 3, nanoseconds: 0))
        cache.entries["東京/café 😀/qr.svg"] = .init(
            fingerprint: fingerprint(3), stat: FileStat(size: 10, inode: 20, seconds: -30, nanoseconds: 40))
        cache.entries["huge"] = .init(
            fingerprint: fingerprint(4),
            stat: FileStat(size: Int.max, inode: UInt64.max, seconds: Int.min, nanoseconds: 999_999_999))
        let bytes = Array(cache.encoded())
        XCTAssertEqual(read(bytes), cache)
        XCTAssertEqual(read(bytes)?.entries, cache.entries)
        XCTAssertEqual(read(StampCache.magic), StampCache())
        XCTAssertEqual(cache.entries["p/1/index.html"]?.size, 7849)
        XCTAssertEqual(
            cache.entries["huge"]?.stat,
            FileStat(size: Int.max, inode: UInt64.max, seconds: Int.min, nanoseconds: 999_999_999))
        // Each path as the C string the writer stats, in place.
        let parsed = try XCTUnwrap(read(bytes))
        for position in 0..<parsed.count {
            XCTAssertEqual(parsed.withPath(at: position) { String(cString: $0) }, parsed.path(at: position))
        }
        // Through the file, as the writer and the page budget check read it.
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("stamps-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: url) }
        try cache.encoded().write(to: url)
        XCTAssertEqual(StampCache.read(from: url), cache)
    }

    /// A record's bytes: the fingerprint's words in the digest's order, the numbers little-endian.
    func testARecordIsItsBytes() {
        let digest = (0..<32).map { UInt8($0) }
        var cache = StampCache()
        cache.entries["a/b"] = .init(
            fingerprint: Fingerprint(digest: digest), stat: FileStat(size: 258, inode: 3, seconds: -1, nanoseconds: 4))
        let le: (UInt64) -> [UInt8] = { value in (0..<8).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) } }
        XCTAssertEqual(
            Array(cache.encoded()),
            StampCache.magic + digest + le(258) + le(3) + le(UInt64.max) + le(4) + [3, 0, 0, 0] + Array("a/b".utf8) + [
                0
            ])
        XCTAssertEqual(String(decoding: StampCache.magic, as: UTF8.self), "trampoline stamps 2\n")
    }

    func testADamagedFileMeansNoCache() {
        var one = StampCache()
        one.entries["p/index.html"] = .init(
            fingerprint: fingerprint(9), stat: FileStat(size: 1, inode: 2, seconds: 3, nanoseconds: 4))
        let good = Array(one.encoded())
        XCTAssertEqual(read(good), one)
        // Cut anywhere inside the record, or anywhere in the magic.
        for length in 0..<good.count where length != StampCache.magic.count {
            XCTAssertNil(read(Array(good.prefix(length))), "cut at \(length) of \(good.count)")
        }
        let pathStart = StampCache.magic.count + 68
        let lengthAt = pathStart - 4
        func changed(_ change: (inout [UInt8]) -> Void) -> [UInt8] {
            var bytes = good
            change(&bytes)
            return bytes
        }
        for (broken, why) in [
            (changed { $0[0] = UInt8(ascii: "T") }, "another magic"),
            (changed { $0[StampCache.magic.count - 2] = UInt8(ascii: "1") }, "the magic of another layout"),
            (changed { $0[lengthAt] = 0 }, "an empty path"),
            (changed { $0[lengthAt] += 1 }, "a path length past its NUL"),
            (changed { $0[lengthAt] -= 1 }, "a path length short of its NUL"),
            (changed { $0[lengthAt + 3] = 0xFF }, "a path length past the file"),
            (changed { $0[$0.count - 1] = UInt8(ascii: "x") }, "no NUL after the path"),
            (changed { $0[pathStart + 1] = 0 }, "a NUL in the path"),
            (changed { $0[pathStart + 1] = 0xFF }, "a path that is not UTF-8"),
            (good + [1, 2, 3], "bytes after the last record"),
        ] {
            XCTAssertNil(read(broken), why)
        }
        // The text layout of earlier versions is no cache: the next write renders and compares.
        XCTAssertNil(read(Array("\(fingerprint(9).hex) 1:2:3.4 p/index.html\n".utf8)))
        XCTAssertEqual(Fingerprint(hex: fingerprint(9).hex), fingerprint(9))
        XCTAssertNil(Fingerprint(hex: "xyz"))
        // Each word's digits are checked, the last as the first; either case is read.
        var digits = Array(fingerprint(9).hex)
        XCTAssertEqual(Fingerprint(hex: String(digits).uppercased()), fingerprint(9))
        digits[63] = "g"
        XCTAssertNil(Fingerprint(hex: String(digits)))
    }

    /// An entry is read at the position the last write put it (the plan's order), and looked up
    /// by its path when the plan's order changed.
    func testAnEntryIsFoundAtItsPlaceOrByItsPath() {
        var cache = StampCache()
        for i in 0..<5 {
            cache.entries["p/\(i)/index.html"] = .init(
                fingerprint: fingerprint(UInt8(i)), stat: FileStat(size: i, inode: 1, seconds: 2, nanoseconds: 3))
        }
        let parsed = StampCache.parse(Array(cache.encoded()))!
        XCTAssertEqual(parsed.count, 5)
        for i in 0..<5 {
            XCTAssertEqual(parsed.path(at: i), "p/\(i)/index.html", "the file's order")
            XCTAssertEqual(
                parsed.position(of: "p/\(i)/index.html", at: i).map(parsed.entry(at:))?.size, i, "at its place")
            XCTAssertEqual(
                parsed.position(of: "p/\(i)/index.html", at: 4 - i).map(parsed.entry(at:))?.size, i, "elsewhere")
            XCTAssertEqual(
                parsed.position(of: "p/\(i)/index.html", at: 99).map(parsed.entry(at:))?.size, i, "past the end")
        }
        XCTAssertNil(parsed.position(of: "p/9/index.html", at: 0))
        XCTAssertNil(parsed.position(of: "p/1/index.htm", at: 1), "a prefix of the path at that place is not it")
    }
}
