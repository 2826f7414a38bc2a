import Foundation
import TrampolineTestSupport
import XCTest

@testable import TrampolineCatalog

/// `ProjectFolder.read(_:limit:)`: a file read whole and only up to its limit, with room for the
/// size `fstat` gave, and read on when the file holds more than that by the time it is read.
final class ProjectFolderTests: FolderTestCase {
    func testAFileIsReadWholeUpToItsLimit() throws {
        let bytes = (0..<100_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        try Data(bytes).write(to: folder.appendingPathComponent("links.csv"))
        let project = ProjectFolder(root: folder)
        XCTAssertEqual(try project.read("links.csv", limit: 100_000), bytes)
        XCTAssertEqual(try project.read("links.csv", limit: 1 << 29), bytes)
        XCTAssertThrowsError(try project.read("links.csv", limit: 99_999)) {
            XCTAssertEqual($0 as? ProjectFolder.Refusal, .tooLarge(size: 100_000, limit: 99_999))
        }
        try Data().write(to: folder.appendingPathComponent("empty.csv"))
        XCTAssertEqual(try project.read("empty.csv", limit: 10), [])
    }

    /// The log of what a build read (for the next build's memo) has each file's digest and size,
    /// whether the digest was made at once (a small file) or on another thread (from
    /// `InputLog.hashedApart` bytes on); a refusal is logged too, with no size.
    func testTheInputLogHasEachReadFilesDigestSmallOrLarge() throws {
        let large = (0..<(InputLog.hashedApart + 7)).map { UInt8(truncatingIfNeeded: $0 &* 131) }
        try Data(large).write(to: folder.appendingPathComponent("links.csv"))
        try Data("path\n/a\n".utf8).write(to: folder.appendingPathComponent("small.csv"))
        let log = InputLog()
        let project = ProjectFolder(root: folder, log: log)
        _ = try project.read("links.csv", limit: 1 << 24)
        _ = try project.read("small.csv", limit: 100)
        XCTAssertThrowsError(try project.read("../outside.csv", limit: 100))
        let entries = log.entries
        XCTAssertEqual(entries.map(\.name), ["../outside.csv", "links.csv", "small.csv"])
        let expected = large.withUnsafeBufferPointer(InputLog.Entry.digest(bytes:))
        XCTAssertEqual(entries[1].digest, expected)
        XCTAssertEqual(entries[1].size, large.count)
        XCTAssertEqual(entries[2].size, 8)
        XCTAssertNil(entries[0].size, "a refusal has no size")
        XCTAssertTrue(entries.allSatisfy { $0.isCurrent(in: project) }, "nothing changed since")
        var edited = large
        edited[InputLog.hashedApart] ^= 1
        try Data(edited).write(to: folder.appendingPathComponent("links.csv"))
        XCTAssertFalse(entries[1].isCurrent(in: project), "a byte changed, the size the same")
    }

    /// Models a file that grew after `fstat`: a regular file of `/proc` says its size is 0 and
    /// holds more (proc(5): "most of the files in /proc are reported with a size of 0").
    func testAFileLongerThanItsStatedSizeIsReadOnAndStillCapped() throws {
        let proc = URL(fileURLWithPath: "/proc/self")
        var info = stat()
        guard stat("/proc/self/mountinfo", &info) == 0, info.st_size == 0 else {
            throw XCTSkip("no /proc here, or its files state their size")
        }
        let project = ProjectFolder(root: proc.resolvingSymlinksInPath())
        let read = try project.read("mountinfo", limit: 1 << 24)
        XCTAssertGreaterThan(read.count, 1, "read on past the size stated")
        XCTAssertTrue(String(decoding: read, as: UTF8.self).hasSuffix("\n"), "to its end")
        XCTAssertThrowsError(try project.read("mountinfo", limit: read.count / 2)) {
            guard case .tooLarge(let size, let limit)? = $0 as? ProjectFolder.Refusal else {
                return XCTFail("\($0)")
            }
            XCTAssertEqual(limit, read.count / 2)
            XCTAssertEqual(size, limit + 1, "one byte over the limit, and no more, is read")
        }
    }
}
