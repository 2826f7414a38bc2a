import Foundation
import TrampolineModel
import TrampolineTestSupport
import XCTest

@testable import TrampolinePreview

/// `serve --as HOST`: the built folder served as that host would, over HTTPS with the project's
/// local CA, checked by `check --live --resolve` (the move-day rehearsal, issue #52) and by curl,
/// a TLS client of its own that trusts only that CA.
final class ServeRehearsalTests: XCTestCase {
    static let catalog =
        PreviewCatalog.text()
        + "  - path: /recipe/:id(digits)\n    deep_link: marry://recipe?id=:id\n    title: A recipe\n"
        // A page the route's rewrite rule also takes: on Cloudflare Pages, which applies rules
        // before files, only the rule the build writes for it keeps it its own page.
        + "  - path: /recipe/best\n    deep_link: marry://best\n    title: The best recipes\n"
        // Links whose folders differ from /recipe/best's only in case (migrated Firebase short
        // links): pages under _case/, which each host's rules serve at the link's URL with 200.
        + "  - path: /recipe/Best\n    deep_link: marry://best-upper\n    title: The Best recipes\n"
        + "  - path: /Recipe/best\n    deep_link: marry://best-folder\n    title: The best Recipes\n"

    func testCheckLiveFindsNothingAndAHeadersFileLeftOutIsFound() throws {
        for host in PreviewServer.rehearsableHosts {
            let project = try TemporaryDirectory()
            try project.write(
                "site-config.yml",
                Self.catalog.replacingOccurrences(
                    of: "  title: Marry links\n", with: "  title: Marry links\n  host: \(host.rawValue)\n"))
            let server = try ServeProcess(
                arguments: ["--config", "site-config.yml", "--as", host.rawValue], in: project.url)
            defer { _ = server.interrupt() }
            XCTAssertTrue(
                server.stdout.contains(
                    "--resolve go.example.com:\(server.port):127.0.0.1 --ca-file .trampoline/.local-ca/ca.pem"),
                server.stdout)
            XCTAssertFalse(server.stdout.contains("Note: site.host"), server.stdout)

            let clean = try check(project, port: server.port)
            if host == .githubPages {
                // GitHub Pages' documented limits, and nothing else: no header can type the
                // extension-less AASA, and every file is published, the manifest included.
                XCTAssertEqual(clean.status, 1, clean.text)
                XCTAssertEqual(clean.live.count, 3, clean.text)
                XCTAssertEqual(
                    clean.live.filter { $0.contains("apple-app-site-association: wrong content type") }.count, 2,
                    clean.text)
                XCTAssertTrue(clean.live.contains { $0.contains("/.trampoline-manifest.json: the build's manifest") })
                // The deliberate mistake: no .nojekyll, so Jekyll leaves out .well-known/ and _routes/.
                try FileManager.default.removeItem(at: project.url.appendingPathComponent("_site/.nojekyll"))
                let broken = try check(project, port: server.port)
                XCTAssertTrue(
                    broken.live.contains { $0.contains("/.well-known/trampoline/v2/index.json: not served") },
                    broken.text)
                XCTAssertTrue(broken.text.contains("deploy the .nojekyll file trampoline writes"), broken.text)
                continue
            }
            XCTAssertEqual(clean.status, 0, clean.text)
            XCTAssertEqual(clean.live, [], "\(host): \(clean.text)")

            if host == .firebaseHosting {
                // The deliberate mistake: `firebase init`'s firebase.json instead of the build's. Its
                // ignore drops .well-known/, and Firebase answers the association files itself.
                try project.write(
                    "_site/firebase.json",
                    #"{"hosting": {"public": ".", "ignore": ["firebase.json", "**/.*", "**/node_modules/**"]}}"#)
                let broken = try check(project, port: server.port)
                XCTAssertNotEqual(broken.status, 0)
                XCTAssertTrue(
                    broken.live.contains { $0.contains("/.well-known/apple-app-site-association: not the built file") },
                    broken.text)
                XCTAssertTrue(
                    broken.live.contains { $0.contains("/.well-known/trampoline/v2/index.json: not served") },
                    broken.text)
                // Its fixes name the host's own file: the AASA is Firebase's answer, not a stale deploy,
                // and the missing headers are firebase.json's.
                XCTAssertTrue(broken.text.contains("Firebase Hosting answers this file itself"), broken.text)
                XCTAssertTrue(broken.live.contains { $0.contains("is not what firebase.json sets") }, broken.text)
                continue
            }
            // The deliberate mistake: a deployment without the _headers file.
            try FileManager.default.removeItem(at: project.url.appendingPathComponent("_site/_headers"))
            let broken = try check(project, port: server.port)
            XCTAssertNotEqual(broken.status, 0)
            XCTAssertTrue(
                broken.live.contains { $0.contains("apple-app-site-association: wrong content type") }, broken.text)
            XCTAssertTrue(broken.live.contains { $0.contains("Cache-Control is not what _headers sets") }, broken.text)
        }
    }

    /// What a browser gets: the page's own bytes (no reload script), the 404 page with status
    /// 404, a route's page through `_redirects`, no dashboard, and the site's name answered.
    func testTheFolderIsServedAsTheHostServesIt() throws {
        XCTAssertTrue(FileManager.default.isExecutableFile(atPath: "/usr/bin/curl"), "install curl (make test-deps)")
        let project = try TemporaryDirectory()
        try project.write("site-config.yml", Self.catalog)
        let server = try ServeProcess(
            arguments: ["--config", "site-config.yml", "--as", "netlify"], in: project.url)
        defer { _ = server.interrupt() }
        func get(_ path: String, _ extra: [String] = []) throws -> (status: String, head: String, body: String) {
            let result = try TrampolineProcess.run(
                program: URL(fileURLWithPath: "/usr/bin/curl"),
                [
                    "-sS", "-i", "--cacert", ".trampoline/.local-ca/ca.pem", "--resolve",
                    "go.example.com:\(server.port):127.0.0.1", "https://go.example.com:\(server.port)\(path)",
                ] + extra, in: project.url)
            XCTAssertEqual(result.status, 0, result.stderr)
            let parts = result.stdout.components(separatedBy: "\r\n\r\n")
            let head = parts.first ?? ""
            // "\r\n" is one Character: split the head into lines by the string.
            let status = head.components(separatedBy: "\r\n").first ?? ""
            return (status, head.lowercased(), parts.dropFirst().joined(separator: "\r\n\r\n"))
        }
        XCTAssertTrue(
            server.stdout.contains(
                "Note: site.host is not set, and this rehearses netlify; set site.host: netlify so the build"),
            server.stdout)
        // A link's URL is a folder's path: Netlify redirects it to the slashed URL (301), whose
        // index.html is the page.
        let link = try get("/topic/1?utm_source=x")
        XCTAssertTrue(link.status.hasSuffix(" 301 Moved Permanently"), link.status)
        XCTAssertTrue(link.head.contains("\r\nlocation: /topic/1/?utm_source=x"), link.head)
        let page = try get("/topic/1/")
        XCTAssertTrue(page.status.hasSuffix(" 200 OK"), page.status)
        XCTAssertEqual(page.body, project.read("_site/topic/1/index.html"))
        XCTAssertFalse(page.body.contains("_trampoline"))
        // Case pairs: each spelling answers 200 with a page of its own (a crawler sees its preview).
        for (path, title) in [
            ("/recipe/Best", "The Best recipes"), ("/Recipe/best", "The best Recipes"),
            ("/recipe/best/", "The best recipes"),
        ] {
            let pair = try get(path)
            XCTAssertTrue(pair.status.hasSuffix(" 200 OK"), "\(path): \(pair.status)")
            XCTAssertTrue(pair.body.contains("<title>\(title)</title>"), "\(path): \(pair.body.prefix(300))")
        }
        let route = try get("/recipe/42")
        XCTAssertTrue(route.status.hasSuffix(" 200 OK"), route.status)
        XCTAssertTrue(route.body.contains("<title>A recipe</title>"), route.body)
        // Netlify's deploy leaves out dot-files (but .well-known/): the manifest, which lists every
        // link's path, is never published.
        let manifest = try get("/.trampoline-manifest.json")
        XCTAssertTrue(manifest.status.hasSuffix(" 404 Not Found"), manifest.status)
        XCTAssertFalse(manifest.body.contains("index.html"), manifest.body)
        // The host reads _headers and _redirects and serves neither (the rules name link paths).
        XCTAssertTrue(project.read("_site/_redirects")?.contains("/recipe/Best /_case/") == true)
        for file in ["/_redirects", "/_headers"] {
            let rules = try get(file)
            XCTAssertTrue(rules.status.hasSuffix(" 404 Not Found"), "\(file): \(rules.status)")
            XCTAssertEqual(rules.body, project.read("_site/404.html"), file)
        }
        let missing = try get("/no-such-page")
        XCTAssertTrue(missing.status.hasSuffix(" 404 Not Found"), missing.status)
        XCTAssertEqual(missing.body, project.read("_site/404.html"))
        XCTAssertTrue(try get("/_trampoline/").status.hasSuffix(" 404 Not Found"))
        let aasa = try get("/.well-known/apple-app-site-association")
        XCTAssertTrue(aasa.head.contains("\r\ncontent-type: application/json"), aasa.head)
        // Loopback names and the site's own are answered; another name is DNS rebinding.
        XCTAssertTrue(try get("/topic/1/", ["-H", "Host: localhost"]).status.hasSuffix(" 200 OK"))
        XCTAssertTrue(try get("/topic/1/", ["-H", "Host: evil.example"]).status.hasSuffix(" 421 Misdirected Request"))
    }

    /// S3 and CloudFront, compact layout (docs/serve.md): a path with no object gets the error
    /// response, 404.html with 200 (every path may be a link the lookup page finds); the files
    /// the sync leaves out of the bucket (``OutputPath/deployOnlyFiles``) are not there, the
    /// function itself among them, and its mapping still applies to every request.
    func testACompactSiteOnS3AnswersEveryMissingPathWithTheLookupPage() throws {
        XCTAssertTrue(FileManager.default.isExecutableFile(atPath: "/usr/bin/curl"), "install curl (make test-deps)")
        let project = try TemporaryDirectory()
        try project.write(
            "site-config.yml",
            Self.catalog.replacingOccurrences(
                of: "  url: https://go.example.com\n",
                with: "  url: https://go.example.com\n  layout: compact\n  host: s3-cloudfront\n"))
        let server = try ServeProcess(
            arguments: ["--config", "site-config.yml", "--as", "s3-cloudfront"], in: project.url)
        defer { _ = server.interrupt() }
        func get(_ path: String) throws -> (status: String, body: String) {
            let result = try TrampolineProcess.run(
                program: URL(fileURLWithPath: "/usr/bin/curl"),
                [
                    "-sS", "-o", "-", "-w", "\n%{http_code}", "--cacert", ".trampoline/.local-ca/ca.pem", "--resolve",
                    "go.example.com:\(server.port):127.0.0.1", "https://go.example.com:\(server.port)\(path)",
                ], in: project.url)
            XCTAssertEqual(result.status, 0, result.stderr)
            let cut = result.stdout.range(of: "\n", options: .backwards)!
            return (String(result.stdout[cut.upperBound...]), String(result.stdout[..<cut.lowerBound]))
        }
        let lookup = try XCTUnwrap(project.read("_site/404.html"))
        for path in ["/topic/1", "/recipe/42", "/no/such/link"] {
            let answer = try get(path)
            XCTAssertEqual(answer.status, "200", path)
            XCTAssertEqual(answer.body, lookup, path)
        }
        XCTAssertEqual(try get("/").body, project.read("_site/index.html"), "the function maps / to index.html")
        XCTAssertEqual(try get("/.well-known/apple-app-site-association").status, "200")
        XCTAssertNotNil(project.read("_site/cloudfront-function.js"))
        for file in ["/cloudfront-function.js", "/.trampoline-manifest.json", "/_redirects", "/_headers"] {
            let answer = try get(file)
            XCTAssertEqual(answer.body, lookup, file)
        }
    }

    /// Cloudflare Pages redirects a folder's path with 308; the preview (`serve`) answers in place.
    func testAFoldersPathIsRedirectedAsTheHostDoes() throws {
        let project = try TemporaryDirectory()
        try project.write("site-config.yml", Self.catalog)
        let server = try ServeProcess(
            arguments: ["--config", "site-config.yml", "--as", "cloudflare-pages"], in: project.url)
        defer { _ = server.interrupt() }
        let result = try TrampolineProcess.run(
            program: URL(fileURLWithPath: "/usr/bin/curl"),
            [
                "-sS", "-o", "/dev/null", "-w", "%{http_code} %{redirect_url}", "--cacert",
                ".trampoline/.local-ca/ca.pem", "--resolve", "go.example.com:\(server.port):127.0.0.1",
                "https://go.example.com:\(server.port)/topic/1",
            ], in: project.url)
        XCTAssertEqual(result.stdout, "308 https://go.example.com:\(server.port)/topic/1/", result.stderr)
    }

    func testHostsWithRulesOfTheirOwnAreRefusedWithTheOnesThatWork() throws {
        let project = try TemporaryDirectory()
        try project.write("site-config.yml", Self.catalog)
        // nginx is rehearsed with nginx itself and the file the build writes for it (Tests/Live).
        let nginx = try TrampolineProcess.run(["serve", "--as", "nginx"], in: project.url)
        XCTAssertNotEqual(nginx.status, 0)
        XCTAssertTrue(nginx.stderr.contains("rehearse with nginx itself and the nginx.conf"), nginx.stderr)
        XCTAssertTrue(
            nginx.stderr.contains(
                "netlify, cloudflare-pages, cloudflare-pages-free, firebase-hosting, s3-cloudfront, github-pages"),
            nginx.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: project.url.appendingPathComponent("_site").path))
        let unknown = try TrampolineProcess.run(["serve", "--as", "vercel"], in: project.url)
        XCTAssertNotEqual(unknown.status, 0)
        XCTAssertTrue(unknown.stderr.contains("--as vercel is not a host Trampoline knows"), unknown.stderr)
    }

    /// `check --live` against the rehearsal: its exit status, and the findings about fetched URLs
    /// (the catalog's placeholder warnings left out).
    func check(_ project: TemporaryDirectory, port: Int) throws -> (status: Int32, live: [String], text: String) {
        let result = try TrampolineProcess.run(
            [
                "check", "-c", "site-config.yml", "--live", "--no-services", "--format", "json", "--resolve",
                "go.example.com:\(port):127.0.0.1", "--ca-file", ".trampoline/.local-ca/ca.pem",
            ], in: project.url)
        let report = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        let messages = (report?["diagnostics"] as? [[String: Any]] ?? []).compactMap { $0["message"] as? String }
        return (
            result.status, messages.filter { $0.contains("https://go.example.com/") && !$0.contains("placeholder") },
            result.stdout + result.stderr
        )
    }
}
