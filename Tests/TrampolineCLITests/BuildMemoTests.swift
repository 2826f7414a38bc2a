import Foundation
import TrampolineTestSupport
import XCTest

/// `build` with nothing changed replays the last build's memo (warnings and summary) without
/// reading the catalog; any change of an input, of the output folder or of the memo itself makes
/// it build in full, and the bytes are always those of a fresh build.
final class BuildMemoTests: XCTestCase {
    private let links = """
        path,deep_link,title,description
        /o/1,marry://offer/1,Offer 1,First offer
        /o/2,marry://offer/2,Offer 2,Second offer

        """

    /// A catalog with a links file, an icon and a description over the page budget (a warning
    /// found while writing), in its own folder with its own cache home.
    private func project() throws -> (dir: TemporaryDirectory, environment: [String: String]) {
        let dir = try TemporaryDirectory()
        let long = Array(repeating: "Everything for the big day.", count: 500).joined(separator: " ")
        try dir.write(
            "site-config.yml",
            """
            site:
              url: https://go.example.com
              title: Marry links
            app:
              name: Marry
              icon: icon.png
              ios:
                team_id: ABCDE12345
                bundle_id: com.example.marry
                app_store_id: "1356057329"
                scheme: marry
            links_file: links.csv
            links:
              - path: /long
                deep_link: marry://long
                title: Long
                description: \(long)

            """)
        try dir.write("links.csv", links)
        try Data(Self.png).write(to: dir.url.appendingPathComponent("icon.png"))
        return (dir, ["XDG_CACHE_HOME": dir.url.appendingPathComponent("cache").path])
    }

    /// A 1×1 PNG.
    static let png: [UInt8] = [
        0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D, 0x49, 0x48, 0x44, 0x52, 0x00, 0x00,
        0x00, 0x01, 0x00, 0x00, 0x00, 0x01, 0x08, 0x06, 0x00, 0x00, 0x00, 0x1F, 0x15, 0xC4, 0x89, 0x00, 0x00, 0x00,
        0x0D, 0x49, 0x44, 0x41, 0x54, 0x78, 0x9C, 0x63, 0x60, 0x60, 0x60, 0xF8, 0x0F, 0x00, 0x01, 0x04, 0x01, 0x00,
        0x5F, 0xE5, 0xC3, 0x4B, 0x00, 0x00, 0x00, 0x00, 0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82,
    ]

    private func build(
        _ dir: TemporaryDirectory, _ environment: [String: String], _ extra: [String] = [],
        file: StaticString = #filePath, line: UInt = #line
    ) throws -> TrampolineProcess.Output {
        let result = try TrampolineProcess.run(["build", "--timings"] + extra, in: dir.url, environment: environment)
        XCTAssertEqual(result.status, 0, result.stderr, file: file, line: line)
        return result
    }

    /// Whether a build read the catalog (its timings list the steps) or replayed the memo.
    private func replayed(_ result: TrampolineProcess.Output) -> Bool {
        result.stderr.contains("\ninputs: ") || result.stderr.hasPrefix("inputs: ")
    }

    /// The output as a fresh build into an empty folder writes it.
    private func assertFresh(_ dir: TemporaryDirectory, file: StaticString = #filePath, line: UInt = #line) throws {
        let fresh = try TrampolineProcess.run(
            ["build", "--output", "fresh-site"], in: dir.url,
            environment: ["TRAMPOLINE_PLAIN_PATHS": "all", "XDG_CACHE_HOME": dir.url.appendingPathComponent("x").path])
        XCTAssertEqual(fresh.status, 0, fresh.stderr, file: file, line: line)
        var site = dir.contents(of: "_site")
        var expected = dir.contents(of: "fresh-site")
        site[".trampoline-manifest.json"] = nil
        expected[".trampoline-manifest.json"] = nil
        XCTAssertEqual(Set(site.keys), Set(expected.keys), file: file, line: line)
        XCTAssertTrue(site == expected, "the output differs from a fresh build", file: file, line: line)
        try FileManager.default.removeItem(at: dir.url.appendingPathComponent("fresh-site"))
    }

    func testANoOpBuildReplaysTheSameWarningsAndSummaryAndWritesNothing() throws {
        let (dir, environment) = try project()
        let first = try build(dir, environment)
        XCTAssertFalse(replayed(first))
        let warning = try XCTUnwrap(
            first.stderr.split(separator: "\n").first { $0.contains("over the 10240-byte") }, first.stderr)
        // Replayed a second time too: a replay leaves the memo as it was.
        let second = try build(dir, environment)
        let third = try build(dir, environment)
        XCTAssertTrue(replayed(second), second.stderr)
        XCTAssertTrue(replayed(third), third.stderr)
        for result in [second, third] {
            XCTAssertTrue(result.stderr.contains(warning), result.stderr)
            XCTAssertTrue(result.stdout.hasPrefix("Built 3 links into _site: 0 written, "), result.stdout)
        }
        // The same line but for the time, every file unchanged.
        func summary(_ output: String) -> String { String(output.prefix(upTo: output.range(of: " in ")!.lowerBound)) }
        let written = try XCTUnwrap(
            first.stdout.firstMatch(of: /into _site: ([0-9]+) written, 0 unchanged/)?.1, first.stdout)
        XCTAssertEqual(
            summary(third.stdout),
            summary(first.stdout).replacingOccurrences(
                of: "\(written) written, 0 unchanged", with: "0 written, \(written) unchanged"))
        XCTAssertFalse(third.stderr.contains("catalog: "), third.stderr)
        XCTAssertTrue(third.stderr.contains(" inputs and "), third.stderr)
        try assertFresh(dir)
    }

    /// Each input and the output folder, changed after a build: the next build reads and writes.
    func testEveryInputAndTheOutputInvalidateIt() throws {
        let changes: [(String, (TemporaryDirectory) throws -> Void)] = [
            ("the catalog", { try $0.write("site-config.yml", $0.read("site-config.yml")! + "\n# edited\n") }),
            (
                "the links file",
                {
                    try $0.write(
                        "links.csv", $0.read("links.csv")!.replacingOccurrences(of: "Offer 2", with: "Offer two"))
                }
            ),
            (
                // The same size: told by the digest, not the size the memo also keeps.
                "the links file, a letter",
                {
                    try $0.write(
                        "links.csv", $0.read("links.csv")!.replacingOccurrences(of: "Offer 2", with: "Offer 3"))
                }
            ),
            (
                "the catalog, a letter",
                {
                    try $0.write(
                        "site-config.yml",
                        $0.read("site-config.yml")!.replacingOccurrences(of: "Marry links", with: "Marry Links"))
                }
            ),
            ("the icon", { try Data(Self.png + [0]).write(to: $0.url.appendingPathComponent("icon.png")) }),
            (
                "the icon, a byte",
                { try Data(Self.png.dropLast() + [0]).write(to: $0.url.appendingPathComponent("icon.png")) }
            ),
            ("a template added", { try $0.write("Templates/404.md", "# Not here\n") }),
            (
                "an output page removed",
                { try FileManager.default.removeItem(at: $0.url.appendingPathComponent("_site/o/1/index.html")) }
            ),
            ("an output page edited", { try $0.write("_site/o/2/index.html", "defaced") }),
        ]
        for (name, change) in changes {
            let (dir, environment) = try project()
            _ = try build(dir, environment)
            XCTAssertTrue(replayed(try build(dir, environment)), name)
            try change(dir)
            let after = try build(dir, environment)
            XCTAssertFalse(replayed(after), "\(name): \(after.stderr)")
            try assertFresh(dir)
        }
    }

    /// Without its manifest the output is no longer known to be Trampoline's: the build refuses it
    /// as it would without a memo, and does not replay.
    func testAnOutputWithoutItsManifestIsRefusedNotReplayed() throws {
        let (dir, environment) = try project()
        _ = try build(dir, environment)
        XCTAssertTrue(replayed(try build(dir, environment)))
        try FileManager.default.removeItem(at: dir.url.appendingPathComponent("_site/.trampoline-manifest.json"))
        let refused = try TrampolineProcess.run(["build"], in: dir.url, environment: environment)
        XCTAssertEqual(refused.status, 1, refused.stdout)
        XCTAssertTrue(refused.stderr.contains("no .trampoline-manifest.json"), refused.stderr)
        XCTAssertFalse(replayed(try build(dir, environment, ["--force"])))
        try assertFresh(dir)
    }

    /// The other data files: a route's items file and a JSON links file, each edited.
    func testAnItemsFileAndAJSONLinksFileInvalidateIt() throws {
        let dir = try TemporaryDirectory()
        let environment = ["XDG_CACHE_HOME": dir.url.appendingPathComponent("cache").path]
        try dir.write(
            "site-config.yml",
            ItemsFileTests.catalog(items: "recipes.csv").replacingOccurrences(
                of: "links:\n", with: "links_file: more.json\nlinks:\n"))
        try dir.write("recipes.csv", ItemsFileTests.csv)
        try dir.write("more.json", #"[{"path": "/more", "title": "More", "deep_link": "marry://more"}]"#)
        _ = try build(dir, environment)
        XCTAssertTrue(replayed(try build(dir, environment)))
        try dir.write("recipes.csv", ItemsFileTests.csv.replacingOccurrences(of: "Lemon tart", with: "Lime tart"))
        XCTAssertFalse(replayed(try build(dir, environment)))
        XCTAssertTrue(dir.read("_site/recipe/12345/index.html")!.contains("Lime tart"))
        XCTAssertTrue(replayed(try build(dir, environment)))
        try dir.write("more.json", #"[{"path": "/more", "title": "Much more", "deep_link": "marry://more"}]"#)
        XCTAssertFalse(replayed(try build(dir, environment)))
        XCTAssertTrue(dir.read("_site/more/index.html")!.contains("Much more"))
        try assertFresh(dir)
    }

    /// A template edited in place: its bytes, not its name, count.
    func testATemplateEditedInPlaceInvalidatesIt() throws {
        let (dir, environment) = try project()
        try dir.write("Templates/404.md", "# Not here\n")
        _ = try build(dir, environment)
        XCTAssertTrue(replayed(try build(dir, environment)))
        try dir.write("Templates/404.md", "# Gone\n")
        XCTAssertFalse(replayed(try build(dir, environment)))
        XCTAssertTrue(dir.read("_site/404.html")!.contains("Gone"))
    }

    /// Another user's memo (another secret), a damaged one, and the plain paths: never replayed.
    func testAForeignOrDamagedMemoIsIgnoredWithANote() throws {
        let (dir, environment) = try project()
        _ = try build(dir, environment)
        XCTAssertTrue(replayed(try build(dir, environment)))
        let other = ["XDG_CACHE_HOME": dir.url.appendingPathComponent("other").path]
        let foreign = try build(dir, other)
        XCTAssertFalse(replayed(foreign))
        XCTAssertTrue(
            foreign.stderr.contains("was made by another user, machine or version of Trampoline; ignored"),
            foreign.stderr)

        let memo = dir.url.appendingPathComponent(".trampoline/.catalogs/site-config.yml.memo")
        XCTAssertTrue(FileManager.default.fileExists(atPath: memo.path))
        try Data("{\"format\":".utf8).write(to: memo)
        let damaged = try build(dir, environment)
        XCTAssertFalse(replayed(damaged))
        XCTAssertTrue(
            damaged.stderr.contains("note: the last build's memo \(memo.path) cannot be read; ignored"), damaged.stderr)

        _ = try build(dir, environment)
        XCTAssertTrue(replayed(try build(dir, environment)))
        var plain = environment
        plain["TRAMPOLINE_PLAIN_PATHS"] = "build-memo"
        XCTAssertFalse(replayed(try build(dir, plain)))
        try assertFresh(dir)
    }

    /// A link cache, a links file's cache or a layout that cannot be read is ignored with a note
    /// naming it, and the build's bytes are a fresh build's; the next build finds them whole.
    func testADamagedCacheIsIgnoredWithANote() throws {
        let (dir, environment) = try project()
        // `defaults:` before `links:`: the inline links are read through the link cache too.
        let catalog = try XCTUnwrap(dir.read("site-config.yml"))
        try dir.write(
            "site-config.yml",
            catalog.replacingOccurrences(of: "links_file:", with: "defaults: {qr_code: false}\nlinks_file:"))
        _ = try build(dir, environment)
        let catalogs = dir.url.appendingPathComponent(".trampoline/.catalogs")
        let names = try FileManager.default.contentsOfDirectory(atPath: catalogs.path).sorted()
        let damaged = names.filter { $0.hasSuffix(".links") || $0.contains(".links-file-") || $0.hasSuffix(".layout") }
        XCTAssertEqual(damaged.count, 3, "\(names)")
        for name in damaged {
            let url = catalogs.appendingPathComponent(name)
            var bytes = try Data(contentsOf: url)
            bytes[bytes.count / 2] ^= 0x20
            try bytes.write(to: url)
        }
        // The output's stamps too (beside the output folder).
        let stamps = dir.url.appendingPathComponent(".trampoline/_site/stamps")
        XCTAssertTrue(FileManager.default.fileExists(atPath: stamps.path))
        try Data("trampoline-stamps garbage".utf8).write(to: stamps)
        try dir.write("links.csv", links + "/o/3,marry://offer/3,Offer 3,Third offer\n")
        let noted = try build(dir, environment)
        for url in damaged.map(catalogs.appendingPathComponent) + [stamps] {
            XCTAssertTrue(
                noted.stderr.contains("note: the cache \(url.path) cannot be read; ignored"),
                "\(url.lastPathComponent): \(noted.stderr)")
        }
        try assertFresh(dir)
        try dir.write("links.csv", links)
        let next = try build(dir, environment)
        XCTAssertFalse(next.stderr.contains("cannot be read"), next.stderr)
    }

    /// `--output` is part of the memo's key, relative to where the build runs: the same words
    /// from another folder name another output, which is built.
    func testAnotherOutputFolderIsBuilt() throws {
        let (dir, environment) = try project()
        _ = try build(dir, environment, ["--output", "out"])
        XCTAssertTrue(replayed(try build(dir, environment, ["--output", "out"])))
        let sub = dir.url.appendingPathComponent("sub")
        try FileManager.default.createDirectory(at: sub, withIntermediateDirectories: true)
        let elsewhere = try TrampolineProcess.run(
            ["build", "--timings", "--config", "../site-config.yml", "--output", "out"], in: sub,
            environment: environment)
        XCTAssertEqual(elsewhere.status, 0, elsewhere.stderr)
        XCTAssertFalse(replayed(elsewhere), elsewhere.stderr)
        XCTAssertNotNil(dir.read("sub/out/index.html"))
        XCTAssertFalse(replayed(try build(dir, environment)), "the default output is another folder")
    }

    /// An output named through a symbolic link that now points elsewhere is another folder: the
    /// build writes there instead of replaying what it wrote into the first.
    func testAnOutputLinkPointedElsewhereIsBuilt() throws {
        let (dir, environment) = try project()
        let fm = FileManager.default
        for folder in ["a", "b"] {
            try fm.createDirectory(at: dir.url.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        let link = dir.url.appendingPathComponent("out")
        try fm.createSymbolicLink(atPath: link.path, withDestinationPath: "a")
        _ = try build(dir, environment, ["--output", "out"])
        XCTAssertTrue(replayed(try build(dir, environment, ["--output", "out"])))
        try fm.removeItem(at: link)
        try fm.createSymbolicLink(atPath: link.path, withDestinationPath: "b")
        XCTAssertFalse(replayed(try build(dir, environment, ["--output", "out"])))
        XCTAssertNotNil(dir.read("b/index.html"))
    }

    /// A failed build leaves the memo of the last good one, which is replayed only once the
    /// inputs are back to what it read.
    func testAFailedBuildIsNeverReplayed() throws {
        let (dir, environment) = try project()
        _ = try build(dir, environment)
        try dir.write("links.csv", links + "/o/3,marry://offer/3,,\n")
        let failed = try TrampolineProcess.run(["build"], in: dir.url, environment: environment)
        XCTAssertNotEqual(failed.status, 0)
        XCTAssertTrue(failed.stderr.contains("links.csv:4:"), failed.stderr)
        try dir.write("links.csv", links)
        XCTAssertTrue(replayed(try build(dir, environment)))
        try assertFresh(dir)
    }
}
