import TrampolineLive
import XCTest

/// `--resolve HOST:PORT:ADDRESS` connects to PORT, not only to ADDRESS: the catalog's URLs have no
/// port, and a rehearsal host listens on one of its own (curl's option names the port for the
/// same reason). The Host header stays the name alone, as the host sees it after the DNS move.
final class LiveResolveTests: XCTestCase {
    func testAPortOtherThanTheSchemesDefaultIsWhereTheRequestConnects() throws {
        var options = LiveOptions()
        let entry = try LiveOptions.parseResolve("Go.Example.com:8443:127.0.0.1").get()
        options.resolve[entry.host] = entry.address
        options.resolvePorts[entry.host] = entry.port

        let target = options.connectionURL(for: "https://go.example.com/.well-known/assetlinks.json?x=1")
        XCTAssertEqual(target.url, "https://go.example.com:8443/.well-known/assetlinks.json?x=1")
        XCTAssertEqual(target.host, "go.example.com")
        // A URL that names its port, and other hosts, are left as they are.
        XCTAssertEqual(options.connectionURL(for: "https://go.example.com:9000/a").url, "https://go.example.com:9000/a")
        XCTAssertNil(options.connectionURL(for: "https://go.example.com:9000/a").host)
        XCTAssertEqual(options.connectionURL(for: "https://other.example.com/a").url, "https://other.example.com/a")
    }

    func testTheDefaultPortChangesNothing() throws {
        var options = LiveOptions()
        options.resolve["go.example.com"] = "127.0.0.1"
        options.resolvePorts["go.example.com"] = 443
        XCTAssertEqual(options.connectionURL(for: "https://go.example.com/a").url, "https://go.example.com/a")
        XCTAssertNil(options.connectionURL(for: "https://go.example.com/a").host)
        options.resolvePorts["go.example.com"] = 80
        XCTAssertEqual(options.connectionURL(for: "http://go.example.com/a").url, "http://go.example.com/a")
        XCTAssertEqual(options.connectionURL(for: "https://go.example.com/a").url, "https://go.example.com:80/a")
    }
}
