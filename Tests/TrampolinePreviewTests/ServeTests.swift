import Foundation
import TrampolineTestSupport
import XCTest

@testable import TrampolinePreview

/// `trampoline serve` as a separate process, checked over real HTTP on loopback.
final class ServeTests: XCTestCase {
    var project: TemporaryDirectory!
    var server: ServeProcess!

    override func setUpWithError() throws {
        project = try TemporaryDirectory()
        try project.write("site-config.yml", PreviewCatalog.text())
        server = try ServeProcess(arguments: ["--config", "site-config.yml"], in: project.url)
    }

    override func tearDown() {
        _ = server?.interrupt()
        server = nil
        project = nil
    }

    func testPrintsTheLoopbackAddressItServes() {
        XCTAssertTrue(
            server.stdout.contains("Serving _site at http://127.0.0.1:\(server.port)/ (dashboard: /_trampoline/)"),
            server.stdout)
        XCTAssertNotEqual(server.port, 0)
    }

    /// DNS rebinding: a page on evil.example points its name at 127.0.0.1 and reads the preview
    /// through the person's browser. The request names evil.example, and gets 421 (issue #51).
    func testOnlyLoopbackHostNamesAreAnswered() throws {
        for host in [
            "evil.example", "evil.example:\(server.port)", "127.0.0.1.evil.example", "localhost.evil.example:80",
        ] {
            for target in ["/", "/_trampoline/", "/topic/1"] {
                let response = try server.http.get(target, host: host)
                XCTAssertEqual(response.status, 421, "\(host) \(target)")
                XCTAssertFalse(response.text.contains("Wedding checklist"), "\(host) \(target)")
            }
        }
        for host in [
            "127.0.0.1:\(server.port)", "localhost:\(server.port)", "localhost", "127.0.0.2", "[::1]:\(server.port)",
        ] {
            XCTAssertEqual(try server.http.get("/topic/1", host: host).status, 200, host)
        }
    }

    func testPrettyURLsServeTheFolderPageWithoutRedirect() throws {
        for target in ["/topic/1", "/topic/1/", "/topic/1/index.html", "/topic/1?utm_source=x"] {
            let response = try server.http.get(target)
            XCTAssertEqual(response.status, 200, target)
            XCTAssertEqual(response.header("content-type"), "text/html; charset=utf-8", target)
            XCTAssertTrue(response.text.contains("<title>Wedding checklist</title>"), target)
        }
    }

    func testUnknownPathsGetThe404PageWithStatus404() throws {
        let disk404 = try XCTUnwrap(project.read("_site/404.html"))
        for target in ["/nope", "/topic/9/", "/topic/1/missing.png"] {
            let response = try server.http.get(target)
            XCTAssertEqual(response.status, 404, target)
            XCTAssertTrue(response.header("content-type")?.hasPrefix("text/html") == true, target)
            // The site's own 404 page (plus the reload tag and the preview's looser policy), not a server default.
            let withoutScript = response.text.replacingOccurrences(
                of: #"<script src="/_trampoline/reload.js"[^>]*></script>\n"#, with: "", options: .regularExpression)
            XCTAssertEqual(withoutScript, PreviewAssets.relaxPolicy(in: disk404), target)
            XCTAssertTrue(withoutScript.contains("script-src 'self'"), "the reload script may load: \(target)")
        }
    }

    func testBothAASAPathsAreJSONWithoutRedirect() throws {
        let disk = try XCTUnwrap(project.read("_site/.well-known/apple-app-site-association"))
        for target in ["/.well-known/apple-app-site-association", "/apple-app-site-association"] {
            let response = try server.http.get(target)
            XCTAssertEqual(response.status, 200, target)
            XCTAssertEqual(response.header("content-type"), "application/json", target)
            XCTAssertNil(response.header("location"), target)
            XCTAssertEqual(response.text, disk, target)
            XCTAssertNoThrow(try JSONSerialization.jsonObject(with: response.body), target)
        }
    }

    func testContentTypesOfStaticFiles() throws {
        // Files a team adds beside the build (images, scripts) are served like any static host would.
        let types = [
            "css": "text/css", "js": "text/javascript", "png": "image/png", "svg": "image/svg+xml",
            "json": "application/json",
        ]
        for ext in types.keys { try project.write("_site/assets/file.\(ext)", "x") }
        for (ext, type) in types {
            let response = try server.http.get("/assets/file.\(ext)")
            XCTAssertEqual(response.status, 200, ext)
            XCTAssertTrue(
                response.header("content-type")?.hasPrefix(type) == true,
                "\(ext): \(response.header("content-type") ?? "none")")
            XCTAssertEqual(response.text, "x", "non-HTML files are never rewritten")
        }
    }

    func testPathsEscapingTheFolderAreRefused() throws {
        let secret = "TOP-SECRET-\(UUID().uuidString)"
        try project.write("secret.txt", secret)
        try project.write("outside/inner.txt", secret)
        let site = project.url.appendingPathComponent("_site")
        try FileManager.default.createSymbolicLink(
            atPath: site.appendingPathComponent("leak.txt").path,
            withDestinationPath: project.url.appendingPathComponent("secret.txt").path)
        try FileManager.default.createSymbolicLink(
            atPath: site.appendingPathComponent("leakdir").path,
            withDestinationPath: project.url.appendingPathComponent("outside").path)
        let attempts = [
            "/../secret.txt", "/topic/../../secret.txt", "/%2e%2e/secret.txt", "/%2E%2E/secret.txt",
            "/..%2fsecret.txt", "/topic/..%2f..%2fsecret.txt", "/%2e%2e%2fsecret.txt", "/..\\secret.txt",
            "/leak.txt", "/leakdir/inner.txt", "/leakdir/", "/leakdir",
        ]
        for target in attempts {
            let response = try server.http.get(target)
            XCTAssertTrue([400, 404].contains(response.status), "\(target) answered \(response.status)")
            XCTAssertFalse(response.text.contains(secret), "\(target) leaked the outside file")
        }
        // A symlink that stays inside the folder is fine, so the check is about where, not what.
        try FileManager.default.createSymbolicLink(
            atPath: site.appendingPathComponent("alias.html").path,
            withDestinationPath: site.appendingPathComponent("404.html").path)
        XCTAssertEqual(try server.http.get("/alias.html").status, 200)
    }

    func testReloadScriptIsServedButNeverWrittenToDisk() throws {
        let response = try server.http.get("/topic/1/")
        XCTAssertTrue(response.text.contains(#"<script src="/_trampoline/reload.js""#))
        XCTAssertEqual(response.header("content-length"), String(response.body.count))
        let script = try server.http.get("/_trampoline/reload.js")
        XCTAssertEqual(script.status, 200)
        XCTAssertTrue(script.text.contains("EventSource"))
        let onDisk = project.files(under: "_site")
        XCTAssertFalse(onDisk.isEmpty)
        for (path, text) in onDisk {
            XCTAssertFalse(text.contains("_trampoline"), "\(path) on disk mentions the preview")
        }
    }

    /// With `--no-watch` nothing is rebuilt, so nothing is added: a page is its file's bytes.
    func testWithoutWatchingPagesAreServedAsTheirFiles() throws {
        let still = try ServeProcess(arguments: ["--config", "site-config.yml", "--no-watch"], in: project.url)
        defer { _ = still.interrupt() }
        let page = try still.http.get("/topic/1")
        XCTAssertEqual(page.status, 200)
        XCTAssertEqual(page.text, project.read("_site/topic/1/index.html"))
        XCTAssertFalse(page.text.contains("_trampoline"))
    }

    func testEditingTheCatalogRebuildsWithinTwoSeconds() throws {
        XCTAssertTrue(try server.http.get("/topic/1").text.contains("<title>Wedding checklist</title>"))
        try project.write("site-config.yml", PreviewCatalog.text(title: "Honeymoon ideas"))
        let start = Date()
        let changed = try ServeProcess.wait(timeout: 2) {
            try server.http.get("/topic/1").text.contains("<title>Honeymoon ideas</title>")
        }
        XCTAssertTrue(changed, "the served page did not change within 2 s; stdout: \(server.stdout)")
        XCTAssertLessThan(Date().timeIntervalSince(start), 2.5)
        XCTAssertEqual(project.read("_site/topic/1/index.html")?.contains("Honeymoon ideas"), true)
        // The files are in place before the terminal line is printed and read: wait for it too.
        XCTAssertTrue(
            ServeProcess.wait(timeout: 2) { server.stdout.contains("Rebuilt 3 links: 1 written") }, server.stdout)
    }

    /// A route's items file (and a links file) is watched with the catalog: a nightly export saved
    /// beside it shows in the preview, and a file the catalog stops naming is no longer watched.
    func testEditingAnItemsFileRebuilds() throws {
        try project.write("recipes.csv", "id,title\n1,Lemon tart\n")
        try project.write(
            "site-config.yml",
            PreviewCatalog.text() + "\n  - path: /recipe/:id(digits)\n    title: A recipe\n    items: recipes.csv\n")
        XCTAssertTrue(
            try ServeProcess.wait(timeout: 3) {
                try server.http.get("/recipe/1").text.contains("<title>Lemon tart</title>")
            }, server.stdout)
        try project.write("recipes.csv", "id,title\n1,Lime tart\n2,Plum cake\n")
        XCTAssertTrue(
            try ServeProcess.wait(timeout: 3) {
                try server.http.get("/recipe/2").text.contains("<title>Plum cake</title>")
            }, "the items file was not watched; stdout: \(server.stdout)")
        XCTAssertTrue(try server.http.get("/recipe/1").text.contains("<title>Lime tart</title>"))
    }

    /// A route's row opens the debug view of its sample URL (its pattern is no URL: it answered
    /// 404), and the Fallback column gives Android's fallback beside iOS's when the app has both.
    func testARoutesDebugViewOpensItsSampleURLAndAndroidHasItsFallback() throws {
        try project.write(
            "site-config.yml",
            PreviewCatalog.text().replacingOccurrences(
                of: "    scheme: marry\n",
                with: "    scheme: marry\n  android:\n    package: com.example.marry\n"
                    + "    sha256_cert_fingerprints: [\"\(String(repeating: "AB:", count: 31))AB\"]\n")
                + "\n  - path: /restaurant/:id(digits)\n    title: A restaurant\n    deep_link: marry://restaurant/:id\n"
                + "    android_fallback: web\n    web_url: https://example.com/restaurant\n")
        var html = ""
        XCTAssertTrue(
            try ServeProcess.wait(timeout: 3) {
                html = try server.http.get("/_trampoline/").text
                return html.contains("<tr data-path=\"/restaurant/:id(digits)\">")
            }, server.stdout + server.stderr)
        func row(_ path: String) throws -> String {
            let start = try XCTUnwrap(html.range(of: "<tr data-path=\"\(path)\">"), path)
            let end = try XCTUnwrap(html.range(of: "</tr>", range: start.upperBound..<html.endIndex))
            return String(html[start.upperBound..<end.lowerBound])
        }
        let route = try row("/restaurant/:id(digits)")
        XCTAssertTrue(route.contains("<a class=\"button\" href=\"/restaurant/123456?debug=1\">Debug view</a>"), route)
        let debug = try server.http.get("/restaurant/123456?debug=1")
        XCTAssertEqual(debug.status, 200)
        XCTAssertTrue(debug.text.contains("<title>A restaurant</title>"), debug.text)
        XCTAssertTrue(route.contains("<small>iOS</small> store: <code>https://apps.apple.com/app/id1356057329"), route)
        XCTAssertTrue(route.contains("<small>Android</small> web: <code>https://example.com/restaurant"), route)
        let topic = try row("/topic/1")
        XCTAssertTrue(
            topic.contains(
                "<small>Android</small> store: <code>https://play.google.com/store/apps/details?id=com.example.marry"),
            topic)
    }

    func testBrokenCatalogShowsDiagnosticsAndKeepsTheLastGoodSite() throws {
        let broken = PreviewCatalog.text(title: "Never shown").replacingOccurrences(
            of: "fallback_delay_ms: 2000", with: "fallback_delay_ms: soon")
        try project.write("site-config.yml", broken)
        let shown = try ServeProcess.wait(timeout: 3) {
            try server.http.get("/_trampoline/").text.contains("fallback_delay_ms must be a whole number")
        }
        XCTAssertTrue(shown, "the dashboard never showed the diagnostic")
        let page = try server.http.get("/topic/1")
        XCTAssertEqual(page.status, 200)
        XCTAssertTrue(page.text.contains("<title>Wedding checklist</title>"), "the last good page is no longer served")
        XCTAssertTrue(page.text.contains(#"id="trampoline-preview-overlay""#))
        XCTAssertTrue(page.text.contains("site-config.yml:21:"), "the overlay names the file and line")
        XCTAssertTrue(page.text.contains("fallback_delay_ms must be a whole number"))
        XCTAssertTrue(
            server.stderr.contains("fallback_delay_ms must be a whole number"),
            "the terminal got the diagnostics: \(server.stderr)")
        XCTAssertFalse(project.read("_site/topic/1/index.html")?.contains("Never shown") ?? true)

        // Fixing it clears the overlay.
        try project.write("site-config.yml", PreviewCatalog.text(title: "Fixed again"))
        let fixed = try ServeProcess.wait(timeout: 3) {
            let text = try server.http.get("/topic/1").text
            return text.contains("Fixed again") && !text.contains("trampoline-preview-overlay")
        }
        XCTAssertTrue(fixed)
    }

    func testTheDashboardSearchesAndPagesThroughTheServersQuery() throws {
        func rows(_ target: String) throws -> [String] {
            let html = try server.http.get(target).text
            return html.components(separatedBy: "<tr data-path=\"").dropFirst().map { String($0.prefix { $0 != "\"" }) }
        }
        XCTAssertEqual(try rows("/_trampoline/"), ["/topic/1", "/invite", "/vendors/photographers"])
        XCTAssertEqual(try rows("/_trampoline/?q=INVITED"), ["/invite"], "the title, in any case")
        XCTAssertEqual(try rows("/_trampoline/?q=category%3Dphoto"), ["/vendors/photographers"], "the deep link")
        XCTAssertEqual(try rows("/_trampoline/?q=none+such"), [])
        XCTAssertEqual(try rows("/_trampoline/?page=9&q=topic"), ["/topic/1"], "past the end: the last page")
        let page = try server.http.get("/_trampoline/?q=%22%3E%3Cscript%3E").text
        XCTAssertTrue(page.contains(#"value="&quot;&gt;&lt;script&gt;""#), page)
        XCTAssertFalse(page.contains("\"><script>"), page)
    }

    func testDashboardListsEveryLinkWithItsFlowAndDecision() throws {
        let dashboard = try server.http.get("/_trampoline/")
        XCTAssertEqual(dashboard.status, 200)
        XCTAssertEqual(dashboard.header("content-type"), "text/html; charset=utf-8")
        let html = dashboard.text
        let rows: [(path: String, cells: [String])] = [
            (
                "/topic/1",
                [
                    "https://go.example.com/topic/1", "marry://topic?id=1", "marry://topic?id=1&amp;utm_source=line",
                    "store: <code>https://apps.apple.com/app/id1356057329</code>", "interstitial",
                ]
            ),
            ("/invite", ["https://go.example.com/invite", "marry://invite", "redirect"]),
            (
                "/vendors/photographers",
                ["marry://vendors?category=photo", "web: <code>https://example.com/vendors/photographers</code>"]
            ),
        ]
        for row in rows {
            let start = try XCTUnwrap(html.range(of: "<tr data-path=\"\(row.path)\">"), row.path)
            let end = try XCTUnwrap(html.range(of: "</tr>", range: start.upperBound..<html.endIndex))
            let text = String(html[start.upperBound..<end.lowerBound])
            for cell in row.cells { XCTAssertTrue(text.contains(cell), "\(row.path) lacks \(cell): \(text)") }
            // Every link path is claimed by the AASA that build writes.
            XCTAssertTrue(text.contains(#"class="decision decision-match""#), row.path)
            XCTAssertTrue(
                text.contains("simulate?path=\(row.path.replacingOccurrences(of: "/", with: "%2F"))&amp;app=installed"),
                row.path)
            XCTAssertTrue(text.contains("<a class=\"button\" href=\"\(row.path)?debug=1\">Debug view</a>"), row.path)
        }
        // The debug view is served like the page; the preview's policy lets its script load
        // /trampoline-more.js through 'self' ('strict-dynamic' would void it).
        let debug = try server.http.get("/topic/1/?debug=1")
        XCTAssertEqual(debug.status, 200)
        XCTAssertTrue(debug.text.contains("script-src 'self' 'sha256-"), debug.text)
        XCTAssertFalse(debug.text.contains("strict-dynamic"))
        XCTAssertEqual(try server.http.get("/trampoline-more.js").header("content-type")?.contains("javascript"), true)
        // Catalog text is escaped, never markup.
        XCTAssertTrue(html.contains("You&#39;re &lt;invited&gt;"))
        XCTAssertFalse(html.contains("<invited>"))
    }

    /// Each link's row shows its served qr.svg; a link with qr_code: false says so.
    func testDashboardShowsEachLinksQRCode() throws {
        let html = try server.http.get("/_trampoline/").text
        func row(_ path: String) throws -> String {
            let start = try XCTUnwrap(html.range(of: "<tr data-path=\"\(path)\">"), path)
            let end = try XCTUnwrap(html.range(of: "</tr>", range: start.upperBound..<html.endIndex))
            return String(html[start.upperBound..<end.lowerBound])
        }
        XCTAssertTrue(
            try row("/topic/1").contains(
                #"<img src="/topic/1/qr.svg" width="96" height="96" alt="QR code of https://go.example.com/topic/1""#),
            html)
        XCTAssertTrue(try row("/invite").contains(#"<img src="/invite/qr.svg""#))
        XCTAssertFalse(try row("/vendors/photographers").contains("<img"))
        XCTAssertTrue(try row("/vendors/photographers").contains(#"<td class="qr"><small>off</small></td>"#))

        let svg = try server.http.get("/topic/1/qr.svg")
        XCTAssertEqual(svg.status, 200)
        XCTAssertEqual(svg.header("content-type"), "image/svg+xml")
        XCTAssertTrue(svg.text.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 37 37\""), svg.text)
        XCTAssertEqual(try server.http.get("/vendors/photographers/qr.svg").status, 404)
    }

    func testSimulationsShowTheSchemeURLClipboardAndCookie() throws {
        let installed = try server.http.get("/_trampoline/simulate?path=%2Finvite&app=installed")
        XCTAssertEqual(installed.status, 200)
        XCTAssertTrue(installed.text.contains(#"<code id="sim-scheme">marry://invite</code>"#), installed.text)
        XCTAssertTrue(installed.text.contains("after 2000 ms</span> <strong>cancelled</strong>"))

        let missing = try server.http.get("/_trampoline/simulate?path=%2Finvite&app=missing")
        XCTAssertTrue(missing.text.contains("nothing is copied"), "the invite link has no clipboard channel")
        XCTAssertTrue(
            missing.text.contains(
                "__Host-inviteLink=marry%3A%2F%2Finvite; path=/; max-age=604800; SameSite=Lax; Secure"),
            missing.text)
        XCTAssertTrue(missing.text.contains("https://apps.apple.com/app/id1356057329"))
        XCTAssertTrue(missing.text.contains("The app opens <code>/loadCookie.html</code>"), missing.text)
        XCTAssertFalse(missing.text.contains("from the clipboard"), "the invite link keeps nothing on the clipboard")

        let web = try server.http.get("/_trampoline/simulate?path=%2Fvendors%2Fphotographers&app=missing")
        XCTAssertTrue(
            web.text.contains(#"<dd id="sim-clipboard"><code>marry://vendors?category=photo</code>"#), web.text)
        XCTAssertTrue(web.text.contains("no cookie is set"))
        XCTAssertTrue(web.text.contains("web → <a href=\"https://example.com/vendors/photographers\">"))

        XCTAssertEqual(try server.http.get("/_trampoline/simulate?path=%2Fnope").status, 404)
    }

    func testEventStreamAnnouncesRebuilds() throws {
        let socket = try RawHTTP.connect(port: server.port, timeout: 5)
        defer { close(socket) }
        try RawHTTP.send("GET /_trampoline/events HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n", on: socket)
        var received = ""
        func read(until marker: String) -> Bool {
            var buffer = [UInt8](repeating: 0, count: 4096)
            let deadline = Date().addingTimeInterval(5)
            while !received.contains(marker), Date() < deadline {
                let n = recv(socket, &buffer, buffer.count, 0)
                if n <= 0 { break }
                received += String(decoding: buffer[0..<n], as: UTF8.self)
            }
            return received.contains(marker)
        }
        XCTAssertTrue(read(until: "event: hello\ndata: 1\n"), received)
        XCTAssertTrue(received.lowercased().contains("content-type: text/event-stream"))
        try project.write("site-config.yml", PreviewCatalog.text(title: "Event test"))
        XCTAssertTrue(read(until: "event: reload\ndata: 2\n"), received)
    }

    func testInterruptStopsCleanlyEvenWithAnOpenEventStream() throws {
        let socket = try RawHTTP.connect(port: server.port, timeout: 5)
        defer { close(socket) }
        try RawHTTP.send("GET /_trampoline/events HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n", on: socket)
        var buffer = [UInt8](repeating: 0, count: 4096)
        XCTAssertGreaterThan(recv(socket, &buffer, buffer.count, 0), 0)
        let status = server.interrupt(timeout: 10)
        XCTAssertEqual(status, 0, "serve did not exit cleanly on SIGINT; stderr: \(server.stderr)")
    }
}
