import Foundation
import XCTest

@testable import TrampolineBuild
@testable import TrampolineModel

/// Holds ``SiteWriter/writeFreshFolder(_:progress:)`` (a first build's site made in a folder
/// beside the output and renamed onto it whole) to the plain write it replaces: the same bytes
/// at the same paths, the same summary, stamps that prove every file to the next build; and
/// checks when it must not be taken, and that a failed first write leaves no output at all.
final class FreshFolderWriteTests: XCTestCase {
    private func files(under url: URL) throws -> [String: Data] {
        var result: [String: Data] = [:]
        let root = url.resolvingSymlinksInPath().path
        let enumerator = try XCTUnwrap(FileManager.default.enumerator(atPath: root))
        for case let path as String in enumerator {
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: root + "/" + path, isDirectory: &isFolder), !isFolder.boolValue {
                result[path] = try Data(contentsOf: URL(fileURLWithPath: root + "/" + path))
            }
        }
        return result
    }

    private func inode(_ url: URL) -> UInt64? {
        var info = stat()
        return lstat(url.path, &info) == 0 ? UInt64(info.st_ino) : nil
    }

    func testAFreshFolderHoldsWhatThePlainWriteWrites() throws {
        let site = try SiteFixture(catalog: SiteFixture.fixture("example.yml"))
        let build = try site.build()
        let fast = site.folder.appendingPathComponent("fast/_site")
        let plainURL = site.folder.appendingPathComponent("plain/_site")
        var plain = SiteWriter(outputURL: plainURL)
        plain.usesFreshFolder = false

        let fastSummary = try SiteWriter(outputURL: fast).write(build.outputFiles)
        let plainSummary = try plain.write(build.outputFiles)
        XCTAssertEqual(fastSummary, plainSummary)
        XCTAssertEqual(fastSummary.written.count, 27)
        let written = try files(under: fast)
        XCTAssertEqual(written, try files(under: plainURL))
        XCTAssertEqual(written.count, 28, "27 files and the manifest")
        // Nothing but the site: no work folder left inside or beside it but the caches.
        XCTAssertFalse(FileManager.default.fileExists(atPath: WorkFolder(outputURL: fast).fresh.path))
        XCTAssertFalse(FileManager.default.fileExists(atPath: WorkFolder(outputURL: fast).staging.path))

        // The stamps name the files as they are after the rename: the next write proves every
        // file by its stamp, renders none and leaves each in place.
        let stamps = StampCache.read(from: WorkFolder(outputURL: fast).stamps)
        XCTAssertEqual(stamps.entries.count, 28, "27 files and the manifest's stat, which witnesses it")
        for (path, entry) in stamps.entries {
            XCTAssertEqual(FileStat(path: fast.path + "/" + path), entry.stat, path)
        }
        let again = try SiteWriter(outputURL: fast).write(build.outputFiles)
        XCTAssertEqual(again.reused.count, 27)
        XCTAssertEqual(again.written, [])
    }

    func testAnEmptyFolderIsReplacedWholeAndKeepsItsPermissions() throws {
        let site = try SiteFixture(catalog: SiteFixture.fixture("example.yml"))
        try FileManager.default.createDirectory(
            at: site.outputURL, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o750])
        let before = try XCTUnwrap(inode(site.outputURL))
        let summary = try SiteWriter(outputURL: site.outputURL).write(site.build().outputFiles)
        XCTAssertEqual(summary.written.count, 27)
        // A new folder took its place (the plain write would have filled the same one).
        XCTAssertNotEqual(inode(site.outputURL), before)
        let mode = try FileManager.default.attributesOfItem(atPath: site.outputURL.path)[.posixPermissions] as? Int
        XCTAssertEqual(mode, 0o750)
    }

    func testAFolderWithFilesOrALinkIsWrittenThePlainWay() throws {
        let site = try SiteFixture(catalog: SiteFixture.fixture("example.yml"))
        // A symbolic link to an empty folder stays a link: the files land in its target.
        let target = site.folder.appendingPathComponent("elsewhere")
        try FileManager.default.createDirectory(at: target, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(at: site.outputURL, withDestinationURL: target)
        try SiteWriter(outputURL: site.outputURL).write(site.build().outputFiles)
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: site.outputURL.path), target.path)
        XCTAssertEqual(try files(under: target).count, 28)

        // A folder with a file of the user's keeps both the folder and the file (with force: a
        // folder with no manifest is refused otherwise, ProjectFileTests).
        let other = site.folder.appendingPathComponent("other")
        try FileManager.default.createDirectory(at: other, withIntermediateDirectories: true)
        try Data("mine".utf8).write(to: other.appendingPathComponent("CNAME"))
        let before = inode(other)
        try SiteWriter(outputURL: other, force: true).write(site.build().outputFiles)
        XCTAssertEqual(inode(other), before)
        XCTAssertEqual(try Data(contentsOf: other.appendingPathComponent("CNAME")), Data("mine".utf8))
        XCTAssertEqual(try files(under: other).count, 29)
    }

    func testAFailedFirstWriteLeavesNoOutputFolder() throws {
        let site = try SiteFixture(catalog: "")
        let output = site.outputURL
        let fingerprint = Fingerprint(digest: [UInt8](repeating: 7, count: 32))
        // "a" is a file, so "a/b" cannot be created under it: the write fails part-way.
        var files = (0..<50).map { i in
            OutputFile(path: OutputPath("p/\(i)/index.html"), fingerprint: fingerprint) { Array("page \(i)".utf8) }
        }
        files.append(OutputFile(path: OutputPath("a"), fingerprint: fingerprint) { Array("a".utf8) })
        files.append(OutputFile(path: OutputPath("a/b"), fingerprint: fingerprint) { Array("b".utf8) })
        XCTAssertThrowsError(try SiteWriter(outputURL: output).write(files))
        XCTAssertFalse(FileManager.default.fileExists(atPath: output.path), "no part of the site appears")
        XCTAssertFalse(
            FileManager.default.fileExists(atPath: WorkFolder(outputURL: output).fresh.path),
            "nothing is left beside it")
        // Without the clash, the same folder is written whole.
        files.removeLast()
        XCTAssertEqual(try SiteWriter(outputURL: output).write(files).written.count, 51)
        XCTAssertEqual(try self.files(under: output).count, 52)
    }

    /// The fresh folder's writers take files a batch at a time (``SiteWriter/renderAhead``):
    /// every index exactly once, each batch consecutive indices of one core's chunk, none longer
    /// than asked; and an error thrown from a batch is the call's.
    func testBatchesTakeEveryIndexOnceInConsecutiveRuns() throws {
        final class Seen: @unchecked Sendable {
            let lock = NSLock()
            var batches: [[Int]] = []
        }
        let seen = Seen()
        let indices = Array((0..<2_000).reversed())
        try SiteWriter.concurrentlyApply(
            batchesOf: 16,
            { batch in
                seen.lock.withLock { seen.batches.append(Array(batch)) }
            }, to: indices)
        XCTAssertEqual(seen.batches.flatMap { $0 }.sorted(), Array(0..<2_000))
        for batch in seen.batches {
            XCTAssertTrue((1...16).contains(batch.count), "\(batch)")
            XCTAssertEqual(batch, (0..<batch.count).map { batch[0] - $0 }, "consecutive elements of the indices")
            // Within one 64-element chunk of the array (position = 1999 - index).
            XCTAssertEqual((1_999 - batch.first!) / 64, (1_999 - batch.last!) / 64)
        }
        struct Refused: Error, Equatable {}
        XCTAssertThrowsError(
            try SiteWriter.concurrentlyApply(
                batchesOf: 16,
                { batch in
                    if batch.contains(700) { throw Refused() }
                }, to: Array(0..<2_000))
        ) { error in
            XCTAssertEqual(error as? Refused, Refused())
        }
        // One file at a time (the plain path): after an error the cores stop within a few files
        // (the error is looked at every 16), not at the end of the list.
        let applied = Seen()
        XCTAssertThrowsError(
            try SiteWriter.concurrentlyApply(
                { index in
                    applied.lock.withLock { applied.batches.append([index]) }
                    if index == 100 { throw Refused() }
                }, to: Array(0..<20_000)))
        XCTAssertLessThan(applied.batches.count, 2_000)
    }

    /// Whether a one-time action ran, from any thread.
    private final class Once: @unchecked Sendable {
        private let lock = NSLock()
        private(set) var done = false
        func run(_ action: () -> Void) {
            lock.withLock {
                if !done {
                    done = true
                    action()
                }
            }
        }
    }

    /// The final rename fails when something is put into the empty output folder while the site
    /// is made beside it (renaming onto a folder that is not empty is refused): the write then
    /// falls back to the plain one, which writes every file into the folder as it is, keeps what
    /// was put there, and leaves no folder of its own behind.
    func testAFileWrittenIntoTheFolderMeanwhileHandsTheWriteToThePlainWay() throws {
        let site = try SiteFixture(catalog: SiteFixture.fixture("example.yml"))
        let build = try site.build()
        let output = site.outputURL
        try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        let intruder = output.appendingPathComponent("CNAME")
        let once = Once()
        // The progress callback runs while the files are created beside the folder.
        let summary = try SiteWriter(outputURL: output).write(build.outputFiles) { _, _ in
            once.run { try? Data("go.example.com\n".utf8).write(to: intruder) }
        }
        XCTAssertTrue(once.done, "the folder was written into before the rename")
        XCTAssertEqual(summary.written.count, 27)
        XCTAssertEqual(try String(contentsOf: intruder, encoding: .utf8), "go.example.com\n", "kept")

        var plain = SiteWriter(outputURL: site.folder.appendingPathComponent("plain/_site"))
        plain.usesFreshFolder = false
        try plain.write(build.outputFiles)
        var expected = try files(under: site.folder.appendingPathComponent("plain/_site"))
        expected["CNAME"] = Data("go.example.com\n".utf8)
        XCTAssertEqual(try files(under: output), expected)
        XCTAssertFalse(FileManager.default.fileExists(atPath: WorkFolder(outputURL: output).fresh.path))
        XCTAssertFalse(FileManager.default.fileExists(atPath: WorkFolder(outputURL: output).staging.path))
        // And its stamps prove every file to the next write.
        XCTAssertEqual(try SiteWriter(outputURL: output).write(build.outputFiles).reused.count, 27)
    }
}
