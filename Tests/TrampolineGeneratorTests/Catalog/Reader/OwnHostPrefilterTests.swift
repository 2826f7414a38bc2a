import XCTest

@testable import TrampolineCatalog

/// `site.claims: domain` looks at every link's `web_url` for the site's own host. The bytes are
/// searched for the host first; only a URL that holds it is split. The search may only say no
/// where splitting says no: held here on URLs that put the host everywhere a URL can.
final class OwnHostPrefilterTests: XCTestCase {
    func testTheSearchAgreesWithSplittingOnEveryCase() {
        let hosts = ["go.example.com", "xn--caf-dma.example", "café.example", "a"]
        let urls = [
            "https://go.example.com/x", "https://GO.Example.COM", "https://go.example.com:8443/a?b#c",
            "https://user:pw@go.example.com/", "https://go.example.com@evil.example/",
            "https://evil.example/go.example.com", "https://evil.example/?u=https://go.example.com",
            "https://go.example.co/", "https://go.example.com.evil.example/", "https://[::1]:80/go.example.com",
            "http://go.example.com", "go.example.com", "https://go.example.com\u{0338}/x",
            "https://go.example.com/\u{0338}x", "https://café.example/", "https://CAFÉ.example/",
            "https://xn--caf-dma.example/", "https://a/", "https://A:1/", "", "://", "https://",
            "https://shop.example/offer/1",
        ]
        for host in hosts {
            let lowered = Array(host.utf8).map(\.asciiLowercased)
            for url in urls {
                XCTAssertEqual(
                    CatalogReader.isOnHost(url, host: lowered), CatalogReader.isOnHostSplitting(url, host: lowered),
                    "\(url) on \(host)")
            }
        }
        XCTAssertTrue(CatalogReader.isOnHost("https://GO.example.com:1/", host: Array("go.example.com".utf8)))
        XCTAssertFalse(CatalogReader.isOnHost("https://shop.example/go", host: Array("go.example.com".utf8)))
    }

    func testTheSearchFindsTheHostAnywhereWithoutCase() {
        func contains(_ text: String, _ part: String) -> Bool {
            Array(text.utf8).withUnsafeBufferPointer { CatalogReader.holdsWithoutCase($0, Array(part.utf8)) }
        }
        XCTAssertTrue(contains("https://GO.EXAMPLE.com/", "go.example.com"))
        XCTAssertTrue(contains("go.example.com", "go.example.com"))
        XCTAssertTrue(contains("xgo.example.comx", "go.example.com"))
        XCTAssertFalse(contains("go.example.co", "go.example.com"))
        XCTAssertFalse(contains("", "a"))
        XCTAssertFalse(contains("https://g-o.example.com", "go.example.com"))
    }
}
