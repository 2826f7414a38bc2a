import XCTest

@testable import TrampolineSite

/// The policy's two fast paths held to the plain way: the image scan (memchr from `<` to `<`)
/// to a search for the tag at every byte, and the cached policies (by URLs, then by origins)
/// to a policy made for that page alone.
final class ContentSecurityPolicyTests: XCTestCase {
    private func makePolicy() -> ContentSecurityPolicy {
        ContentSecurityPolicy(script: "run()", loadCookieScript: "read()", routeScript: "route()", style: "p{}")
    }

    /// Every `<img src="…">` at any byte, values un-escaped: what the scan replaced.
    private func plainImageSources(in html: [UInt8]) -> [String] {
        let tag = Array("<img src=\"".utf8)
        var sources: [String] = []
        var i = 0
        while i + tag.count <= html.count {
            if Array(html[i..<(i + tag.count)]) == tag {
                let value = html[(i + tag.count)...].prefix { $0 != UInt8(ascii: "\"") }
                sources.append(String(decoding: value, as: UTF8.self).replacingOccurrences(of: "&amp;", with: "&"))
                i = value.endIndex
            } else {
                i += 1
            }
        }
        return sources
    }

    func testTheImageScanFindsWhatASearchAtEveryByteFinds() {
        let pieces = [
            "<img src=\"", "https://a.example/x.png", "\"", "<", "<im", "<img", "<p>", "&amp;", "text ", "é",
            "<<img src=\"", "/>", " alt=\"x\"",
        ]
        var generator = SystemRandomNumberGenerator()
        var found = 0
        for _ in 0..<3_000 {
            let html = Array(
                (0..<Int.random(in: 0...14, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }
                    .joined().utf8)
            let expected = plainImageSources(in: html)
            found += expected.count
            XCTAssertEqual(
                ContentSecurityPolicy.imageSources(in: html), expected, String(decoding: html, as: UTF8.self))
        }
        XCTAssertGreaterThan(found, 1_000, "the random pages held images")
    }

    func testACachedPolicyIsThePolicyMadeForThatPageAlone() {
        let shared = makePolicy()
        let sources = [
            "https://a.example/1.png", "https://a.example/2.png", "https://A.example/3.png",
            "http://b.example:8080/x.png",
            "/relative.png", "data:image/png;base64,AA", "https://c.example/y.png?q=1&amp;r=2",
            "https://a.example/1.png",
        ]
        let scripts: [PageScript] = [.link, .loadCookie, .none, .linkLookup, .routeTable]
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2_000 {
            let script = scripts.randomElement(using: &generator)!
            let images = (0..<Int.random(in: 0...3, using: &generator)).map { _ in
                sources.randomElement(using: &generator)!
            }
            let alone = makePolicy().policy(script: script, imageSources: images)
            XCTAssertEqual(shared.policy(script: script, imageSources: images), alone, "\(script) \(images)")
            // Asked again at once (the last policy given, which the cache keeps apart).
            if Bool.random(using: &generator) {
                XCTAssertEqual(shared.policy(script: script, imageSources: images), alone, "again: \(script) \(images)")
            }
        }
    }

    func testImagesFromOneHostShareAPolicyThatNamesOnlyTheirOrigin() throws {
        let policy = makePolicy()
        let first = String(
            decoding: policy.policy(script: .link, imageSources: ["https://img.example/1.png"]), as: UTF8.self)
        let second = String(
            decoding: policy.policy(script: .link, imageSources: ["https://IMG.example/2.png"]), as: UTF8.self)
        XCTAssertEqual(first, second)
        XCTAssertTrue(first.contains("img-src 'self' https://img.example;"), first)
        let other = String(
            decoding: policy.policy(
                script: .link, imageSources: ["https://img.example/1.png", "https://cdn.example/a.png"]), as: UTF8.self)
        XCTAssertTrue(other.contains("img-src 'self' https://img.example https://cdn.example;"), other)
        // The site's own images (a branded layout's) always load.
        let none = String(decoding: policy.policy(script: .link, imageSources: []), as: UTF8.self)
        XCTAssertTrue(none.contains("img-src 'self';"), none)
    }

    func testAllowedOriginsLetImagesStylesAndFontsLoadAndAreNamedOnce() throws {
        let policy = ContentSecurityPolicy(
            script: "run()", loadCookieScript: "read()", routeScript: "route()", style: "p{}",
            allowedOrigins: ["https://cdn.example"])
        let text = String(
            decoding: policy.policy(
                script: .link, imageSources: ["https://cdn.example/a.png", "https://img.example/b.png"]), as: UTF8.self)
        XCTAssertTrue(text.contains("img-src 'self' https://cdn.example https://img.example;"), text)
        XCTAssertTrue(text.contains("' 'self' https://cdn.example; img-src"), text)
        XCTAssertTrue(text.contains("font-src 'self' https://cdn.example;"), text)
        XCTAssertTrue(text.hasPrefix("default-src 'none';"), text)
    }
}
