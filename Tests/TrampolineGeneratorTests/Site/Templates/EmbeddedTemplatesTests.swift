import Foundation
import XCTest

@testable import TrampolineSite

/// The binary carries the repository's templates as they are on disk: Templates/ is embedded as
/// Swift source (scripts/embed-templates.py, run by `make` before every build), so a template
/// edited and built with a bare `swift build` fails here until `make embed` runs.
final class EmbeddedTemplatesTests: XCTestCase {
    func testTheBinaryCarriesEveryTemplateAsOnDisk() throws {
        let folder = TestPaths.repository.appendingPathComponent("Templates")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { !$0.hasPrefix(".") }
        XCTAssertGreaterThan(names.count, 10)
        XCTAssertEqual(Set(BuiltinTemplates.files.keys), Set(names), "run `make embed`")
        for name in names {
            let onDisk = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
            XCTAssertEqual(BuiltinTemplates.files[name], onDisk, "\(name) differs from the binary's: run `make embed`")
        }
    }
}
