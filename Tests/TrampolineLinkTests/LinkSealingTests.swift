import Foundation
import TrampolineTestSupport
import XCTest

@_spi(Generator) @testable import TrampolineLink

/// Link table format version 2 (docs/link-table.md, "Sealed entries") against the vectors
/// Python's hashlib wrote (Tests/Fixtures/link-table-v2.json), which the Android library runs too;
/// and a table that cannot be listed, read for a known path only.
final class LinkSealingTests: XCTestCase {
    func testEveryCaseOfTheSharedTable() throws {
        let cases = try SealingTable.load().cases
        XCTAssertGreaterThanOrEqual(cases.count, 7)
        for c in cases {
            for (count, shard) in c.shards {
                let name = LinkSealing.name(host: c.host, path: c.path, shards: Int(count)!)
                XCTAssertEqual(name.id, c.id, c.path)
                XCTAssertEqual(name.shard, shard, "\(c.path) in \(count)")
            }
            let key = LinkSealing.digest("key", host: c.host, path: c.path, hash: LinkSealing.plainHash)
            XCTAssertEqual(key.map { String(format: "%02x", $0) }.joined(), c.key, c.path)
            XCTAssertEqual(LinkSealing.seal(Array(c.entry.utf8), host: c.host, path: c.path), c.sealed, c.path)
            let opened = try XCTUnwrap(LinkSealing.unseal(c.sealed, host: c.host, path: c.path))
            XCTAssertEqual(String(decoding: opened, as: UTF8.self), c.entry, c.path)
        }
    }

    /// SHA-256 of the standard's own examples and of lengths around a block's padding boundary,
    /// against known digests (FIPS 180-4's examples; Python's hashlib for the 1,000 bytes).
    func testTheDigestOfKnownMessages() {
        func hex(_ text: String) -> String {
            LinkSHA256.hash(Array(text.utf8)).map { String(format: "%02x", $0) }.joined()
        }
        XCTAssertEqual(hex(""), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        XCTAssertEqual(hex("abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        XCTAssertEqual(
            hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"),
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        XCTAssertEqual(
            hex(String(repeating: "a", count: 1000)),
            "41edece42d63e8d9bf515a9ba6932e1c20cbc9f5a5d134645adb5db1b9737ea3")
    }

    /// A table holds no path: a link is found from its path, sealed for its host and path.
    func testALinkIsFoundOnlyFromItsPathOnItsHost() throws {
        var table = SiteLinkTable(host: "go.example.com", scheme: "marry", shards: 1)
        table.insert(LinkTarget(deepLink: "marry://invite/Xy7a", forwardQuery: true), path: "/Xy7a")
        table.insert(LinkTarget(deepLink: "marry://invite/xy7a"), path: "/xy7a")
        XCTAssertEqual(try table.link(path: "/Xy7a")?.deepLink, "marry://invite/Xy7a")
        XCTAssertEqual(try table.link(path: "/xy7a")?.deepLink, "marry://invite/xy7a")
        XCTAssertNil(try table.link(path: "/XY7A"))
        XCTAssertFalse(
            table.links.keys.contains { $0.contains("/") } || table.links.values.contains { $0.contains("invite") })
        // The same entries under another host's names: not found there.
        var other = SiteLinkTable(host: "links.example.org", scheme: "marry", shards: 1)
        other.links = table.links
        XCTAssertNil(try other.link(path: "/Xy7a"))
        // An entry that does not unseal to an entry object is a malformed table, not a miss.
        var broken = table
        let id = LinkSealing.name(host: "go.example.com", path: "/Xy7a", shards: 1).id
        broken.links[id] = "not base64!"
        XCTAssertThrowsError(try broken.link(path: "/Xy7a")) {
            XCTAssertEqual($0 as? LinkResolutionFailure, .malformedTable)
        }
        broken.links[id] = table.links[LinkSealing.name(host: "go.example.com", path: "/xy7a", shards: 1).id]
        XCTAssertThrowsError(try broken.link(path: "/Xy7a")) {
            XCTAssertEqual($0 as? LinkResolutionFailure, .malformedTable)
        }
    }

    /// A v1 table (paths in the clear) is refused: this library reads version 2 only.
    func testAVersion1TableIsRefused() {
        let v1 = #"{"format":"trampoline-link-table","version":1,"host":"go.example.com","shards":1,"routes":[]}"#
        XCTAssertThrowsError(try SiteLinkTable(json: Data(v1.utf8), host: "go.example.com")) {
            XCTAssertEqual($0 as? LinkResolutionFailure, .unsupportedTable)
        }
        let shard = #"{"version":2,"links":{"/spring-sale":{"deep_link":"marry://x"}}}"#
        XCTAssertThrowsError(try SiteLinkTable.shardLinks(json: Data(shard.utf8))) {
            XCTAssertEqual($0 as? LinkResolutionFailure, .malformedTable)
        }
    }
}
