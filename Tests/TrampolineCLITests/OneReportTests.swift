import Foundation
import TrampolineTestSupport
import XCTest

/// Errors all at once: a catalog with a mistake of each kind the reader knows, in every section,
/// gets every one of them in one run of `build`, each at its place, and nothing is written (#52:
/// four mistakes had come in two rounds). The fixture's lines are two comment lines, then the
/// catalog.
final class OneReportTests: XCTestCase {
    /// `line:column` and the start of each message, in the order `build` reports them.
    static let expected: [(String, String)] = [
        ("4:8", "site.url must use https"),
        ("6:13", "site.language 'xx_YY_bad' is not a language tag"),
        ("7:9", "site.host 'netlifyy' is not a host Trampoline knows"),
        ("8:11", "site.layout must be 'folders' or 'compact', found 'compactt'"),
        ("12:14", "team_id 'ABC' must be 10 characters"),
        ("13:16", "bundle_id 'com example' is not a bundle identifier"),
        ("14:19", "app_store_id '12a' must be digits"),
        ("15:13", "scheme 'Marry App' is not a URL scheme"),
        ("17:14", "package 'com..bad' is not an Android application id"),
        ("18:32", "sha256_cert_fingerprints entry 'zz' is not a SHA-256 fingerprint"),
        ("20:25", "unknown deferred channel 'pigeon'"),
        ("21:22", "fallback_delay_ms must be between 0 and 60000, found -5"),
        ("23:11", "path 'topic/1' must start with '/'"),
        ("24:16", "deep_link uses the 'https:' scheme"),
        ("29:5", "unknown key 'colour' in a link"),
        // Both entries of the pair have other mistakes too: the duplicate still shows.
        ("30:5", "duplicate path /dup; first defined at every-mistake.yml:26:5"),
        ("33:15", "no template named 'nosuch'"),
        ("37:14", "web_url uses the 'javascript:' scheme"),
        ("38:15", "fallback must be 'store' or 'web', found 'maybe'"),
        ("39:18", "route '/r/:id(digitz)': unknown constraint 'digitz'"),
        ("45:16", "a campaign parameter name is empty"),
        ("46:18", "cookie_days must be between 1 and 400, found 0"),
        ("47:26", "qr_error_correction must be L, M, Q or H, found 'ultra'"),
        ("51:12", "items 'missing.csv' does not exist"),
    ]

    func testEveryMistakeIsReportedInOneRun() throws {
        let fixture = try XCTUnwrap(Bundle.module.url(forResource: "Fixtures/every-mistake.yml", withExtension: nil))
        let dir = try TemporaryDirectory()
        _ = try dir.write("every-mistake.yml", String(contentsOf: fixture, encoding: .utf8))
        for environment in [[:], ["TRAMPOLINE_PLAIN_PATHS": "1"]] {
            let result = try TrampolineProcess.run(
                ["build", "-c", "every-mistake.yml"], in: dir.url, environment: environment)
            XCTAssertEqual(result.status, 1, result.stderr)
            let errors = result.stderr.split(separator: "\n").filter { $0.contains(": error: ") }
            XCTAssertEqual(errors.count, Self.expected.count, result.stderr)
            for ((place, message), line) in zip(Self.expected, errors) {
                XCTAssertTrue(line.hasPrefix("every-mistake.yml:\(place): error: \(message)"), "\(place): \(line)")
            }
            XCTAssertFalse(FileManager.default.fileExists(atPath: dir.url.appendingPathComponent("_site").path))
        }
    }
}
