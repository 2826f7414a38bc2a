import Foundation
@testable import TrampolineKit
import TrampolineTestSupport
import XCTest

final class ManifestTests: XCTestCase {
    func testTheManifestReadsBackWhatItWrites() throws {
        let manifest = Manifest(paths: ["index.html", "p/1/index.html", "p/é/index.html"], fingerprints: ["p/1/index.html": "ab12:3:4:5.6"])
        let data = manifest.encoded()
        XCTAssertNotNil(try JSONSerialization.jsonObject(with: data), "still JSON")
        let parsed = try XCTUnwrap(Manifest.parseOwnLayout(data), "the fast reader takes the tool's own layout")
        XCTAssertEqual(Set(parsed.0), manifest.paths)
        XCTAssertEqual(parsed.1, manifest.fingerprints)
        let folder = try TemporaryDirectory()
        try data.write(to: folder.url.appendingPathComponent(Manifest.fileName))
        XCTAssertEqual(Manifest.read(from: folder.url), manifest)
    }

    func testAnyOtherJSONLayoutStillReads() throws {
        let folder = try TemporaryDirectory()
        let oneLine = #"{"files": ["a.html", "b\/c.html", "q\"x.html"], "fingerprints": {"a.html": "f:1"}}"#
        XCTAssertNil(Manifest.parseOwnLayout(Data(oneLine.utf8)))
        try Data(oneLine.utf8).write(to: folder.url.appendingPathComponent(Manifest.fileName))
        XCTAssertEqual(Manifest.read(from: folder.url), Manifest(paths: ["a.html", "b/c.html", "q\"x.html"], fingerprints: ["a.html": "f:1"]))
    }
}
