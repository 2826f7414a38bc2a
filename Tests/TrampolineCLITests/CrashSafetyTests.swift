import Foundation
import TrampolineTestSupport
import XCTest

/// `kill -9` at random moments of a 4,000-link build over a previous site: every file must be
/// the previous version or the new one, whole, and the AASA must stay valid JSON. (4,000: a build
/// of them, debug or the release binary `make test` runs, still takes long enough for most kills,
/// timed against it, to land mid-write, and the 30 builds and reads of the site stay short.)
final class CrashSafetyTests: XCTestCase {
    static let linkCount = 4_000

    static func catalog(title: String, extraTopLevel: Bool) -> String {
        var text = """
            site: {url: "https://go.example.com"}
            app:
              name: Marry
              ios: {team_id: ABCDE12345, bundle_id: com.example.marry, app_store_id: "1356057329", scheme: marry}
            defaults: {template: interstitial}
            links:

            """
        if extraTopLevel { text += "  - {path: /welcome, title: Welcome}\n" }
        for i in 0..<linkCount {
            text += "  - {path: /p/\(i), title: \"\(title) \(i)\", description: \"Product **\(i)**\"}\n"
        }
        return text
    }

    /// Starts `build --config config --output output` in `dir` and kills it (SIGKILL) at a random
    /// moment within the first 80 % of `fullBuild` seconds, so that a machine that gets less busy
    /// during the test still sees most kills land while the build runs. Returns whether it was
    /// still running when killed.
    static func buildKilled(
        config: String, output: String, in dir: TemporaryDirectory, within fullBuild: TimeInterval,
        using generator: inout SystemRandomNumberGenerator
    ) throws -> Bool {
        let process = Process()
        process.executableURL = TrampolineProcess.binary
        process.arguments = ["build", "--config", config, "--output", output]
        process.currentDirectoryURL = dir.url
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        usleep(UInt32(Double.random(in: 0...(fullBuild * 0.8), using: &generator) * 1_000_000))
        let wasRunning = process.isRunning
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        return wasRunning
    }

    func testKilledBuildsLeaveEveryFileWholeOldOrNew() throws {
        let dir = try TemporaryDirectory()
        // Two complete sites to compare against: every file must always be one of these.
        try dir.write("old.yml", Self.catalog(title: "Old", extraTopLevel: false))
        try dir.write("new.yml", Self.catalog(title: "New", extraTopLevel: true))
        XCTAssertEqual(
            try TrampolineProcess.run(["build", "--config", "old.yml", "--output", "old-site"], in: dir.url).status, 0)
        XCTAssertEqual(
            try TrampolineProcess.run(["build", "--config", "new.yml", "--output", "new-site"], in: dir.url).status, 0)
        let old = dir.contents(of: "old-site")
        let new = dir.contents(of: "new-site")
        let table = { (site: [String: Data]) in site.filter { $0.key.hasPrefix(".well-known/trampoline/") } }
        XCTAssertNotEqual(table(old), table(new), "the link table changes too")
        XCTAssertEqual(
            try TrampolineProcess.run(["build", "--config", "old.yml", "--output", "site"], in: dir.url).status, 0)
        // Timed: a build of the kind the kills interrupt (one version over the other, the
        // catalogs' link caches warm), then back to the old version.
        let started = Date()
        XCTAssertEqual(
            try TrampolineProcess.run(["build", "--config", "new.yml", "--output", "site"], in: dir.url).status, 0)
        let fullBuild = Date().timeIntervalSince(started)
        XCTAssertEqual(
            try TrampolineProcess.run(["build", "--config", "old.yml", "--output", "site"], in: dir.url).status, 0)

        var generator = SystemRandomNumberGenerator()
        var killedMidWrite = 0
        for attempt in 0..<20 {
            // Alternate the direction, so each kill interrupts a build over a mix of both versions.
            let config = attempt % 2 == 0 ? "new.yml" : "old.yml"
            if try Self.buildKilled(config: config, output: "site", in: dir, within: fullBuild, using: &generator) {
                killedMidWrite += 1
            }

            let now = dir.contents(of: "site")
            for (path, data) in now {
                // Staging lives outside the deployed folder: a kill leaves no partial file in it.
                XCTAssertNotNil(old[path] ?? new[path], "\(path) is not a site file, after kill \(attempt)")
                if path == ".trampoline-manifest.json" {
                    XCTAssertNoThrow(try JSONSerialization.jsonObject(with: data), "manifest after kill \(attempt)")
                    continue
                }
                XCTAssertTrue(
                    data == old[path] || data == new[path],
                    "\(path) is neither version after kill \(attempt) (\(data.count) bytes)")
            }
            for path in ["apple-app-site-association", ".well-known/apple-app-site-association"] {
                let aasa = try XCTUnwrap(now[path], "\(path) missing after kill \(attempt)")
                XCTAssertNoThrow(try JSONSerialization.jsonObject(with: aasa), "\(path) after kill \(attempt)")
            }
            if testRun?.failureCount ?? 0 > 0 { break }
        }
        XCTAssertGreaterThan(killedMidWrite, 10, "most kills must land while the build runs")

        // A build after the crashes completes the site, byte for byte the fresh build of the same
        // catalog in another folder (manifest included), and leaves no staging files behind.
        XCTAssertEqual(
            try TrampolineProcess.run(["build", "--config", "new.yml", "--output", "site"], in: dir.url).status, 0)
        XCTAssertEqual(dir.contents(of: "site"), new)
        XCTAssertEqual(dir.contents(of: ".trampoline/site/staging"), [:])
    }

    /// A first build (no output folder yet) makes the whole site beside it and renames it into
    /// place at the end: killed at any moment, it leaves no output folder or the complete site.
    func testKilledFirstBuildsLeaveNoSiteOrAWholeOne() throws {
        let dir = try TemporaryDirectory()
        try dir.write("new.yml", Self.catalog(title: "New", extraTopLevel: true))
        XCTAssertEqual(
            try TrampolineProcess.run(["build", "--config", "new.yml", "--output", "new-site"], in: dir.url).status, 0)
        let new = dir.contents(of: "new-site")
        let site = dir.url.appendingPathComponent("site")
        // Timed: a first build like those killed below (the catalog's link cache warm).
        let started = Date()
        XCTAssertEqual(
            try TrampolineProcess.run(["build", "--config", "new.yml", "--output", "site"], in: dir.url).status, 0)
        let fullBuild = Date().timeIntervalSince(started)

        var generator = SystemRandomNumberGenerator()
        var killedMidBuild = 0
        for attempt in 0..<10 {
            try? FileManager.default.removeItem(at: site)
            if try Self.buildKilled(config: "new.yml", output: "site", in: dir, within: fullBuild, using: &generator) {
                killedMidBuild += 1
            }
            if FileManager.default.fileExists(atPath: site.path) {
                XCTAssertEqual(dir.contents(of: "site"), new, "a partial site after kill \(attempt)")
            }
            if testRun?.failureCount ?? 0 > 0 { break }
        }
        XCTAssertGreaterThan(killedMidBuild, 5, "most kills must land while the build runs")
        // The next build completes the site and clears what the killed ones left beside it.
        XCTAssertEqual(
            try TrampolineProcess.run(["build", "--config", "new.yml", "--output", "site"], in: dir.url).status, 0)
        XCTAssertEqual(dir.contents(of: "site"), new)
        XCTAssertFalse(
            FileManager.default.fileExists(atPath: dir.url.appendingPathComponent(".trampoline/site/fresh").path))
    }
}
