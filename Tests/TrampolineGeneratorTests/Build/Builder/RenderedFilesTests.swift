import Foundation
import TrampolineTestSupport
import XCTest

@testable import TrampolineBuild

/// The shards rendered while planning are kept for the write: the first bytes in memory, the
/// rest in a spool file in the output's private work folder, unlinked as soon as it is made.
final class RenderedFilesTests: XCTestCase {
    private func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("rendered-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: url) }
        return url
    }

    private static func bytes(_ index: Int) -> [UInt8] {
        Array("{\"shard\": \(index), \"fill\": \"\(String(repeating: "x", count: index * 37 % 500))\"}\n".utf8)
    }

    func testFilesPastTheMemoryLimitGoToTheSpoolAndComeBackWhole() throws {
        let spool = try folder()
        let files = RenderedFiles(spoolFolder: spool, memoryLimit: 1000)
        // From every core at once, as the shards are rendered.
        DispatchQueue.concurrentPerform(iterations: 200) { files.store(Self.bytes($0), at: $0 * 3) }
        XCTAssertEqual(files.count, 200)
        XCTAssertEqual(files.indices, Set((0..<200).map { $0 * 3 }))
        XCTAssertGreaterThan(files.spooledCount, 150, "all but the first 1000 bytes spooled")
        XCTAssertLessThan(files.spooledCount, 200)
        for index in 0..<200 { XCTAssertEqual(files[index * 3], Self.bytes(index), "file \(index * 3)") }
        XCTAssertNil(files[1], "never stored")
        XCTAssertEqual(
            try FileManager.default.contentsOfDirectory(atPath: spool.path), [],
            "the spool is unlinked as soon as it is made")
    }

    func testWithoutASpoolFolderEveryFileIsHeldInMemory() {
        let files = RenderedFiles(spoolFolder: nil, memoryLimit: 0)
        for index in 0..<20 { files.store(Self.bytes(index), at: index) }
        XCTAssertEqual(files.spooledCount, 0)
        for index in 0..<20 { XCTAssertEqual(files[index], Self.bytes(index)) }
    }

    func testASpoolThatCannotBeMadeLeavesTheFilesInMemory() throws {
        let missing = try folder().appendingPathComponent("gone", isDirectory: true)
        let files = RenderedFiles(spoolFolder: missing, memoryLimit: 0)
        for index in 0..<20 { files.store(Self.bytes(index), at: index) }
        XCTAssertEqual(files.spooledCount, 0)
        for index in 0..<20 { XCTAssertEqual(files[index], Self.bytes(index)) }
    }

    /// The spool folder is asked for only when a file passes the limit: a build that spools
    /// nothing makes no work folder before its write.
    func testNoSpoolFolderIsMadeUntilAFilePassesTheLimit() throws {
        let asked = LockedCount()
        let folder = try folder()
        let files = RenderedFiles(
            makingSpoolFolder: {
                asked.add()
                return folder
            }, memoryLimit: 100)
        files.store(Self.bytes(1), at: 1)
        XCTAssertEqual(asked.value, 0)
        files.store(Self.bytes(300), at: 2)
        files.store(Self.bytes(301), at: 3)
        XCTAssertEqual(asked.value, 1, "asked once")
        XCTAssertEqual(files.spooledCount, 2)
        XCTAssertEqual(files[3], Self.bytes(301))

        let fixture = try SiteFixture(
            catalog:
                "\(TestCatalog.marrySite)\n  layout: compact\n\(TestCatalog.marryApp)\nlinks:\n  - path: /a\n    title: A\n"
        )
        var builder = fixture.builder
        builder.spoolsRenderedFiles = true
        let build = try builder.build()
        XCTAssertEqual(build.rendered?.spooledCount, 0)
        XCTAssertFalse(
            FileManager.default.fileExists(atPath: WorkFolder(outputURL: fixture.outputURL).url.path),
            "no work folder before the write")
    }

    /// A compact build whose shards all went to the spool writes the same site as one that held
    /// them in memory, and leaves nothing of the spool behind.
    func testASpooledBuildWritesTheSameSite() throws {
        var links = ""
        for i in 1...3000 {
            links += "  - path: /o/\(i)\n    deep_link: marry://offer/\(i)\n    title: Offer \(i)\n"
        }
        let yaml = """
            \(TestCatalog.marrySite)
              layout: compact
            \(TestCatalog.marryApp)
            defaults: {qr_code: false}
            links:
            \(links)
            """
        let spooled = try SiteFixture(catalog: yaml)
        var builder = spooled.builder
        builder.spoolsRenderedFiles = true
        builder.renderedMemoryLimit = 0
        let build = try builder.build()
        let shards = build.plan.entries.filter { if case .lookupShard = $0.content { true } else { false } }
        XCTAssertGreaterThan(shards.count, 3)
        XCTAssertEqual(build.rendered?.spooledCount, shards.count, "every shard in the spool")
        try builder.write(build, to: spooled.outputURL)

        let held = try SiteFixture(catalog: yaml)
        let heldBuild = try held.build()
        XCTAssertEqual(heldBuild.rendered?.spooledCount, 0, "no spool unless the caller writes")
        try held.builder.write(heldBuild, to: held.outputURL)
        for entry in build.plan.entries {
            XCTAssertEqual(
                try Data(contentsOf: spooled.outputURL.appendingPathComponent(entry.path.value)),
                try Data(contentsOf: held.outputURL.appendingPathComponent(entry.path.value)), entry.path.value)
        }
        let work = WorkFolder(outputURL: spooled.outputURL).url
        let left = try FileManager.default.contentsOfDirectory(atPath: work.path)
        XCTAssertFalse(left.contains { $0.hasPrefix("rendered-") }, "nothing of the spool left: \(left)")
    }
}

/// A count several threads may add to.
private final class LockedCount: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    var value: Int { lock.withLock { count } }
    func add() { lock.withLock { count += 1 } }
}
