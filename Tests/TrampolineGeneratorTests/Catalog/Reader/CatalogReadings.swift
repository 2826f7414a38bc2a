import Foundation
import XCTest

@testable import TrampolineCatalog
@testable import TrampolineIncremental

/// Readings of catalog text whose link cache and layout live in `folder` (``CatalogLayoutTests``,
/// ``CatalogPiecesTests``): with them, and the plain way, without any cache.
struct CatalogReadings {
    let folder: URL
    var cacheURL: URL { folder.appendingPathComponent("site-config.yml.links") }
    var layoutURL: URL { folder.appendingPathComponent("site-config.yml.layout") }

    /// A reading with the link cache and layout (written, and used when they fit), the list cut in
    /// pieces of about `pieceBytes` when it is long enough; waits for the files to be written.
    func cached(_ text: String, pieceBytes: Int = CatalogReader.pieceBytes) -> CatalogLoader.Reading {
        var loader = CatalogLoader(knownTemplates: ["interstitial", "redirect"])
        loader.linkCache = LinkCache.Setup(url: cacheURL, version: "test", secret: Array(repeating: 9, count: 32))
        loader.pieceBytes = pieceBytes
        let reading = loader.read(yaml: text, displayPath: "site-config.yml", baseURL: folder)
        reading.cacheWrite?.wait()
        return reading
    }

    /// Reads `text` through the caches (made under `version` and `secret`) and the plain way,
    /// asserts the two give the same catalog and diagnostics, and returns both.
    func bothWays(
        _ text: String, knownTemplates: Set<String>? = nil, version: String = "test", secret: [UInt8],
        file: StaticString = #filePath, line: UInt = #line
    ) -> (cached: CatalogLoader.Reading, plain: CatalogLoader.Reading) {
        var loader = CatalogLoader(knownTemplates: knownTemplates)
        loader.linkCache = LinkCache.Setup(url: cacheURL, version: version, secret: secret)
        let cached = loader.read(yaml: text, displayPath: "site-config.yml", baseURL: folder)
        cached.cacheWrite?.wait()
        let plain = CatalogLoader(knownTemplates: knownTemplates).read(
            yaml: text, displayPath: "site-config.yml", baseURL: folder)
        XCTAssertEqual(
            cached.catalog, plain.catalog, "the cached reading differs from the plain one", file: file, line: line)
        XCTAssertEqual(cached.diagnostics.sorted, plain.diagnostics.sorted, file: file, line: line)
        return (cached, plain)
    }

    func plain(_ text: String) -> CatalogLoader.Reading {
        CatalogLoader(knownTemplates: ["interstitial", "redirect"]).read(
            yaml: text, displayPath: "site-config.yml", baseURL: folder)
    }
}
