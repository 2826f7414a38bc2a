import Foundation

@testable import TrampolineKit

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

    func plain(_ text: String) -> CatalogLoader.Reading {
        CatalogLoader(knownTemplates: ["interstitial", "redirect"]).read(
            yaml: text, displayPath: "site-config.yml", baseURL: folder)
    }
}
