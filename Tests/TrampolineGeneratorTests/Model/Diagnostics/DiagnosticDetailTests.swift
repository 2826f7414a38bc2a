import Foundation
import XCTest

@testable import TrampolineModel

/// A `check --live` finding's URL, expected and seen value and code are fields of their own in
/// JSON (docs/check.md, "JSON"), and absent from findings that have none.
final class DiagnosticDetailTests: XCTestCase {
    func testJSONCarriesTheDetailAsFields() throws {
        let finding = Diagnostic(
            .error, at: SourceLocation(file: "site-config.yml", line: 2, column: 8),
            "https://go.example.com/x: wrong content type (expected application/json, seen text/plain)",
            hint: "fix it",
            detail: .init(
                code: "content-type", url: "https://go.example.com/x", expected: "application/json",
                seen: "text/plain"))
        let plain = Diagnostic(.warning, at: nil, "plain")
        let text = DiagnosticPrinter.render([finding, plain], format: .json)
        let root = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let diagnostics = try XCTUnwrap(root["diagnostics"] as? [[String: Any]])
        XCTAssertEqual(diagnostics[0]["code"] as? String, "content-type")
        XCTAssertEqual(diagnostics[0]["url"] as? String, "https://go.example.com/x")
        XCTAssertEqual(diagnostics[0]["expected"] as? String, "application/json")
        XCTAssertEqual(diagnostics[0]["seen"] as? String, "text/plain")
        XCTAssertEqual(diagnostics[0]["line"] as? Int, 2)
        XCTAssertEqual(Set(diagnostics[1].keys), ["severity", "message"])
        // People read the same in the text line.
        XCTAssertEqual(
            DiagnosticPrinter.render([finding], format: .text),
            "site-config.yml:2:8: error: https://go.example.com/x: wrong content type (expected application/json, seen text/plain); fix it\n"
        )
    }

    func testTheNewHostsAreReadAndNamed() throws {
        for (name, display) in [
            ("s3-cloudfront", "Amazon S3 and CloudFront"), ("firebase-hosting", "Firebase Hosting"), ("nginx", "nginx"),
        ] {
            let build = try SiteFixture(
                catalog: """
                    site:
                      url: https://go.example.com
                      host: \(name)
                    app:
                      name: Marry
                      ios: {team_id: ABCDE12345, bundle_id: com.example.marry, app_store_id: "1356057329", scheme: marry}
                    links:
                      - {path: /a, deep_link: "marry://a", title: A}
                    """
            ).build()
            XCTAssertEqual(build.catalog.site.hosting?.displayName, display)
            XCTAssertNil(build.catalog.site.hosting?.fileLimit)
            XCTAssertEqual(
                build.catalog.site.hosting?.readsHostFiles, false, "only Netlify and Cloudflare read _headers")
        }
    }
}
