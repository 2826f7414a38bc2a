import Foundation
import TrampolineModel
import TrampolineTestSupport
import XCTest

@testable import TrampolinePreview

/// `serve --as s3-cloudfront` models the build's CloudFront Function (CloudFront cannot run
/// here): the model and the function itself, run under node as CloudFront runs a viewer-request
/// function (docs.aws.amazon.com/AmazonCloudFront/latest/DeveloperGuide/functions-event-structure.html),
/// send every URI to the same object key.
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
        let script = """
            const source = require("fs").readFileSync(process.argv[1], "utf8");
            const handler = new Function(source + "\\nreturn handler;")();
            const out = {};
            for (const uri of JSON.parse(process.argv[2])) {
                out[uri] = handler({ version: "1.0", context: { eventType: "viewer-request" },
                    viewer: { ip: "198.51.100.7" }, request: { method: "GET", uri: uri, querystring: {},
                    headers: {}, cookies: {} } }).uri;
            }
            console.log(JSON.stringify(out));
            """
        let result = try TrampolineProcess.run(
            program: URL(fileURLWithPath: "/usr/bin/node"),
            [
                "-e", script, project.url.appendingPathComponent("_site/cloudfront-function.js").path,
                String(decoding: try JSONSerialization.data(withJSONObject: uris), as: UTF8.self),
            ], in: project.url)
        XCTAssertEqual(result.status, 0, result.stderr)
        let function = try XCTUnwrap(
            try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: String])
        for uri in uris {
            XCTAssertEqual(model.uri(for: uri), function[uri], uri)
        }
        XCTAssertEqual(function["/Topic/1"], OutputPath.casePage("/Topic/1").urlPath)
    }
}
