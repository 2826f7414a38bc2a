import Foundation
import TrampolineModel
import TrampolineTestSupport
import XCTest

@testable import TrampolinePreview

/// `serve --as s3-cloudfront` models the build's CloudFront Function (CloudFront cannot run
/// here): the model and the function itself, run under node as CloudFront runs a viewer-request
/// function (``CloudFrontFunctionRunner``), send every URI to the same object key.
final class CloudFrontFunctionModelTests: XCTestCase {
    func testTheModelSendsEveryURIWhereTheFunctionDoes() throws {
        XCTAssertTrue(FileManager.default.isExecutableFile(atPath: "/usr/bin/node"), "install nodejs (make test-deps)")
        let project = try TemporaryDirectory()
        try project.write(
            "site-config.yml",
            PreviewCatalog.text().replacingOccurrences(
                of: "  title: Marry links\n", with: "  title: Marry links\n  host: s3-cloudfront\n")
                + "  - path: /Topic/1\n    deep_link: marry://topic/1-upper\n    title: Upper\n"
                + "  - path: /spring.2026\n    deep_link: marry://spring\n    title: Spring\n")
        let build = try TrampolineProcess.run(["build"], in: project.url)
        XCTAssertEqual(build.status, 0, build.stderr)
        let source = try XCTUnwrap(project.read("_site/cloudfront-function.js"))
        let model = try XCTUnwrap(CloudFrontFunctionModel(source: source))
        XCTAssertEqual(model.cases.count, 1, "\(model.cases)")
        let uris = [
            "/", "/topic/1", "/topic/1/", "/Topic/1", "/Topic/1/", "/spring.2026", "/spring.2026/", "/a.JSON",
            "/apple-app-site-association", "/.well-known/apple-app-site-association", "/.well-known/assetlinks.json",
            "/.well-known/trampoline/v2/index.json", "/topic/1/qr.svg", "/trampoline-more.js", "/_count/app.txt",
            "/x.tar", "/404.html", "/no/such/page",
        ]
        let (seen, error) = try CloudFrontFunctionRunner.uris(
            uris, function: project.url.appendingPathComponent("_site/cloudfront-function.js"), in: project.url)
        let function = try XCTUnwrap(seen, error)
        for uri in uris {
            XCTAssertEqual(model.uri(for: uri), function[uri], uri)
        }
        XCTAssertEqual(function["/Topic/1"], OutputPath.casePage("/Topic/1").urlPath)
    }
}
