import Foundation
import TrampolineCatalog
import TrampolineSite
import TrampolineTestSupport
import XCTest

/// `trampoline init [DIR]`, run as a process.
final class InitTests: XCTestCase {
    func testWritesStarterCatalogSchemaAndTemplates() throws {
        let project = try TemporaryDirectory()
        let result = try TrampolineProcess.run(["init", "new-site"], in: project.url)
        XCTAssertEqual(result.status, 0, result.stderr)
        let config = try XCTUnwrap(project.read("new-site/site-config.yml"))
        XCTAssertTrue(config.hasPrefix("# yaml-language-server: $schema=site-config.schema.json\n"))
        XCTAssertEqual(
            project.read("new-site/site-config.schema.json")?.trimmingCharacters(in: .whitespacesAndNewlines),
            CatalogSchema.json.trimmingCharacters(in: .whitespacesAndNewlines))
        XCTAssertFalse(BuiltinTemplates.editableFiles.isEmpty)
        for (name, text) in BuiltinTemplates.editableFiles {
            XCTAssertEqual(project.read("new-site/Templates/\(name)"), text, name)
        }
        XCTAssertNotNil(BuiltinTemplates.editableFiles["layout.html"])
        // The scripts stay built in, so a later Trampoline's fixes reach the project.
        let builtIn = BuiltinTemplates.files.keys.filter { BuiltinTemplates.editableFiles[$0] == nil }
        XCTAssertEqual(builtIn.filter { $0.hasSuffix(".js") }.count, 5, "\(builtIn)")
        for name in builtIn {
            XCTAssertNil(project.read("new-site/Templates/\(name)"), name)
        }
    }

    func testStarterCatalogBuildsWithTheCopiedTemplates() throws {
        let project = try TemporaryDirectory()
        XCTAssertEqual(try TrampolineProcess.run(["init"], in: project.url).status, 0)
        // A template edit in the copy must show in the build: the copies are really used.
        let layout = try XCTUnwrap(project.read("Templates/layout.html"))
        try project.write(
            "Templates/layout.html", layout.replacingOccurrences(of: "<main>", with: "<main data-starter-copy>"))
        let build = try TrampolineProcess.run(["build"], in: project.url)
        XCTAssertEqual(build.status, 0, build.stderr)
        XCTAssertEqual(build.stderr, "", "the starter builds without warnings")
        XCTAssertTrue(build.stdout.hasPrefix("Built 2 links into _site"), build.stdout)
        let page = try XCTUnwrap(project.read("_site/welcome/index.html"))
        XCTAssertTrue(page.contains("<title>Welcome to Example</title>"))
        XCTAssertTrue(page.contains("data-starter-copy"))
        XCTAssertNotNil(project.read("_site/promo/spring/index.html"))
    }

    func testRefusesToOverwriteAndWritesNothing() throws {
        let project = try TemporaryDirectory()
        try project.write("site-config.yml", "# mine\n")
        let result = try TrampolineProcess.run(["init"], in: project.url)
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stderr.contains("site-config.yml already exists"), result.stderr)
        XCTAssertEqual(project.read("site-config.yml"), "# mine\n")
        XCTAssertNil(project.read("site-config.schema.json"), "nothing is written when anything exists")
        XCTAssertFalse(FileManager.default.fileExists(atPath: project.url.appendingPathComponent("Templates").path))

        // A single existing template is named too.
        let other = try TemporaryDirectory()
        try other.write("Templates/style.css", "body{}")
        let second = try TrampolineProcess.run(["init"], in: other.url)
        XCTAssertEqual(second.status, 1)
        XCTAssertTrue(second.stderr.contains("Templates/style.css already exists"), second.stderr)
        XCTAssertEqual(other.read("Templates/style.css"), "body{}")
        XCTAssertNil(other.read("site-config.yml"))
    }
}
