import Foundation
import XCTest

@testable import TrampolineLink

/// The shared table of the site's own files (Tests/Fixtures/site-files.json), run through the
/// library: a site file is handed back to the browser (`siteFile`), a link is looked up. The
/// generator and the Kotlin library run the same file.
final class SiteFilesTableTests: XCTestCase {
    struct Case: Decodable {
        var path: String
        var site_file: Bool
        var what: String
    }

    func testEverySiteFileIsHandedBackAndNoLinkIs() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../Fixtures/site-files.json").standardizedFileURL
        struct Table: Decodable { var cases: [Case] }
        let cases = try JSONDecoder().decode(Table.self, from: Data(contentsOf: url)).cases
        XCTAssertGreaterThan(cases.count, 30)
        for c in cases {
            let result = VisitedURL.link("https://go.example.com" + c.path, host: "go.example.com")
            switch result {
            case .failure(.siteFile): XCTAssertTrue(c.site_file, "\(c.path) (\(c.what)) was handed back")
            case .success: XCTAssertFalse(c.site_file, "\(c.path) (\(c.what)) was taken for a link")
            case .failure(let other): XCTFail("\(c.path): \(other)")
            }
        }
    }
}
