import Foundation
import TrampolineBuild
import TrampolineModel
import TrampolineQR
import XCTest

/// `qr_code` and `qr_error_correction`: each link's `<path>/qr.svg`, its settings, and its errors.
final class QRCodeSiteTests: XCTestCase {
    static let head = """
        site: {url: "https://go.example.com", claims: links}
        app:
          name: Marry
          ios: {team_id: ABCDE12345, bundle_id: com.example.marry, app_store_id: "1356057329", scheme: marry}

        """

    func build(_ catalog: String) throws -> SiteBuild {
        try SiteFixture(catalog: Self.head + catalog).build()
    }

    func errors(_ catalog: String) throws -> [String] {
        do {
            _ = try build(catalog)
            XCTFail("the build succeeded")
            return []
        } catch let error as DiagnosticsError {
            return error.diagnostics.filter { $0.severity == .error }.map(\.description)
        }
    }

    func testEachLinkGetsTheQRCodeOfItsURLAtItsLevel() throws {
        let site = try build(
            """
            defaults: {qr_error_correction: Q}
            links:
              - {path: /a, title: A}
              - {path: /b/c, title: C, qr_error_correction: H}
              - {path: /d, title: D, qr_code: false}

            """)
        // Exactly what the encoder makes of the printed URL with the scans' mark (site.counts), at
        // the level in force for the link.
        let a = String(decoding: try XCTUnwrap(site["a/qr.svg"]), as: UTF8.self)
        XCTAssertEqual(a, try QRCode(text: "https://go.example.com/a?tl_qr=1", errorCorrection: .quartile).svg())
        let c = String(decoding: try XCTUnwrap(site["b/c/qr.svg"]), as: UTF8.self)
        XCTAssertEqual(c, try QRCode(text: "https://go.example.com/b/c?tl_qr=1", errorCorrection: .high).svg())
        XCTAssertNil(site["d/qr.svg"], "qr_code: false writes none")
        XCTAssertNotNil(site["d/index.html"])
        XCTAssertEqual(site.catalog.links.map(\.options.qrErrorCorrection), [.quartile, .high, .quartile])
        // Written right after each page, in catalog order.
        XCTAssertEqual(
            site.plan.paths.prefix(5).map(\.value),
            ["a/index.html", "a/qr.svg", "b/c/index.html", "b/c/qr.svg", "d/index.html"])
    }

    func testTheDefaultIsOnAtLevelM() throws {
        let site = try build("links:\n  - {path: /a, title: A}\n")
        XCTAssertEqual(site["a/qr.svg"], Data(try QRCode(text: "https://go.example.com/a?tl_qr=1").svg().utf8))
        XCTAssertEqual(LinkOptions().qrErrorCorrection, .medium)
        XCTAssertTrue(LinkOptions().qrCode)
    }

    /// With `site.counts: false` nothing marks a scan: the code is the bare URL.
    func testWithoutCountsTheCodeIsTheBareURL() throws {
        let head = Self.head.replacingOccurrences(of: "claims: links}", with: "claims: links, counts: false}")
        let site = try SiteFixture(catalog: head + "links:\n  - {path: /a, title: A}\n").build()
        XCTAssertEqual(site["a/qr.svg"], Data(try QRCode(text: "https://go.example.com/a").svg().utf8))
    }

    func testTheLevelIsPartOfTheQRFilesFingerprint() throws {
        let m = try build("links:\n  - {path: /a, title: A}\n")
        let h = try build("links:\n  - {path: /a, title: A, qr_error_correction: H}\n")
        let path = OutputPath.qrCode("/a")
        let mEntry = try XCTUnwrap(m.plan[path])
        let hEntry = try XCTUnwrap(h.plan[path])
        XCTAssertNotEqual(m.renderer.fingerprint(of: mEntry), h.renderer.fingerprint(of: hEntry))
        XCTAssertNotEqual(m[path], h[path])
    }

    func testBadSettingsAreErrorsAtTheirPosition() throws {
        XCTAssertEqual(
            try errors(
                """
                defaults:
                  qr_error_correction: m
                links:
                  - path: /a
                    title: A
                    qr_code: sometimes

                """),
            [
                "site-config.yml:6:24: error: qr_error_correction must be L, M, Q or H, found 'm'; L recovers from 7 % damage, M 15 % (the default), Q 25 %, H 30 %; higher levels make denser codes",
                "site-config.yml:10:14: error: qr_code must be true or false, found 'sometimes'; write true or false",
            ])
    }

    /// A URL longer than version 40 holds at the link's level fails the build at the link, and
    /// nothing is written; a lower level or qr_code: false fixes it.
    func testAURLTooLongForAQRCodeIsAnErrorNamingTheLink() throws {
        // 1,273 bytes is the most 40-H holds: "https://go.example.com" (22) + a 1,244-byte path +
        // "?tl_qr=1" (8) is 1,274.
        let path =
            "/" + (0..<6).map { _ in String(repeating: "p", count: 200) }.joined(separator: "/") + "/"
            + String(repeating: "q", count: 37)
        XCTAssertEqual(("https://go.example.com" + path + "?tl_qr=1").utf8.count, 1274)
        let catalog =
            "links:\n  - {path: /ok, title: OK}\n  - path: \(path)\n    title: Long\n    qr_error_correction: H\n"
        let fixture = try SiteFixture(catalog: Self.head + catalog)
        XCTAssertThrowsError(try fixture.build()) { error in
            let diagnostics = (error as? DiagnosticsError)?.diagnostics ?? []
            XCTAssertEqual(
                diagnostics.filter { $0.severity == .error }.map(\.description),
                [
                    "site-config.yml:7:5: error: the URL of link \(path) is 1274 bytes, too long for a QR code: version 40 at error correction H holds at most 1273 bytes; shorten the path, lower qr_error_correction (L holds the most), or set qr_code: false on this link"
                ])
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: fixture.outputURL.path))
        // One byte less fits at H; at M the long one fits too.
        XCTAssertNoThrow(
            try build(
                catalog.replacingOccurrences(
                    of: String(repeating: "q", count: 37), with: String(repeating: "q", count: 36))))
        let m = try build(catalog.replacingOccurrences(of: "qr_error_correction: H", with: "qr_error_correction: M"))
        XCTAssertNotNil(m[OutputPath.qrCode(path)])
        XCTAssertNoThrow(try build(catalog.replacingOccurrences(of: "qr_error_correction: H", with: "qr_code: false")))
    }

    func testAPathWhereAnotherLinksQRCodeGoesIsAnError() throws {
        XCTAssertEqual(
            try errors(
                """
                links:
                  - {path: /a, title: A}
                  - {path: /A/QR.svg/more, title: Inside}

                """),
            [
                "site-config.yml:7:5: error: path /A/QR.svg/more is where the QR code of link /a (at site-config.yml:6:5) is written; choose another path, or set qr_code: false on /a"
            ])
        // Without /a's QR code the path is free.
        XCTAssertNoThrow(
            try build("links:\n  - {path: /a, title: A, qr_code: false}\n  - {path: /a/qr.svg, title: B}\n"))
    }

    func testLinksFileColumnsSetTheQRSettings() throws {
        let site = try SiteFixture(catalog: Self.head + "links_file: links.csv\n")
        try Data("path,title,qr_code,qr_error_correction\n/a,A,false,\n/b,B,,L\n/c,C,true,Q\n".utf8).write(
            to: site.folder.appendingPathComponent("links.csv"))
        let build = try site.build()
        XCTAssertEqual(build.catalog.links.map(\.options.qrCode), [false, true, true])
        XCTAssertEqual(build.catalog.links.map(\.options.qrErrorCorrection), [.medium, .low, .quartile])
        XCTAssertNil(build["a/qr.svg"])
        XCTAssertNotNil(build["c/qr.svg"])
    }
}
