import Foundation
import TrampolineTestSupport
import XCTest

/// The binary with an Android catalog: `build`, `check` and `intent-filter`, with their exit codes.
final class AndroidCommandTests: XCTestCase {
    static let catalog = """
        site: {url: "https://go.example.com", claims: links}
        app:
          name: Marry
          ios: {team_id: ABCDE12345, bundle_id: com.example.marry, app_store_id: "1356057329", scheme: marry}
          android:
            package: com.example.marry
            sha256_cert_fingerprints: [146de983c5730650d8eeb9952f34fc6416a08342e61dbea88a0496b23fcf44e5]
        links:
          - {path: /plan/42, title: Plan}

        """

    func testBuildCheckAndIntentFilter() throws {
        let dir = try TemporaryDirectory()
        try dir.write("site-config.yml", Self.catalog)
        let build = try TrampolineProcess.run(["build"], in: dir.url)
        XCTAssertEqual(build.status, 0, build.stderr)
        let assetLinks = try XCTUnwrap(dir.read("_site/.well-known/assetlinks.json"))
        XCTAssertTrue(
            assetLinks.contains(
                #""14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5""#),
            assetLinks)
        XCTAssertEqual(try TrampolineProcess.run(["check"], in: dir.url).status, 0)

        // A hand-edited assetlinks.json is stale, and check says which file.
        try dir.write(
            "_site/.well-known/assetlinks.json",
            assetLinks.replacingOccurrences(of: "com.example.marry", with: "com.evil"))
        let stale = try TrampolineProcess.run(["check"], in: dir.url)
        XCTAssertEqual(stale.status, 1)
        XCTAssertTrue(stale.stdout.contains("1 file out of date (.well-known/assetlinks.json)"), stale.stdout)

        let filter = try TrampolineProcess.run(["intent-filter"], in: dir.url)
        XCTAssertEqual(filter.status, 0, filter.stderr)
        XCTAssertTrue(filter.stdout.contains(#"<data android:path="/plan/42/" />"#), filter.stdout)
        XCTAssertEqual(try TrampolineProcess.run(["intent-filter", "--output", "filters.xml"], in: dir.url).status, 0)
        XCTAssertEqual(dir.read("filters.xml"), filter.stdout)
    }

    func testIntentFilterWithoutAnAndroidAppFails() throws {
        let dir = try TemporaryDirectory()
        try dir.write(
            "site-config.yml",
            Self.catalog.replacingOccurrences(
                of: """
                      android:
                        package: com.example.marry
                        sha256_cert_fingerprints: [146de983c5730650d8eeb9952f34fc6416a08342e61dbea88a0496b23fcf44e5]

                    """, with: ""))
        let result = try TrampolineProcess.run(["intent-filter"], in: dir.url)
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.stdout, "")
        XCTAssertTrue(
            result.stderr.contains("site-config.yml:1:1: error: the catalog has no app.android section"), result.stderr)
    }

    func testABadFingerprintFailsTheBuildAndWritesNothing() throws {
        let dir = try TemporaryDirectory()
        try dir.write("site-config.yml", Self.catalog.replacingOccurrences(of: "146de983", with: "146de98"))
        let result = try TrampolineProcess.run(["build"], in: dir.url)
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(
            result.stderr.contains("site-config.yml:7:32: error: sha256_cert_fingerprints entry"), result.stderr)
        XCTAssertTrue(dir.contents(of: "_site").isEmpty)
    }
}
