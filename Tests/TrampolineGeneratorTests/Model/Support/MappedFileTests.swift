import Foundation
import TrampolineTestSupport
import XCTest

@testable import TrampolineModel

/// ``MappedFile``: the file's bytes in place; ``MappedFile/release(_:)`` gives the pages back
/// (measured in the mapping's own resident size, `/proc/self/smaps`) and leaves every byte
/// readable; anything but a regular, non-empty file is no mapping.
final class MappedFileTests: FolderTestCase {
    private func file(_ bytes: [UInt8], named name: String = "data") throws -> URL {
        let url = folder.appendingPathComponent(name)
        try Data(bytes).write(to: url)
        return url
    }

    func testTheBytesAreTheFilesAndStayReadableAfterARelease() throws {
        var generator = SeededGenerator(seed: 7)
        let bytes = (0..<300_000).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        let mapped = try XCTUnwrap(MappedFile(path: try file(bytes).path))
        XCTAssertEqual(Array(mapped.bytes), bytes)
        // Ranges that start and end mid-page, one past the end, empty, and the whole file.
        for range in [5_000..<9_000, 4_096..<8_192, 299_000..<300_000, 17..<17, 0..<300_000] {
            mapped.release(range)
            XCTAssertEqual(Array(mapped.bytes), bytes, "after releasing \(range)")
        }
    }

    #if os(Linux)
    /// The mapping's resident size in KB, from its line in `/proc/self/smaps`.
    private func residentKB(of mapped: MappedFile) throws -> Int {
        let start = UInt(bitPattern: mapped.bytes.baseAddress!)
        // Read to its end: a /proc file has no size for a one-shot read to go by.
        let handle = try XCTUnwrap(FileHandle(forReadingAtPath: "/proc/self/smaps"))
        defer { try? handle.close() }
        let smaps = String(decoding: handle.readDataToEndOfFile(), as: UTF8.self)
        var inMapping = false
        for line in smaps.split(separator: "\n") {
            if let dash = line.firstIndex(of: "-"), let first = UInt(line[..<dash], radix: 16), line.contains(" ") {
                inMapping = first == start
            } else if inMapping, line.hasPrefix("Rss:") {
                return Int(line.split(separator: " ")[1])!
            }
        }
        throw XCTSkip("the mapping is not in /proc/self/smaps")
    }

    func testAReleaseGivesThePagesBack() throws {
        let size = 4 << 20
        let mapped = try XCTUnwrap(MappedFile(path: try file([UInt8](repeating: 7, count: size)).path))
        var sum = 0
        for index in stride(from: 0, to: size, by: 4096) { sum &+= Int(mapped.bytes[index]) }
        XCTAssertEqual(sum, 7 * size / 4096)
        XCTAssertGreaterThanOrEqual(try residentKB(of: mapped), 4096 - 64, "read through: resident")
        mapped.release(0..<(size / 2))
        let half = try residentKB(of: mapped)
        XCTAssertLessThanOrEqual(half, 2048 + 64, "the first half given back")
        XCTAssertGreaterThanOrEqual(half, 2048 - 64, "the second half kept")
        mapped.release(0..<size)
        XCTAssertLessThanOrEqual(try residentKB(of: mapped), 64)
        XCTAssertEqual(mapped.bytes[size - 1], 7, "still readable")
    }
    #endif

    func testOnlyARegularNonEmptyFileIsMapped() throws {
        XCTAssertNil(MappedFile(path: folder.appendingPathComponent("missing").path))
        XCTAssertNil(MappedFile(path: try file([]).path), "empty")
        XCTAssertNil(MappedFile(path: folder.path), "a folder")
        let fifo = folder.appendingPathComponent("fifo").path
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        XCTAssertNil(MappedFile(path: fifo), "a FIFO, without hanging")
        XCTAssertNotNil(MappedFile(path: try file([1]).path))
    }
}
