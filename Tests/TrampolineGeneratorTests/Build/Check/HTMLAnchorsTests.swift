import Foundation
import XCTest

@testable import TrampolineBuild

/// The same-host check reads `<a href>` targets from page bytes. The scanner replaced the pattern
/// `<a\b[^>]*?\bhref\s*=\s*("[^"]*"|'[^']*')` (NSRegularExpression, case-insensitive); it finds
/// what the pattern found except a `data-href` or other name ending in `-href`, which is no link.
final class HTMLAnchorsTests: XCTestCase {
    static let cases: [(String, [String])] = [
        (#"<a href="/x">x</a>"#, ["/x"]),
        (#"<A HREF='/y'>"#, ["/y"]),
        (#"<a class="b" href = "/z" >"#, ["/z"]),
        (#"<a data-href="/no" href="/yes">"#, ["/yes"]),
        (#"<abbr href="/no"><area href="/no"><link href="/no">"#, []),
        (#"<a href=/unquoted><a href="/next">"#, ["/next"]),
        (#"<a name="x">no href</a><a href="/after">"#, ["/after"]),
        (#"<a href="/q?a=1&amp;b=&quot;2&quot;">"#, [#"/q?a=1&b="2""#]),
        (#"<a title=">" href="/gt">"#, []),
        (#"<a href="/ünï">"#, ["/ünï"]),
        (#"<a\#nhref="/newline">"#, ["/newline"]),
        (#"<a href="unterminated"#, []),
        (#"<a hrefx="/no" href="/yes">"#, ["/yes"]),
        (#"<a class="x"href="/tight">"#, ["/tight"]),
        (#"<a xhref="/no">"#, []),
        ("", []),
        ("<a", []),
    ]

    func testEachCase() {
        for (html, expected) in Self.cases {
            XCTAssertEqual(HTMLAnchors.targets(in: Array(html.utf8)), expected, html)
        }
    }

    func testTheScannerFindsWhatThePatternFoundButDataHref() throws {
        let pattern = try NSRegularExpression(
            pattern: #"<a\b[^>]*?\bhref\s*=\s*(?:"([^"]*)"|'([^']*)')"#, options: [.caseInsensitive])
        for (html, _) in Self.cases where !html.contains("-href") {
            let range = NSRange(html.startIndex..., in: html)
            let found = pattern.matches(in: html, range: range).compactMap { match -> String? in
                for group in 1...2 {
                    if let r = Range(match.range(at: group), in: html) { return HTMLAnchors.unescape(String(html[r])) }
                }
                return nil
            }
            XCTAssertEqual(HTMLAnchors.targets(in: Array(html.utf8)), found, html)
        }
    }
}
