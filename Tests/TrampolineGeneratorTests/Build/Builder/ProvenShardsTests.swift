import Foundation
import TrampolineTestSupport
import XCTest

@testable import TrampolineBuild

#if canImport(Glibc)
import Glibc
#endif

/// The compact layout's lookup shards are measured to fit them; one whose stamp proves the output
/// already holds its bytes (the same fingerprint, the file's size, inode and mtime as recorded) is
/// measured by its stamp and not rendered. `check` proves files the same way before it renders
/// and compares the others. Both judge a file as `build` always has: by its stamp.
final class ProvenShardsTests: XCTestCase {
    private func catalog(_ count: Int, edited: Set<Int> = []) -> String {
        var text = """
            site:
              url: https://go.example.com
              title: Marry links
              layout: compact
            \(TestCatalog.marryApp)
            defaults:
              qr_code: false
            links:

            """
        for i in 1...count {
            text += """
                  - path: /o/\(i)
                    deep_link: marry://offer/\(i)
                    title: Offer \(i)\(edited.contains(i) ? " (new)" : "")
                    description: Everything for day \(i), **\(i % 7) left**.

                """
        }
        return text
    }

    private func lookupShards(_ site: SiteBuild) -> [Int] {
        site.plan.entries.indices.filter {
            if case .lookupShard = site.plan.entries[$0].content { return true }
            return false
        }
    }

    func testAnUnchangedShardIsMeasuredByItsStampAndNotRendered() throws {
        let fixture = try SiteFixture(catalog: catalog(3000))
        var builder = fixture.builder
        builder.readsPreviousOutputEarly = true
        let first = try builder.build()
        let shards = lookupShards(first)
        XCTAssertGreaterThan(shards.count, 3)
        XCTAssertEqual(first.rendered?.indices, Set(shards), "nothing written yet: every shard rendered")
        try builder.write(first, to: fixture.outputURL)

        let again = try builder.build()
        XCTAssertEqual(again.rendered?.count, 0, "every shard proven by its stamp")
        XCTAssertEqual(Set(again.fingerprinted.keys), Set(shards))
        XCTAssertEqual(try builder.write(again, to: fixture.outputURL).written, [])

        try Data(catalog(3000, edited: [7]).utf8).write(to: fixture.configURL)
        let edited = try builder.build()
        XCTAssertEqual(edited.rendered?.count, 1, "only the edited link's shard")
        let summary = try builder.write(edited, to: fixture.outputURL)
        XCTAssertEqual(summary.written.filter { $0.hasPrefix("_links/") }.count, 1)

        // The same bytes as a build that proves nothing and renders every shard.
        let fresh = try SiteFixture(catalog: catalog(3000, edited: [7]))
        try fresh.builder.write(try fresh.build(), to: fresh.outputURL)
        for index in shards {
            let path = edited.plan.entries[index].path.value
            XCTAssertEqual(
                try Data(contentsOf: fixture.outputURL.appendingPathComponent(path)),
                try Data(contentsOf: fresh.outputURL.appendingPathComponent(path)), path)
        }
    }

    /// A shard edited by hand is rendered again and put back: its stat no longer matches.
    func testAShardEditedByHandIsRenderedAgain() throws {
        let fixture = try SiteFixture(catalog: catalog(3000))
        var builder = fixture.builder
        builder.readsPreviousOutputEarly = true
        try builder.write(try builder.build(), to: fixture.outputURL)
        let shard = fixture.outputURL.appendingPathComponent("_links/0.json")
        let original = try Data(contentsOf: shard)
        try Data("{}\n".utf8).write(to: shard)
        let again = try builder.build()
        XCTAssertEqual(again.rendered?.count, 1)
        XCTAssertEqual(try builder.write(again, to: fixture.outputURL).written, ["_links/0.json"])
        XCTAssertEqual(try Data(contentsOf: shard), original)
    }

    /// `check` takes a file whose stamp proves it unchanged as `build` does, without reading it:
    /// bytes changed behind the stamp's back (same size, inode and mtime) go unseen by both; a
    /// check that proves nothing reads and finds them. Any write
    /// that changes the mtime is found.
    func testCheckProvesFilesByTheirStampsAsBuildDoes() throws {
        let fixture = try SiteFixture(catalog: catalog(3000))
        try fixture.builder.write(try fixture.build(), to: fixture.outputURL)
        XCTAssertEqual(SiteChecker(builder: fixture.builder).run().diagnostics, [])

        let shard = fixture.outputURL.appendingPathComponent("_links/1.json")
        var info = stat()
        XCTAssertEqual(stat(shard.path, &info), 0)
        var bytes = [UInt8](try Data(contentsOf: shard))
        bytes[bytes.count - 3] ^= 0x20
        let handle = try FileHandle(forWritingTo: shard)
        try handle.write(contentsOf: bytes)
        try handle.close()
        var times = [info.st_atim, info.st_mtim]
        XCTAssertEqual(utimensat(AT_FDCWD, shard.path, &times, 0), 0)

        XCTAssertEqual(SiteChecker(builder: fixture.builder).run().diagnostics, [], "proven by its stamp")
        var plain = SiteChecker(builder: fixture.builder)
        plain.builder.provesWithStamps = false
        let found = plain.run().diagnostics
        XCTAssertEqual(found.count, 1, "\(found)")
        XCTAssertTrue(found.first?.message.contains("_links/1.json") == true, "\(found)")

        // Touched: the stamp proves nothing, the check reads the file and finds it.
        var later = [info.st_atim, timespec(tv_sec: info.st_mtim.tv_sec + 1, tv_nsec: 0)]
        XCTAssertEqual(utimensat(AT_FDCWD, shard.path, &later, 0), 0)
        let touched = SiteChecker(builder: fixture.builder).run().diagnostics
        XCTAssertEqual(touched.count, 1, "\(touched)")
        XCTAssertTrue(touched.first?.message.contains("_links/1.json") == true, "\(touched)")
    }
}
