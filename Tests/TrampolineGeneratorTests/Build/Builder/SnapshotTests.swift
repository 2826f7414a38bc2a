import Foundation
import TrampolineModel
import XCTest

/// Golden files: every file the example catalog builds, byte for byte.
/// Re-record after an intended change with
/// `TRAMPOLINE_RECORD_SNAPSHOTS=1 swift test --package-path Tool --scratch-path .build --filter SnapshotTests`.
final class SnapshotTests: XCTestCase {
    static let snapshots = TestPaths.target.appendingPathComponent("Snapshots/example")

    func testExampleSiteMatchesGoldenFiles() throws {
        let plan = try SiteFixture(catalog: SiteFixture.fixture("example.yml")).build()
        let fm = FileManager.default
        if ProcessInfo.processInfo.environment["TRAMPOLINE_RECORD_SNAPSHOTS"] == "1" {
            try? fm.removeItem(at: Self.snapshots)
            for (path, data) in plan.files {
                let url = Self.snapshots.appendingPathComponent(path)
                try fm.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try data.write(to: url)
            }
            return
        }
        var recorded: [String] = []
        if let enumerator = fm.enumerator(at: Self.snapshots, includingPropertiesForKeys: nil) {
            for case let url as URL in enumerator where !url.hasDirectoryPath {
                recorded.append(
                    String(url.standardizedFileURL.path.dropFirst(Self.snapshots.standardizedFileURL.path.count + 1)))
            }
        }
        XCTAssertEqual(
            recorded.sorted(), plan.files.keys.sorted(), "files differ from Snapshots/example; re-record if intended")
        for (path, data) in plan.files {
            let golden = try Data(contentsOf: Self.snapshots.appendingPathComponent(path))
            XCTAssertEqual(
                String(decoding: data, as: UTF8.self), String(decoding: golden, as: UTF8.self),
                "\(path) differs from its golden file")
        }
    }
}
