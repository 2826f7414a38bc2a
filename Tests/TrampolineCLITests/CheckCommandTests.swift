import Foundation
import TrampolineTestSupport
import XCTest

final class CheckCommandTests: XCTestCase {
    private func example() throws -> String {
        let url = try XCTUnwrap(Bundle.module.url(forResource: "Fixtures/example.yml", withExtension: nil))
        return try String(contentsOf: url, encoding: .utf8)
    }

    /// A folder with the example catalog, built.
    private func builtSite(_ catalog: String? = nil) throws -> TemporaryDirectory {
        let dir = try TemporaryDirectory()
        try dir.write("site-config.yml", try catalog ?? example())
        let build = try TrampolineProcess.run(["build"], in: dir.url)
        XCTAssertEqual(build.status, 0, build.stderr)
        return dir
    }

    /// The example with /topic/1's web_url on the site's own host, which the AASA claims (line 35),
    /// with `site.claims: links` (in place of the title, so every line stays where it was): with the
    /// domain claimed whole the catalog cannot be served, an error (below).
    private func sameHostCatalog() throws -> String {
        try example().replacingOccurrences(
            of: "web_url: https://example.com/topic/1", with: "web_url: https://go.example.com/topic/2"
        )
        .replacingOccurrences(of: "  title: Marry links\n", with: "  claims: links\n")
    }

    func testAWebURLOnTheSitesOwnHostIsAnErrorWhenTheDomainIsClaimedWhole() throws {
        let dir = try TemporaryDirectory()
        try dir.write(
            "site-config.yml",
            try example().replacingOccurrences(
                of: "web_url: https://example.com/topic/1", with: "web_url: https://go.example.com/topic/2"))
        let result = try TrampolineProcess.run(["check"], in: dir.url)
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(
            result.stdout.contains(
                "site-config.yml:35:14: error: web_url 'https://go.example.com/topic/2' is on the site's own host, and site.claims: domain opens the app for every path of it"
            ), result.stdout)
        XCTAssertTrue(result.stdout.contains("set site.claims: links"), result.stdout)
    }

    func testACleanBuiltSitePasses() throws {
        let dir = try builtSite()
        let result = try TrampolineProcess.run(["check"], in: dir.url)
        XCTAssertEqual(result.status, 0, result.stdout + result.stderr)
        XCTAssertEqual(result.stdout, "")
        XCTAssertEqual(
            result.stderr, "Checked 5 links for 2 app IDs, 28 files, compared with _site: 0 errors, 0 warnings\n")
    }

    func testCheckWritesNothing() throws {
        let dir = try TemporaryDirectory()
        try dir.write("site-config.yml", try example())
        let result = try TrampolineProcess.run(["check"], in: dir.url)
        XCTAssertEqual(result.status, 0, result.stdout)
        XCTAssertTrue(result.stderr.contains("no output folder to compare"), result.stderr)
        XCTAssertTrue(dir.contents(of: "_site").isEmpty)
    }

    /// Every file under `folder` with its bytes and modification time.
    private func state(of folder: URL) throws -> [String: String] {
        var result: [String: String] = [:]
        let enumerator = try XCTUnwrap(
            FileManager.default.enumerator(
                at: folder, includingPropertiesForKeys: [.contentModificationDateKey], options: []))
        for case let url as URL in enumerator {
            let values = try url.resourceValues(forKeys: [.contentModificationDateKey, .isDirectoryKey])
            let bytes = values.isDirectory == true ? "dir" : (try Data(contentsOf: url)).base64EncodedString()
            result[url.path] = "\(bytes) \(values.contentModificationDate?.timeIntervalSince1970 ?? 0)"
        }
        return result
    }

    /// check writes nothing anywhere: not beside the catalog (no link cache or layout), not in the
    /// output folder, not in the cache folder (no secret), whether or not a build made them before
    /// and whatever changed since. The folders are made read-only too (which binds users other than
    /// root; the comparison of every file's bytes and mtime binds everyone).
    func testCheckWritesNothingAnywhereEvenWithReadOnlyFolders() throws {
        for built in [false, true] {
            let dir = try TemporaryDirectory()
            let home = try TemporaryDirectory()
            let environment = ["HOME": home.url.path, "XDG_CACHE_HOME": home.url.appendingPathComponent("cache").path]
            try dir.write("site-config.yml", try example())
            if built {
                XCTAssertEqual(try TrampolineProcess.run(["build"], in: dir.url, environment: environment).status, 0)
                // The catalog moves on, so a build would renew its link cache.
                try dir.write(
                    "site-config.yml",
                    try example().replacingOccurrences(of: "title: Budget planner", with: "title: Budget tracker"))
            }
            let before = try state(of: dir.url).merging(try state(of: home.url)) { $1 }
            for folder in [dir.url, home.url] {
                try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: folder.path)
            }
            defer {
                for folder in [dir.url, home.url] {
                    try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.path)
                }
            }
            let result = try TrampolineProcess.run(["check"], in: dir.url, environment: environment)
            XCTAssertEqual(result.status, built ? 1 : 0, result.stdout + result.stderr)
            XCTAssertEqual(
                try state(of: dir.url).merging(try state(of: home.url)) { $1 }, before,
                built ? "after a build" : "fresh")
        }
    }

    func testEditingATitleWithoutRebuildingIsStale() throws {
        let dir = try builtSite()
        try dir.write(
            "site-config.yml",
            try example().replacingOccurrences(of: "title: Budget planner", with: "title: Budget tracker"))
        let result = try TrampolineProcess.run(["check"], in: dir.url)
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(
            result.stdout, "error: _site is stale: 1 file out of date (topic/2/index.html); run trampoline build\n")
        // Rebuilding fixes it.
        XCTAssertEqual(try TrampolineProcess.run(["build"], in: dir.url).status, 0)
        XCTAssertEqual(try TrampolineProcess.run(["check"], in: dir.url).status, 0)
    }

    /// A new `app.icon` image is a new file name: the old copy is stale until a build replaces it,
    /// and the build removes it.
    func testANewIconImageMakesTheSiteStaleUntilTheBuildReplacesItsCopy() throws {
        let png: (UInt8) -> Data = { seed in
            Data(
                [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8) + [0, 0, 0, 1, seed])
        }
        let dir = try TemporaryDirectory()
        try dir.write(
            "site-config.yml",
            try example().replacingOccurrences(of: "  name: Marry\n", with: "  name: Marry\n  icon: art/icon.png\n"))
        try FileManager.default.createDirectory(
            at: dir.url.appendingPathComponent("art"), withIntermediateDirectories: true)
        try png(1).write(to: dir.url.appendingPathComponent("art/icon.png"))
        XCTAssertEqual(try TrampolineProcess.run(["build"], in: dir.url).status, 0)
        let icons = { dir.contents(of: "_site").keys.filter { $0.hasPrefix("trampoline-icon-") }.sorted() }
        let first = icons()
        XCTAssertEqual(first.count, 1)
        XCTAssertEqual(dir.contents(of: "_site")[first[0]], png(1))
        XCTAssertEqual(try TrampolineProcess.run(["check"], in: dir.url).status, 0)

        try png(2).write(to: dir.url.appendingPathComponent("art/icon.png"))
        let stale = try TrampolineProcess.run(["check"], in: dir.url)
        XCTAssertEqual(stale.status, 1)
        XCTAssertTrue(stale.stdout.contains("error: _site is stale:"), stale.stdout)
        XCTAssertTrue(stale.stdout.contains(first[0]), "the old copy is named: \(stale.stdout)")
        XCTAssertEqual(try TrampolineProcess.run(["build"], in: dir.url).status, 0)
        let second = icons()
        XCTAssertEqual(second.count, 1, "the old copy is removed")
        XCTAssertNotEqual(second, first)
        XCTAssertEqual(try TrampolineProcess.run(["check"], in: dir.url).status, 0)

        // A lost image is an error at the catalog's line, and the site stays as it was.
        try FileManager.default.removeItem(at: dir.url.appendingPathComponent("art/icon.png"))
        let before = dir.contents(of: "_site")
        let failed = try TrampolineProcess.run(["build"], in: dir.url)
        XCTAssertEqual(failed.status, 1)
        XCTAssertTrue(
            (failed.stdout + failed.stderr).contains(
                "site-config.yml:11:9: error: app.icon 'art/icon.png' does not exist"), failed.stderr)
        XCTAssertEqual(dir.contents(of: "_site"), before)
    }

    func testMissingAndExtraFilesAreStale() throws {
        let dir = try builtSite()
        try FileManager.default.removeItem(at: dir.url.appendingPathComponent("_site/404.html"))
        // Removing a link leaves its page behind until the next build.
        let withoutInvite = try example().replacingOccurrences(
            of: "  - path: /invite\n", with: "  - path: /invitation\n")
        try dir.write("site-config.yml", withoutInvite)
        try dir.write("_site/robots.txt", "mine")
        let result = try TrampolineProcess.run(["check"], in: dir.url)
        XCTAssertEqual(result.status, 1)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        XCTAssertTrue(
            lines.contains(
                "error: _site is stale: 3 files missing (404.html, invitation/index.html, invitation/qr.svg); run trampoline build"
            ), result.stdout)
        XCTAssertTrue(
            lines.contains(
                "error: _site is stale: 2 files no longer in the catalog (invite/index.html, invite/qr.svg); run trampoline build, which removes them"
            ), result.stdout)
        XCTAssertFalse(result.stdout.contains("robots.txt"), "a file the team added is not Trampoline's to judge")
    }

    /// A link's QR code is checked like its page: an edited one is out of date, a removed one
    /// missing, and one for a link whose qr_code is now false no longer in the catalog.
    func testQRCodesAreCheckedLikeEveryOtherFile() throws {
        let dir = try builtSite()
        let svg = dir.url.appendingPathComponent("_site/topic/1/qr.svg")
        XCTAssertEqual(try TrampolineProcess.run(["check"], in: dir.url).status, 0)
        try Data("<svg/>".utf8).write(to: svg)
        try FileManager.default.removeItem(at: dir.url.appendingPathComponent("_site/topic/2/qr.svg"))
        try dir.write(
            "site-config.yml",
            try example().replacingOccurrences(
                of: "  - path: /invite\n", with: "  - path: /invite\n    qr_code: false\n"))
        let result = try TrampolineProcess.run(["check"], in: dir.url)
        XCTAssertEqual(result.status, 1)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        XCTAssertTrue(
            lines.contains("error: _site is stale: 1 file missing (topic/2/qr.svg); run trampoline build"),
            result.stdout)
        XCTAssertTrue(
            // The page shows its QR code to a desktop only when there is one.
            lines.contains(
                "error: _site is stale: 2 files out of date (invite/index.html, topic/1/qr.svg); run trampoline build"),
            result.stdout)
        XCTAssertTrue(
            lines.contains(
                "error: _site is stale: 1 file no longer in the catalog (invite/qr.svg); run trampoline build, which removes them"
            ), result.stdout)
        XCTAssertEqual(try TrampolineProcess.run(["build"], in: dir.url).status, 0)
        XCTAssertEqual(try TrampolineProcess.run(["check"], in: dir.url).status, 0)
        XCTAssertFalse(
            FileManager.default.fileExists(atPath: dir.url.appendingPathComponent("_site/invite/qr.svg").path))
    }

    func testTheOutputOptionChoosesTheFolder() throws {
        let dir = try TemporaryDirectory()
        try dir.write("site-config.yml", try example())
        XCTAssertEqual(try TrampolineProcess.run(["build", "--output", "public"], in: dir.url).status, 0)
        try dir.write("public/index.html", "edited by hand")
        let result = try TrampolineProcess.run(["check", "--output", "public"], in: dir.url)
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stdout.contains("public is stale: 1 file out of date (index.html)"), result.stdout)
    }

    func testAWebURLOnTheSitesOwnHostIsAWarningAndStrictFailsIt() throws {
        let dir = try builtSite(try sameHostCatalog())
        let result = try TrampolineProcess.run(["check"], in: dir.url)
        XCTAssertEqual(result.status, 0, result.stdout)
        let line = try XCTUnwrap(result.stdout.split(separator: "\n").first.map(String.init))
        XCTAssertTrue(line.hasPrefix("site-config.yml:35:"), line)
        XCTAssertTrue(
            line.contains(
                ": warning: web_url https://go.example.com/topic/2 is on this site and the apple-app-site-association file claims it; iOS opens a universal link tapped on a page of its own domain in Safari"
            ), line)
        XCTAssertTrue(result.stderr.contains("0 errors, 1 warning"), result.stderr)

        let strict = try TrampolineProcess.run(["check", "--strict"], in: dir.url)
        XCTAssertEqual(strict.status, 1)
        XCTAssertTrue(strict.stdout.hasPrefix("site-config.yml:35:"), strict.stdout)
        XCTAssertTrue(strict.stdout.contains(": error: web_url https://go.example.com/topic/2"), strict.stdout)
    }

    /// `init`'s catalog builds as written, but names no real app: `check` warns at each starter
    /// value still in place (an error with --strict, so CI fails until they are replaced), and
    /// stops once the app is the team's own.
    func testTheStartersPlaceholderAppIsAWarningAndFailsStrict() throws {
        let dir = try TemporaryDirectory()
        XCTAssertEqual(try TrampolineProcess.run(["init"], in: dir.url).status, 0)
        let result = try TrampolineProcess.run(["check"], in: dir.url)
        XCTAssertEqual(result.status, 0, result.stdout + result.stderr)
        let warnings = result.stdout.split(separator: "\n").map(String.init)
        let keys = ["site.url", "app.ios.team_id", "app.ios.bundle_id", "app.ios.app_store_id"]
        for key in keys {
            XCTAssertTrue(
                warnings.contains {
                    $0.range(of: #"^site-config\.yml:\d+:\d+: warning: "#, options: .regularExpression) != nil
                        && $0.contains(": warning: \(key) is still the starter catalog's placeholder")
                }, "\(key): \(result.stdout)")
        }
        XCTAssertTrue(result.stderr.contains("0 errors, 4 warnings"), result.stderr)
        let strict = try TrampolineProcess.run(["check", "--strict"], in: dir.url)
        XCTAssertEqual(strict.status, 1)
        XCTAssertTrue(strict.stdout.contains(": error: app.ios.bundle_id is still the starter"), strict.stdout)

        // The team's own app: the example domain, team ID and App Store ID a test catalog or an
        // export may keep are no finding then.
        let own = try XCTUnwrap(dir.read("site-config.yml"))
            .replacingOccurrences(of: "bundle_id: com.example.app", with: "bundle_id: com.shop.ios")
        try dir.write("site-config.yml", own)
        let replaced = try TrampolineProcess.run(["check", "--strict"], in: dir.url)
        XCTAssertEqual(replaced.status, 0, replaced.stdout + replaced.stderr)
        XCTAssertFalse(replaced.stdout.contains("placeholder"), replaced.stdout)
    }

    func testTextLinesAreCompilerStyle() throws {
        let dir = try TemporaryDirectory()
        try dir.write(
            "site-config.yml", try example().replacingOccurrences(of: "team_id: ABCDE12345", with: "team_id: nope"))
        let result = try TrampolineProcess.run(["check"], in: dir.url)
        XCTAssertEqual(result.status, 1)
        let pattern = try NSRegularExpression(pattern: #"^site-config\.yml:\d+:\d+: (error|warning): \S"#)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        XCTAssertFalse(lines.isEmpty)
        for line in lines {
            XCTAssertNotNil(pattern.firstMatch(in: line, range: NSRange(line.startIndex..., in: line)), line)
        }
        XCTAssertTrue(lines[0].hasPrefix("site-config.yml:12:"), lines[0])
    }

    func testJSONFormatIsAReportWithCounts() throws {
        let dir = try builtSite(try sameHostCatalog())
        try FileManager.default.removeItem(at: dir.url.appendingPathComponent("_site/404.html"))
        let result = try TrampolineProcess.run(["check", "--format", "json"], in: dir.url)
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.stderr, "", "the JSON report is the whole output")
        let report = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        XCTAssertEqual(report["errors"] as? Int, 1)
        XCTAssertEqual(report["warnings"] as? Int, 1)
        let diagnostics = try XCTUnwrap(report["diagnostics"] as? [[String: Any]])
        let warning = try XCTUnwrap(diagnostics.first { $0["severity"] as? String == "warning" })
        XCTAssertEqual(warning["file"] as? String, "site-config.yml")
        XCTAssertEqual(warning["line"] as? Int, 35)
        XCTAssertNotNil(warning["hint"])
        let error = try XCTUnwrap(diagnostics.first { $0["severity"] as? String == "error" })
        XCTAssertEqual(error["message"] as? String, "_site is stale: 1 file missing (404.html)")
    }

    func testGitHubFormatPrintsAnnotations() throws {
        let warned = try builtSite(try sameHostCatalog())
        let warning = try TrampolineProcess.run(["check", "--format", "github"], in: warned.url)
        XCTAssertEqual(warning.status, 0)
        XCTAssertTrue(warning.stdout.hasPrefix("::warning file=site-config.yml,line=35,col="), warning.stdout)
        XCTAssertTrue(
            warning.stdout.contains("::web_url https://go.example.com/topic/2 is on this site"), warning.stdout)

        let broken = try TemporaryDirectory()
        try broken.write(
            "site-config.yml", try example().replacingOccurrences(of: "team_id: ABCDE12345", with: "team_id: nope"))
        let error = try TrampolineProcess.run(["check", "--format", "github"], in: broken.url)
        XCTAssertEqual(error.status, 1)
        XCTAssertTrue(error.stdout.hasPrefix("::error file=site-config.yml,line=12,col="), error.stdout)
    }

    /// `$(name)` in a path is an AASA substitution variable, so the file could not claim the link:
    /// check reports it at the path and build refuses to write anything.
    func testAPathTheAASACannotClaimFailsCheckAndBuild() throws {
        let dir = try TemporaryDirectory()
        try dir.write(
            "site-config.yml", try example().replacingOccurrences(of: "path: /spring-sale", with: "path: /sale/$(lang)")
        )
        let check = try TrampolineProcess.run(["check"], in: dir.url)
        XCTAssertEqual(check.status, 1)
        XCTAssertTrue(
            check.stdout.hasPrefix("site-config.yml:66:11: error: path '/sale/$(lang)' contains '$'"), check.stdout)

        let build = try TrampolineProcess.run(["build"], in: dir.url)
        XCTAssertEqual(build.status, 1)
        XCTAssertTrue(
            build.stderr.hasPrefix("site-config.yml:66:11: error: path '/sale/$(lang)' contains '$'"), build.stderr)
        XCTAssertTrue(dir.contents(of: "_site").isEmpty, "nothing is written")
    }
}
