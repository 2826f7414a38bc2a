import Foundation
import TrampolineTestSupport
import XCTest

#if canImport(Glibc)
import Glibc
#endif

/// The fast path `sealed-entries` (`SiteBuilder+SealedEntries.swift`): a compact rebuild seals only
/// the lookup entries whose link changed and takes the others from the shard files it wrote
/// before. Each rebuild here is compared, file by file, with a build of the same catalog into an
/// empty folder with the fast path off: the bytes must be the same whatever the record or the
/// shard files beside it say.
final class SealedEntriesTests: XCTestCase {
    /// `count` links in the compact layout (several shards), the ones in `edited` retitled.
    private func catalog(count: Int, edited: Set<Int> = []) -> String {
        var text = """
            site:
              url: https://go.example.com
              title: Marry links
              layout: compact
            app:
              name: Marry
              ios: {team_id: ABCDE12345, bundle_id: com.example.marry, app_store_id: "1356057329", scheme: marry}
            defaults:
              qr_code: false
            links:

            """
        for n in 1...count {
            let title = edited.contains(n) ? "Offer \(n), edited" : "Offer \(n)"
            text += """
                  - path: /o/\(n)
                    deep_link: marry://offer/\(n)
                    title: "\(title)"
                    description: "Everything for day \(n % 365), **\(n % 7) left**, and [more](https://shop.example/\(n))."
                    web_url: https://shop.example/offer/\(n)

                """
        }
        return text
    }

    private let count = 1200

    /// Builds `catalog` into `site` in `dir` (`--timings`); returns what it printed on stderr.
    @discardableResult
    private func build(_ dir: TemporaryDirectory, _ catalog: String, plain: Bool = false) throws -> String {
        try dir.write("site-config.yml", catalog)
        var environment = ["HOME": dir.url.appendingPathComponent("home").path]
        if plain { environment["TRAMPOLINE_PLAIN_PATHS"] = "sealed-entries" }
        let result = try TrampolineProcess.run(
            ["build", "--output", "site", "--timings"], in: dir.url, environment: environment)
        XCTAssertEqual(result.status, 0, result.stdout + result.stderr)
        return result.stderr
    }

    /// The site `catalog` builds into an empty folder with the fast path off.
    private func plainSite(_ catalog: String) throws -> [String: Data] {
        let dir = try TemporaryDirectory()
        try build(dir, catalog, plain: true)
        XCTAssertFalse(
            FileManager.default.fileExists(
                atPath: dir.url.appendingPathComponent(".trampoline/site/lookup-entries").path),
            "the plain path leaves no record")
        return dir.contents(of: "site")
    }

    private func assertSame(_ site: [String: Data], _ expected: [String: Data], _ what: String) {
        XCTAssertGreaterThan(site.count, 10, what)
        XCTAssertEqual(site.keys.sorted(), expected.keys.sorted(), what)
        XCTAssertEqual(site.keys.sorted().filter { site[$0] != expected[$0] }, [], "\(what): files differ")
    }

    /// The lookup shard files the site holds (`_links/<n>.json`).
    private func shardFiles(in dir: TemporaryDirectory) throws -> [URL] {
        let site = dir.url.appendingPathComponent("site")
        let files = dir.contents(of: "site").keys.filter { $0.hasPrefix("_links/") && $0.hasSuffix(".json") }
        return files.sorted().map { site.appendingPathComponent($0) }
    }

    func testARebuildSealsOnlyTheEntriesThatChanged() throws {
        let dir = try TemporaryDirectory()
        let first = try build(dir, catalog(count: count))
        XCTAssertFalse(first.contains("came sealed"), first)
        XCTAssertTrue(
            FileManager.default.fileExists(
                atPath: dir.url.appendingPathComponent(".trampoline/site/lookup-entries").path))
        // Three links changed, in three shards: only their three entries are sealed again.
        try assertRebuild(dir, edited: [3, 400, 1100], seals: 3, of: 3)
        // That rebuild recorded the shards it did not render with the digests the first build
        // recorded for them: one more edit there seals that one entry again, and no other.
        try assertRebuild(dir, edited: [3, 400, 1100, 250], seals: 1, of: 1)
    }

    /// Builds the catalog with the links at `edited` changed: its summary says `sealed` entries
    /// of the `shards` shards rendered were sealed, and the site is the plain path's.
    private func assertRebuild(_ dir: TemporaryDirectory, edited: Set<Int>, seals sealed: Int, of shards: Int) throws {
        let text = catalog(count: count, edited: edited)
        let output = try build(dir, text)
        let detail = try XCTUnwrap(
            output.split(separator: "\n").first { $0.hasPrefix("plan:") }.map(String.init), output)
        XCTAssertTrue(detail.contains("(\(sealed) of "), detail)
        XCTAssertTrue(detail.contains("of the \(shards) lookup shards rendered were sealed"), detail)
        assertSame(dir.contents(of: "site"), try plainSite(text), "rebuild of \(edited.sorted())")
    }

    func testShardFilesChangedByHandAreSealedWhole() throws {
        let dir = try TemporaryDirectory()
        try build(dir, catalog(count: count))
        let shards = try shardFiles(in: dir)
        XCTAssertGreaterThan(shards.count, 3)
        // Every shard file's bytes changed in place, its size kept: the stamps no longer prove any.
        for url in shards {
            var bytes = try [UInt8](Data(contentsOf: url))
            let at = try XCTUnwrap(bytes.lastIndex(of: UInt8(ascii: "A")) ?? bytes.lastIndex(of: UInt8(ascii: "B")))
            bytes[at] = bytes[at] == UInt8(ascii: "A") ? UInt8(ascii: "B") : UInt8(ascii: "A")
            try Data(bytes).write(to: url)
        }
        let edited = catalog(count: count, edited: Set(stride(from: 1, through: count, by: 20)))
        let rebuilt = try build(dir, edited)
        XCTAssertFalse(rebuilt.contains("came sealed"), rebuilt)
        assertSame(dir.contents(of: "site"), try plainSite(edited), "rebuild over edited shards")
    }

    /// Bytes changed in place with the file's size and modification time put back: the stamps
    /// still prove the file, but its change time (ctime, which no call sets back) is not the one
    /// recorded after the write, so nothing is taken from it.
    func testShardFilesChangedWithTheirStatPutBackAreSealedWhole() throws {
        let dir = try TemporaryDirectory()
        try build(dir, catalog(count: count))
        // The kernel stamps change times from a clock that ticks every few milliseconds.
        usleep(20_000)
        for url in try shardFiles(in: dir) {
            var before = stat()
            XCTAssertEqual(stat(url.path, &before), 0)
            var bytes = try [UInt8](Data(contentsOf: url))
            let at = try XCTUnwrap(bytes.lastIndex(of: UInt8(ascii: "A")) ?? bytes.lastIndex(of: UInt8(ascii: "B")))
            bytes[at] = bytes[at] == UInt8(ascii: "A") ? UInt8(ascii: "B") : UInt8(ascii: "A")
            let handle = try FileHandle(forWritingTo: url)
            try handle.write(contentsOf: bytes)
            try handle.close()
            var times = [before.st_atim, before.st_mtim]
            XCTAssertEqual(utimensat(AT_FDCWD, url.path, &times, 0), 0)
            var after = stat()
            XCTAssertEqual(stat(url.path, &after), 0)
            XCTAssertEqual(
                [after.st_size, Int(after.st_ino), after.st_mtim.tv_sec, after.st_mtim.tv_nsec],
                [before.st_size, Int(before.st_ino), before.st_mtim.tv_sec, before.st_mtim.tv_nsec],
                "the stat put back as it was")
            XCTAssertNotEqual(
                [after.st_ctim.tv_sec, after.st_ctim.tv_nsec], [before.st_ctim.tv_sec, before.st_ctim.tv_nsec],
                "the change time is not")
        }
        // Every shard has an edited link, so every shard is rendered again.
        let edited = catalog(count: count, edited: Set(stride(from: 1, through: count, by: 10)))
        let rebuilt = try build(dir, edited)
        XCTAssertFalse(rebuilt.contains("came sealed"), rebuilt)
        assertSame(dir.contents(of: "site"), try plainSite(edited), "rebuild over shards changed in place")
    }

    func testADamagedOrMissingRecordIsIgnored() throws {
        let edited = catalog(count: count, edited: [5, 600])
        let expected = try plainSite(edited)
        for damage in ["flipped", "truncated", "missing"] {
            let dir = try TemporaryDirectory()
            try build(dir, catalog(count: count))
            let record = dir.url.appendingPathComponent(".trampoline/site/lookup-entries")
            var bytes = try [UInt8](Data(contentsOf: record))
            switch damage {
            case "flipped": bytes[bytes.count / 2] ^= 0x40
            case "truncated": bytes.removeLast(40)
            default: bytes = []
            }
            if bytes.isEmpty {
                try FileManager.default.removeItem(at: record)
            } else {
                try Data(bytes).write(to: record)
            }
            let rebuilt = try build(dir, edited)
            XCTAssertFalse(rebuilt.contains("came sealed"), "\(damage): \(rebuilt)")
            // A damaged record is named in a note; a missing one is no news.
            XCTAssertEqual(
                rebuilt.contains("note: the cache \(record.resolvingSymlinksInPath().path) cannot be read; ignored")
                    || rebuilt.contains("note: the cache \(record.path) cannot be read; ignored"),
                damage != "missing", "\(damage): \(rebuilt)")
            assertSame(dir.contents(of: "site"), expected, damage)
            // The rebuild leaves a whole record again, which the next one uses.
            let again = try build(dir, catalog(count: count, edited: [5]))
            XCTAssertTrue(again.contains("came sealed"), "\(damage): \(again)")
        }
    }

    /// A rebuild into more shards (the catalog grew) takes nothing from the old ones.
    func testANewShardCountTakesNothing() throws {
        let dir = try TemporaryDirectory()
        try build(dir, catalog(count: count))
        let grown = catalog(count: count * 2)
        let rebuilt = try build(dir, grown)
        XCTAssertFalse(rebuilt.contains("came sealed"), rebuilt)
        assertSame(dir.contents(of: "site"), try plainSite(grown), "grown")
    }
}
