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
