import Foundation
import TrampolineTestSupport
import XCTest

@testable import TrampolineBuild

final class ManifestTests: XCTestCase {
    func testTheManifestReadsBackWhatItWrites() throws {
        let manifest = Manifest(paths: ["index.html", "p/1/index.html", "p/é/index.html"])
        let data = manifest.encoded()
        XCTAssertNotNil(try JSONSerialization.jsonObject(with: data), "still JSON")
        let parsed = try XCTUnwrap(Manifest.parseOwnLayout(data), "the fast reader takes the tool's own layout")
        XCTAssertEqual(Set(parsed), manifest.paths)
        let folder = try TemporaryDirectory()
        try data.write(to: folder.url.appendingPathComponent(Manifest.path.value))
        XCTAssertEqual(Manifest.read(from: folder.url), manifest)
    }

    /// `check`'s extra files: what the manifest lists and the plan does not, read in place from
    /// the tool's own layout or parsed as JSON from any other; an unsafe path is never listed.
    func testThePathsNotPlannedAreReadInEitherLayout() throws {
        let folder = try TemporaryDirectory()
        let file = folder.url.appendingPathComponent(Manifest.path.value)
        let listed: Set<String> = ["index.html", "p/1/index.html", "p/é/index.html", "../outside", "old/index.html"]
        try Manifest(paths: listed).encoded().write(to: file)
        XCTAssertEqual(
            Manifest.paths(in: folder.url, notIn: ["index.html", "p/1/index.html"]),
            ["p/é/index.html", "old/index.html"])
        XCTAssertEqual(Manifest.paths(in: folder.url, notIn: listed), [])
        let older = #"{"files": ["a.html", "b\/c.html", "..\/x"], "fingerprints": {}}"#
        try Data(older.utf8).write(to: file)
        XCTAssertEqual(Manifest.paths(in: folder.url, notIn: ["a.html"]), ["b/c.html"])
        try FileManager.default.removeItem(at: file)
        XCTAssertEqual(Manifest.paths(in: folder.url, notIn: []), [], "no manifest, nothing extra")
    }

    func testAnyOtherJSONLayoutStillReads() throws {
        let folder = try TemporaryDirectory()
        let oneLine = #"{"files": ["a.html", "b\/c.html", "q\"x.html"], "fingerprints": {"a.html": "f:1"}}"#
        XCTAssertNil(Manifest.parseOwnLayout(Data(oneLine.utf8)))
        try Data(oneLine.utf8).write(to: folder.url.appendingPathComponent(Manifest.path.value))
        XCTAssertEqual(
            Manifest.read(from: folder.url), Manifest(paths: ["a.html", "b/c.html", "q\"x.html"]),
            "an older manifest's fingerprints are ignored")
    }

    func testTheFastReaderTakesOnlyWhatJSONWouldTake() throws {
        let good = String(decoding: Manifest(paths: ["a.html", "b.html"]).encoded(), as: UTF8.self)
        XCTAssertNotNil(Manifest.parseOwnLayout(Data(good.utf8)))
        let broken = [
            good.replacingOccurrences(of: "\"a.html\",\n", with: "\"a.html\"\n"),  // a missing comma
            good.replacingOccurrences(of: "\"b.html\"\n", with: "\"b.html\",\n"),  // a trailing comma
            good.replacingOccurrences(of: "a.html", with: "a\u{1}.html"),  // a control character
        ]
        for text in broken {
            XCTAssertNil(Manifest.parseOwnLayout(Data(text.utf8)), text)
        }
        // Those JSON refuses too (Foundation's parser tolerates the trailing comma).
        for text in [broken[0], broken[2]] {
            XCTAssertNil(try? JSONSerialization.jsonObject(with: Data(text.utf8)), text)
        }
        // Invalid UTF-8 is refused as well.
        XCTAssertNil(Manifest.parseOwnLayout(Data(good.utf8) + Data([0xFF])))
    }

    /// The one-pass check of a manifest path gives the answers of the plain one it replaced
    /// (split on slashes, no segment empty, `.` or `..`; no backslash or NUL), on every path of
    /// up to five characters from an alphabet that reaches each case.
    func testSafePathsAreThoseWithNoEmptyDotOrDotDotSegment() {
        func plain(_ path: String) -> Bool {
            let bytes = Array(path.utf8)
            guard !bytes.isEmpty, !bytes.contains(UInt8(ascii: "\\")), !bytes.contains(0) else { return false }
            return !bytes.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false).contains { segment in
                segment.isEmpty || segment.elementsEqual([UInt8(ascii: ".")])
                    || segment.elementsEqual([UInt8(ascii: "."), UInt8(ascii: ".")])
            }
        }
        let alphabet = ["a", ".", "/", "\\", "\u{0}", "é"]
        var paths = [""]
        var level = [""]
        for _ in 1...5 {
            level = level.flatMap { prefix in alphabet.map { prefix + $0 } }
            paths += level
        }
        var safe = 0
        for path in paths {
            XCTAssertEqual(Manifest.isSafeRelativePath(path), plain(path), path.debugDescription)
            if plain(path) { safe += 1 }
        }
        XCTAssertGreaterThan(safe, 500)
        XCTAssertTrue(Manifest.isSafeRelativePath("p/12/index.html"))
        XCTAssertFalse(Manifest.isSafeRelativePath("p/../../etc/passwd"))
    }
}
