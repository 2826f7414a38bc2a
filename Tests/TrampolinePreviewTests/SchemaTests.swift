import Foundation
import TrampolineCatalog
import TrampolineModel
import TrampolineTestSupport
import XCTest

/// `schema/site-config.schema.json` stays in step with the catalog reader and with the copy
/// `init` writes, and accepts the catalogs the project ships.
final class SchemaTests: XCTestCase {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let schemaURL = repository.appendingPathComponent("schema/site-config.schema.json")

    func schema() throws -> [String: Any] {
        try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: Self.schemaURL)) as? [String: Any])
    }

    func testPropertyNamesMatchTheReadersKeysPerSection() throws {
        let schema = try schema()
        let defs = try XCTUnwrap(schema["$defs"] as? [String: Any])
        func properties(_ object: Any?) throws -> Set<String> {
            let object = try XCTUnwrap(object as? [String: Any])
            XCTAssertEqual(
                object["additionalProperties"] as? Bool, false, "unknown keys must be errors, as in the reader")
            return Set(try XCTUnwrap(object["properties"] as? [String: Any]).keys)
        }
        let sections: [String: Any?] = [
            "root": schema, "site": defs["site"], "app": defs["app"], "app.ios": defs["ios"],
            "app.android": defs["android"],
            "defaults": defs["defaults"], "link": defs["link"],
            "site.long_links": ((defs["site"] as? [String: Any])?["properties"] as? [String: Any])?["long_links"],
        ]
        XCTAssertEqual(Set(sections.keys), Set(Catalog.acceptedKeys.keys), "a section was added to the reader")
        for (section, keys) in Catalog.acceptedKeys {
            XCTAssertEqual(try properties(sections[section] ?? nil), Set(keys), "schema section \(section)")
        }
    }

    func testEmbeddedCopyIsTheSameSchema() throws {
        let onDisk = try String(contentsOf: Self.schemaURL, encoding: .utf8)
        XCTAssertEqual(
            onDisk.trimmingCharacters(in: .whitespacesAndNewlines),
            CatalogSchema.json.trimmingCharacters(in: .whitespacesAndNewlines),
            "the binary must carry the repository's schema file: run `make embed` (scripts/embed-templates.py)")
    }

    /// Validates with python's jsonschema (in the machine image), the validator editors' tooling agrees with.
    func testRepositoryAndStarterCatalogsValidate() throws {
        let project = try TemporaryDirectory()
        let starter = try project.write("starter.yml", StarterCatalog.text)
        let invalid = try project.write(
            "invalid.yml", StarterCatalog.text.replacingOccurrences(of: "  fallback: store", with: "  fallback: stor"))
        let typo = try project.write(
            "typo.yml", StarterCatalog.text.replacingOccurrences(of: "  cookie_days: 1", with: "  cookie_day: 1"))
        let files = [Self.repository.appendingPathComponent("site-config.yml"), starter, invalid, typo]
        let result = try JSONSchemaCheck.verdicts(
            schema: Self.schemaURL, documents: files, draft: "Draft202012Validator", yaml: true, in: project.url)
        XCTAssertEqual(result.status, 0, "python3 with jsonschema and PyYAML is needed: \(result.stderr)")
        let lines = result.lines
        XCTAssertEqual(lines.count, 4, "\(lines)")
        guard lines.count == 4 else { return }
        XCTAssertTrue(lines[0].contains(" valid"), lines[0])
        XCTAssertTrue(lines[1].contains(" valid"), lines[1])
        XCTAssertTrue(lines[2].contains(" invalid") && lines[2].contains("stor"), lines[2])
        XCTAssertTrue(lines[3].contains(" invalid") && lines[3].contains("cookie_day"), lines[3])
    }
}
