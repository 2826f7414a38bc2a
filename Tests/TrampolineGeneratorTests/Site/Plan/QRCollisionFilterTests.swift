import XCTest

@testable import TrampolineSite

/// The quick filter in front of the QR-collision check (``SitePlanner/mayNameQRFile(_:)``) held
/// to the plain check it skips: every path whose lowercased form holds `/qr.svg` passes it.
final class QRCollisionFilterTests: XCTestCase {
    func testTheFilterPassesEveryPathThePlainCheckWouldLookAt() {
        let paths = [
            "/a", "/qr.svg", "/a/qr.svg", "/A/QR.SVG/more", "/a/Qr.Svg", "/a/qr.svgx", "/qr_svg", "/a/qrsvg",
            "/a/qr.sv", "/qr", "/", "/a/b/c/qr.svg/d", "/café/qr.svg", "/\u{212A}/qr.svg", "/İ/QR.SVG", "/ﬀ",
            "/a/\u{0130}r.svg", "/a/QR\u{2024}svg",
        ]
        for path in paths where path.lowercased().contains("/qr.svg") {
            XCTAssertTrue(SitePlanner.mayNameQRFile(path), path)
        }
        // And it does filter: plain ASCII paths without the name are skipped.
        for path in ["/a", "/a/qr.sv", "/qr", "/a/qrsvg", "/p/12345", "/QR_SVG/x"] {
            XCTAssertFalse(SitePlanner.mayNameQRFile(path), path)
        }
        // Any non-ASCII path goes to the plain check.
        XCTAssertTrue(SitePlanner.mayNameQRFile("/ﬀ"))
    }
}
