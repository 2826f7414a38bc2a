import Foundation
import TrampolineBuild
import TrampolineTestSupport
import XCTest

/// Writes a catalog (and optional template overrides) into a fresh folder and builds its plan.
final class SiteFixture {
    let folder: URL

    init(catalog: String, templates: [String: String] = [:]) throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("trampoline-kit-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("Templates"), withIntermediateDirectories: true)
        try Data(catalog.utf8).write(to: configURL)
        for (name, text) in templates {
            try Data(text.utf8).write(to: folder.appendingPathComponent("Templates/\(name)"))
        }
    }

    deinit { try? FileManager.default.removeItem(at: folder) }

    var configURL: URL { folder.appendingPathComponent("site-config.yml") }
    var outputURL: URL { folder.appendingPathComponent("_site") }

    var builder: SiteBuilder { SiteBuilder(configURL: configURL, configDisplayPath: "site-config.yml") }

    func build() throws -> SiteBuild { try builder.build() }

    func page(_ path: String) throws -> String {
        String(decoding: try XCTUnwrap(try build()[path]), as: UTF8.self)
    }

    /// The text of a page's data block (`<script type="application/json" id="trampoline-data">`).
    static func dataBlock(of html: String) -> String {
        guard let start = html.range(of: #"id="trampoline-data">"#)?.upperBound else { return "" }
        return String(html[start...].prefix { $0 != "<" })
    }

    static func fixture(_ name: String) throws -> String {
        let url = try XCTUnwrap(Bundle.module.url(forResource: "Fixtures/\(name)", withExtension: nil))
        return try String(contentsOf: url, encoding: .utf8)
    }
}

/// A test case with a folder of its own for each test (``folder``), removed after it.
class FolderTestCase: XCTestCase {
    private var directory: TemporaryDirectory?
    var folder: URL { directory!.url }

    override func setUpWithError() throws {
        try super.setUpWithError()
        directory = try TemporaryDirectory()
    }

    override func tearDown() {
        directory = nil
        super.tearDown()
    }
}

/// Where this test target and the repository are: test files sit in folders mirroring the
/// sources, so paths are made from here rather than from each file's own place.
enum TestPaths {
    /// `Tests/TrampolineGeneratorTests`.
    static let target = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    /// The repository's root.
    static let repository = target.deletingLastPathComponent().deletingLastPathComponent()
    /// `Tests/Fixtures`: the tables every implementation runs.
    static let sharedFixtures = repository.appendingPathComponent("Tests/Fixtures")
}
