import Foundation
import TrampolineModel
import XCTest

/// `app.icon`: a project image copied into the site under a name made from its bytes, or an
/// https URL; shown beside the app's name on every page, allowed by the pages' policy; and its
/// errors, each at the value.
final class AppIconTests: XCTestCase {
    private func site(icon: String, files: [String: [UInt8]] = [:], path: String = "/a") throws -> SiteFixture {
        let fixture = try SiteFixture(
            catalog: """
                site: {url: "https://go.example.com"}
                app:
                  name: Marry
                  icon: \(icon)
                  ios: {team_id: ABCDE12345, bundle_id: com.example.marry, app_store_id: "1356057329", scheme: marry}
                links:
                  - path: \(path)
                    title: A
                """)
        for (name, bytes) in files {
            let url = fixture.folder.appendingPathComponent(name)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(bytes).write(to: url)
        }
        return fixture
    }

    /// A real PNG's first bytes (signature and IHDR), then `padding` bytes: the reader judges the
    /// format from the start and the limit from the size.
    static func png(padding: Int = 0, seed: UInt8 = 1) -> [UInt8] {
        [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8)
            + [0, 0, 0, 64, 0, 0, 0, 64, 8, 6, 0, 0, 0, seed] + [UInt8](repeating: 7, count: padding)
    }

    func testAProjectImageIsCopiedUnderItsDigestAndShownOnEveryPage() throws {
        let image = Self.png(padding: 100)
        let build = try site(icon: "art/icon.png", files: ["art/icon.png": image]).build()
        let icons = build.files.keys.filter { $0.hasPrefix("trampoline-icon-") }
        XCTAssertEqual(icons.count, 1, "\(build.files.keys.sorted())")
        let name = try XCTUnwrap(icons.first)
        XCTAssertTrue(name.hasSuffix(".png"), name)
        XCTAssertEqual(name.count, "trampoline-icon-".count + 16 + ".png".count, name)
        XCTAssertEqual(build[name].map { [UInt8]($0) }, image)
        for page in ["index.html", "404.html", "a/index.html"] {
            let html = String(decoding: try XCTUnwrap(build[page]), as: UTF8.self)
            XCTAssertTrue(
                html.contains(
                    #"<p class="app"><img class="icon" src="/\#(name)" alt="" width="64" height="64">Marry</p>"#),
                "\(page): \(html)")
            XCTAssertTrue(html.contains("img-src 'self';"), "\(page): the site's own image needs no origin")
        }
        // The app's hidden web view loads loadCookie.html: nothing to fetch there.
        let loadCookie = String(decoding: try XCTUnwrap(build["loadCookie.html"]), as: UTF8.self)
        XCTAssertFalse(loadCookie.contains("trampoline-icon-"), loadCookie)
        let headers = String(decoding: try XCTUnwrap(build["_headers"]), as: UTF8.self)
        XCTAssertTrue(headers.contains("/\(name)\n  Cache-Control: public, max-age=31536000, immutable\n"), headers)
        let aasa = String(decoding: try XCTUnwrap(build[".well-known/apple-app-site-association"]), as: UTF8.self)
        XCTAssertTrue(aasa.contains(#"{"/": "/trampoline-icon-*", "exclude": true}"#), aasa)
    }

    func testAnotherImageIsAnotherNameAndTheSameImageTheSameName() throws {
        func name(_ image: [UInt8]) throws -> String? {
            try site(icon: "icon.png", files: ["icon.png": image]).build().files.keys.first {
                $0.hasPrefix("trampoline-icon-")
            }
        }
        let first = try name(Self.png(seed: 1))
        XCTAssertNotNil(first)
        XCTAssertEqual(try name(Self.png(seed: 1)), first)
        XCTAssertNotEqual(try name(Self.png(seed: 2)), first)
    }

    func testEachFormatKeepsItsExtensionFromItsBytesNotItsName() throws {
        let cases: [(bytes: [UInt8], ext: String)] = [
            ([0xFF, 0xD8, 0xFF, 0xE0, 0, 16] + Array("JFIF".utf8), "jpg"),
            (Array("GIF89a".utf8) + [1, 0, 1, 0], "gif"),
            (Array("RIFF".utf8) + [20, 0, 0, 0] + Array("WEBPVP8 ".utf8), "webp"),
        ]
        for (bytes, ext) in cases {
            let build = try site(icon: "icon.png", files: ["icon.png": bytes]).build()
            let name = build.files.keys.first { $0.hasPrefix("trampoline-icon-") }
            XCTAssertEqual(name.map { ($0 as NSString).pathExtension }, ext, "\(build.files.keys.sorted())")
        }
    }

    func testAnHTTPSIconLoadsFromItsHostWhichThePolicyNames() throws {
        let build = try site(icon: "\"https://cdn.example.net/marry/icon.png?v=2&size=128\"").build()
        XCTAssertFalse(build.files.keys.contains { $0.hasPrefix("trampoline-icon-") })
        let html = String(decoding: try XCTUnwrap(build["a/index.html"]), as: UTF8.self)
        XCTAssertTrue(
            html.contains(#"<img class="icon" src="https://cdn.example.net/marry/icon.png?v=2&amp;size=128""#), html)
        XCTAssertTrue(html.contains("img-src 'self' https://cdn.example.net;"), html)
        let headers = String(decoding: try XCTUnwrap(build["_headers"]), as: UTF8.self)
        XCTAssertFalse(headers.contains("immutable"), headers)
    }

    func testWithoutAnIconThePagesHaveNone() throws {
        let fixture = try site(icon: "icon.png", files: ["icon.png": Self.png()])
        try Data(
            String(decoding: try Data(contentsOf: fixture.configURL), as: UTF8.self)
                .replacingOccurrences(of: "  icon: icon.png\n", with: "").utf8
        ).write(to: fixture.configURL)
        let build = try fixture.build()
        XCTAssertFalse(build.files.keys.contains { $0.hasPrefix("trampoline-icon-") })
        let html = String(decoding: try XCTUnwrap(build["a/index.html"]), as: UTF8.self)
        XCTAssertTrue(html.contains(#"<p class="app">Marry</p>"#), html)
    }

    func testBadIconsAreErrorsAtTheValueWithTheFix() throws {
        let tooLarge = Self.png(padding: AppIcon.maximumBytes)
        let cases: [(icon: String, files: [String: [UInt8]], says: String, fix: String)] = [
            ("missing.png", [:], "app.icon 'missing.png' does not exist", "relative to the catalog's folder"),
            ("art", ["art/x.png": Self.png()], "app.icon 'art' is a folder", "name the file inside it"),
            (
                "icon.png", ["icon.png": Array("<html>not an image</html>".utf8)],
                "is not a PNG, JPEG, GIF or WebP image",
                "export the icon as PNG"
            ),
            (
                "icon.svg", ["icon.svg": Array("<svg xmlns='http://www.w3.org/2000/svg'/>".utf8)],
                "is not a PNG, JPEG, GIF or WebP image", "SVG is not taken"
            ),
            ("icon.png", ["icon.png": tooLarge], "the limit is 256 KB", "export it at 192×192"),
            // Outside the project (issue #51): any image-prefixed file on the machine was copied.
            ("/dev/zero", [:], "app.icon '/dev/zero' is an absolute path", "relative to the catalog's folder"),
            ("../icon.png", [:], "app.icon '../icon.png' climbs out with '..'", "relative to the catalog's folder"),
            ("http://cdn.example.net/icon.png", [:], "is an http: URL", "use the https:// URL"),
            ("\"javascript:alert(1)\"", [:], "app.icon uses the 'javascript:' scheme", "an https:// URL"),
            ("\"data:image/png;base64,iVBORw0KGgo=\"", [:], "app.icon uses the 'data:' scheme", "icon.png"),
            ("\"https://cdn.example.net/<x>.png\"", [:], "must be percent-encoded", "percent-encode"),
        ]
        for (icon, files, says, fix) in cases {
            XCTAssertThrowsError(try site(icon: icon, files: files).build(), icon) { error in
                let diagnostics = (error as? DiagnosticsError)?.diagnostics ?? []
                XCTAssertEqual(diagnostics.count, 1, "\(icon): \(diagnostics)")
                XCTAssertEqual(
                    diagnostics.first?.location, SourceLocation(file: "site-config.yml", line: 4, column: 9), icon)
                XCTAssertTrue(diagnostics.first?.message.contains(says) == true, "\(icon): \(diagnostics)")
                XCTAssertTrue(diagnostics.first?.hint?.contains(fix) == true, "\(icon): \(diagnostics)")
            }
        }
    }

    func testALinkCannotTakeTheIconsNames() throws {
        let fixture = try site(
            icon: "icon.png", files: ["icon.png": Self.png()], path: "/Trampoline-Icon-0123456789abcdef.png")
        XCTAssertThrowsError(try fixture.build()) { error in
            let diagnostics = (error as? DiagnosticsError)?.diagnostics ?? []
            XCTAssertTrue(
                diagnostics.first?.message.contains("reserved for a file Trampoline writes") == true,
                "\(diagnostics)")
        }
    }
}
