import Foundation
import TrampolineTestSupport
import XCTest

@testable import TrampolinePreview

/// The watcher's view of the files a build reads. The race it closes: a file the catalog names
/// for the first time is saved while the build that found it runs; its state taken after the
/// build must not count as seen, or that save is never built.
final class WatchFingerprintTests: XCTestCase {
    func testAFileSavedSinceTheBuildBeganIsForgottenAndOnesBeforeAreKept() throws {
        let dir = try TemporaryDirectory()
        _ = try dir.write("site-config.yml", "title: x\n")
        _ = try dir.write("old.csv", "id\n1\n")
        _ = try dir.write("new.csv", "id\n1\n")
        let config = dir.url.appendingPathComponent("site-config.yml")
        let templates = dir.url.appendingPathComponent("Templates")
        let taken = WatchFingerprint.take(config: config, templates: templates, data: ["old.csv", "new.csv"])
        let since = Date().timeIntervalSince1970 - WatchFingerprint.clockSlack
        let forgotten = taken.forgetting(data: ["new.csv"], in: config, modifiedSince: since)
        XCTAssertNotEqual(forgotten, taken)
        XCTAssertEqual(
            forgotten.entries.filter { $0.modified == -1 }.map { ($0.path as NSString).lastPathComponent }, ["new.csv"])
        // The next poll sees the file as changed, so the watcher builds it.
        XCTAssertNotEqual(
            WatchFingerprint.take(config: config, templates: templates, data: ["old.csv", "new.csv"]), forgotten)

        let later = Date().timeIntervalSince1970 + 60
        XCTAssertEqual(taken.forgetting(data: ["new.csv"], in: config, modifiedSince: later), taken)
    }
}
