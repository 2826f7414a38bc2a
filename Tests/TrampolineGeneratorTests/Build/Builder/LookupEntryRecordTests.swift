import Foundation
import XCTest

@testable import TrampolineBuild
@testable import TrampolineModel
@testable import TrampolineSite

/// The record a compact build leaves of its lookup shards' entries (`LookupEntryRecord`), and the
/// reading of a shard file's sealed entries, on their own.
final class LookupEntryRecordTests: XCTestCase {
    private let fingerprint = Fingerprint(words: SIMD4(1, 2, 3, 4))
    private let change = FileStat(size: 6, inode: 5, seconds: 7, nanoseconds: 8)
    private let ids = [LinkID(high: 0x0123_4567_89ab_cdef, low: 0xfedc_ba98_7654_3210), LinkID(high: .max, low: 0)]

    private func record() throws -> (bytes: [UInt8], record: LookupEntryRecord) {
        let blocks = [
            LookupEntryRecord.block(
                shard: 2, fingerprint: fingerprint, change: change, ids: ids, digests: [SIMD2(7, 8), SIMD2(9, 10)]),
            LookupEntryRecord.block(shard: 0, fingerprint: fingerprint, change: change, ids: [], digests: []),
        ]
        let bytes = LookupEntryRecord.encoded(shardCount: 3, blocks: blocks.map { $0[...] })
        return (bytes, try XCTUnwrap(LookupEntryRecord(bytes: bytes)))
    }

    func testARecordReadsBackAsWritten() throws {
        let (_, record) = try record()
        XCTAssertEqual(record.shardCount, 3)
        XCTAssertEqual(
            record.shard(2),
            LookupEntryRecord.Shard(
                fingerprint: fingerprint, ids: ids, digests: [SIMD2(7, 8), SIMD2(9, 10)]))
        XCTAssertEqual(record.shard(0)?.ids, [])
        XCTAssertNil(record.shard(1), "a shard not recorded")
        XCTAssertEqual(record.fingerprint(ofShard: 2), fingerprint)
        XCTAssertEqual(record.change(ofShard: 2), change)
    }

    /// A record is made before its shard files are written, with no change stamps (which no file
    /// matches); once they are written, each block gets its file's, and a shard with no file
    /// none.
    func testChangeStampsAreTheWrittenFilesOnes() throws {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("lookup-record-\(UUID())")
        defer { try? FileManager.default.removeItem(at: output) }
        let shard = output.appendingPathComponent(OutputPath.lookupShard(2).value)
        try FileManager.default.createDirectory(
            at: shard.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("{}\n".utf8).write(to: shard)
        let blocks = [
            LookupEntryRecord.block(
                shard: 2, fingerprint: fingerprint, ids: ids, digests: [SIMD2(7, 8), SIMD2(9, 10)]),
            LookupEntryRecord.block(shard: 0, fingerprint: fingerprint, ids: [], digests: []),
        ]
        let made = try XCTUnwrap(
            LookupEntryRecord(bytes: LookupEntryRecord.encoded(shardCount: 3, blocks: blocks.map { $0[...] })))
        XCTAssertNil(made.change(ofShard: 2), "none before the write")
        let unstamped = LookupEntryRecord.body(shardCount: 3, blocks: blocks.map { $0[...] })
        let stamped = try XCTUnwrap(
            LookupEntryRecord(bytes: try XCTUnwrap(LookupEntryRecord.stampingFiles(unstamped, in: output))))
        let written = try XCTUnwrap(FileStat(changeOfPath: shard.path))
        XCTAssertEqual(stamped.change(ofShard: 2), written)
        XCTAssertEqual(written.size, 3)
        XCTAssertNil(stamped.change(ofShard: 0), "shard 0 has no file")
        XCTAssertEqual(stamped.shard(2)?.ids, ids, "the entries as they were")
        XCTAssertNil(LookupEntryRecord.stampingFiles(Array(unstamped.dropLast(8)), in: output))
        XCTAssertNil(
            LookupEntryRecord.stampingFiles(Array(unstamped) + [0], in: output), "a body is only its blocks")
    }

    /// Any byte changed, any length cut, a block for a shard past the count: no record.
    func testADamagedRecordIsNone() throws {
        let (bytes, _) = try record()
        for index in bytes.indices {
            var damaged = bytes
            damaged[index] ^= 0x01
            XCTAssertNil(LookupEntryRecord(bytes: damaged), "byte \(index) flipped")
        }
        for length in 0..<bytes.count { XCTAssertNil(LookupEntryRecord(bytes: Array(bytes[..<length])), "\(length)") }
        let block = LookupEntryRecord.block(shard: 5, fingerprint: fingerprint, change: change, ids: [], digests: [])
        XCTAssertNil(LookupEntryRecord(bytes: LookupEntryRecord.encoded(shardCount: 3, blocks: [block[...]])))
    }

    /// A block holds each id as the table writes it (32 hex digits); an id of other text, in a
    /// record that is otherwise whole, makes its shard unknown, never a wrong id.
    func testIdsAreRecordedAsTheirHexDigits() throws {
        let block = LookupEntryRecord.block(
            shard: 0, fingerprint: fingerprint, change: change, ids: ids, digests: [SIMD2(7, 8), SIMD2(9, 10)])
        let text = String(decoding: block, as: UTF8.self)
        XCTAssertTrue(text.contains("0123456789abcdeffedcba9876543210"), text)
        XCTAssertTrue(text.contains("ffffffffffffffff0000000000000000"), text)
        var other = block
        let at = try XCTUnwrap(other.firstIndex(of: UInt8(ascii: "f")))
        other[at] = UInt8(ascii: "g")
        let record = try XCTUnwrap(
            LookupEntryRecord(bytes: LookupEntryRecord.encoded(shardCount: 1, blocks: [other[...]])))
        XCTAssertNil(record.shard(0))
        XCTAssertEqual(LinkID(hex: Array("0123456789ABCDEFfedcba9876543210".utf8)[...]), ids[0])
        XCTAssertNil(LinkID(hex: Array("0123456789abcdef".utf8)[...]))
        XCTAssertEqual(ids[0].hex, "0123456789abcdeffedcba9876543210")
    }

    /// A shard file as the renderer writes it reads back to its ids and sealed texts; anything
    /// else is not read at all.
    func testAShardFileReadsBackToItsSealedEntries() throws {
        let build = try SiteFixture(
            catalog: """
                site: {url: https://go.example.com, layout: compact}
                app:
                  name: Marry
                  ios: {team_id: ABCDE12345, bundle_id: com.example.marry, app_store_id: "1356057329", scheme: marry}
                links:
                  - {path: /a, deep_link: "marry://a", title: A}
                  - {path: /b, deep_link: "marry://b", title: B, description: "**Bold** \\"quoted\\""}
                  - {path: /c, deep_link: "marry://c", title: C}

                """
        ).build()
        var read = 0
        for (index, entry) in build.plan.entries.enumerated() {
            guard case .lookupShard(_, let links) = entry.content else { continue }
            let bytes = build.bytes(ofEntryAt: index)
            let entries = try XCTUnwrap(SiteBuilder.SealedEntries.sealedEntries(in: bytes), entry.path.value)
            XCTAssertEqual(Set(entries.map { String(decoding: bytes[$0.id], as: UTF8.self) }), Set(links.map(\.id.hex)))
            read += entries.count
            // Rendered again with every entry taken from the file: the same bytes.
            let all = try XCTUnwrap(SiteBuilder.SealedEntries.sealedTexts(of: links, in: bytes) { _ in true })
            XCTAssertEqual(all.count, links.count)
            XCTAssertEqual(build.renderer.render(entry, reusingSealed: all), bytes)
            // Only some taken (the others sealed again): still the same bytes.
            let some = try XCTUnwrap(SiteBuilder.SealedEntries.sealedTexts(of: links, in: bytes) { $0 % 2 == 0 })
            XCTAssertEqual(some.count, (links.count + 1) / 2)
            XCTAssertEqual(build.renderer.render(entry, reusingSealed: some), bytes)
        }
        XCTAssertEqual(read, 3)
        for text in [
            "", "{", "{}", "{\"a\":\"b\"}", "{\"a\":\"b\",\n", "{\"a\" :\"b\"}\n", "[\"a\"]\n", "{\"a\":\"b\"}\nx",
            // The ids out of order, or twice: not a file the renderer wrote.
            "{\"c\":\"d\",\n\"a\":\"b\"}\n", "{\"a\":\"b\",\n\"a\":\"b\"}\n", "{\"a\":\"b\",\n\"c\":\"d",
        ] {
            XCTAssertNil(SiteBuilder.SealedEntries.sealedEntries(in: Array(text.utf8)), text)
        }
        XCTAssertEqual(SiteBuilder.SealedEntries.sealedEntries(in: Array("{}\n".utf8))?.count, 0)
        let two = Array("{\"a\":\"b+/=\",\n\"c\":\"d\"}\n".utf8)
        XCTAssertEqual(
            SiteBuilder.SealedEntries.sealedEntries(in: two)?.map {
                [String(decoding: two[$0.id], as: UTF8.self), String(decoding: two[$0.text], as: UTF8.self)]
            },
            [["a", "b+/="], ["c", "d"]])
    }

    /// A shard's fingerprint changes with any one of its entries, and only that entry's digest does.
    func testAnEntryChangedChangesItsDigestAndTheShardsFingerprint() throws {
        let renderer = try SiteFixture(
            catalog: """
                site: {url: https://go.example.com}
                app:
                  name: Marry
                  ios: {team_id: ABCDE12345, bundle_id: com.example.marry, app_store_id: "1356057329", scheme: marry}
                links: [{path: /a, deep_link: "marry://a", title: A}]

                """
        ).build().renderer
        func shard(_ titles: [String]) -> PlanEntry {
            PlanEntry(
                path: .lookupShard(0),
                content: .lookupShard(
                    shard: 0,
                    links: titles.enumerated().map { index, title in
                        var link = Link(
                            path: "/l/\(index)", deepLink: "", title: title, description: nil, webURL: nil,
                            campaign: [],
                            options: LinkOptions(), location: SourceLocation(file: "", line: 1, column: 1),
                            webURLLocation: nil, templateLocation: SourceLocation(file: "", line: 1, column: 1))
                        link.title = title
                        return LookupShardEntry(
                            link: link, id: LinkID(high: 0, low: UInt64(index)), behaviour: .interstitial)
                    }))
        }
        let before = try XCTUnwrap(renderer.lookupShardFingerprints(of: shard(["A", "B", "C"])))
        let after = try XCTUnwrap(renderer.lookupShardFingerprints(of: shard(["A", "B2", "C"])))
        XCTAssertNotEqual(before.shard, after.shard)
        XCTAssertEqual(before.entries[0], after.entries[0])
        XCTAssertNotEqual(before.entries[1], after.entries[1])
        XCTAssertEqual(before.entries[2], after.entries[2])
        XCTAssertEqual(renderer.fingerprint(of: shard(["A", "B", "C"])), before.shard)
    }

    /// A shard of links read through a cache (each with a ``Link/source``) is fingerprinted by
    /// the sources alone: an entry's digest changes with its link's source, its behaviour and the
    /// renderer's context (a template or app setting the source does not cover), and with
    /// nothing else; the shard's fingerprint with any of them and with the shard's place. A link
    /// without a source sends the shard down the encoding path.
    func testSourcedEntriesAreDigestedByTheirSourcesBehavioursAndContext() throws {
        func renderer(_ name: String) throws -> SiteRenderer {
            try SiteFixture(
                catalog: """
                    site: {url: https://go.example.com}
                    app:
                      name: \(name)
                      ios: {team_id: ABCDE12345, bundle_id: com.example.marry, app_store_id: "1356057329", scheme: marry}
                    links: [{path: /a, deep_link: "marry://a", title: A}]

                    """
            ).build().renderer
        }
        func shard(
            _ sources: [UInt64?], number: Int = 0, behaviours: [PageBehaviour]? = nil
        ) -> PlanEntry {
            PlanEntry(
                path: .lookupShard(number),
                content: .lookupShard(
                    shard: number,
                    links: sources.enumerated().map { index, source in
                        var link = Link(
                            path: "/l/\(index)", deepLink: "", title: "T", description: nil, webURL: nil, campaign: [],
                            options: LinkOptions(), location: SourceLocation(file: "", line: 1, column: 1),
                            webURLLocation: nil, templateLocation: SourceLocation(file: "", line: 1, column: 1))
                        if let source { link.noteSource(SIMD2(source, ~source)) }
                        return LookupShardEntry(
                            link: link, id: LinkID(high: 0, low: UInt64(index)),
                            behaviour: behaviours?[index] ?? .interstitial)
                    }))
        }
        let marry = try renderer("Marry")
        let before = try XCTUnwrap(marry.sourcedLookupShardFingerprints(of: shard([1, 2, 3])))
        XCTAssertEqual(marry.lookupShardFingerprints(of: shard([1, 2, 3]))?.shard, before.shard)
        XCTAssertEqual(Set(before.entries).count, 3)

        let edited = try XCTUnwrap(marry.sourcedLookupShardFingerprints(of: shard([1, 9, 3])))
        XCTAssertEqual(edited.entries.enumerated().map { $1 == before.entries[$0] }, [true, false, true])
        XCTAssertNotEqual(edited.shard, before.shard)

        let redirect = try XCTUnwrap(
            marry.sourcedLookupShardFingerprints(
                of: shard([1, 2, 3], behaviours: [.interstitial, .redirect, .interstitial])))
        XCTAssertEqual(redirect.entries.enumerated().map { $1 == before.entries[$0] }, [true, false, true])
        XCTAssertNotEqual(redirect.shard, before.shard)

        let moved = try XCTUnwrap(marry.sourcedLookupShardFingerprints(of: shard([1, 2, 3], number: 1)))
        XCTAssertEqual(moved.entries, before.entries)
        XCTAssertNotEqual(moved.shard, before.shard)

        let other = try XCTUnwrap(try renderer("Other").sourcedLookupShardFingerprints(of: shard([1, 2, 3])))
        XCTAssertEqual(other.entries.enumerated().filter { $1 == before.entries[$0] }.count, 0, "another context")
        XCTAssertNotEqual(other.shard, before.shard)

        XCTAssertNil(marry.sourcedLookupShardFingerprints(of: shard([1, nil, 3])))
        let mixed = try XCTUnwrap(marry.lookupShardFingerprints(of: shard([1, nil, 3])))
        XCTAssertEqual(mixed.entries.count, 3)
        XCTAssertNotEqual(mixed.shard, before.shard)
    }
}
