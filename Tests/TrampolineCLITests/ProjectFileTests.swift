import Foundation
import TrampolineTestSupport
import XCTest

/// A catalog change is untrusted (SECURITY.md): whatever it names, `build` reads files only from
/// inside the catalog's folder and never through a symbolic link, and writes only where the
/// operator said. Each case is a finding of the review in issue #51; on main before it, each
/// secret below ended up in the site or in the CI log.
final class ProjectFileTests: XCTestCase {
    /// A file outside the project holding what CI must never publish.
    static let secret = "SECRET_TOKEN=ghp_do_not_publish"

    struct Project {
        let folder: TemporaryDirectory
        let secretFile: URL
        var root: URL { folder.url.appendingPathComponent("project") }

        init() throws {
            folder = try TemporaryDirectory()
            secretFile = try folder.write("outside/secret.txt", ProjectFileTests.secret)
            try folder.write("project/.keep", "")
        }

        func catalog(_ extra: String = "", link: String = "") throws {
            try folder.write(
                "project/site-config.yml",
                """
                \(TestCatalog.marrySite)
                \(extra)
                \(TestCatalog.marryApp)
                links:
                  - path: /a
                    title: A
                \(link)
                """)
        }

        func link(_ name: String, to target: URL) throws {
            try FileManager.default.createSymbolicLink(
                atPath: root.appendingPathComponent(name).path, withDestinationPath: target.path)
        }

        /// A link page template `name` that is a symbolic link to `target`, used by the link.
        func template(_ name: String, linkedTo target: URL) throws {
            try catalog(link: "    template: \(name)")
            try FileManager.default.createDirectory(
                at: root.appendingPathComponent("Templates"), withIntermediateDirectories: true)
            try link("Templates/\(name).md", to: target)
        }

        func build(_ arguments: [String] = []) throws -> TrampolineProcess.Output {
            try TrampolineProcess.run(["build", "--config", "site-config.yml"] + arguments, in: root)
        }
    }

    /// Refused with a located error, nothing written, and the secret nowhere in the output.
    func assertRefused(
        _ project: Project, _ output: TrampolineProcess.Output, at location: String, saying text: String,
        file: StaticString = #filePath, line: UInt = #line
    ) {
        XCTAssertEqual(output.status, 1, output.stderr, file: file, line: line)
        XCTAssertTrue(
            output.stderr.contains("\(location): error: ") && output.stderr.contains(text),
            "expected '\(location): error: …\(text)…' in:\n\(output.stderr)", file: file, line: line)
        XCTAssertFalse(output.stderr.contains("ghp_do_not_publish"), output.stderr, file: file, line: line)
        XCTAssertFalse(
            FileManager.default.fileExists(atPath: project.root.appendingPathComponent("_site").path),
            "a refused build wrote the site", file: file, line: line)
    }

    // MARK: - Templates

    func testATemplateThatIsASymbolicLinkIsRefused() throws {
        let project = try Project()
        try project.template("leak", linkedTo: project.secretFile)
        assertRefused(
            project, try project.build(), at: "Templates/leak.md:1:1",
            saying: "goes through the symbolic link 'leak.md'")
    }

    func testATemplateLinkedToTheProcessEnvironmentPublishesNothing() throws {
        let project = try Project()
        try project.template("leak", linkedTo: URL(fileURLWithPath: "/proc/self/environ"))
        let output = try TrampolineProcess.run(
            ["build", "--config", "site-config.yml"], in: project.root,
            environment: ["CI_TOKEN": "ghp_do_not_publish"])
        assertRefused(project, output, at: "Templates/leak.md:1:1", saying: "symbolic link")
    }

    func testATemplatesFolderThatIsASymbolicLinkIsRefused() throws {
        let project = try Project()
        try project.catalog()
        try project.folder.write("outside/Templates/index.md", "---\ntitle: x\n---\n\(Self.secret)\n")
        try project.link("Templates", to: project.folder.url.appendingPathComponent("outside/Templates"))
        let output = try project.build()
        XCTAssertEqual(output.status, 1, output.stderr)
        XCTAssertTrue(
            output.stderr.contains("the templates folder 'Templates' goes through the symbolic link"), output.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: project.root.appendingPathComponent("_site").path))
    }

    // MARK: - links_file

    func testALinksFileOutsideTheProjectIsRefused() throws {
        for (value, message) in [
            ("../outside/secret.txt", "climbs out with '..'"),
            ("/etc/passwd", "is an absolute path"),
            ("~/.netrc", "starts with '~'"),
        ] {
            let project = try Project()
            try project.catalog("links_file: \"\(value)\"")
            assertRefused(project, try project.build(), at: "site-config.yml:4:13", saying: message)
        }
    }

    func testALinksFileThatIsASymbolicLinkIsRefused() throws {
        let project = try Project()
        try project.catalog("links_file: links.csv")
        try project.link("links.csv", to: project.secretFile)
        assertRefused(
            project, try project.build(), at: "site-config.yml:4:13",
            saying: "goes through the symbolic link 'links.csv'")
    }

    func testALinksFileInASymbolicallyLinkedFolderIsRefused() throws {
        let project = try Project()
        try project.folder.write("outside/data/links.csv", "path,title\n/b,B\n")
        try project.link("data", to: project.folder.url.appendingPathComponent("outside/data"))
        try project.catalog("links_file: data/links.csv")
        assertRefused(
            project, try project.build(), at: "site-config.yml:4:13", saying: "goes through the symbolic link 'data'")
    }

    func testAnUnknownColumnIsNamedByPositionNotByItsText() throws {
        let project = try Project()
        try project.folder.write("project/links.csv", "path,title,\(Self.secret)\n/b,B,x\n")
        try project.catalog("links_file: links.csv")
        let output = try project.build()
        XCTAssertEqual(output.status, 1)
        XCTAssertTrue(output.stderr.contains("links.csv:1:3: error: unknown column 3"), output.stderr)
        XCTAssertFalse(output.stderr.contains("ghp_do_not_publish"), output.stderr)
        // A typo is still shown, with its fix.
        try project.folder.write("project/links.csv", "path,titel\n/b,B\n")
        let typo = try project.build()
        XCTAssertTrue(typo.stderr.contains("unknown column 2 'titel'; did you mean 'title'?"), typo.stderr)
    }

    func testALinksFileThatIsAFIFOIsRefusedWithoutHanging() throws {
        let project = try Project()
        XCTAssertEqual(mkfifo(project.root.appendingPathComponent("links.csv").path, 0o600), 0)
        try project.catalog("links_file: links.csv")
        assertRefused(project, try project.build(), at: "site-config.yml:4:13", saying: "is not a regular file")
    }

    // MARK: - app.icon

    func testAnIconOutsideTheProjectIsRefused() throws {
        let png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) + Data(Self.secret.utf8)
        for (value, message, setUp) in [
            ("../outside/icon.png", "climbs out with '..'", { (_: Project) in }),
            ("~/icon.png", "starts with '~'", { (_: Project) in }),
            (
                "art/icon.png", "goes through the symbolic link 'art'",
                { (p: Project) in
                    try? p.link("art", to: p.folder.url.appendingPathComponent("outside"))
                }
            ),
        ] as [(String, String, (Project) -> Void)] {
            let project = try Project()
            try png.write(to: project.folder.url.appendingPathComponent("outside/icon.png"))
            setUp(project)
            try project.folder.write(
                "project/site-config.yml",
                """
                \(TestCatalog.marrySite)
                app:
                  name: Marry
                  icon: \(value)
                  ios: {team_id: ABCDE12345, bundle_id: com.example.marry, app_store_id: "1356057329", scheme: marry}
                links:
                  - {path: /a, title: A}
                """)
            assertRefused(project, try project.build(), at: "site-config.yml:6:9", saying: message)
        }
        let project = try Project()
        try png.write(to: project.folder.url.appendingPathComponent("outside/icon.png"))
        let absolute = project.folder.url.appendingPathComponent("outside/icon.png").path
        try project.folder.write(
            "project/site-config.yml",
            """
            \(TestCatalog.marrySite)
            app:
              name: Marry
              icon: \(absolute)
              ios: {team_id: ABCDE12345, bundle_id: com.example.marry, app_store_id: "1356057329", scheme: marry}
            links:
              - {path: /a, title: A}
            """)
        assertRefused(project, try project.build(), at: "site-config.yml:6:9", saying: "is an absolute path")
    }

    // MARK: - Where the build writes

    func testSiteOutputOutsideTheProjectIsRefused() throws {
        for (value, message) in [
            ("../elsewhere", "climbs out of the catalog's folder"),
            ("/tmp/trampoline-elsewhere", "is an absolute path"),
            ("~/public", "starts with '~'"),
        ] {
            let project = try Project()
            try project.catalog("  output: \"\(value)\"")
            let output = try project.build()
            XCTAssertEqual(output.status, 1, output.stderr)
            XCTAssertTrue(output.stderr.contains("site-config.yml:4:11: error: site.output"), output.stderr)
            XCTAssertTrue(output.stderr.contains(message), output.stderr)
            XCTAssertFalse(
                FileManager.default.fileExists(
                    atPath: project.folder.url.appendingPathComponent("elsewhere").path))
        }
        // --output, the operator's choice, may point anywhere.
        let project = try Project()
        try project.catalog()
        let elsewhere = project.folder.url.appendingPathComponent("elsewhere").path
        let output = try project.build(["--output", elsewhere])
        XCTAssertEqual(output.status, 0, output.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: elsewhere + "/index.html"))
    }

    func testAFolderOfSomeoneElsesFilesIsNotOverwrittenWithoutForce() throws {
        let project = try Project()
        try project.catalog()
        let mine = try project.folder.write("project/public/index.html", "my own home page")
        let output = try project.build(["--output", "public"])
        XCTAssertEqual(output.status, 1, output.stderr)
        XCTAssertTrue(output.stderr.contains("but no .trampoline-manifest.json"), output.stderr)
        XCTAssertTrue(output.stderr.contains("pass --force"), output.stderr)
        XCTAssertEqual(try String(contentsOf: mine, encoding: .utf8), "my own home page")
        XCTAssertEqual(
            try FileManager.default.contentsOfDirectory(atPath: mine.deletingLastPathComponent().path), ["index.html"])

        let forced = try project.build(["--output", "public", "--force"])
        XCTAssertEqual(forced.status, 0, forced.stderr)
        XCTAssertNotEqual(try String(contentsOf: mine, encoding: .utf8), "my own home page")
        // Its own folder, manifest and all, needs no --force again.
        XCTAssertEqual(try project.build(["--output", "public"]).status, 0)
    }

    func testAWorkFolderOthersCanWriteIntoIsRefused() throws {
        let project = try Project()
        try project.catalog()
        let work = project.root.appendingPathComponent(".trampoline/_site")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        XCTAssertEqual(chmod(work.path, 0o777), 0)
        let output = try project.build()
        XCTAssertEqual(output.status, 1, output.stderr)
        XCTAssertTrue(output.stderr.contains("the work folder is writable by other users"), output.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: project.root.appendingPathComponent("_site").path))
    }

    func testAWorkFolderThatIsASymbolicLinkIsRefused() throws {
        let project = try Project()
        try project.catalog()
        try FileManager.default.createDirectory(
            at: project.root.appendingPathComponent(".trampoline"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(
            at: project.folder.url.appendingPathComponent("outside/work"), withIntermediateDirectories: true)
        try project.link(".trampoline/_site", to: project.folder.url.appendingPathComponent("outside/work"))
        let output = try project.build()
        XCTAssertEqual(output.status, 1, output.stderr)
        XCTAssertTrue(output.stderr.contains("the work folder is a symbolic link"), output.stderr)
        XCTAssertEqual(
            try FileManager.default.contentsOfDirectory(
                atPath: project.folder.url.appendingPathComponent("outside/work").path), [])
    }

    func testTheWorkFolderIsPrivate() throws {
        let project = try Project()
        try project.catalog()
        XCTAssertEqual(try project.build().status, 0)
        for folder in [".trampoline", ".trampoline/_site"] {
            let attributes = try FileManager.default.attributesOfItem(
                atPath: project.root.appendingPathComponent(folder).path)
            XCTAssertEqual((attributes[.posixPermissions] as? Int).map { $0 & 0o077 }, 0, folder)
        }
    }
}
