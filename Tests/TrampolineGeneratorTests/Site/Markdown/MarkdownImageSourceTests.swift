import XCTest

@testable import TrampolineSite

/// Which image sources a page keeps: the byte way (``MarkdownRenderer/isSafeImageSource(utf8:)``,
/// what rendering uses) must answer as the `String` way does, on every kind of source.
final class MarkdownImageSourceTests: XCTestCase {
    func testTheByteWayAnswersAsTheStringWay() {
        let pieces = [
            "https", "HTTPS", "Http", "http", "data", "javascript", "ftp", ":", ":", "//", "/", "?", "#", "x",
            "img.png",
            "é", "\u{301}", "\u{212A}", "ｈｔｔｐｓ", " ", "%3A", ".",
        ]
        var generator = SystemRandomNumberGenerator()
        var sources = [
            "", "https://a/b.png", "HTTP://a", "data:image/png;base64,AA", "javascript:alert(1)", "/a:b", "a/b:c",
            "?x:y", "#f:g",
            "https:\u{301}//a", "ｈｔｔｐｓ://a", "http\u{212A}://a", "htt\u{301}p://a",
        ]
        for _ in 0..<5_000 {
            sources.append(
                (0..<Int.random(in: 1...6, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }
                    .joined())
        }
        var kept = 0
        for source in sources {
            let bytes = Array(source.utf8)
            let byBytes = bytes.withUnsafeBufferPointer { MarkdownRenderer.isSafeImageSource(utf8: $0) }
            XCTAssertEqual(byBytes, MarkdownRenderer.isSafeImageSource(source), source.debugDescription)
            if byBytes { kept += 1 }
        }
        // Both answers come up often.
        XCTAssertGreaterThan(kept, 500)
        XCTAssertGreaterThan(sources.count - kept, 500)
    }

    func testUnsafeImagesLeaveThePage() {
        let html = String(
            decoding: MarkdownRenderer.html(
                from: Array("![a](data:image/png;base64,AA) ![b](https://x/b.png) ![c](JavaScript:x) ![d](/d.png)".utf8)
            ), as: UTF8.self)
        XCTAssertFalse(html.contains("data:"))
        XCTAssertFalse(html.contains("alt=\"a\""))
        XCTAssertFalse(html.contains("alt=\"c\""))
        XCTAssertTrue(html.contains("src=\"https://x/b.png\""))
        XCTAssertTrue(html.contains("src=\"/d.png\""))
    }
}
