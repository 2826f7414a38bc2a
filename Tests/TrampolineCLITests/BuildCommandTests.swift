import Foundation
import TrampolineTestSupport
import XCTest

final class BuildCommandTests: XCTestCase {
    func example() throws -> String {
        let url = try XCTUnwrap(Bundle.module.url(forResource: "Fixtures/example.yml", withExtension: nil))
        return try String(contentsOf: url, encoding: .utf8)
    }

    func testBuildWritesTheSiteAndSummarizes() throws {
        let dir = try TemporaryDirectory()
        try dir.write("site-config.yml", try example())
        let result = try TrampolineProcess.run(["build"], in: dir.url)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(
            result.stdout.hasPrefix("Built 5 links into _site: 27 written, 0 unchanged, 0 removed; AASA 2.0 KB"),
            result.stdout)
        XCTAssertEqual(result.stderr, "")
        let files = dir.contents(of: "_site")
        XCTAssertNotNil(files["topic/1/index.html"])
        XCTAssertNotNil(files["loadCookie.html"])
        // Each of the 5 links has its QR code beside its page.
        XCTAssertEqual(files.keys.filter { $0.hasSuffix("/qr.svg") }.count, 5)
        XCTAssertTrue(
            String(decoding: try XCTUnwrap(files["topic/1/qr.svg"]), as: UTF8.self).hasPrefix(
                "<svg xmlns=\"http://www.w3.org/2000/svg\""))
        XCTAssertEqual(files[".well-known/apple-app-site-association"], files["apple-app-site-association"])

        let again = try TrampolineProcess.run(["build"], in: dir.url)
        XCTAssertTrue(again.stdout.contains("0 written, 27 unchanged, 0 removed"), again.stdout)
    }

    /// A page over the 10 KB budget is a warning at its link, as build writes it (the size the
    /// writer wrote) and as check finds it (by rendering); neither fails, the page is written.
    func testAPageOverTheBudgetIsAWarningAtItsLinkInBuildAndCheck() throws {
        let dir = try TemporaryDirectory()
        let long = Array(repeating: "Everything for the **big day**, from the dress to the first dance.", count: 80)
            .joined(separator: " ")
        try dir.write(
            "site-config.yml",
            try example().replacingOccurrences(
                of: "    description: Everything for the **big day**, from the dress to the first dance.",
                with: "    description: \(long)"))
        let build = try TrampolineProcess.run(["build"], in: dir.url)
        XCTAssertEqual(build.status, 0, build.stderr)
        let size = try XCTUnwrap(dir.contents(of: "_site")["topic/1/index.html"]).count
        XCTAssertGreaterThan(size, 10240)
        let warning =
            "site-config.yml:30:5: warning: the page for /topic/1 is \(size) bytes, over the 10240-byte (10 KB) budget; shorten its description or title\n"
        XCTAssertEqual(build.stderr, warning)
        // Unchanged, the page is proven by its stamp: the same warning, with the same size.
        XCTAssertEqual(try TrampolineProcess.run(["build"], in: dir.url).stderr, warning)
        let check = try TrampolineProcess.run(["check"], in: dir.url)
        XCTAssertEqual(check.status, 0, check.stdout + check.stderr)
        XCTAssertTrue((check.stdout + check.stderr).contains(warning.dropLast()), check.stdout + check.stderr)
    }

    /// Decoded links skip the catalog's checks, so a link cache made by another user (or
    /// committed to the repository) is never used: its key holds the local secret.
    func testALinkCacheFromAnotherUserIsNotUsed() throws {
        let dir = try TemporaryDirectory()
        try dir.write("site-config.yml", try example())
        // The build memo off, so that a rebuild with nothing changed reads through the link cache.
        let mine = [
            "XDG_CACHE_HOME": dir.url.appendingPathComponent("mine").path, "TRAMPOLINE_PLAIN_PATHS": "build-memo",
        ]
        let theirs = [
            "XDG_CACHE_HOME": dir.url.appendingPathComponent("theirs").path, "TRAMPOLINE_PLAIN_PATHS": "build-memo",
        ]
        XCTAssertTrue(
            try TrampolineProcess.run(["build", "--timings"], in: dir.url, environment: theirs).stderr.contains(
                " (all 5 links read)\n"))
        let other = try TrampolineProcess.run(["build", "--timings"], in: dir.url, environment: mine)
        XCTAssertEqual(other.status, 0, other.stderr)
        XCTAssertTrue(other.stderr.contains(" (all 5 links read)\n"), other.stderr)
        XCTAssertTrue(
            try TrampolineProcess.run(["build", "--timings"], in: dir.url, environment: mine).stderr.contains(
                " (0 of 5 links read;"))
    }

    func testTimingsGoToStandardErrorStepByStep() throws {
        let dir = try TemporaryDirectory()
        try dir.write("site-config.yml", try example())
        let result = try TrampolineProcess.run(["build", "--timings"], in: dir.url)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.hasPrefix("Built 5 links"), result.stdout)
        let steps = result.stderr.split(separator: "\n").map { $0.split(separator: ":").first.map(String.init) ?? "" }
        XCTAssertEqual(steps, ["templates", "catalog", "plan", "claims", "render and write"], result.stderr)
        for line in result.stderr.split(separator: "\n") {
            XCTAssertNotNil(line.range(of: #": [0-9.]+ (ms|s)( \(.+\))?$"#, options: .regularExpression), String(line))
        }
        // The claims step says how many links it matched: all at first, none when nothing changed.
        XCTAssertTrue(result.stderr.contains(" (all 5 links matched)\n"), result.stderr)
        // The build memo off: with it, nothing changed is one step (BuildMemoTests).
        let again = try TrampolineProcess.run(
            ["build", "--timings"], in: dir.url, environment: ["TRAMPOLINE_PLAIN_PATHS": "build-memo"])
        XCTAssertTrue(
            again.stderr.contains(
                " (0 of 5 links matched; the rest were verified against the same AASA by an earlier build)\n"),
            again.stderr)
        // So does the catalog step: every link read at first, then each from the link cache.
        XCTAssertTrue(
            result.stderr.contains("catalog: ") && result.stderr.contains(" (all 5 links read)\n"), result.stderr)
        // ... and every entry's text from where the catalog layout says it was, unparsed.
        XCTAssertTrue(
            again.stderr.contains(
                " (0 of 5 links read; the rest came unchanged from the link cache; 5 stood unchanged in place and were not parsed)\n"
            ), again.stderr)
        XCTAssertTrue(
            FileManager.default.fileExists(
                atPath: dir.url.appendingPathComponent(".trampoline/.catalogs/site-config.yml.links").path))
        XCTAssertTrue(
            FileManager.default.fileExists(
                atPath: dir.url.appendingPathComponent(".trampoline/.catalogs/site-config.yml.layout").path))
        // Without the flag, nothing goes to standard error.
        XCTAssertEqual(try TrampolineProcess.run(["build"], in: dir.url).stderr, "")
    }

    func testConfigAndOutputOptions() throws {
        let dir = try TemporaryDirectory()
        try dir.write("catalogs/links.yml", try example())
        let result = try TrampolineProcess.run(
            ["build", "--config", "catalogs/links.yml", "--output", "public"], in: dir.url)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertNotNil(dir.contents(of: "public")["invite/index.html"])
        XCTAssertTrue(dir.contents(of: "catalogs/_site").isEmpty, "--output wins over site.output")
    }

    func testErrorsAreCompilerStyleAllAtOnceAndExitNonZero() throws {
        let dir = try TemporaryDirectory()
        let broken = try example()
            .replacingOccurrences(of: "team_id: ABCDE12345", with: "team_id: nope")
            .replacingOccurrences(of: "    title: Budget planner", with: "    titel: Budget planner")
            .replacingOccurrences(of: "web_url: https://example.com/topic/1", with: "web_url: javascript:alert(1)")
        try dir.write("site-config.yml", broken)
        let result = try TrampolineProcess.run(["build"], in: dir.url)
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.stdout, "")
        let lines = result.stderr.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.count, 4, result.stderr)
        XCTAssertTrue(
            lines[0].hasPrefix("site-config.yml:12:14: error: team_id 'nope' must be 10 characters A-Z and 0-9"),
            lines[0])
        XCTAssertTrue(
            lines[1].hasPrefix("site-config.yml:35:14: error: web_url uses the 'javascript:' scheme"), lines[1])
        XCTAssertTrue(
            lines[2].hasPrefix("site-config.yml:38:5: error: the link is missing the required key 'title'"), lines[2])
        XCTAssertTrue(
            lines[3].hasPrefix("site-config.yml:40:5: error: unknown key 'titel' in a link; did you mean 'title'?"),
            lines[3])
    }

    func testFailedBuildLeavesThePreviousSiteByteForByte() throws {
        let dir = try TemporaryDirectory()
        try dir.write("site-config.yml", try example())
        XCTAssertEqual(try TrampolineProcess.run(["build"], in: dir.url).status, 0)
        try dir.write("_site/CNAME", "go.example.com")
        let before = dir.contents(of: "_site")
        // Valid YAML, one bad link among good ones: nothing may be written.
        try dir.write(
            "site-config.yml",
            try example().replacingOccurrences(of: "title: Wedding checklist", with: "title: Changed")
                + "  - path: /../escape\n    title: x\n")
        let result = try TrampolineProcess.run(["build"], in: dir.url)
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(
            result.stderr.contains("site-config.yml:73:11: error: path '/../escape' contains a '..' segment"),
            result.stderr)
        XCTAssertEqual(dir.contents(of: "_site"), before)
    }

    func testMissingCatalogAndDirectoryInsteadOfFile() throws {
        let dir = try TemporaryDirectory()
        let missing = try TrampolineProcess.run(["build"], in: dir.url)
        XCTAssertEqual(missing.status, 1)
        XCTAssertTrue(
            missing.stderr.contains("error: no catalog at site-config.yml; pass --config PATH"), missing.stderr)
        try FileManager.default.createDirectory(
            at: dir.url.appendingPathComponent("folder.yml"), withIntermediateDirectories: true)
        let folder = try TrampolineProcess.run(["build", "--config", "folder.yml"], in: dir.url)
        XCTAssertEqual(folder.status, 1)
        XCTAssertTrue(folder.stderr.hasPrefix("folder.yml:1:1: error: folder.yml is a directory"), folder.stderr)
        XCTAssertTrue(dir.contents(of: "_site").isEmpty)
    }

    func testWarningsDoNotFailTheBuild() throws {
        let dir = try TemporaryDirectory()
        try dir.write(
            "site-config.yml",
            try example().replacingOccurrences(
                of: "app_store_url: https://apps.apple.com/app/id1356057329",
                with: "app_store_url: https://example.com/get-the-app"))
        let result = try TrampolineProcess.run(["build"], in: dir.url)
        XCTAssertEqual(result.status, 0)
        XCTAssertTrue(
            result.stderr.hasPrefix("site-config.yml:16:20: warning: app_store_url does not point at apps.apple.com"),
            result.stderr)
    }

    /// On a terminal the build shows a progress line that it erases before the summary; in a pipe
    /// (every other test here) standard error stays empty. `script` gives the build a real TTY.
    func testProgressLineOnlyOnATerminal() throws {
        let script = URL(fileURLWithPath: "/usr/bin/script")
        try XCTSkipUnless(
            FileManager.default.isExecutableFile(atPath: script.path),
            "util-linux script(1) is needed for a pseudo-terminal")
        let dir = try TemporaryDirectory()
        var catalog = try example()
        for i in 0..<300 { catalog += "  - {path: /p/\(i), title: T\(i)}\n" }
        try dir.write("site-config.yml", catalog)
        let command = "'\(TrampolineProcess.binary.path)' build"
        let result = try TrampolineProcess.run(program: script, ["-qec", command, "/dev/null"], in: dir.url)
        XCTAssertEqual(result.status, 0, result.stdout)
        // 305 pages, their 305 QR codes, 15 other files (7 of them count files) and the link table's index and 2 shards.
        // A line partway through; which ones is timing (the writer reports as batches finish, and
        // a batch may span a percent: "306/628 (48%)" then "318/628 (50%)").
        XCTAssertNotNil(
            result.stdout.range(of: #"Writing [0-9]+/628 files \((4|5)[0-9]%\)"#, options: .regularExpression),
            result.stdout)
        XCTAssertTrue(result.stdout.contains("\r\u{1B}[2KWriting 628/628 files (100%)"), result.stdout)
        XCTAssertTrue(
            result.stdout.contains("\r\u{1B}[2KBuilt 305 links into _site: 628 written"),
            "the line is erased before the summary: \(result.stdout)")
        let piped = try TrampolineProcess.run(["build"], in: dir.url)
        XCTAssertEqual(piped.stderr, "")
        XCTAssertTrue(
            piped.stdout.hasPrefix("Built 305 links into _site: 0 written, 628 unchanged, 0 removed; AASA"),
            piped.stdout)
    }
}
