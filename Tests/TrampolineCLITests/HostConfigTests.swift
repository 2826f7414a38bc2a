import Foundation
import TrampolineModel
import TrampolineTestSupport
import XCTest

/// The configuration files the build writes for hosts that read no `_headers` or `_redirects`
/// (`site.host: firebase-hosting`, `nginx`). nginx's is served by real nginx in Tests/Live
/// (`test_generated_nginx_conf_passes_clean`); Firebase Hosting cannot run here, so its
/// `firebase.json` is held to the schema the Firebase CLI publishes (Fixtures/hosts/README.md)
/// and to what firebase.google.com/docs/hosting/full-config says each setting does.
final class HostConfigTests: XCTestCase {
    static let catalog = """
        site:
          url: https://go.example.com
          host: HOST
          layout: LAYOUT
        app:
          name: App
          ios:
            scheme: app
            team_id: ABCDE12345
            bundle_id: com.example.app
            app_store_id: "1234567890"
          android:
            package: com.example.app
            sha256_cert_fingerprints:
              - 14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5
        links:
          - path: /shop/best
            deep_link: app://shop/best
            title: Best
          - path: /shop/Best
            deep_link: app://shop/Best-upper
            title: Best, upper case
          - path: /shop/:id
            deep_link: app://shop/:id
            title: Shop
          - path: /shop/*rest
            deep_link: app://shop/:rest
            title: Shop pages
        """ + "\n"

    func build(host: String, layout: String = "folders") throws -> (TemporaryDirectory, [String: Data]) {
        let dir = try TemporaryDirectory()
        try dir.write(
            "site-config.yml",
            Self.catalog.replacingOccurrences(of: "HOST", with: host).replacingOccurrences(of: "LAYOUT", with: layout))
        let result = try TrampolineProcess.run(["build"], in: dir.url)
        XCTAssertEqual(result.status, 0, result.stderr)
        return (dir, dir.contents(of: "_site"))
    }

    func firebaseConfig(layout: String) throws -> [String: Any] {
        let (_, files) = try build(host: "firebase-hosting", layout: layout)
        let data = try XCTUnwrap(files["firebase.json"], "firebase.json is written for site.host: firebase-hosting")
        let root = try XCTUnwrap(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        return try XCTUnwrap(root["hosting"] as? [String: Any])
    }

    func testFirebaseJSONDeploysTheFolderWithTheAssociationFilesAndNoDynamicLinks() throws {
        let hosting = try firebaseConfig(layout: "folders")
        XCTAssertEqual(hosting["public"] as? String, ".")
        // Firebase Hosting answers for the AASA itself unless told not to.
        XCTAssertEqual(hosting["appAssociation"] as? String, "NONE")
        XCTAssertNil(hosting["dynamicLinks"])
        // `trailingSlash: true` would redirect the extension-less AASA, which Apple's CDN does not follow.
        XCTAssertNil(hosting["trailingSlash"])
        // `firebase init`'s default ignore (`**/.*`) drops .well-known/: only the deploy's own files.
        let ignore = try XCTUnwrap(hosting["ignore"] as? [String])
        XCTAssertFalse(ignore.contains { $0.contains("*") }, "\(ignore)")
        XCTAssertTrue(ignore.contains("firebase.json") && ignore.contains(".trampoline-manifest.json"), "\(ignore)")
        let headers = try XCTUnwrap(hosting["headers"] as? [[String: Any]])
        func fields(_ source: String) -> [String: String] {
            let rule = headers.first { $0["source"] as? String == source }
            let pairs = (rule?["headers"] as? [[String: String]]) ?? []
            return Dictionary(uniqueKeysWithValues: pairs.map { ($0["key"] ?? "", $0["value"] ?? "") })
        }
        for path in [
            "/.well-known/apple-app-site-association", "/apple-app-site-association", "/.well-known/assetlinks.json",
        ] {
            XCTAssertEqual(fields(path)["Content-Type"], "application/json", path)
        }
        XCTAssertEqual(fields("/.well-known/trampoline/v2/**")["Access-Control-Allow-Origin"], "*")
        // Routes rewrite to their pages, the more specific first (Firebase takes the first rule
        // that matches); the plain link beside the routes is a file, served before any rewrite.
        // First, the link that differs from /shop/best only in case, to its page under _case/.
        let rewrites = try XCTUnwrap(hosting["rewrites"] as? [[String: String]])
        let casePage = OutputPath.casePage("/shop/Best").urlPath
        XCTAssertEqual(
            rewrites,
            [
                ["source": "/shop/Best", "destination": casePage],
                ["source": "/shop/Best/", "destination": casePage],
                ["source": "/shop/*", "destination": "/_routes/shop/_id/index.html"],
                ["source": "/shop/**", "destination": "/_routes/shop/_rest/index.html"],
            ])
    }

    func testFirebaseJSONOfACompactSiteSendsEveryOtherPathToTheLookupPage() throws {
        let rewrites = try XCTUnwrap(try firebaseConfig(layout: "compact")["rewrites"] as? [[String: String]])
        XCTAssertEqual(rewrites.last, ["source": "**", "destination": "/404.html"])
        // The compact layout has no case pages: the lookup page finds every link by its exact path.
        XCTAssertEqual(rewrites.count, 3)
    }

    /// Validated with python's jsonschema (the schema is draft-07) against firebase-tools' own schema.
    func testFirebaseJSONValidatesAgainstTheFirebaseCLISchema() throws {
        let schema = try XCTUnwrap(
            Bundle.module.url(forResource: "Fixtures/hosts/firebase-config.schema.json", withExtension: nil))
        var paths: [String] = []
        var keep: [TemporaryDirectory] = []
        for layout in ["folders", "compact"] {
            let (dir, _) = try build(host: "firebase-hosting", layout: layout)
            keep.append(dir)
            paths.append(dir.url.appendingPathComponent("_site/firebase.json").path)
        }
        // A firebase.json the schema refuses, so the check is seen to refuse one.
        let wrong = try keep[0].write("wrong.json", #"{"hosting": {"public": ".", "appAssociation": "OFF"}}"#)
        let result = try JSONSchemaCheck.verdicts(
            schema: schema, documents: paths.map(URL.init(fileURLWithPath:)) + [wrong], draft: "Draft7Validator",
            in: keep[0].url)
        XCTAssertEqual(result.status, 0, "python3 with jsonschema is needed: \(result.stderr)")
        let lines = result.lines
        XCTAssertEqual(lines.count, 3, "\(lines)")
        guard lines.count == 3 else { return }
        XCTAssertTrue(lines[0].contains(" valid"), lines[0])
        XCTAssertTrue(lines[1].contains(" valid"), lines[1])
        XCTAssertTrue(lines[2].contains(" invalid") && lines[2].contains("OFF"), lines[2])
    }

    /// One S3 upload everywhere it is written: the function's header, docs/deploy.md and
    /// `check --live`'s fix (``OutputPath/s3SyncCommand``) leave every deploy-only file out.
    func testTheS3SyncLeavesEveryDeployOnlyFileOut() throws {
        let (_, files) = try build(host: "s3-cloudfront")
        let function = String(decoding: try XCTUnwrap(files["cloudfront-function.js"]), as: UTF8.self)
        XCTAssertTrue(function.contains("//   " + OutputPath.s3SyncCommand + "\n"), function)
        for file in OutputPath.deployOnlyFiles {
            XCTAssertTrue(OutputPath.s3SyncCommand.contains(" --exclude \(file.value)"), file.value)
        }
        let repository = URL(fileURLWithPath: #filePath).resolvingSymlinksInPath().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let deploy = try String(contentsOf: repository.appendingPathComponent("docs/deploy.md"), encoding: .utf8)
        XCTAssertTrue(deploy.contains("\n" + OutputPath.s3SyncCommand + "\n"), "docs/deploy.md's sync command")
    }

    /// The CloudFront Function, run under node as CloudFront runs it (``CloudFrontFunctionRunner``).
    func testTheCloudFrontFunctionMapsPagesToTheirIndexAndLeavesFilesAlone() throws {
        XCTAssertTrue(FileManager.default.isExecutableFile(atPath: "/usr/bin/node"), "install nodejs (make test-deps)")
        let (dir, files) = try build(host: "s3-cloudfront")
        XCTAssertNotNil(files["cloudfront-function.js"])
        XCTAssertNil(files["nginx.conf"])
        let cases = [
            "/": "/index.html",
            "/shop/best": "/shop/best/index.html",
            "/shop/best/": "/shop/best/index.html",
            "/spring.2026": "/spring.2026/index.html",
            "/apple-app-site-association": "/apple-app-site-association",
            "/.well-known/apple-app-site-association": "/.well-known/apple-app-site-association",
            "/.well-known/assetlinks.json": "/.well-known/assetlinks.json",
            "/.well-known/trampoline/v2/links/0.json": "/.well-known/trampoline/v2/links/0.json",
            "/shop/best/qr.svg": "/shop/best/qr.svg",
            "/trampoline-more.js": "/trampoline-more.js",
            "/_count/shown.txt": "/_count/shown.txt",
            "/shop/Best": OutputPath.casePage("/shop/Best").urlPath,
            "/shop/Best/": OutputPath.casePage("/shop/Best").urlPath,
        ]
        let (seen, error) = try CloudFrontFunctionRunner.uris(
            Array(cases.keys), function: dir.url.appendingPathComponent("_site/cloudfront-function.js"), in: dir.url)
        XCTAssertEqual(seen, cases, error)
        // Each spelling reads a page of its own.
        let upper = try XCTUnwrap(files[String(OutputPath.casePage("/shop/Best").value)])
        XCTAssertTrue(String(decoding: upper, as: UTF8.self).contains(#""deferredLink":"app://shop/Best-upper""#))
        let lower = try XCTUnwrap(files["shop/best/index.html"])
        XCTAssertTrue(String(decoding: lower, as: UTF8.self).contains(#""deferredLink":"app://shop/best""#))
    }

    func testALinkThatEndsLikeAFileIsAWarningOnS3() throws {
        let dir = try TemporaryDirectory()
        try dir.write(
            "site-config.yml",
            Self.catalog.replacingOccurrences(of: "HOST", with: "s3-cloudfront")
                .replacingOccurrences(of: "LAYOUT", with: "folders")
                + "  - path: /menu.html\n    deep_link: app://menu\n    title: Menu\n")
        let result = try TrampolineProcess.run(["build"], in: dir.url)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(
            result.stderr.contains("site-config.yml:29:5: warning: a link ends like a file (/menu.html)"),
            result.stderr)
    }

    func testHostFilesAreWrittenOnlyForTheirHost() throws {
        let (_, netlify) = try build(host: "netlify")
        XCTAssertNil(netlify["firebase.json"])
        XCTAssertNil(netlify["nginx.conf"])
        let (_, nginx) = try build(host: "nginx")
        let conf = String(decoding: try XCTUnwrap(nginx["nginx.conf"]), as: UTF8.self)
        XCTAssertNil(nginx["firebase.json"])
        // The route's regular expression, in order, files first; no redirect to a slashed URL.
        let shop = try XCTUnwrap(conf.range(of: #"location ~ "^/shop/[^/]+/?$""#), conf)
        let rest = try XCTUnwrap(conf.range(of: #"location ~ "^/shop/.+/?$""#), conf)
        XCTAssertLessThan(shop.lowerBound, rest.lowerBound)
        XCTAssertTrue(conf.contains("try_files $uri $uri/index.html /_routes/shop/_id/index.html;"), conf)
        XCTAssertTrue(conf.contains("location / { try_files $uri $uri/index.html =404; }"), conf)
        XCTAssertTrue(conf.contains("location = /nginx.conf { return 404; }"), conf)
    }

    func testALinkCannotTakeAHostFilesPath() throws {
        let dir = try TemporaryDirectory()
        try dir.write(
            "site-config.yml",
            Self.catalog.replacingOccurrences(of: "HOST", with: "nginx").replacingOccurrences(
                of: "LAYOUT", with: "folders")
                + "\n  - path: /nginx.conf\n    deep_link: app://x\n    title: X\n")
        let result = try TrampolineProcess.run(["build"], in: dir.url)
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stderr.contains("site-config.yml:30:11"), result.stderr)
        XCTAssertTrue(result.stderr.contains("reserved for a file Trampoline writes itself"), result.stderr)
        XCTAssertNil(dir.contents(of: ".")["_site/index.html"])
    }
}
